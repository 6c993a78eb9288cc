"""Where things are in an IOTA picture: the table's cells, the hands, the edges that scroll.

:func:`layout` places the whole table at a fixed cell size; :func:`fit_layout`
fits it in a box, cutting it to a window below a minimum cell size.
:func:`cell_box` and :func:`cell_at` go from a cell to its pixels and back.
:func:`plan` is the geometry of a whole picture (:class:`Geometry`): the
table's :class:`Layout`, the boxes of the mover's hand cards, the strips that
scroll a cut table and where the notes go. A live board maps its clicks with
it, and :func:`kit.iota.draw.draw` draws into it.

Not covered: drawing anything (``draw.py``), the text board (``text.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from kit.iota.cards import Cell as Cell   # re-exported: the layout's cells
from kit.scene import centre, inside
from kit.window import edge_strips, sides_beyond, strip_at, window_start

Box = tuple[float, float, float, float]      # x, y, width, height
Point = tuple[float, float]
Extent = tuple[int, int, int, int]           # min_row, min_col, rows, cols

TOP_H = 72                 # the panel's top: whose turn, the deck (or who won)
PANEL_W = 340              # the side panel
HAND_CELL = 72             # the mover's hand
SMALL_CELL = 46            # the other hands
LABEL_H = 30               # a seat's name and score
HIDDEN_H = 22              # "4 cards, hidden" under it
UNDER_H = 24               # the words under a marked hand card ("swap", "on table")
GAP = 12
NOTES_LINE_H = 24          # a line of notes in the strip under the table
# [decision] Six lines, not seven (issue 30): a live board's exercise, its task above
# it, must fit Lab's notebook panel at 1366 x 768 (647 px); six hold a small play's
# score and the hint's words under it, and a longer explanation grows the picture.
NOTES_ROWS = 6             # lines the strip under the table keeps room for
#: The strip under the table (``side=False``): the mover's hand on the left
#: (four cards), the notes on its right.
STRIP_HAND_W = 4 * HAND_CELL
#: A live board's table box (x, y, width, height), and its cards' largest and smallest
#: size; a lesson's picture of a position is drawn the same (``kit.lessons.iota.pictures``).
#: 360 px high, not 400 (issue 30: with the notes' six lines the picture is 558 px, and
#: an exercise with two lines of task fits the 647 px panel); a cut table's window
#: shows 11 x 6 cells of 48 px (it showed 11 x 7).
LIVE_TABLE_BOX: Box = (0, 0, 580, 360)
LIVE_MAX_CELL = 96
LIVE_MIN_CELL = 48


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
    extent: Extent | tuple[()] = ()

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

    @property
    def shown_span(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The rows and the columns (first, last) this layout draws."""
        return ((self.min_row, self.min_row + self.rows - 1),
                (self.min_col, self.min_col + self.cols - 1))


def extent(table: Iterable[Cell], margin: int) -> Extent:
    """(min_row, min_col, rows, cols) of the table's cells with ``margin`` cells round them."""
    cells = list(table)
    rows = [r for r, _ in cells] or [0]
    cols = [c for _, c in cells] or [0]
    return (min(rows) - margin, min(cols) - margin,
            max(rows) - min(rows) + 1 + 2 * margin, max(cols) - min(cols) + 1 + 2 * margin)


def _table_of(game_or_table: Any) -> Mapping[Cell, int]:
    table: Mapping[Cell, int] = getattr(game_or_table, "table", game_or_table)
    return table


def layout(game_or_table: Any, *, margin: int = 1, cell: float = 72, coords: bool = True,
           origin: Point = (0, 0)) -> Layout:
    """The whole table of this game (or table dict) at ``cell`` pixels a cell."""
    whole = extent(_table_of(game_or_table), margin)
    gutter = cell * 0.5 if coords else cell * 0.25
    return Layout(*whole, cell, origin[0] + gutter, origin[1] + gutter, whole)


def fit_layout(table: Iterable[Cell], box: Box, *, centre: Point | None = None,
               margin: int = 1, max_cell: float = 72, min_cell: float = 48) -> Layout:
    """A layout inside ``box`` (x, y, w, h): cells as large as fit, up to ``max_cell``.

    Below ``min_cell`` the cells stay at ``min_cell`` and only a window of the
    table is drawn, centred on ``centre`` (row, col) as far as the table allows.
    """
    x0, y0, w, h = box
    r0, c0, rows, cols = whole = extent(table, margin)
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
    return Layout(top_row, left_col, vis_rows, vis_cols, cell, left, top, whole)


def _as_layout(obj: Any) -> Layout:
    return obj if isinstance(obj, Layout) else layout(obj)


def cell_box(lay: Any, cell: Cell) -> Box:
    """(x, y, width, height) of ``cell`` (row, col) in the picture of ``lay`` (or a game)."""
    lay = _as_layout(lay)
    row, col = cell
    return (lay.left + (col - lay.min_col) * lay.cell, lay.top + (row - lay.min_row) * lay.cell,
            lay.cell, lay.cell)


def cell_at(lay: Any, x: float, y: float) -> Cell | None:
    """The (row, col) under pixel (x, y) of ``lay`` (or a game), or None outside the cells."""
    lay = _as_layout(lay)
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
    (``notes_x``, ``notes_top``) and wrap at ``notes_width``. ``shown``: the
    seats whose hands are face up; ``coords``: the table has its row and
    column numbers.
    """

    width: float
    height: float
    table: Layout
    hand: tuple[Box, ...]   # each card of the mover's hand, in hand order
    pans: dict[str, Box]    # "up"/"down"/"left"/"right" -> the strip that scrolls a cut table
    panel_x: float
    seat_tops: tuple[tuple[int, float], ...]
    notes_top: float
    side: bool = True
    panel_top: float = 0
    notes_x: float = 0
    notes_width: float = PANEL_W - 2 * GAP
    shown: frozenset[int] = frozenset()
    coords: bool = True

    def hand_at(self, x: float, y: float) -> int | None:
        """The index of the mover's hand card under (x, y), or None."""
        return next((i for i, box in enumerate(self.hand) if inside(box, x, y)), None)

    def pan_at(self, x: float, y: float) -> str | None:
        """The scroll direction whose strip is under (x, y), or None."""
        found: str | None = strip_at(self.pans, x, y)
        return found

    def hand_point(self, i: int) -> Point:
        return centre(self.hand[i])


def plan(game: Any, *, table: Mapping[Cell, int] | None = None, box: Box | None = None,
         centre: Point | None = None, shown: Iterable[int] | None = None, cell: float = 72,
         min_cell: float = 48, margin: int = 1, coords: bool = True,
         side: bool = True, notes_rows: int = NOTES_ROWS) -> Geometry:
    """The geometry of :func:`kit.iota.draw.draw`'s picture.

    ``table``: the cards to make room for (default the game's; a pending play
    adds its own). ``box`` (x, y, w, h): a fixed area for the table, which is
    then scaled to fit and cut below ``min_cell`` (see :func:`fit_layout`);
    without it the whole table is drawn at ``cell``. ``shown``: the seats whose
    hands are face up (default the seat to move). ``side=False``: the seats in
    a strip under the table instead of a panel beside it, keeping room for
    ``notes_rows`` lines of notes (a picture with none to show keeps none).
    """
    table = game.table if table is None else table
    if box is None:
        lay = layout(table, margin=margin, cell=cell, coords=coords)
        right, bottom = lay.width, lay.height
    else:
        lay = fit_layout(table, box, centre=centre, margin=margin, max_cell=cell,
                         min_cell=min_cell)
        right, bottom = box[0] + box[2], box[1] + box[3]
    faces = frozenset({game.to_move} if shown is None else shown)
    if side:
        return _side_plan(game, lay, right, bottom, faces, coords)
    return _strip_plan(game, lay, right, bottom, faces, coords, notes_rows)


def _side_plan(game: Any, lay: Layout, right: float, bottom: float, shown: frozenset[int],
               coords: bool) -> Geometry:
    panel_x = right + GAP
    y: float = GAP + TOP_H
    tops: list[tuple[int, float]] = []
    hand: tuple[Box, ...] = ()
    for seat in range(game.players):
        tops.append((seat, y))
        if seat not in shown:
            y += LABEL_H + HIDDEN_H + GAP
            continue
        size = hand_cell(game, seat)
        if seat == game.to_move:
            hand = tuple((panel_x + i * size, y + LABEL_H, size, size)
                         for i in range(len(game.hands[seat])))
        y += LABEL_H + size + (UNDER_H if size == HAND_CELL else 0) + GAP
    height = max(lay.height, y, bottom)
    return Geometry(panel_x + PANEL_W, height, lay, hand, pans(lay), panel_x, tuple(tops), y,
                    notes_x=panel_x, shown=shown, coords=coords)


def _strip_plan(game: Any, lay: Layout, right: float, bottom: float, shown: frozenset[int],
                coords: bool, notes_rows: int = NOTES_ROWS) -> Geometry:
    """The seats under the table: the mover's hand first, then any other face-up
    hand (small); a seat whose hand is hidden is left to the board's panel."""
    top = bottom + GAP
    y: float = top + LABEL_H
    tops: list[tuple[int, float]] = []
    hand: tuple[Box, ...] = ()
    others = [s for s in range(game.players) if s != game.to_move and s in shown]
    for seat in [game.to_move, *others]:
        tops.append((seat, y))
        if seat not in shown:
            y += HIDDEN_H + GAP
            continue
        size = hand_cell(game, seat)
        label = 0 if seat == game.to_move else LABEL_H
        if seat == game.to_move:
            hand = tuple((GAP + i * size, y, size, size) for i in range(len(game.hands[seat])))
        y += label + size + (UNDER_H if size == HAND_CELL else 0) + GAP
    notes_x = GAP + STRIP_HAND_W + GAP
    width = max(right, notes_x + 240)
    height = max(y, top + LABEL_H + notes_rows * NOTES_LINE_H + GAP)
    return Geometry(width, height, lay, hand, pans(lay), GAP, tuple(tops), top + LABEL_H,
                    side=False, panel_top=top, notes_x=notes_x,
                    notes_width=width - notes_x - GAP, shown=shown, coords=coords)


def hand_cell(game: Any, seat: int) -> float:
    """The size of a hand card: large for the seat to move, small for the others."""
    return HAND_CELL if seat == game.to_move else SMALL_CELL


def pans(lay: Layout) -> dict[str, Box]:
    """The gutter strips along the edges where a cut table goes on."""
    if not lay.is_cut:
        return {}
    r0, c0, rows, cols = lay.extent  # type: ignore[misc]   # a cut layout has its extent
    rows_shown, cols_shown = lay.shown_span
    sides = sides_beyond(rows_shown, cols_shown, (r0, r0 + rows - 1), (c0, c0 + cols - 1))
    strips: dict[str, Box] = edge_strips(lay.left, lay.top, lay.cols * lay.cell,
                                         lay.rows * lay.cell, lay.cell * 0.5, sides)
    return strips
