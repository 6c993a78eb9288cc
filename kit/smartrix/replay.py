"""The Smartrix replay: a game played back move by move (``kit.ui.replay``).

Only what is Smartrix's: the picture of each position (every hand face up, the
last placed card outlined, the cards a move collected drawn faded) and the
caption saying who did what for how much. Not covered: the shell's buttons and
export (``kit.ui.replay``), drawing (``draw.py``).
"""

from __future__ import annotations

from kit.i18n import _, ngettext
from kit.scene import Scene
from kit.smartrix.draw import draw
from kit.smartrix.moves import Move
from kit.smartrix.rules import Game
from kit.ui.replay import ReplayView

#: The replay's table is smaller than a live board's: buttons and caption fit above it.
REPLAY_CELL = 80
REPLAY_TABLE = 480


class Replay(ReplayView[Game, Move]):
    """A Smartrix game played back: ``Replay(start, ["10100000@0,1", "pass", ...])``.

    Every hand is drawn face up: a replay is for looking back at a game.
    """

    GAME = Game

    def picture(self, game: Game, last_move: Move | None) -> Scene:
        return draw(game, recent=0 if last_move is None else 1, open_hands=True,
                    max_cell=REPLAY_CELL, max_table=REPLAY_TABLE)

    def caption(self, i: int) -> str:
        """Who did what for how much: "Move 3 of 40: Player 1 places 10100000@0,1 (0 points)"."""
        if i == 0:
            return super().caption(i)
        before, move = self.position(i - 1), self.moves[i - 1]
        seat = before.to_move
        points = before.play(move)
        head = _("Move {i} of {n}").format(i=i, n=len(self.moves))
        if move.kind == "pass":
            return _("{head}: Player {seat} passes").format(head=head, seat=seat + 1)
        worth = ngettext("{n} point", "{n} points", points).format(n=points)
        did = {"place": _("{head}: Player {seat} places {move} ({points})"),
               "claim": _("{head}: Player {seat} claims {move} ({points})"),
               "challenge": _("{head}: Player {seat} challenges: {move} ({points})")}[move.kind]
        return did.format(head=head, seat=seat + 1, move=move, points=worth)
