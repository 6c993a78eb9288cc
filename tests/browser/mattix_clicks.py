"""The click a student makes for a Mattix take, planned on a board built here.

A take is text ``"r,c"`` (or a ``kit.mattix.Move``): one click on that tile,
legal or not (a tile outside the mover's line is clicked too, and the board
refuses it in the engine's words). ``clicks`` yields it as an action
``("cell", (r, c))``; where that tile is on the canvas comes from the twin
board's own geometry (``board.xy(cell)``, the centre of its tile box in
``kit.mattix.draw``), read just before the click (``lesson_twin.InStep.act``).

Not covered: doing the click in a page (``lesson_twin``), which take to make
(each exercise's ``wrong`` and ``answers``, walked by ``course_walk``).
"""

from __future__ import annotations

from board_plans import point
from kit.mattix import Move


def clicks(board, take):
    """The one click taking ``take`` ("r,c" or a Move) on ``board``."""
    move = Move.parse(take) if isinstance(take, str) else take
    yield ("cell", move.cell)


def where(board, action) -> tuple:
    """Canvas pixels of a tile (the centre of its box on the twin board)."""
    return point(board, action)

