"""IOTA by keys: the cursor over the table and the mover's hand (``kit.ui.keys``).

The cursor visits every cell of the table with its one-cell margin (where a
card can go), the table's window following it, and, below the last row, the
hand of the seat to move. Enter or Space does what a click there does: pick a
hand card, place it on an empty cell (pending), pick a pending card up again,
swap a wild on the table, mark a card to exchange while passing. The letters
press the board's buttons: C Confirm, T Take back, P Pass.

Not covered: the shared cursor (``kit.ui.keys``), the board (``board.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kit.i18n import _
from kit.iota.cards import TEXT, describe
from kit.iota.layout import cell_box
from kit.scene import Box
from kit.iota.moves import Move, Pass, Play, Recycle
from kit.ui.keys import HAND, Area, Cell, KeyMap, Press, Spot, walk
from kit.window import middle

if TYPE_CHECKING:   # the board loads this module (its registration's keys=)
    from kit.iota.board import Board


class IotaKeys:
    buttons = {"c": "confirm", "t": "take_back", "p": "pass"}
    hand = True

    def area(self, board: Board) -> Area:
        geo = board.geometry
        lay = geo.table
        min_row, min_col, rows, cols = lay.extent or (lay.min_row, lay.min_col, lay.rows, lay.cols)
        return Area((min_row, min_row + rows - 1), (min_col, min_col + cols - 1), len(geo.hand))

    def start(self, board: Board) -> Spot:
        return Spot(HAND, cell=self._middle(board))

    def _middle(self, board: Board) -> Cell:
        (r0, r1), (c0, c1) = board.geometry.table.shown_span
        return (r0 + r1) // 2, (c0 + c1) // 2

    def box(self, board: Board, spot: Spot) -> Box:
        geo = board.geometry
        if spot.zone == HAND:
            return geo.hand[spot.index]
        return cell_box(geo.table, spot.cell)

    def show(self, board: Board, cell: Cell) -> bool:
        lay = board.geometry.table
        if lay.shows(*cell):
            return False
        # The window moves just far enough to show the cell, as show_cells moves it.
        centre = list(middle(*lay.shown_span))
        for axis, size, low in ((0, lay.rows, lay.min_row), (1, lay.cols, lay.min_col)):
            if cell[axis] < low:
                centre[axis] -= low - cell[axis]
            elif cell[axis] >= low + size:
                centre[axis] += cell[axis] - (low + size - 1)
        board._window_centre = (centre[0], centre[1])
        return True

    def describe(self, board: Board, spot: Spot) -> str:
        if spot.zone == HAND:
            card = board.hand[spot.index]
            words = f"{TEXT[card]} ({describe(card)})"
            if any(i == spot.index for i, __ in board.placed):
                return _("{card}, pending on the table").format(card=words)
            if spot.index == board.selected:
                return _("{card}, picked").format(card=words)
            if spot.index in board.swap:
                return _("{card}, marked to swap").format(card=words)
            return words
        pending = {cell: board.hand[i] for i, cell in board.placed}
        if spot.cell in pending:
            card = pending[spot.cell]
            return _("{card}, pending").format(card=f"{TEXT[card]} ({describe(card)})")
        on_table = board.game.table.get(spot.cell)
        return _("empty") if on_table is None else f"{TEXT[on_table]} ({describe(on_table)})"

    def make(self, board: Board, move: Any, press: Press, *, confirm: bool = True) -> None:
        """``move``: a move, or text of one or more moves separated by ";" (recycles
        before a play, as a turn is written in the lessons)."""
        moves = ([Move.parse(m) for m in move.split(";") if m.strip()]
                 if isinstance(move, str) else [move])
        for one in moves:
            self._make(board, one, press, confirm)

    def _make(self, board: Board, move: Any, press: Press, confirm: bool) -> None:
        def pick(card: int, taken: set[int]) -> int:
            i = next(i for i, c in enumerate(board.hand) if c == card and i not in taken)
            walk(board, press, hand=i)
            press("Enter")
            return i

        if isinstance(move, Play):
            used: set[int] = set()
            for card, cell in touching_first(board.game.table, move.placements):
                used.add(pick(card, used))
                walk(board, press, cell=cell)
                press("Enter")
            if confirm:
                press("c")
        elif isinstance(move, Recycle):
            pick(move.card, set())
            walk(board, press, cell=move.cell)
            press("Enter")
        elif isinstance(move, Pass):
            press("p")
            for card in move.exchange:
                pick(card, board.swap)
            press("p")


def touching_first(table: Any, placements: Any) -> list[tuple[int, Cell]]:
    """The placements in an order where each card touches the table or one placed
    before it: the cursor reaches only the table and the cells next to it."""
    taken, todo, order = set(table), list(placements), []
    while todo:
        nxt = next((p for p in todo if not taken or any(
            (p[1][0] + dr, p[1][1] + dc) in taken
            for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)))), todo[0])
        todo.remove(nxt)
        order.append(nxt)
        taken.add(nxt[1])
    return order


KEYS: KeyMap[Board] = IotaKeys()   # mypy checks it is one
