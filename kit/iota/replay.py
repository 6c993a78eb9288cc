"""An IOTA game played back (``Replay``) on the kit's replay shell (``kit.ui.replay``).

What is IOTA's here: the picture of each frame (every hand face up, the last
move outlined and its score explained line by line in the side panel) and a
table box sized once from the game's final table, so frames never jump. Not
covered: the shell's buttons and exports, the drawing itself (``draw.py``).
"""

from __future__ import annotations

from kit.i18n import _, ngettext
from kit.iota.cards import TEXT
from kit.iota.draw import Marks, breakdown_lines, draw, seat_name
from kit.iota.layout import Box, extent
from kit.iota.moves import Move, Pass, Play, Recycle
from kit.iota.rules import Game
from kit.scene import Scene
from kit.ui.replay import ReplayView

#: The replay's table box at least (so frames never jump); it grows to hold the
#: game's whole final table with cells of at least REPLAY_MIN_CELL.
REPLAY_BOX = (0, 0, 580, 560)
REPLAY_MIN_CELL = 48


class Replay(ReplayView[Game, Move]):
    """An IOTA game played back: ``Replay(start, ["2GX@0,1 2BC@0,2", ...])``.

    Every hand is drawn face up (a replay is for looking back), the last move
    is outlined and its score explained line by line in the side panel.
    """

    GAME = Game

    def picture(self, game: Game, last_move: Move | None) -> Scene:
        cells = (last_move.cells if isinstance(last_move, Play) else
                 (last_move.cell,) if isinstance(last_move, Recycle) else ())
        marks = Marks(highlight=cells, notes=last_move_notes(game, last_move))
        return draw(game, marks, box=self.table_box(), open_hands=True, cell=72)

    def table_box(self) -> Box:
        """The table's area in every frame: the whole table of the game's last
        position fits it with cells of at least ``REPLAY_MIN_CELL`` (a replay page
        cannot scroll a window, and a fixed 580 x 560 box left 24 cards of a 64-card
        game off the picture); never smaller than ``REPLAY_BOX``, so a short game's
        cards stay big. The same box for every frame: the picture never jumps."""
        __, ___, rows, cols = extent(self._positions[-1].table, 1)
        x, y, w, h = REPLAY_BOX
        return (x, y, max(w, (cols + 0.75) * REPLAY_MIN_CELL),
                max(h, (rows + 0.75) * REPLAY_MIN_CELL))


def last_move_notes(game: Game, move: Move | None) -> list[str]:
    """What the last move did, in words, from the position before it."""
    if move is None:
        return [_("The start of the game.")]
    before = game.copy()
    before.undo()
    who = seat_name(before.to_move)
    if isinstance(move, Pass):
        n = len(move.exchange)
        if n:
            return [ngettext("{who} passed, exchanging {n}.", "{who} passed, exchanging {n}.",
                             n).format(who=who, n=n)]
        return [_("{who} passed.").format(who=who)]
    if isinstance(move, Recycle):
        return [_("{who} recycled the wild at ({r},{c}) for {card}.").format(
            who=who, r=move.cell[0], c=move.cell[1], card=TEXT[move.card])]
    return breakdown_lines(before.explain(move), who=who)
