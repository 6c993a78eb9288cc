"""Exploring Mattix positions: the replay, the position editor and the analysis.

``Replay(start, moves)`` plays a move list back (``kit.ui.replay``), ``Editor``
builds any position by clicks (``kit.ui.editor``), and ``analysis(game)``
ranks every legal take for the panel beside a live board
(``kit.ui.analysis``). This module adds only what is Mattix's: the picture,
what a click in the editor means, and the solver behind the rows.

Not covered: the rules, the search and the drawing themselves (``rules.py``,
``solver.py``, ``draw.py``), and the shells' buttons and exports.
"""

from __future__ import annotations

from kit.mattix.draw import board_scene
from kit.mattix.rules import Game
from kit.ui.replay import ReplayView

#: tile side of the replay's and editor's pictures, by board size (as the live board)
def cell_size(size: int) -> float:
    return max(56, min(96, 520 // size))


class Replay(ReplayView):
    """A Mattix game played back: ``Replay(start, ["2,3", "0,3", ...])``."""

    GAME = Game

    def picture(self, game, last_move):
        return board_scene(game, last=last_move, cell=cell_size(game.size))
