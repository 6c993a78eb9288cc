"""Mattix by keys: the cursor over the board's tiles (``kit.ui.keys``).

The cursor starts on the star, in the line the player to move takes from;
Enter or Space takes the tile under it, as a click there does (the engine's
refusal for a tile outside the line). Mattix has no hand and no buttons of its
own. Not covered: the shared cursor (``kit.ui.keys``), the board (``board.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kit.i18n import _
from kit.mattix.layout import cell_box
from kit.scene import Box
from kit.mattix.rules import Move
from kit.ui.keys import Area, Cell, KeyMap, Press, Spot, walk

if TYPE_CHECKING:   # the board loads this module (its registration's keys=)
    from kit.mattix.board import Board


class MattixKeys:
    buttons: dict[str, str] = {}
    hand = False

    def area(self, board: Board) -> Area:
        last = board.game.size - 1
        return Area((0, last), (0, last))

    def start(self, board: Board) -> Spot:
        return Spot(cell=board.game.star)

    def box(self, board: Board, spot: Spot) -> Box:
        return cell_box(board._layout(), spot.cell)

    def show(self, board: Board, cell: Cell) -> bool:
        return False   # the whole board is always in view

    def describe(self, board: Board, spot: Spot) -> str:
        r, c = spot.cell
        if (r, c) == tuple(board.game.star):
            return _("the star")
        value = board.game.board[r][c]
        return _("taken") if value is None else str(value)

    def make(self, board: Board, move: Any, press: Press, *, confirm: bool = True) -> None:
        move = Move.parse(move) if isinstance(move, str) else move
        walk(board, press, cell=move.cell)
        press("Enter")


KEYS: KeyMap[Board] = MattixKeys()   # mypy checks it is one
