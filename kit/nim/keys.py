"""Nim by keys: the cursor over the heaps' rows and their places (``kit.ui.keys``).

A row of the cursor is a heap (from 0 at the top), a column one of the row's
nine places, from the left; the stones sit at the right end of their row.
Enter or Space does what a click there does: it takes the stone under the
cursor and every stone to its right (on a place left of the stones, more than
the heap has: refused and marked, as the click is). Nim has no hand and no
buttons of its own. Not covered: the shared cursor (``kit.ui.keys``), the
board (``board.py``).
"""

from __future__ import annotations

from typing import Any

from kit.i18n import _
from kit.nim.draw import LEFT, PLACES, ROW, STONE, TOP
from kit.nim.rules import Move
from kit.scene import Box
from kit.ui.keys import Area, Cell, Press, Spot, walk


def column(count: int) -> int:
    """The cursor's column of the place whose click takes ``count`` stones."""
    return PLACES - count


class NimKeys:
    buttons: dict[str, str] = {}
    hand = False

    def area(self, board: Any) -> Area:
        return Area((0, max(0, len(board.game.heaps) - 1)), (0, PLACES - 1))

    def start(self, board: Any) -> Spot:
        heaps = board.game.heaps
        heap = next((i for i, size in enumerate(heaps) if size), 0)
        return Spot(cell=(heap, column(1)))   # the heap's last stone: a take of one

    def box(self, board: Any, spot: Spot) -> Box:
        heap, col = spot.cell
        return (LEFT + col * STONE, TOP + heap * ROW + (ROW - STONE) / 2, STONE, STONE)

    def show(self, board: Any, cell: Cell) -> bool:
        return False   # every heap is always in view

    def describe(self, board: Any, spot: Spot) -> str:
        heap, col = spot.cell
        count, size = PLACES - col, board.game.heaps[heap]
        if count > size:
            return _("no stone (heap {heap} has {size})").format(heap=heap, size=size)
        return _("a stone: Enter takes {count} of heap {heap}'s {size}").format(
            count=count, heap=heap, size=size)

    def make(self, board: Any, move: Any, press: Press, *, confirm: bool = True) -> None:
        move = Move.parse(move) if isinstance(move, str) else move
        walk(board, press, cell=(move.heap, column(move.count)))
        press("Enter")


KEYS = NimKeys()
