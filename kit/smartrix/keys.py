"""Smartrix by keys: the cursor over the table and the mover's hand (``kit.ui.keys``).

The cursor visits every cell of the table with its one-cell margin (where a
card can go), the table's window following it, and, below the last row, the
hand of the seat to move. Enter or Space does what a click there does: select
a hand card, place the selected card (as it is turned) on a cell, and on the
free table pick a table card for Claim or Challenge. The letters press the
board's buttons: R Rotate, P Pass, and on the free table C Claim, X Challenge.

Not covered: the shared cursor (``kit.ui.keys``), the board (``board.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kit.i18n import _
from kit.scene import Box
from kit.smartrix.cards import CANONICAL, TEXT, VALUE
from kit.smartrix.layout import cell_box, hand_box
from kit.smartrix.moves import Move
from kit.ui.keys import HAND, Area, Cell, KeyMap, Press, Spot, walk

if TYPE_CHECKING:   # the board loads this module (its registration's keys=)
    from kit.smartrix.board import Board


class SmartrixKeys:
    buttons = {"r": "rotate", "p": "pass", "c": "claim", "x": "challenge"}
    hand = True

    def area(self, board: Board) -> Area:
        lay = board._layout()
        r0, r1, c0, c1 = lay.extent or (lay.r0, lay.r1, lay.c0, lay.c1)
        g = board.game
        shown = not board.hand_hidden and g.to_move in board._face_up() and not g.is_over
        return Area((r0, r1), (c0, c1), len(g.hand(g.to_move)) if shown else 0)

    def start(self, board: Board) -> Spot:
        lay = board._layout()
        return Spot(HAND, cell=((lay.r0 + lay.r1) // 2, (lay.c0 + lay.c1) // 2))

    def box(self, board: Board, spot: Spot) -> Box:
        lay = board._layout()
        if spot.zone == HAND:
            return hand_box(lay, spot.index)
        return cell_box(lay, spot.cell)

    def show(self, board: Board, cell: Cell) -> bool:
        if board.shows(cell):
            return False
        board._window_centre = (float(cell[0]), float(cell[1]))
        return True

    def describe(self, board: Board, spot: Spot) -> str:
        g = board.game
        if spot.zone == HAND:
            selected = spot.index == board.selected
            card = board.selected_card if selected else g.hand_cards(g.to_move)[spot.index]
            words = _("{card} (value {value})").format(card=TEXT[card], value=VALUE[card])
            return _("{card}, picked").format(card=words) if selected else words
        on_table = g.table.get(spot.cell)
        if on_table is None:
            return _("empty")
        words = _("{card} (value {value})").format(card=TEXT[on_table], value=VALUE[on_table])
        return _("{card}, picked").format(card=words) if spot.cell in board.picked else words

    def make(self, board: Board, move: Any, press: Press, *, confirm: bool = True) -> None:
        move = Move.parse(move) if isinstance(move, str) else move
        if move.kind == "pass":
            press("p")
            return
        if move.kind in ("claim", "challenge"):
            for cell in move.cells:
                walk(board, press, cell=cell)
                if cell not in board.picked:
                    press("Enter")
            press("c" if move.kind == "claim" else "x")
            return
        hand = board.game.hand_cards(board.game.to_move)
        i = next(k for k, c in enumerate(hand) if CANONICAL[c] == CANONICAL[move.card])
        walk(board, press, hand=i)
        press("Enter")
        for _turn in range(4):
            if board.selected_card == move.card:
                break
            press("r")
        if move.claim and not board.claim_armed:
            press("c")
        walk(board, press, cell=move.cell)
        press("Enter")


KEYS: KeyMap[Board] = SmartrixKeys()   # mypy checks it is one
