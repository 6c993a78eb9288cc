"""Pictures of an IOTA position: a Scene (for SVG and the canvas) and a text board.

:func:`draw_game` draws the whole game as one picture: a top line saying whose
turn it is and how many cards the deck holds (or who won), the table, and a side
panel with every seat's score and hand (face up for the seats in ``shown``, else
as card backs), then the score of a pending play line by line with each doubling
and why (from ``game.explain``), or the rule it breaks, then any notes. Cards
carry their number and colour letter besides colour and shape, so colour is never
the only clue; wilds are dashed grey cards marked ``W``. Outlines: the last play
(thin solid blue), pending cards (thick solid blue on a tinted card), cells in
error (short-dashed vermillion), a suggested play (long-dashed green).

``side=False`` moves the seats into a strip under the table and leaves out
the other seats' hidden hands: a narrower picture for a live board, whose own
panel lists the seats and scores.

:func:`plan` is the geometry behind a picture (:class:`Geometry`): the table's
:class:`Layout`, the boxes of the mover's hand cards and, when the table is
larger than its box, the edge strips that scroll it. A live board maps clicks
with it. :func:`text_board` is the screen-reader board behind ``str(game)``.

Not covered: animation and input handling (the widget layer's job).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from kit.iota.cards import ATTRS, COLOURS, NUMBERS, TEXT, VALUE, WILD, parse_card
from kit.iota.lines import AXIS_NAMES, wild_stands_for
from kit.iota.movegen import frontier
from kit.iota.moves import Play
from kit.scene import ERROR, GOOD, HIGHLIGHT, INK, OKABE_ITO, PAPER, TABLE, Scene, inside
from kit.window import edge_strips, sides_beyond, strip_at, window_start

#: Card colours R Y G B as Okabe-Ito colours (readable for colour-blind eyes).
CARD_COLOURS = (OKABE_ITO["vermillion"], OKABE_ITO["yellow"], OKABE_ITO["green"],
                OKABE_ITO["blue"])
WILD_FILL = "#BBBBBB"
PENDING_FILL = "#DCEBF7"   # a card placed this turn, not yet confirmed
GHOST_FILL = "#E3F3EC"     # a hinted card
BAD_TEXT = "#A04000"       # a darker vermillion: readable as text on white

TOP_H = 72                 # the panel's top: whose turn, the deck (or who won)
PANEL_W = 340              # the side panel
HAND_CELL = 72             # the mover's hand
SMALL_CELL = 46            # the other hands
LABEL_H = 30               # a seat's name and score
HIDDEN_H = 22              # "4 cards, hidden" under it
UNDER_H = 24               # the words under a marked hand card ("swap", "on table")
GAP = 12
TITLE_SIZE = 21
TEXT_SIZE = 19
LINE_H = 27
MARK = "\u25B6"            # a triangle before the seat to move: not colour alone
NOTES_SIZE = 18            # the notes beside the hand in the picture without side panel
NOTES_LINE_H = 24
NOTES_ROWS = 7             # lines the strip under the table keeps room for


@dataclass(frozen=True)
class Layout:
    """Where the cells are: cell (min_row, min_col) has its top-left at (left, top).

    ``rows`` x ``cols`` cells are drawn. ``extent`` is (min_row, min_col, rows,
    cols) of the whole table with its margin; it is larger than the drawn window
    when the table is cut to fit its box.
    """

    min_row: int
    min_col: int
    rows: int
    cols: int
    cell: float
    left: float
    top: float
    extent: tuple = ()

    @property
    def width(self) -> float:
        return self.left + self.cols * self.cell + self.cell * 0.25

    @property
    def height(self) -> float:
        return self.top + self.rows * self.cell + self.cell * 0.25

    def shows(self, row: int, col: int) -> bool:
        return (self.min_row <= row < self.min_row + self.rows
                and self.min_col <= col < self.min_col + self.cols)

    @property
    def is_cut(self) -> bool:
        return bool(self.extent) and self.extent != (self.min_row, self.min_col,
                                                     self.rows, self.cols)


def _extent(table, margin: int) -> tuple:
    rows = [r for r, _ in table] or [0]
    cols = [c for _, c in table] or [0]
    return (min(rows) - margin, min(cols) - margin,
            max(rows) - min(rows) + 1 + 2 * margin, max(cols) - min(cols) + 1 + 2 * margin)


def layout_for(game_or_table, *, margin: int = 1, cell: float = 72, coords: bool = True,
               origin: tuple = (0, 0)) -> Layout:
    """The layout :func:`draw_game` uses for this game (or table dict): all of it."""
    table = getattr(game_or_table, "table", game_or_table)
    extent = _extent(table, margin)
    gutter = cell * 0.5 if coords else cell * 0.25
    return Layout(*extent, cell, origin[0] + gutter, origin[1] + gutter, extent)


def fit_layout(table, box, *, centre=None, margin: int = 1, max_cell: float = 72,
               min_cell: float = 48) -> Layout:
    """A layout inside ``box`` (x, y, w, h): cells as large as fit, up to ``max_cell``.

    Below ``min_cell`` the cells stay at ``min_cell`` and only a window of the
    table is drawn, centred on ``centre`` (row, col) as far as the table allows.
    """
    x0, y0, w, h = box
    r0, c0, rows, cols = extent = _extent(table, margin)
    cell = max(min_cell, min(max_cell, w / (cols + 0.75), h / (rows + 0.75)))
    # A cut side needs a half-cell strip to scroll by (the fitted side a quarter cell).
    # A side that fits whole at this cell size is never cut (int(w / cell - 1) would
    # drop a column when the cell size was set by that very side).
    vis_rows = rows if (rows + 0.75) * cell <= h + 1e-6 else min(rows, int(h / cell - 1))
    vis_cols = cols if (cols + 0.75) * cell <= w + 1e-6 else min(cols, int(w / cell - 1))
    cr, cc = centre if centre is not None else (r0 + (rows - 1) / 2, c0 + (cols - 1) / 2)
    top_row = window_start(cr, vis_rows, r0, r0 + rows - 1)
    left_col = window_start(cc, vis_cols, c0, c0 + cols - 1)
    # Centred both ways: a small table in the middle of its box, not in its top-left corner.
    left = x0 + (w - (vis_cols + 0.75) * cell) / 2 + cell * 0.5
    top = y0 + max(0.0, (h - (vis_rows + 0.75) * cell) / 2) + cell * 0.5
    return Layout(top_row, left_col, vis_rows, vis_cols, cell, left, top, extent)


def _layout(obj) -> Layout:
    return obj if isinstance(obj, Layout) else layout_for(obj)


def cell_box(layout_or_game, row: int, col: int) -> tuple:
    """(x, y, width, height) of a cell in the picture."""
    lay = _layout(layout_or_game)
    return (lay.left + (col - lay.min_col) * lay.cell, lay.top + (row - lay.min_row) * lay.cell,
            lay.cell, lay.cell)


def cell_at(layout_or_game, x: float, y: float):
    """The (row, col) under pixel (x, y), or None outside the drawn cells."""
    lay = _layout(layout_or_game)
    col = int((x - lay.left) // lay.cell)
    row = int((y - lay.top) // lay.cell)
    if not (0 <= col < lay.cols and 0 <= row < lay.rows):
        return None
    return (row + lay.min_row, col + lay.min_col)


@dataclass(frozen=True)
class Geometry:
    """Where the parts of one picture are; a live board maps its clicks with it.

    ``side``: the seats are in a panel right of the table (else in a strip
    under it, the mover's hand first). ``seat_tops``: (seat, y) of each seat's
    block drawn. The notes (a pending play's score, what to do next) start at
    (``notes_x``, ``notes_top``) and wrap at ``notes_width``.
    """

    width: float
    height: float
    table: Layout
    hand: tuple        # (x, y, w, h) of each card of the mover's hand, in hand order
    pans: dict         # "up"/"down"/"left"/"right" -> the strip that scrolls a cut table
    panel_x: float
    seat_tops: tuple
    notes_top: float
    side: bool = True
    panel_top: float = 0
    notes_x: float = 0
    notes_width: float = PANEL_W - 2 * GAP

    def hand_at(self, x: float, y: float):
        """The index of the mover's hand card under (x, y), or None."""
        return next((i for i, box in enumerate(self.hand) if inside(box, x, y)), None)

    def pan_at(self, x: float, y: float):
        """The scroll direction whose strip is under (x, y), or None."""
        return strip_at(self.pans, x, y)

    def hand_point(self, i: int) -> tuple:
        x, y, w, h = self.hand[i]
        return (x + w / 2, y + h / 2)


def plan(game, *, table=None, box=None, centre=None, shown=None, cell: float = 72,
         min_cell: float = 48, margin: int = 1, coords: bool = True,
         side: bool = True) -> Geometry:
    """The geometry of :func:`draw_game`'s picture.

    ``table``: the cards to make room for (default the game's; a pending play
    adds its own). ``box`` (x, y, w, h): a fixed area for the table, which is
    then scaled to fit and cut below ``min_cell`` (see :func:`fit_layout`);
    without it the whole table is drawn at ``cell``. ``shown``: the seats whose
    hands are face up (default the seat to move). ``side=False``: the seats in
    a strip under the table instead of a panel beside it (see :func:`draw_game`).
    """
    table = game.table if table is None else table
    if box is None:
        lay = layout_for(table, margin=margin, cell=cell, coords=coords)
        right, bottom = lay.width, lay.height
    else:
        lay = fit_layout(table, box, centre=centre, margin=margin, max_cell=cell, min_cell=min_cell)
        right, bottom = box[0] + box[2], box[1] + box[3]
    shown = {game.to_move} if shown is None else set(shown)
    if side:
        return _side_plan(game, lay, right, bottom, shown)
    return _strip_plan(game, lay, right, bottom, shown)


def _side_plan(game, lay, right, bottom, shown) -> Geometry:
    panel_x = right + GAP
    y, tops, hand = GAP + TOP_H, [], ()
    for seat in range(game.players):
        tops.append((seat, y))
        if seat not in shown:
            y += LABEL_H + HIDDEN_H + GAP
            continue
        size = _hand_cell(game, seat)
        if seat == game.to_move:
            hand = tuple((panel_x + i * size, y + LABEL_H, size, size)
                         for i in range(len(game.hands[seat])))
        y += LABEL_H + size + (UNDER_H if size == HAND_CELL else 0) + GAP
    height = max(lay.height, y, bottom)
    return Geometry(panel_x + PANEL_W, height, lay, hand, _pans(lay), panel_x, tuple(tops), y,
                    notes_x=panel_x)


#: The strip under the table (``side=False``): the mover's hand on the left
#: (four cards), the notes on its right.
STRIP_HAND_W = 4 * HAND_CELL


def _strip_plan(game, lay, right, bottom, shown) -> Geometry:
    """The seats under the table: the mover's hand first, then any other face-up
    hand (small); a seat whose hand is hidden is left to the board's panel."""
    top = bottom + GAP
    y, tops, hand = top + LABEL_H, [], ()
    others = [s for s in range(game.players) if s != game.to_move and s in shown]
    for seat in [game.to_move, *others]:
        tops.append((seat, y))
        if seat not in shown:
            y += HIDDEN_H + GAP
            continue
        size = _hand_cell(game, seat)
        label = 0 if seat == game.to_move else LABEL_H
        if seat == game.to_move:
            hand = tuple((GAP + i * size, y, size, size) for i in range(len(game.hands[seat])))
        y += label + size + (UNDER_H if size == HAND_CELL else 0) + GAP
    notes_x = GAP + STRIP_HAND_W + GAP
    width = max(right, notes_x + 240)
    height = max(y, top + LABEL_H + NOTES_ROWS * NOTES_LINE_H + GAP)
    return Geometry(width, height, lay, hand, _pans(lay), GAP, tuple(tops), top + LABEL_H,
                    side=False, panel_top=top, notes_x=notes_x,
                    notes_width=width - notes_x - GAP)


def _hand_cell(game, seat) -> float:
    return HAND_CELL if seat == game.to_move else SMALL_CELL


def _pans(lay: Layout) -> dict:
    """The gutter strips along the edges where a cut table goes on."""
    if not lay.is_cut:
        return {}
    r0, c0, rows, cols = lay.extent
    sides = sides_beyond((lay.min_row, lay.min_row + lay.rows - 1),
                         (lay.min_col, lay.min_col + lay.cols - 1),
                         (r0, r0 + rows - 1), (c0, c0 + cols - 1))
    return edge_strips(lay.left, lay.top, lay.cols * lay.cell, lay.rows * lay.cell,
                       lay.cell * 0.5, sides)


#: Outline styles: (colour, dash, width). Dashes and widths differ too, so the
#: outlines never rely on colour alone (the card colours use the same palette).
OUTLINES = {"highlight": (HIGHLIGHT, (), 3), "pending": (HIGHLIGHT, (), 6),
            "good": (GOOD, (14, 6), 4), "error": (ERROR, (7, 5), 4)}


def draw_game(game, *, highlight=None, error_cells=None, good_cells=(), pending=None,
              ghost=None, selected=None, exchange=(), notes=(), seat_names=None, shown=None,
              open_hands: bool = False, box=None, centre=None, show_frontier=False,
              letters: bool = True, show_wilds: bool = True, coords: bool = True,
              margin: int = 1, cell: float = 72, title: str = "", side: bool = True,
              live: bool = False) -> Scene:
    """The game as a Scene: top line, table, and a side panel of seats and scores.

    ``side=False``: a narrower picture for a live board, whose own panel beside
    it lists the seats and scores: under the table one line (the seat to move
    and its score, the deck), the mover's hand with the notes on its right,
    and under that any other face-up hands.

    ``pending``: a Play (or its text) drawn on its cells before it is made, and
    its score or the rule it breaks in the panel; its cards leave an empty slot
    in the mover's hand. ``highlight``: cells outlined thin blue (default: the
    last play's). ``error_cells``: short-dashed vermillion (default: where an
    illegal pending play breaks a rule). ``good_cells``: long-dashed green.
    ``ghost``: a Play drawn faintly on empty cells with green dashes (a hint).
    ``selected``: index of the mover's hand card picked; ``exchange``: indices
    marked to swap. ``notes``: lines of text at the bottom of the panel.
    ``seat_names``: names per seat (default "Seat 1" ...: numbered from 1, as
    on the live boards and in the explorer; the engine's seat index counts from
    0). ``live``: drawn for a live board, whose shaded edges scroll when
    clicked (a printed picture only says the table goes on). ``shown``: seats whose
    hands are face up (default the seat to move; ``open_hands=True``: all).
    ``box`` and ``centre``: a fixed table area, see :func:`plan`.
    """
    pending = Play.parse(pending) if isinstance(pending, str) else pending
    ghost = Play.parse(ghost) if isinstance(ghost, str) else ghost
    table = dict(game.table)
    if pending is not None:
        table.update((c, card) for card, c in pending.placements)
    shown = set(range(game.players)) if open_hands else shown
    geo = plan(game, table=table, box=box, centre=centre, shown=shown, cell=cell,
               margin=margin, coords=coords, side=side)
    shown = {game.to_move} if shown is None else set(shown)
    why = game.explain(pending) if pending is not None and not game.is_over else None
    if error_cells is None:
        error_cells = why.cells if why is not None and not why.legal else ()
    size = TEXT_SIZE if side else NOTES_SIZE
    line_h = LINE_H if side else NOTES_LINE_H
    lines = _breakdown(why, geo.notes_width, size) + _wrap_notes(notes, geo.notes_width, size)
    if geo.pans:
        edges = ("Shaded edges: click to scroll." if live else
                 "Shaded edges: the table goes on beyond them.")
        lines += _wrap_notes([edges], geo.notes_width, size)
    height = max(geo.height, geo.notes_top + len(lines) * line_h + GAP)
    scene = Scene(geo.width, height, background=TABLE,
                  title=title or f"IOTA table, {len(game.table)} cards")
    names = list(seat_names or [f"Seat {i + 1}" for i in range(game.players)])
    # A wild in a legal pending play already shows what it would stand for.
    stands_for = ({} if not show_wilds else wild_stands_for(table) if why and why.legal
                  else game.wilds())
    _draw_table(scene, game, geo.table, table, pending, ghost, show_frontier, letters, stands_for,
                coords)
    if highlight is None:
        last = getattr(game, "last_play", None)
        highlight = () if pending else (last.cells if last else ())
    pending_cells = pending.cells if pending else ()
    ghost_cells = [c for c in ghost.cells if c not in table] if ghost else ()
    for cells, kind in ((highlight, "highlight"), (pending_cells, "pending"),
                        (tuple(good_cells) + tuple(ghost_cells), "good"), (error_cells, "error")):
        _outline(scene, geo.table, cells, kind)
    _draw_seats(scene, game, geo, names, shown, pending, selected, set(exchange), letters)
    for i, (text, style) in enumerate(lines):
        scene.text(geo.notes_x, geo.notes_top + (i + 0.5) * line_h, text, anchor="start",
                   **{**STYLES[style], **({} if side else {"size": size})})
    return scene


def _draw_table(scene, game, lay, table, pending, ghost, show_frontier, letters, stands_for,
                coords) -> None:
    _draw_pans(scene, lay)
    if coords:
        _draw_coords(scene, lay)
    if show_frontier:
        for r, c in frontier(game.table):
            if lay.shows(r, c):
                x, y, w, h = cell_box(lay, r, c)
                scene.rect(x + 4, y + 4, w - 8, h - 8, stroke="#999999", dash=(3, 4), radius=6)
    fresh = set(pending.cells) if pending else set()
    for (r, c), card in sorted(table.items()):
        if lay.shows(r, c):
            x, y, _, _ = cell_box(lay, r, c)
            draw_card(scene, card, x, y, lay.cell, letters=letters,
                      stands_for=stands_for.get((r, c)),
                      fill=PENDING_FILL if (r, c) in fresh else PAPER)
    for card, (r, c) in (ghost.placements if ghost else ()):
        if (r, c) not in table and lay.shows(r, c):
            x, y, _, _ = cell_box(lay, r, c)
            draw_card(scene, card, x, y, lay.cell, letters=letters, fill=GHOST_FILL)


def _outline(scene, lay, cells, kind) -> None:
    colour, dash, width = OUTLINES[kind]
    for r, c in cells:
        if lay.shows(r, c):
            x, y, w, h = cell_box(lay, r, c)
            scene.rect(x + 1.5, y + 1.5, w - 3, h - 3, stroke=colour, stroke_width=width,
                       radius=8, dash=dash)


def _draw_coords(scene: Scene, lay: Layout) -> None:
    size = max(14, lay.cell * 0.24)
    g = lay.cell * 0.5
    for i in range(lay.cols):
        x = lay.left + (i + 0.5) * lay.cell
        scene.text(x, lay.top - g / 2, lay.min_col + i, size=size, fill="#555555")
    for i in range(lay.rows):
        y = lay.top + (i + 0.5) * lay.cell
        scene.text(lay.left - g / 2, y, lay.min_row + i, size=size, fill="#555555")


def _draw_pans(scene: Scene, lay: Layout) -> None:
    """Shade the edges where a cut table goes on, with arrows between the coordinates."""
    for direction, (x, y, w, h) in _pans(lay).items():
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


def _draw_top(scene, game, names, x) -> None:
    """Whose turn it is and the deck; at the end, who won."""
    if game.is_over:
        best = max(game.scores)
        winners = [names[i] for i, s in enumerate(game.scores) if s == best]
        first, second = "Game over", (f"{winners[0]} wins: {best} points" if len(winners) == 1
                                      else f"A draw at {best} points")
    else:
        n = len(game.deck)
        first = f"{MARK} {names[game.to_move]} to move"
        second = f"Deck: {n} card{'s' if n != 1 else ''}"
    scene.text(x, GAP + TOP_H * 0.27, first, size=TITLE_SIZE, bold=True, anchor="start")
    scene.text(x, GAP + TOP_H * 0.75, second, size=TEXT_SIZE, anchor="start")


def _draw_seats(scene, game, geo, names, shown, pending, selected, exchange, letters) -> None:
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
            label = f"{MARK + ' ' if mover else ''}{names[seat]}: {game.scores[seat]} points"
            scene.text(geo.panel_x, top + LABEL_H / 2, label, size=TEXT_SIZE, bold=mover,
                       anchor="start")
            top += LABEL_H
        _draw_hand(scene, game, seat, geo.panel_x, top, seat in shown, used, selected,
                   exchange, letters)


def _draw_strip_top(scene, game, names, geo) -> None:
    """The strip's first line: the seat to move and its score, the deck (or who won)."""
    y = geo.panel_top + LABEL_H / 2
    if game.is_over:
        best = max(game.scores)
        winners = [names[i] for i, s in enumerate(game.scores) if s == best]
        text = (f"{winners[0]} wins: {best} points" if len(winners) == 1
                else f"A draw at {best} points")
        scene.text(geo.panel_x, y, "Game over", size=TITLE_SIZE, bold=True, anchor="start")
        scene.text(scene.width - GAP, y, text, size=TEXT_SIZE, anchor="end")
        return
    seat = game.to_move
    scene.text(geo.panel_x, y, f"{MARK} {names[seat]}: {game.scores[seat]} points",
               size=TITLE_SIZE, bold=True, anchor="start")
    n = len(game.deck)
    scene.text(scene.width - GAP, y, f"Deck: {n} card{'s' if n != 1 else ''}", size=TEXT_SIZE,
               anchor="end")


def _draw_hand(scene, game, seat, x, top, face_up, used, selected, exchange, letters) -> None:
    """One seat's hand from (x, top): the mover's large and marked, others small."""
    hand = game.hands[seat]
    if not face_up:
        scene.text(x, top + HIDDEN_H / 2, f"{len(hand)} card{'s' if len(hand) != 1 else ''}, "
                   "hidden", size=17, anchor="start", fill="#555555")
        return
    size = _hand_cell(game, seat)
    if not hand:
        scene.text(x, top + size / 2, "no cards", size=17, anchor="start")
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


def _under(scene, x, y, size, word) -> None:
    scene.text(x + size / 2, y + size + UNDER_H / 2, word, size=16, bold=True)


def _used_slots(game, pending) -> set:
    """Which slots of the mover's hand the pending play's cards came from."""
    if pending is None:
        return set()
    hand, used = game.hands[game.to_move], set()
    for card in pending.cards:
        i = next((i for i, c in enumerate(hand) if c == card and i not in used), None)
        if i is not None:
            used.add(i)
    return used


def _breakdown(why, width: float = PANEL_W - 2 * GAP, size: float = TEXT_SIZE) -> list:
    """The pending play's score as (text, style) lines: each line, each doubling, the total."""
    if why is None:
        return []
    if not why.legal:
        return [("Not allowed:", "bad_title")] + [(t, "bad") for t in _wrap(why.rule, width, size)]
    out = [(f"Pending play: {why.points} point{'s' if why.points != 1 else ''}", "title")]
    for line in why.lines:
        index = line.cells[0][0] if line.axis == 0 else line.cells[0][1]
        values = "+".join(str(VALUE[parse_card(t)]) for t in line.cards)
        lot = ", a lot" if line.is_lot else ""
        # Wrapped: a line of four with "a lot" ran past a narrow board's notes.
        out.extend((t, "text") for t in _wrap(
            f"{AXIS_NAMES[line.axis]} {index}: {values} = {line.points}{lot}", width, size))
    if why.doublings:
        out.append((f"lines {why.base}" + " x 2" * len(why.doublings) + f" = {why.points}", "text"))
    lots = iter(line for line in why.lines if line.is_lot)
    for reason in why.doublings:
        if reason.startswith("lot"):
            line = next(lots)
            index = line.cells[0][0] if line.axis == 0 else line.cells[0][1]
            reason = f"a lot: {AXIS_NAMES[line.axis]} {index}"
        out.extend((t, "text") for t in _wrap(f"x 2 for {reason}", width, size))
    if not why.lines:
        out.append(("a lone card scores 0", "text"))
    return out


def breakdown_lines(why) -> list:
    """A move's explanation as plain lines of text, as the panel shows a pending play's."""
    return [text for text, _ in _breakdown(why)]


def outline(scene: Scene, lay: Layout, cells, kind: str) -> None:
    """Outline ``cells`` of the table in one of :data:`OUTLINES`' styles."""
    _outline(scene, lay, cells, kind)


def _wrap(text: str, width: float = PANEL_W - 2 * GAP, size: float = TEXT_SIZE) -> list:
    # DejaVu Sans averages about 0.5 em per character in these texts (measured on
    # screenshots); 0.53 keeps a margin for lines of wide letters.
    return textwrap.wrap(text, int(width / (0.53 * size)),
                         break_on_hyphens=False, break_long_words=False) or [""]


STYLES = {"title": dict(size=TITLE_SIZE, bold=True),
          "bad_title": dict(size=TITLE_SIZE, bold=True, fill=BAD_TEXT),
          "text": dict(size=TEXT_SIZE), "bad": dict(size=TEXT_SIZE, fill=BAD_TEXT),
          "note": dict(size=TEXT_SIZE)}


def _wrap_notes(notes, width: float = PANEL_W - 2 * GAP, size: float = TEXT_SIZE) -> list:
    return [(t, "note") for note in notes for t in _wrap(note, width, size)]


def draw_card(scene: Scene, card: int, x: float, y: float, size: float, *, letters=True,
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


def _draw_shape(scene, shape, cx, cy, s, colour) -> None:
    style = {"fill": colour, "stroke": INK, "stroke_width": 1.5}
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


def draw_hand(cards, *, cell: float = 72, letters: bool = True, title: str = "hand") -> Scene:
    """A row of cards (ints or texts), e.g. a player's hand."""
    cards = [TEXT.index(c) if isinstance(c, str) else c for c in cards]
    scene = Scene(max(1, len(cards)) * cell + cell * 0.2, cell * 1.1, background=TABLE, title=title)
    for i, card in enumerate(cards):
        draw_card(scene, card, cell * 0.1 + i * cell, cell * 0.05, cell, letters=letters)
    return scene


def text_board(game) -> str:
    """A plain-text board: header, table grid with coordinates, the mover's hand."""
    table = game.table
    rows = [r for r, _ in table]
    cols = [c for _, c in table]
    head = (f"IOTA, {game.players} player{'s' if game.players > 1 else ''}; scores "
            + ", ".join(f"seat {i}: {s}" for i, s in enumerate(game.scores))
            + f"; deck {len(game.deck)} cards; "
            + ("game over" if game.is_over else f"seat {game.to_move} to move"))
    lines = [head, "      " + "".join(f"{c:>5}" for c in range(min(cols), max(cols) + 1))]
    for r in range(min(rows), max(rows) + 1):
        cells = "".join(f"{TEXT[table[(r, c)]] if (r, c) in table else '.':>5}"
                        for c in range(min(cols), max(cols) + 1))
        lines.append(f"{r:>6}{cells}")
    lines.append(f"seat {game.to_move} hand: " + (" ".join(game.hand) or "(empty)"))
    for (r, c), text in sorted(game.wilds().items()):
        lines.append(f"the wild at ({r},{c}) can stand for {text}")
    return "\n".join(lines)
