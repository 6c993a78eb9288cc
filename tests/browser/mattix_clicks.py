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


# ----- until the Mattix lessons declare ``wrong`` and ``answers`` ----------------

TYPED_WRONG = ("0", "12", "row", "column", "draw", "not over", "yes", "no", "greedy",
               "lookahead", "0,0 0,1")


def guess(step):
    """``(wrong, right)`` for an exercise that declares neither yet: the right one
    read from its solution in words, the wrong one a plain answer its check judges
    wrong (typed) or a take it judges wrong, else a tile outside the mover's line."""
    import re

    from board_plans import mattix_illegal, offline
    ex = step.exercise

    def judged(text):
        try:
            return offline(ex.check, text).correct
        except ValueError:
            return None

    solution = ex.solution_text()
    if step.board is not None:
        right = re.search(r"-?\d+,-?\d+", solution).group()
        game = step.board.game
        wrong = next((str(m) for m in game.legal_moves() if judged(str(m)) is False), None)
        if wrong is None:
            (_, cell), = mattix_illegal(step.board)[0]
            wrong = f"{cell[0]},{cell[1]}"
        return wrong, right
    words = [solution] + [w.strip(".:;()") for w in solution.split()]
    right = next(w for w in words if judged(w))
    return next(w for w in TYPED_WRONG if judged(w) is False), right
