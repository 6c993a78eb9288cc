"""Smartrix geometry: where the table, its cells and the hand sit in a picture.

:func:`layout` gives a :class:`Layout` (the drawn rows and columns, the cell
size, where the side column or, on a live board, the hand under the table
goes); :func:`cell_box`, :func:`cell_at`, :func:`hand_box` and :func:`hand_at`
turn cells and hand cards into boxes and points back into them, consistent with
:func:`kit.smartrix.draw.draw`, which a live board's clicks rely on; :func:`pans`
and :func:`pan_at` are a live board's shaded edges. :func:`legal_cells` and
:func:`fitting_cells` say which cells a card may go to (the "+" marks). The
drawn region also depends on what the last moves collected
(:func:`recent_moves`), which stay drawn faded where they lay.

Not covered: drawing (``draw.py``), the canvas (``kit.canvas``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kit.scene import inside
from kit.smartrix.cards import ORIENTATIONS, Card, parse_card
from kit.smartrix.moves import Move
from kit.smartrix.table import Cell, bounds, candidate_cells, constraint_at, window_cells
from kit.window import edge_strips, sides_beyond, strip_at, window_start

# The game as a Protocol, not the rules' Game: the rules import this module.
from kit.smartrix.view import GameView as Game

#: (x, y, width, height) in scene points.
Box = tuple[float, float, float, float]
#: What one of the last moves did: (move, seat, {cell: card} it took off the
#: table and is still empty, points).
Effect = tuple[Move, int, dict[Cell, Card], int]

CELL = 96          # pixels per table cell, at most
MIN_CELL = 44      # a long children's table shrinks its cells down to this
TABLE_MAX = 580    # the table's width and height stop growing here (cells shrink)
INSET = 5          # gap between a card and its cell's edge
MARGIN = 44        # room for the row and column numbers
HAND_CARD = 80     # the hand of the seat to move
HAND_GAP = 10
HAND_PER_ROW = 4
SIDE_GAP = 40      # between the table and the side column
SIDE_WIDTH = 4 * (HAND_CARD + HAND_GAP) + 40
SEAT_ROW = 30
SEATS_TOP = 126    # y of the first seat line
# A live board (``draw(live=True)``): one fixed 590 px wide picture, so that it and the
# board's 336 px panel fit a 934 px JupyterLab output (1366 x 768, file browser open) at
# full size. The table keeps a 330 px high box; its cards never shrink below
# LIVE_MIN_CELL (a card 42 px wide: a 13 x 13 table was drawn with cards about 22 px wide
# on screen); a bigger table shows a window of its cells, and shaded edges pan it, as
# IOTA's board does.
# [decision] Where the hand goes (issue 30): beside the table, in two columns, while the
# whole table fits the narrower box that leaves (LIVE_BESIDE_WIDE) with cards of at least
# LIVE_BESIDE_CELL (a 56 px card, its spots 12 px); else under the table in one row of up
# to LIVE_PER_ROW cards. With the hand always under the table, an exercise's board was
# 620-710 px tall in Lab's 647 px notebook panel at 1366 x 768: the hand, Check and the
# verdict were below the fold. Beside, the picture is the table's box and a few lines of
# words (about 480 px); every exercise's table is at most 5 x 5 and goes beside. Smaller
# table cells instead would have put the spots under 12 px, unreadable from the back of
# a classroom.
LIVE_WIDTH = 590
LIVE_TABLE_H = 330
LIVE_MIN_CELL = 52
EDGE = 22          # the shaded strip along a side where the table goes on
LIVE_PER_ROW = 8
LIVE_HAND_UNDER = 64     # a hand card under the table (8 in a row: its spots 13 px)
LIVE_HAND_BESIDE = 72    # a hand card beside the table (2 in a row)
LIVE_HAND_GAP = 8
LIVE_BESIDE_CELL = 66
# The hand's two columns, right of the table's right shaded edge, and their gap to it.
LIVE_HAND_COLUMN = 8 + 2 * (LIVE_HAND_BESIDE + LIVE_HAND_GAP)
LIVE_BESIDE_WIDE = LIVE_WIDTH - (MARGIN + EDGE) - EDGE - LIVE_HAND_COLUMN


@dataclass(frozen=True)
class Layout:
    """Where things sit: table rows r0..r1, cols c0..c1 at ``cell`` pixels,
    its top-left corner at (left, top); the side column at x = ``side``."""

    r0: int
    r1: int
    c0: int
    c1: int
    cell: int = CELL
    left: int = MARGIN
    top: int = MARGIN
    players: int = 2
    live: bool = False
    extent: tuple[int, int, int, int] | tuple[()] = ()   # live: (r0, r1, c0, c1) of the whole table this window is of
    beside: bool = False   # live: the hand beside the table, not under it

    @property
    def is_cut(self) -> bool:
        """A live board's window shows only part of the table."""
        return bool(self.extent) and self.extent != (self.r0, self.r1, self.c0, self.c1)

    def shows(self, cell: Cell) -> bool:
        return self.r0 <= cell[0] <= self.r1 and self.c0 <= cell[1] <= self.c1

    @property
    def per_row(self) -> int:
        return (2 if self.beside else LIVE_PER_ROW) if self.live else HAND_PER_ROW

    @property
    def hand_card(self) -> int:
        """A hand card's size."""
        if not self.live:
            return HAND_CARD
        return LIVE_HAND_BESIDE if self.beside else LIVE_HAND_UNDER

    @property
    def hand_gap(self) -> int:
        return LIVE_HAND_GAP if self.live else HAND_GAP

    @property
    def table_right(self) -> int:
        return self.left + (self.c1 - self.c0 + 1) * self.cell

    @property
    def table_height(self) -> int:
        """y of the table's bottom edge."""
        return self.top + (self.r1 - self.r0 + 1) * self.cell

    @property
    def side(self) -> int:
        """x of the hand: the side column, or on a live board beside the table (right
        of its shaded edge) or under it."""
        if self.live:
            return self.table_right + EDGE + 8 if self.beside else 8
        return self.table_right + SIDE_GAP

    @property
    def width(self) -> int:
        return LIVE_WIDTH if self.live else self.side + SIDE_WIDTH

    @property
    def hand_top(self) -> int:
        """y of the first row of the hand of the seat to move."""
        if self.live:
            # Beside: level with the table, its label in the top margin above it.
            return self.top if self.beside else self.top + LIVE_TABLE_H + EDGE + 30
        return SEATS_TOP + self.players * SEAT_ROW + 40


def recent_moves(game: Game, recent: int) -> list[Effect]:
    """The effects of the last ``recent`` moves, oldest first, as
    (move, seat, {cell: card} it took off the table and is still empty, points)."""
    moves = game.history[len(game.history) - min(recent, len(game.history)):]
    if not moves:
        return []
    g = game.copy()
    for _ in moves:
        g.undo()
    out: list[Effect] = []
    for move in moves:
        seat, before = g.to_move, dict(g.table)
        points = g.play(move)
        taken = {c: v for c, v in before.items() if c not in g.table and c not in game.table}
        if move.kind == "place" and move.cell not in g.table and move.cell not in game.table:
            taken[move.cell] = move.card  # placed and collected with its set
        out.append((move, seat, taken, points))
    return out


def layout(game: Game, *, recent: int = 1, show: Iterable[Cell] = (), max_cell: int = CELL,
           max_table: int = TABLE_MAX, live: bool = False,
           centre: tuple[float, float] | None = None) -> Layout:
    """The drawn region: the table, the cells where a card may go next, the
    cards the last ``recent`` moves collected, and the cells ``show``; cells
    of at most ``max_cell`` pixels, shrinking past ``max_table`` pixels.
    ``live``: a live board's fixed picture (a window of a big table, centred
    on ``centre`` (row, col) as far as the table allows)."""
    return layout_of(game, recent_moves(game, recent), show, max_cell, max_table, live, centre)


def layout_of(game: Game, recent: list[Effect], show: Iterable[Cell] = (), max_cell: int = CELL,
              max_table: int = TABLE_MAX, live: bool = False,
              centre: tuple[float, float] | None = None) -> Layout:
    """:func:`layout` given the last moves' effects (:func:`recent_moves`), which
    :func:`kit.smartrix.draw.draw` computes once for the layout and the picture."""
    grid = game.table
    ghosts = [c for *_, taken, _ in recent for c in taken] + list(show)
    if not grid:
        r0, r1, c0, c1 = bounds(ghosts + [(0, 0)])
    else:
        r0, r1, c0, c1 = bounds(grid)
        r0, r1, c0, c1 = r0 - 1, r1 + 1, c0 - 1, c1 + 1
        # The window stops the table growing past its edge where it is enforced
        # (not on the free table, where a card outside it is a mistake to challenge).
        box = window_cells(grid, game.window) if game.auto_collect else None
        if box is not None:
            r0, r1, c0, c1 = max(r0, box[0]), min(r1, box[1]), max(c0, box[2]), min(c1, box[3])
        if ghosts:
            g0, g1, h0, h1 = bounds(ghosts)
            r0, r1, c0, c1 = min(r0, g0), max(r1, g1), min(c0, h0), max(c1, h1)
    rows, cols = r1 - r0 + 1, c1 - c0 + 1
    if live:
        return _window(game, (r0, r1, c0, c1), max_cell, centre)
    cell = max(MIN_CELL, min(max_cell, max_table // rows, max_table // cols))
    return Layout(r0, r1, c0, c1, cell=cell, players=game.players)


def _window(game: Game, extent: tuple[int, int, int, int], max_cell: int,
            centre: tuple[float, float] | None) -> Layout:
    """A live board's table: as big as fits its box, never under LIVE_MIN_CELL;
    past that a window of the table centred on ``centre``."""
    r0, r1, c0, c1 = extent
    rows, cols = r1 - r0 + 1, c1 - c0 + 1
    left, top = MARGIN + EDGE, 30 + EDGE
    wide, high = LIVE_WIDTH - left - EDGE - 4, LIVE_TABLE_H
    # Beside: a table that fits the narrower box whole at readable cells, or any table
    # of an enforced window that size (every exercise's 5 x 5). Its extent is a column
    # wider at times (a free column either side, the cards a move collected): those six
    # columns are drawn whole with smaller cells (55 px, as the hand under the table
    # drew a six-row table), not windowed, which hid the card Show me had just played,
    # nor with the hand jumping under the table on the move that shows the verdict.
    size = game.window if game.auto_collect else None
    small_window = size is not None and size * LIVE_BESIDE_CELL <= min(LIVE_BESIDE_WIDE, high)
    beside = min(max_cell, LIVE_BESIDE_WIDE // cols, high // rows) >= LIVE_BESIDE_CELL or (
        size is not None and small_window and cols <= size + 1 and rows <= size + 1)
    least = LIVE_MIN_CELL
    if beside:
        wide, least = LIVE_BESIDE_WIDE, min(LIVE_BESIDE_CELL, LIVE_BESIDE_WIDE // cols, high // rows)
    cell = max(least, min(max_cell, wide // cols, high // rows))
    vis_rows, vis_cols = min(rows, high // cell), min(cols, wide // cell)
    cr, cc = centre if centre is not None else ((r0 + r1) / 2, (c0 + c1) / 2)
    top_row = window_start(cr, vis_rows, r0, r1)
    left_col = window_start(cc, vis_cols, c0, c1)
    return Layout(top_row, top_row + vis_rows - 1, left_col, left_col + vis_cols - 1,
                  cell=cell, left=left, top=top, players=game.players, live=True,
                  extent=extent, beside=beside)


def pans(lay: Layout) -> dict[str, Box]:
    """The shaded strips along the sides where a live board's table goes on:
    direction -> (x, y, w, h)."""
    if not lay.extent or not lay.is_cut:
        return {}
    r0, r1, c0, c1 = lay.extent
    sides = sides_beyond((lay.r0, lay.r1), (lay.c0, lay.c1), (r0, r1), (c0, c1))
    return edge_strips(lay.left, lay.top, lay.table_right - lay.left,
                       lay.table_height - lay.top, EDGE, sides)


def pan_at(lay: Layout, x: float, y: float) -> str | None:
    """The direction whose shaded strip is under (x, y), or None."""
    return strip_at(pans(lay), x, y)


def _as_layout(obj: Layout | Game) -> Layout:
    return obj if isinstance(obj, Layout) else layout(obj)


def cell_box(obj: Layout | Game, cell: Cell) -> Box:
    """(x, y, width, height) of ``cell`` in the picture of a game (or Layout)."""
    lay = _as_layout(obj)
    r, c = cell
    return (lay.left + (c - lay.c0) * lay.cell, lay.top + (r - lay.r0) * lay.cell,
            lay.cell, lay.cell)


def cell_at(obj: Layout | Game, x: float, y: float) -> Cell | None:
    """The table cell under point (x, y), or None outside the drawn table."""
    lay = _as_layout(obj)
    col = (x - lay.left) // lay.cell
    row = (y - lay.top) // lay.cell
    if not (0 <= col <= lay.c1 - lay.c0 and 0 <= row <= lay.r1 - lay.r0):
        return None
    return (int(row) + lay.r0, int(col) + lay.c0)


def hand_box(obj: Layout | Game, i: int) -> Box:
    """(x, y, size, size) of card ``i`` of the hand of the seat to move."""
    lay = _as_layout(obj)
    step = lay.hand_card + lay.hand_gap
    return (lay.side + (i % lay.per_row) * step, lay.hand_top + (i // lay.per_row) * step,
            lay.hand_card, lay.hand_card)


def hand_at(obj: Layout | Game, x: float, y: float, size: int) -> int | None:
    """The index of the hand card (of a hand of ``size`` cards) under (x, y), or None."""
    return next((i for i in range(size) if inside(hand_box(obj, i), x, y)), None)


def legal_cells(game: Game, card: str | Card) -> list[Cell]:
    """The cells where ``card`` (text or int, any orientation) may be placed now."""
    card = parse_card(card) if isinstance(card, str) else card
    return sorted({c for o in ORIENTATIONS[card] for c in fitting_cells(game, o)})


def fitting_cells(game: Game, card: str | Card) -> list[Cell]:
    """The cells where ``card`` may be placed now as it lies (this orientation).
    In free-table mode every empty cell touching the table (nothing else is
    enforced there)."""
    card = parse_card(card) if isinstance(card, str) else card
    grid = game.table
    if not game.auto_collect:
        return candidate_cells(grid, None)
    out = []
    for cell in candidate_cells(grid, game.window):
        need = constraint_at(grid, cell)
        if need and card & need[0] == need[1]:
            out.append(cell)
    return out

