"""Pictures of an IOTA position as a Scene (for SVG and the canvas).

:func:`draw` draws the whole game as one picture: a top line saying whose
turn it is and how many cards the deck holds (or who won), the table, and a side
panel with every seat's score and hand (face up for the seats in ``shown``, else
as card backs), then the score of a pending play line by line with each doubling
and why (from ``game.explain``), or the rule it breaks, then any notes. Cards
carry their number and colour letter besides colour and shape, so colour is never
the only clue; wilds are dashed grey cards marked ``W``. Outlines: the last play
(thin solid blue), pending cards (thick solid blue on a tinted card), cells in
error (short-dashed vermillion), a suggested play (long-dashed green). What is
marked on the picture is one :class:`Marks`.

``side=False`` moves the seats into a strip under the table and leaves out
the other seats' hidden hands: a narrower picture for a live board, whose own
panel lists the seats and scores.

Not covered: where things are (``layout.py``: :func:`~kit.iota.layout.plan`,
``cell_box``, ``cell_at``), the text board (``text.py``), animation and input
handling (the widget layer's job).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from kit.i18n import N_, _, ngettext
from kit.iota.cards import ATTRS, COLOURS, NUMBERS, TEXT, VALUE, WILD, parse_card
from kit.iota.layout import (GAP, HIDDEN_H, LABEL_H, NOTES_LINE_H, PANEL_W, TOP_H,
                             UNDER_H, Cell, Geometry, Layout, cell_box, hand_cell, pans, plan)
from kit.iota.lines import OPEN, wild_choices, wild_pattern
from kit.iota.movegen import frontier
from kit.iota.moves import Play
from kit.iota.scoring import Explanation
from kit.scene import ERROR, GOOD, HIGHLIGHT, INK, OKABE_ITO, PAPER, TABLE, Scene
from kit.textwidth import text_width, wrap_text

#: Card colours R Y G B as Okabe-Ito colours (readable for colour-blind eyes).
CARD_COLOURS = (OKABE_ITO["vermillion"], OKABE_ITO["yellow"], OKABE_ITO["green"],
                OKABE_ITO["blue"])
WILD_FILL = "#BBBBBB"
PENDING_FILL = "#DCEBF7"   # a card placed this turn, not yet confirmed
GHOST_FILL = "#E3F3EC"     # a hinted card
BAD_TEXT = "#A04000"       # a darker vermillion: readable as text on white

TITLE_SIZE = 21
TEXT_SIZE = 19
LINE_H = 27
MARK = "\u25B6"            # a triangle before the seat to move: not colour alone
NOTES_SIZE = 18            # the notes beside the hand in the picture without side panel

#: Outline styles: (colour, dash, width). Dashes and widths differ too, so the
#: outlines never rely on colour alone (the card colours use the same palette).
OUTLINES: dict[str, tuple[str, tuple[float, ...], float]] = {
    "highlight": (HIGHLIGHT, (), 3), "pending": (HIGHLIGHT, (), 6),
    "good": (GOOD, (14, 6), 4), "error": (ERROR, (7, 5), 4)}

#: Per axis (row, column): one scoring line of the panel, without and with the lot.
_LINE_SUM = (N_("row {index}: {values} = {points}"), N_("column {index}: {values} = {points}"))
# Translators: "lot" is a line of exactly 4 cards (IOTA's "lote")
_LOT_SUM = (N_("row {index}: {values} = {points}, a lot"),
            N_("column {index}: {values} = {points}, a lot"))
# Translators: why a play's points double: "x 2 for a lot: row 3"
_LOT_FOR = (N_("a lot: row {index}"), N_("a lot: column {index}"))
#: The words under a marked card of the mover's hand (at most 72 px wide).
UNDER_WORDS = {"placed": N_("placed"), "chosen": N_("chosen"), "swap": N_("swap")}


def seat_name(seat: int) -> str:
    """Seats are numbered from 1 on screens (the engine's ``to_move`` counts from 0)."""
    return _("Seat {n}").format(n=seat + 1)


@dataclass(frozen=True)
class Marks:
    """What a picture marks beyond the position itself.

    ``pending``: a Play (or its text) drawn on its cells before it is made, and
    its score or the rule it breaks in the panel; its cards leave an empty slot
    in the mover's hand. ``highlight``: cells outlined thin blue (None: the
    last play's). ``error_cells``: short-dashed vermillion (None: where an
    illegal pending play breaks a rule). ``good_cells``: long-dashed green.
    ``ghost``: a Play drawn faintly on empty cells with green dashes (a hint).
    ``selected``: index of the mover's hand card picked; ``exchange``: indices
    marked to swap. ``notes``: lines of text at the bottom of the panel.
    ``show_frontier``: the empty cells a card may go on, drawn faintly.
    """

    pending: Play | str | None = None
    ghost: Play | str | None = None
    highlight: Collection[Cell] | None = None
    error_cells: Collection[Cell] | None = None
    good_cells: Collection[Cell] = ()
    selected: int | None = None
    exchange: Collection[int] = ()
    notes: Sequence[str] = ()
    show_frontier: bool = False


MARK_FIELDS = frozenset(f.name for f in fields(Marks))


def split_options(options: Mapping[str, Any]) -> tuple[Marks, dict[str, Any]]:
    """``draw``'s keywords written flat (as ``Game.svg`` takes them): (Marks, the rest)."""
    marks = Marks(**{k: v for k, v in options.items() if k in MARK_FIELDS})
    return marks, {k: v for k, v in options.items() if k not in MARK_FIELDS}


def position_words(game: Any, table: Mapping[Cell, int], pending: Play | None,
                   shown: Iterable[int], names: Sequence[str]) -> str:
    """The picture in words, for its alt text: every card on the table by cell (the
    pending ones said so) and every hand drawn face up, so a saved picture reads aloud."""
    new = set(pending.cells) if pending is not None else set()
    cards = ", ".join(f"({r},{c}) {TEXT[v]}" + (" " + _("(pending)") if (r, c) in new else "")
                      for (r, c), v in sorted(table.items()))
    parts = [_("On the table: {cards}.").format(cards=cards) if cards else _("The table is empty.")]
    for seat in sorted(shown):
        if seat < len(game.hands):
            hand = " ".join(TEXT[c] for c in game.hands[seat]) or _("none")
            parts.append(_("Hand of {player}: {cards}.").format(player=names[seat], cards=hand))
    return " ".join(parts)


def _play(play: Play | str | None) -> Play | None:
    return Play.parse(play) if isinstance(play, str) else play


def draw(game: Any, marks: Marks | None = None, *, geometry: Geometry | None = None,
         open_hands: bool = False, seat_names: Sequence[str] | None = None,
         live: bool = False, title: str = "", letters: bool = True, show_wilds: bool = True,
         **frame: Any) -> Scene:
    """The game as a Scene: top line, table, and a side panel of seats and scores.

    ``marks``: what is marked on it (:class:`Marks`). ``geometry``: where
    everything goes, as :func:`~kit.iota.layout.plan` made it (a live board
    plans once and maps its clicks with the same); without it, ``frame`` is
    ``plan``'s keywords (``box``, ``centre``, ``shown``, ``cell``, ``min_cell``,
    ``margin``, ``coords``, ``side``). ``open_hands=True``: every hand face up.

    ``side=False``: a narrower picture for a live board, whose own panel beside
    it lists the seats and scores: under the table one line (the seat to move
    and its score, the deck), the mover's hand with the notes on its right,
    and under that any other face-up hands. ``seat_names``: names per seat
    (default "Seat 1" ...: numbered from 1, as on the live boards and in the
    explorer). ``live``: drawn for a live board, whose shaded edges scroll when
    clicked (a printed picture only says the table goes on).
    """
    marks = marks or Marks()
    pending, ghost = _play(marks.pending), _play(marks.ghost)
    table = dict(game.table)
    if pending is not None:
        table.update((c, card) for card, c in pending.placements)
    if geometry is None:
        if open_hands:
            frame = {**frame, "shown": range(game.players)}
        geometry = plan(game, table=table, **frame)
    geo = geometry
    why = game.explain(pending) if pending is not None and not game.is_over else None
    error_cells = marks.error_cells
    if error_cells is None:
        error_cells = why.cells if why is not None and not why.legal else ()
    size = TEXT_SIZE if geo.side else NOTES_SIZE
    line_h = LINE_H if geo.side else NOTES_LINE_H
    lines = _breakdown(why, geo.notes_width, size) + _wrap_notes(marks.notes, geo.notes_width,
                                                                 size)
    if geo.pans:
        edges = (_("Shaded edges: click to scroll.") if live else
                 _("Shaded edges: the table goes on beyond them."))
        lines += _wrap_notes([edges], geo.notes_width, size)
    height = max(geo.height, geo.notes_top + len(lines) * line_h + GAP)
    names = list(seat_names or [seat_name(i) for i in range(game.players)])
    head = title or ngettext("IOTA table, {n} cards", "IOTA table, {n} cards",
                             len(game.table)).format(n=len(game.table))
    # The same English both ways: the lessons' saved pictures read "1 cards".
    scene = Scene(geo.width, height, background=TABLE,
                  title=f"{head}. {position_words(game, table, pending, geo.shown, names)}")
    # A wild in a legal pending play already shows what it would stand for; the
    # label says only what the wild's lines decide ("?RC"), and a wild they leave
    # wholly open (a lone first wild) has none: it can be any card.
    stands_for = ({} if not show_wilds else wild_labels(table if why and why.legal
                                                           else game.table))
    _draw_table(scene, game, geo, table, pending, ghost, marks.show_frontier, letters,
                stands_for)
    highlight = marks.highlight
    if highlight is None:
        last = getattr(game, "last_play", None)
        highlight = () if pending else (last.cells if last else ())
    pending_cells = pending.cells if pending else ()
    ghost_cells = tuple(c for c in ghost.cells if c not in table) if ghost else ()
    for cells, kind in ((highlight, "highlight"), (pending_cells, "pending"),
                        (tuple(marks.good_cells) + ghost_cells, "good"), (error_cells, "error")):
        outline(scene, geo.table, cells, kind)
    _draw_seats(scene, game, geo, names, pending, marks.selected, set(marks.exchange), letters)
    for i, (text, style) in enumerate(lines):
        scene.text(geo.notes_x, geo.notes_top + (i + 0.5) * line_h, text, anchor="start",
                   **{**STYLES[style], **({} if geo.side else {"size": size})})
    return scene


def wild_labels(table: Mapping[Cell, int]) -> dict[Cell, str]:
    """The label under each wild: its pattern, none for a wild open in every attribute."""
    labels = {cell: wild_pattern(choices) for cell, choices in wild_choices(dict(table)).items()}
    return {cell: label for cell, label in labels.items() if set(label) != {OPEN}}


def draw_game(game: Any, **options: Any) -> Scene:   # deprecated alias: the public name before issue 19
    """Deprecated: :func:`draw` with its marks written as keywords (``pending=``, ``ghost=`` ...)."""
    marks, rest = split_options(options)
    return draw(game, marks, **rest)


def _draw_table(scene: Scene, game: Any, geo: Geometry, table: Mapping[Cell, int],
                pending: Play | None, ghost: Play | None, show_frontier: bool, letters: bool,
                stands_for: Mapping[Cell, str]) -> None:
    lay = geo.table
    _draw_pans(scene, lay)
    if geo.coords:
        draw_coords(scene, lay)
    if show_frontier:
        for r, c in frontier(game.table):
            if lay.shows(r, c):
                x, y, w, h = cell_box(lay, (r, c))
                scene.rect(x + 4, y + 4, w - 8, h - 8, stroke="#999999", dash=(3, 4), radius=6)
    fresh = set(pending.cells) if pending else set()
    for (r, c), card in sorted(table.items()):
        if lay.shows(r, c):
            x, y, __, ___ = cell_box(lay, (r, c))
            draw_card(scene, card, x, y, lay.cell, letters=letters,
                      stands_for=stands_for.get((r, c)),
                      fill=PENDING_FILL if (r, c) in fresh else PAPER)
    for card, (r, c) in (ghost.placements if ghost else ()):
        if (r, c) not in table and lay.shows(r, c):
            x, y, __, ___ = cell_box(lay, (r, c))
            draw_card(scene, card, x, y, lay.cell, letters=letters, fill=GHOST_FILL)


def outline(scene: Scene, lay: Layout, cells: Iterable[Cell], kind: str) -> None:
    """Outline ``cells`` of the table in one of :data:`OUTLINES`' styles."""
    colour, dash, width = OUTLINES[kind]
    for r, c in cells:
        if lay.shows(r, c):
            x, y, w, h = cell_box(lay, (r, c))
            scene.rect(x + 1.5, y + 1.5, w - 3, h - 3, stroke=colour, stroke_width=width,
                       radius=8, dash=dash)


def draw_coords(scene: Scene, lay: Layout, size: float | None = None) -> None:
    """The row and column numbers in the gutter above and left of the drawn cells."""
    size = max(14, lay.cell * 0.24) if size is None else size
    g = lay.cell * 0.5
    for i in range(lay.cols):
        x = lay.left + (i + 0.5) * lay.cell
        scene.text(x, lay.top - g / 2, lay.min_col + i, size=size, fill="#555555")
    for i in range(lay.rows):
        y = lay.top + (i + 0.5) * lay.cell
        scene.text(lay.left - g / 2, y, lay.min_row + i, size=size, fill="#555555")


def _draw_pans(scene: Scene, lay: Layout) -> None:
    """Shade the edges where a cut table goes on, with arrows between the coordinates."""
    for direction, (x, y, w, h) in pans(lay).items():
        scene.rect(x, y, w, h, fill="#D9D2BD", stroke="#8A8068", stroke_width=1)
        s = lay.cell * 0.2
        along = lay.cols if direction in ("up", "down") else lay.rows
        for k in range(1, along, 3):           # on cell borders: the numbers sit mid-cell
            if direction in ("up", "down"):
                cx, cy = x + k * lay.cell, y + h / 2
            else:
                cx, cy = x + w / 2, y + k * lay.cell
            tip = {"up": ((cx, cy - s), (cx - s, cy + s * 0.7), (cx + s, cy + s * 0.7)),
                   "down": ((cx, cy + s), (cx - s, cy - s * 0.7), (cx + s, cy - s * 0.7)),
                   "left": ((cx - s, cy), (cx + s * 0.7, cy - s), (cx + s * 0.7, cy + s)),
                   "right": ((cx + s, cy), (cx - s * 0.7, cy - s), (cx - s * 0.7, cy + s))}
            scene.polygon(tip[direction], fill=INK)


def _winner_words(game: Any, names: Sequence[str]) -> str:
    best = max(game.scores)
    winners = [names[i] for i, s in enumerate(game.scores) if s == best]
    if len(winners) == 1:
        return ngettext("{name} wins: {n} point", "{name} wins: {n} points", best).format(
            name=winners[0], n=best)
    return ngettext("A draw at {n} point", "A draw at {n} points", best).format(n=best)


def deck_words(n: int) -> str:
    """'Deck: 12 cards'."""
    return ngettext("Deck: {n} card", "Deck: {n} cards", n).format(n=n)


def points_words(name: str, n: int) -> str:
    """A seat and its score: 'Seat 1: 12 points'."""
    return ngettext("{name}: {n} point", "{name}: {n} points", n).format(name=name, n=n)


def _draw_top(scene: Scene, game: Any, names: Sequence[str], x: float) -> None:
    """Whose turn it is and the deck; at the end, who won."""
    if game.is_over:
        first, second = _("Game over"), _winner_words(game, names)
    else:
        first = f"{MARK} " + _("{name} to move").format(name=names[game.to_move])
        second = deck_words(len(game.deck))
    scene.text(x, GAP + TOP_H * 0.27, first, size=TITLE_SIZE, bold=True, anchor="start")
    scene.text(x, GAP + TOP_H * 0.75, second, size=TEXT_SIZE, anchor="start")


def _draw_seats(scene: Scene, game: Any, geo: Geometry, names: Sequence[str],
                pending: Play | None, selected: int | None, exchange: set[int],
                letters: bool) -> None:
    if geo.side:
        scene.rect(geo.panel_x - GAP / 2, GAP / 2, PANEL_W, scene.height - GAP, fill=PAPER,
                   stroke="#CCCCCC", radius=8)
        _draw_top(scene, game, names, geo.panel_x)
    else:
        scene.rect(GAP / 2, geo.panel_top - GAP / 2, scene.width - GAP,
                   scene.height - geo.panel_top, fill=PAPER, stroke="#CCCCCC", radius=8)
        _draw_strip_top(scene, game, names, geo)
    used = _used_slots(game, pending)
    for seat, top in geo.seat_tops:
        mover = seat == game.to_move and not game.is_over
        if geo.side or seat != game.to_move:
            label = f"{MARK + ' ' if mover else ''}{points_words(names[seat], game.scores[seat])}"
            scene.text(geo.panel_x, top + LABEL_H / 2, label, size=TEXT_SIZE, bold=mover,
                       anchor="start")
            top += LABEL_H
        _draw_hand(scene, game, seat, geo.panel_x, top, seat in geo.shown, used, selected,
                   exchange, letters)


def _draw_strip_top(scene: Scene, game: Any, names: Sequence[str], geo: Geometry) -> None:
    """The strip's first line: the seat to move and its score, the deck (or who won)."""
    y = geo.panel_top + LABEL_H / 2
    if game.is_over:
        scene.text(geo.panel_x, y, _("Game over"), size=TITLE_SIZE, bold=True, anchor="start")
        scene.text(scene.width - GAP, y, _winner_words(game, names), size=TEXT_SIZE,
                   anchor="end")
        return
    seat = game.to_move
    scene.text(geo.panel_x, y, f"{MARK} {points_words(names[seat], game.scores[seat])}",
               size=TITLE_SIZE, bold=True, anchor="start")
    scene.text(scene.width - GAP, y, deck_words(len(game.deck)), size=TEXT_SIZE, anchor="end")


def _draw_hand(scene: Scene, game: Any, seat: int, x: float, top: float, face_up: bool,
               used: set[int], selected: int | None, exchange: set[int], letters: bool) -> None:
    """One seat's hand from (x, top): the mover's large and marked, others small."""
    hand = game.hands[seat]
    if not face_up:
        scene.text(x, top + HIDDEN_H / 2, ngettext("{n} card, hidden", "{n} cards, hidden",
                                                   len(hand)).format(n=len(hand)),
                   size=17, anchor="start", fill="#555555")
        return
    size = hand_cell(game, seat)
    if not hand:
        scene.text(x, top + size / 2, _("no cards"), size=17, anchor="start")
    for i, card in enumerate(hand):
        cx, cy = x + i * size, top
        if seat == game.to_move and i in used:
            scene.rect(cx + 4, cy + 4, size - 8, size - 8, stroke="#888888", dash=(4, 4),
                       radius=8)
            _under(scene, cx, cy, size, "placed")
            continue
        draw_card(scene, card, cx, cy, size, letters=letters)
        if seat == game.to_move and i == selected:
            scene.rect(cx + 1, cy + 1, size - 2, size - 2, stroke=HIGHLIGHT, stroke_width=6,
                       radius=8)
            _under(scene, cx, cy, size, "chosen")
        elif seat == game.to_move and i in exchange:
            scene.rect(cx + 1, cy + 1, size - 2, size - 2, stroke=OKABE_ITO["orange"],
                       stroke_width=5, radius=8, dash=(10, 5))
            _under(scene, cx, cy, size, "swap")


def _under(scene: Scene, x: float, y: float, size: float, word: str) -> None:
    scene.text(x + size / 2, y + size + UNDER_H / 2, _(UNDER_WORDS[word]), size=16, bold=True)


def _used_slots(game: Any, pending: Play | None) -> set[int]:
    """Which slots of the mover's hand the pending play's cards came from."""
    if pending is None:
        return set()
    hand, used = game.hands[game.to_move], set()
    for card in pending.cards:
        i = next((i for i, c in enumerate(hand) if c == card and i not in used), None)
        if i is not None:
            used.add(i)
    return used


def _breakdown(why: Explanation | None, width: float = PANEL_W - 2 * GAP,
               size: float = TEXT_SIZE, who: str | None = None) -> list[tuple[str, str]]:
    """The pending play's score as (text, style) lines: each line, each doubling, the total.
    ``who``: the seat that made the play (a replay), else it is the pending play."""
    if why is None:
        return []
    if not why.legal:
        return [(_("Not allowed:"), "bad_title")] + [(t, "bad") for t in _wrap(why.rule, width,
                                                                               size)]
    if who is None:
        head = ngettext("Pending play: {n} point", "Pending play: {n} points", why.points)
    else:
        head = ngettext("{who} played: {n} point", "{who} played: {n} points", why.points)
    out = [(head.format(n=why.points, who=who), "title")]
    for line in why.lines:
        index = line.cells[0][0] if line.axis == 0 else line.cells[0][1]
        values = "+".join(str(VALUE[parse_card(t)]) for t in line.cards)
        words = _LOT_SUM[line.axis] if line.is_lot else _LINE_SUM[line.axis]
        # Wrapped: a line of four with "a lot" ran past a narrow board's notes.
        out.extend((t, "text") for t in _wrap(
            _(words).format(index=index, values=values, points=line.points), width, size))
    if why.doublings:
        out.append((_("lines {base}{factor} = {points}").format(
            base=why.base, factor=" x 2" * len(why.doublings), points=why.points), "text"))
    lots = iter(line for line in why.lines if line.is_lot)
    for i, reason in enumerate(why.doublings):
        if i < len(why.kinds) and why.kinds[i] == "lot":
            line = next(lots)
            index = line.cells[0][0] if line.axis == 0 else line.cells[0][1]
            reason = _(_LOT_FOR[line.axis]).format(index=index)
        # Translators: a doubling of the turn's points and its reason
        out.extend((t, "text") for t in _wrap(_("x 2 for {reason}").format(reason=reason),
                                              width, size))
    if not why.lines:
        out.append((_("a lone card scores 0"), "text"))
    return out


def breakdown_lines(why: Explanation | None, who: str | None = None) -> list[str]:
    """A move's explanation as plain lines of text, as the panel shows a pending play's
    (``who``: the seat that played it, for a replay)."""
    return [text for text, __ in _breakdown(why, who=who)]


def em_per_char(text: str, bold: bool = False) -> float:
    """How wide a character of ``text`` is on average, in em, in DejaVu Sans (its own
    widths: the old guess of 0.53 em cut Bulgarian text at a box's edge; issue 30)."""
    return text_width(text, 1, bold) / max(1, len(text))


def fit_size(text: str, width: float, size: float, bold: bool = False) -> float:
    """``size``, or smaller if ``text`` would run past ``width`` pixels (a longer language)."""
    need = text_width(text, size, bold)
    return size if need <= width else size * width / need


def _wrap(text: str, width: float = PANEL_W - 2 * GAP, size: float = TEXT_SIZE) -> list[str]:
    return wrap_text(text, width, size) or [""]


STYLES: dict[str, dict[str, Any]] = {
    "title": dict(size=TITLE_SIZE, bold=True),
    "bad_title": dict(size=TITLE_SIZE, bold=True, fill=BAD_TEXT),
    "text": dict(size=TEXT_SIZE), "bad": dict(size=TEXT_SIZE, fill=BAD_TEXT),
    "note": dict(size=TEXT_SIZE)}


def _wrap_notes(notes: Iterable[str], width: float = PANEL_W - 2 * GAP,
                size: float = TEXT_SIZE) -> list[tuple[str, str]]:
    return [(t, "note") for note in notes for t in _wrap(note, width, size)]


def draw_card(scene: Scene, card: int, x: float, y: float, size: float, *, letters: bool = True,
              stands_for: str | None = None, fill: str = PAPER) -> None:
    """One card with its top-left corner at (x, y); a wild may show what it stands for."""
    pad = size * 0.06
    w = size - 2 * pad
    if card == WILD:
        scene.rect(x + pad, y + pad, w, w, fill=WILD_FILL, stroke=INK, stroke_width=2,
                   radius=size * 0.1, dash=(6, 4))
        if stands_for:
            scene.text(x + size / 2, y + size * 0.4, "W", size=size * 0.38, bold=True)
            scene.text(x + size / 2, y + size * 0.76, f"={stands_for}", size=max(14, size * 0.2))
        else:
            scene.text(x + size / 2, y + size / 2, "W", size=size * 0.45, bold=True)
        return
    n, colour, shape = ATTRS[card]
    scene.rect(x + pad, y + pad, w, w, fill=fill, stroke=INK, stroke_width=1.5, radius=size * 0.1)
    _draw_shape(scene, shape, x + size * 0.56, y + size * 0.58, size * 0.25, CARD_COLOURS[colour])
    scene.text(x + size * 0.24, y + size * 0.27, NUMBERS[n], size=size * 0.34, bold=True)
    if letters:
        # The letter is the colour for eyes that do not see it: as large as fits
        # beside the number, and never under 16 px.
        scene.text(x + size * 0.76, y + size * 0.24, COLOURS[colour], size=max(16, size * 0.27),
                   fill="#222222", bold=True)


def _draw_shape(scene: Scene, shape: int, cx: float, cy: float, s: float, colour: str) -> None:
    style: dict[str, Any] = {"fill": colour, "stroke": INK, "stroke_width": 1.5}
    if shape == 0:
        scene.circle(cx, cy, s, **style)
    elif shape == 1:
        scene.rect(cx - s * 0.88, cy - s * 0.88, s * 1.76, s * 1.76, **style)
    elif shape == 2:
        scene.polygon([(cx, cy - s), (cx + s * 1.05, cy + s * 0.8), (cx - s * 1.05, cy + s * 0.8)],
                      **style)
    else:
        t = s * 0.36
        scene.polygon([(cx - t, cy - s), (cx + t, cy - s), (cx + t, cy - t), (cx + s, cy - t),
                       (cx + s, cy + t), (cx + t, cy + t), (cx + t, cy + s), (cx - t, cy + s),
                       (cx - t, cy + t), (cx - s, cy + t), (cx - s, cy - t), (cx - t, cy - t)],
                      **style)


def draw_hand(cards: Iterable[int | str], *, cell: float = 72, letters: bool = True,
              title: str = "") -> Scene:
    """A row of cards (ints or texts), e.g. a player's hand (``title``: "hand")."""
    ints = [TEXT.index(c) if isinstance(c, str) else c for c in cards]
    scene = Scene(max(1, len(ints)) * cell + cell * 0.2, cell * 1.1, background=TABLE,
                  title=title or _("hand"))
    for i, card in enumerate(ints):
        draw_card(scene, card, cell * 0.1 + i * cell, cell * 0.05, cell, letters=letters)
    return scene


# draw_game (above) stays for users' notebooks that drew with it before issue 19.
__all__ = ["draw", "Marks", "draw_card", "draw_hand", "breakdown_lines", "outline", "seat_name",
           "split_options", "draw_coords", "draw_game", "CARD_COLOURS", "GHOST_FILL",
           "PENDING_FILL", "OUTLINES"]
