"""The IOTA position editor's picture, pure: where its parts are and what it draws.

The table (cards shrink to fit, every empty cell around it clickable), each
seat's hand as four slots, the deck, and a palette of the 66 cards, greyed once
placed: ``editor_geometry(game)`` says where each is and which one a click hits
(``slot_at``, ``palette_at``, ``cell_at`` on its table layout);
``editor_scene(game, geometry, picked, marks)`` draws it as a ``kit.scene.Scene``.
Standard library and the engine only. Not covered: the widget, its clicks and
edits (``kit.iota.editor``), the board's picture (``draw.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kit.i18n import _, ngettext
from kit.iota.cards import TEXT, WILD
from kit.iota.draw import (deck_words, draw_card, draw_coords, fit_size, outline, points_words,
                           seat_name)
from kit.iota.layout import Box, Cell, Layout, cell_box, fit_layout
from kit.iota.rules import Game
from kit.scene import HIGHLIGHT, PAPER, TABLE, Scene, box_at

#: A place a card can be: ("deck", palette index), ("table", (r, c)), ("hand", seat, slot),
#: and ("bottom",) for the deck's bottom as a target.
Place = tuple[Any, ...]

# Sized so the editor (picture and its 360 px of widgets) fits a 1366 px screen
# with JupyterLab's file browser open.
TABLE_BOX = (0, 0, 420, 370)     # the table's area: cards shrink to fit, 64 px down to 32
SEATS_X = 432                    # the seats' column
SLOT = 48                        # a hand card
SEAT_H = 28 + SLOT + 8           # a seat's name and score, its hand, a gap
PALETTE_Y = 376                  # the palette: 4 rows of 16 cards by colour, wilds at the end
CARD = 37
PALETTE_TITLE = 34
USED_TEXT = "#8A8A8A"


def palette_order() -> list[list[int]]:
    """The 66 palette slots: per colour row, shapes then numbers; a wild ends rows 1 and 2."""
    rows = [[(n - 1) * 16 + colour * 4 + shape for shape in range(4) for n in range(1, 5)]
            for colour in range(4)]
    rows[0].append(WILD)
    rows[1].append(WILD)
    return rows


@dataclass(frozen=True)
class EditorGeometry:
    """Where the editor's parts are: the table's layout, hand slots, palette cards."""

    table: Layout
    slots: dict[tuple[int, int], Box]        # (seat, index) -> its box
    palette: tuple[tuple[int, bool, Box], ...]   # (card, used, box) per palette slot
    width: float
    height: float

    def slot_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The (seat, index) of the hand slot at scene point (x, y), or None."""
        return box_at(self.slots.items(), x, y)

    def palette_at(self, x: float, y: float) -> int | None:
        """The index of the palette slot at scene point (x, y), or None."""
        return box_at(((i, box) for i, (__, ___, box) in enumerate(self.palette)), x, y)

    def palette_box(self, card: int) -> Box:
        """``card``'s palette slot (a wild: the first of its two)."""
        return next(box for c, __, box in self.palette if c == card)


def editor_geometry(game: Game) -> EditorGeometry:
    """Where the table, the hand slots and the palette cards are for ``game``."""
    lay = fit_layout(game.table, TABLE_BOX, margin=1, max_cell=64, min_cell=32)
    slots: dict[tuple[int, int], Box] = {(seat, i): (SEATS_X + i * SLOT, seat * SEAT_H + 28, SLOT, SLOT)
             for seat in range(game.players) for i in range(4)}
    used = [c for c in game.table.values()] + [c for h in game.hands for c in h]
    wilds_used = used.count(WILD)
    palette: list[tuple[int, bool, Box]] = []
    for r, row in enumerate(palette_order()):
        for i, card in enumerate(row):
            is_used = (card in used) if card != WILD else (wilds_used > r)
            box: Box = (i * CARD + 2, PALETTE_Y + PALETTE_TITLE + r * CARD, CARD, CARD)
            palette.append((card, is_used, box))
    return EditorGeometry(lay, slots, tuple(palette), SEATS_X + 4 * SLOT + 12,
                          PALETTE_Y + PALETTE_TITLE + 4 * CARD + 8)


def editor_scene(game: Game, geo: EditorGeometry, picked: Place | None = None,
                 marks: Iterable[Cell] = ()) -> Scene:
    """The table, each seat's hand in four slots, and the palette of the 66 cards."""
    scene = Scene(geo.width, geo.height, background=TABLE,
                  # The same English both ways, as it always read ("1 cards").
                  title=ngettext("IOTA position editor: {n} cards on the table",
                                 "IOTA position editor: {n} cards on the table",
                                 len(game.table)).format(n=len(game.table)))
    lay = geo.table
    for (r, c), card in sorted(game.table.items()):
        if lay.shows(r, c):
            x, y, __, ___ = cell_box(lay, (r, c))
            draw_card(scene, card, x, y, lay.cell)
    for r in range(lay.min_row, lay.min_row + lay.rows):     # empty cells: faint squares
        for c in range(lay.min_col, lay.min_col + lay.cols):
            if (r, c) not in game.table:
                x, y, w, h = cell_box(lay, (r, c))
                scene.rect(x + 3, y + 3, w - 6, h - 6, stroke="#CFC8B4", radius=6)
    draw_coords(scene, lay, size=14)
    outline(scene, lay, marks, "error")
    if picked and picked[0] == "table":
        outline(scene, lay, [picked[1]], "pending")
    _seats(scene, game, geo, picked)
    _palette(scene, game, geo, picked)
    return scene


def _seats(scene: Scene, game: Game, geo: EditorGeometry, picked: Place | None) -> None:
    for seat in range(game.players):
        top = seat * SEAT_H
        mover = seat == game.to_move
        label = f"{'▶ ' if mover else ''}{points_words(seat_name(seat), game.scores[seat])}"
        # Smaller when a long label (another language's words) would run past the picture.
        size = fit_size(label, geo.width - SEATS_X - 4, 18, bold=mover)
        scene.text(SEATS_X, top + 16, label, size=size, bold=mover, anchor="start")
        for i in range(4):
            x, y, w, h = geo.slots[(seat, i)]
            if i < len(game.hands[seat]):
                draw_card(scene, game.hands[seat][i], x, y, w)
            else:
                scene.rect(x + 4, y + 4, w - 8, h - 8, stroke="#999999", dash=(4, 4), radius=6)
            if picked == ("hand", seat, i):
                scene.rect(x + 1, y + 1, w - 2, h - 2, stroke=HIGHLIGHT, stroke_width=5, radius=8)
    y = game.players * SEAT_H + 14
    n = len(game.deck)
    scene.text(SEATS_X, y, deck_words(n), size=18, anchor="start")
    if game.deck:
        # Translators: the deck's top cards in the editor: "top: 3GT 1RC 2BX 4YS …"
        cards = _("top: {cards}").format(
            cards=" ".join(TEXT[c] for c in game.deck[:4]) + (" …" if n > 4 else ""))
        # Card texts are capitals: measured as wide as bold letters.
        scene.text(SEATS_X, y + 24, cards,
                   size=fit_size(cards, geo.width - SEATS_X - 4, 16, bold=True),
                   anchor="start", fill="#444444")


def _palette(scene: Scene, game: Game, geo: EditorGeometry, picked: Place | None) -> None:
    scene.text(4, PALETTE_Y + PALETTE_TITLE / 2,
               # Translators: drawn in a 630 px wide picture: keep it as short as the English
               _("The 66 cards (grey: already placed). Click one, then a cell or slot."),
               size=17, anchor="start")
    for k, (card, used, (x, y, w, h)) in enumerate(geo.palette):
        if used:
            scene.rect(x + 3, y + 3, w - 6, h - 6, fill=PAPER, stroke="#BBBBBB", radius=5,
                       dash=(3, 3))
            scene.text(x + w / 2, y + h / 2, TEXT[card], size=13, fill=USED_TEXT)
        else:
            draw_card(scene, card, x, y, w)
        if picked == ("deck", k):
            scene.rect(x + 1, y + 1, w - 2, h - 2, stroke=HIGHLIGHT, stroke_width=5, radius=6)
