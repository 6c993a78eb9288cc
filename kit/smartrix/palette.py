"""The Smartrix position editor's picture, pure: where its parts are and what it draws.

The table (``draw(..., side=False)``, cells of at most EDIT_CELL px), each
seat's hand under it, and on the right a palette of the 70 cards by value, each
greyed and tagged with where it is once used (T: on the table, H2: in player
2's hand, C1: collected by player 1). Here: where each card is drawn
(``hand_card_box``, ``palette_card_box``), which one a click hits
(``hand_card_at``, ``palette_card_at``; a table cell: ``layout.cell_at`` on
``editor_layout``), where a card lies in a position dict (``where_is``) and the
picture itself (``editor_scene``). Standard library and the engine only. Not
covered: the widget, its clicks and edits (``kit.smartrix.editor``), the
game's own picture (``draw.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kit.i18n import _, ngettext
from kit.scene import Box, Scene, box_at
from kit.smartrix.card_pictures import MUTED, FlatCard, flat_cards
from kit.smartrix.cards import CANONICAL, DECK, VALUE, parse_card, rotate
from kit.smartrix.draw import draw
from kit.smartrix.layout import MARGIN, Layout, layout
from kit.smartrix.rules import Game
from kit.smartrix.table import Cell

#: The editor's table: cells of at most EDIT_CELL px, the table at most EDIT_TABLE px.
EDIT_CELL = 72
EDIT_TABLE = 400
#: The palette: the 70 cards by value, PALETTE_COLS a row, right of the table
#: (further right when a children's table grows past EDIT_TABLE).
PALETTE = tuple(sorted(DECK, key=lambda c: (VALUE[c], c)))
PALETTE_CARD = 42
PALETTE_STEP = PALETTE_CARD + 4
PALETTE_COLS = 7
PALETTE_X = MARGIN + EDIT_TABLE + 24
PALETTE_Y = 50
#: The hands under the table.
HAND_CARD = 40
HAND_STEP = HAND_CARD + 5
HAND_PER_ROW = (MARGIN + EDIT_TABLE) // HAND_STEP

#: A card's place and size in the picture: (x, y, size).
CardBox = tuple[float, float, int]


# ----- where things are (scene points) ------------------------------------------------

def editor_layout(game: Game) -> Layout:
    """The editor's table layout (no recent move outlined, small cells)."""
    return layout(game, recent=0, max_cell=EDIT_CELL, max_table=EDIT_TABLE)


def _hands_top(lay: Layout) -> float:
    return lay.table_height + 24


def seat_height(game: Game, seat: int) -> float:
    """The height of ``seat``'s line and its hand's rows of cards."""
    rows = max(1, -(-len(game.hand_cards(seat)) // HAND_PER_ROW))
    return 34 + rows * HAND_STEP


def hand_card_box(game: Game, seat: int, i: int, lay: Layout | None = None) -> CardBox:
    """(x, y, size) of card ``i`` of ``seat``'s hand under the table."""
    y = _hands_top(editor_layout(game) if lay is None else lay)
    for s in range(seat):
        y += seat_height(game, s)
    row, col = divmod(i, HAND_PER_ROW)
    return 8 + col * HAND_STEP, y + 28 + row * HAND_STEP, HAND_CARD


def palette_left(game: Game, lay: Layout | None = None) -> float:
    """The palette's left edge: fixed, unless a children's table grows past it."""
    return max(PALETTE_X, (editor_layout(game) if lay is None else lay).table_right + 24)


def palette_card_box(canon: int, left: float) -> CardBox:
    """(x, y, size) of a (canonical) card in the palette whose left edge is ``left``."""
    row, col = divmod(PALETTE.index(canon), PALETTE_COLS)
    return left + col * PALETTE_STEP, PALETTE_Y + row * PALETTE_STEP, PALETTE_CARD


def palette_card_at(x: float, y: float, left: float) -> int | None:
    """The canonical card whose palette step (card and the gap after it) holds (x, y)."""
    col, row = int((x - left) // PALETTE_STEP), int((y - PALETTE_Y) // PALETTE_STEP)
    k = row * PALETTE_COLS + col
    if x >= left and 0 <= col < PALETTE_COLS and y >= PALETTE_Y and k < len(PALETTE):
        return PALETTE[k]
    return None


def hand_card_at(game: Game, x: float, y: float) -> tuple[int, int] | None:
    """(seat, index) of the hand card under the table at (x, y), or None."""
    lay = editor_layout(game)
    boxes = (((seat, i), _square(hand_card_box(game, seat, i, lay)))
             for seat in range(game.players) for i in range(len(game.hand_cards(seat))))
    return box_at(boxes, x, y)


def _square(box: CardBox) -> Box:
    x, y, size = box
    return x, y, size, size


# ----- where a card is --------------------------------------------------------------

def where_is(data: dict[str, Any], canon: int) -> tuple[str, Any]:
    """Where the card ``canon`` lies in a position dict: ``("table", (r, c))``,
    ``("hands", seat)``, ``("collected", seat)`` or ``("deck", None)``."""
    for r, c, text in data["grid"]:
        if CANONICAL[parse_card(text)] == canon:
            return "table", (r, c)
    for key in ("hands", "collected"):
        for seat, pile in enumerate(data[key]):
            if any(CANONICAL[parse_card(t)] == canon for t in pile):
                return key, seat
    return "deck", None


def as_lies(game: Game, canon: int) -> int:
    """The card ``canon`` as it lies now (its orientation on the table or in a hand)."""
    for card in [*game.table.values(), *(c for s in range(game.players) for c in game.hand_cards(s))]:
        if CANONICAL[card] == canon:
            return card
    return canon


def used_tags(game: Game) -> dict[int, str]:
    """Canonical card -> its tag (T, H2, C1), for every card not in the draw pile."""
    tags: dict[int, str] = {}
    for card in game.table.values():
        tags[CANONICAL[card]] = "T"
    for seat in range(game.players):
        for card in game.hand_cards(seat):
            tags[CANONICAL[card]] = f"H{seat + 1}"
        for card in game.collected_cards(seat):
            tags[CANONICAL[card]] = f"C{seat + 1}"
    return tags


def tag_text(tag: str) -> str:
    """A tag of :func:`used_tags` as the palette shows it, in the language in effect."""
    if tag == "T":
        # Translators: the palette's tag (1-2 letters) on a card lying on the table
        return _("T")
    if tag[0] == "H":
        # Translators: the palette's tag (2-3 characters) on a card in player {n}'s hand
        return _("H{n}").format(n=tag[1:])
    # Translators: the palette's tag (2-3 characters) on a card collected by player {n}
    return _("C{n}").format(n=tag[1:])


# ----- the picture --------------------------------------------------------------------

def editor_scene(game: Game, picked: int | None = None, turns: int = 0,
                 marks: Iterable[Cell] = ()) -> Scene:
    """The table, the hands and the palette; ``picked`` (a canonical card, turned
    ``turns`` quarter turns for where it goes next) outlined, '+' where it fits."""
    at = where_is(game.to_dict(), picked) if picked is not None else None
    on_table = at is not None and at[0] == "table"
    fits = rotate(as_lies(game, picked), turns) if picked is not None and not on_table else None
    scene = draw(game, side=False, recent=0, marks=marks, offending=True,
                 picked=[at[1]] if at is not None and on_table else [], max_cell=EDIT_CELL,
                 max_table=EDIT_TABLE, fits=fits)
    lay = editor_layout(game)
    y = _draw_hands(scene, game, picked, lay)
    left = palette_left(game, lay)
    bottom = _draw_palette(scene, game, picked, turns, left)
    scene.width = left + PALETTE_COLS * PALETTE_STEP + 8
    scene.height = max(y, bottom, scene.height) + 8
    return scene


def _draw_hands(scene: Scene, game: Game, picked: int | None, lay: Layout) -> float:
    y, cards = _hands_top(lay), []
    for seat in range(game.players):
        pile = game.collected_cards(seat)
        mover = "▶ " if seat == game.to_move else ""
        who = _("Player {n}").format(n=seat + 1)
        if game.teams:
            who = _("{player} (team {team})").format(player=who, team="AB"[game.team_of(seat)])
        got = ngettext("{n} card", "{n} cards", len(pile)).format(n=len(pile))
        scene.text(8, y + 12, mover + _("{player}: hand; collected {cards}, {points} points").format(
            player=who, cards=got, points=sum(VALUE[c] for c in pile)),
                   size=17, bold=seat == game.to_move, anchor="start")
        for i, card in enumerate(game.hand_cards(seat)):
            x, cy, size = hand_card_box(game, seat, i, lay)
            cards.append(FlatCard(card, x, cy, size, picked=picked == CANONICAL[card]))
        if not game.hand_cards(seat):
            scene.text(8, y + 28 + HAND_CARD / 2, _("(no cards)"), size=16, fill=MUTED,
                       anchor="start")
        y += seat_height(game, seat)
    flat_cards(scene, cards)
    return y


def _draw_palette(scene: Scene, game: Game, picked: int | None, turns: int,
                  left: float) -> float:
    used = used_tags(game)
    scene.text(left, 14, _("The 70 cards"), size=19, bold=True, anchor="start")
    # Translators: the palette's legend for the tags below (tag_text): keep the letters alike
    scene.text(left, 36, _("in use: T table, H hand, C collected"), size=15,
               fill=MUTED, anchor="start")
    cards = []
    for canon in PALETTE:
        x, y, size = palette_card_box(canon, left)
        is_picked = canon == picked
        card = rotate(as_lies(game, canon), turns) if is_picked else canon
        tag = used.get(canon)
        cards.append(FlatCard(card, x, y, size, picked=is_picked,
                              tag=tag_text(tag) if tag else None))
    flat_cards(scene, cards)
    return PALETTE_Y + -(-len(PALETTE) // PALETTE_COLS) * PALETTE_STEP

