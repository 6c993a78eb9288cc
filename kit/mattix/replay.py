"""The Mattix replay: a game played back move by move (``kit.ui.replay``).

Adds only what is Mattix's: the picture of each position and a caption that
says who took which tile for how much. Not covered: the replay's buttons,
slider and export (``kit.ui.replay.ReplayView``).
"""

from __future__ import annotations

from kit.mattix.draw import draw
from kit.mattix.layout import explorer_cell_size
from kit.i18n import _
from kit.mattix.rules import Game, Move
from kit.scene import Scene
from kit.ui.replay import ReplayView


class Replay(ReplayView[Game, Move]):
    """A Mattix game played back: ``Replay(start, ["2,3", "0,3", ...])``."""

    GAME = Game

    def picture(self, game: Game, last_move: Move | None) -> Scene:
        return draw(game, last=last_move, cell=explorer_cell_size(game.size))

    def caption(self, i: int) -> str:
        """Says who took which tile for how much: "Move 3 of 14: the row player takes 2,4 (+7)"."""
        if i == 0:
            return super().caption(i)
        before, move = self.position(i - 1), self.moves[i - 1]
        value = before.board[move.row][move.col]
        return _("Move {number} of {total}: the {side} takes {move} ({value})").format(
            number=i, total=len(self.moves), side=before.side_name(before.to_move), move=move,
            value=f"{value:+d}")
