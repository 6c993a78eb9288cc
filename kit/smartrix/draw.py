"""Smartrix pictures: a position as a :class:`kit.scene.Scene`.

Each card is a 3 x 3 square: the 8 ring boxes (a filled circle for a spot,
blank for an empty box) around its value. Row and column numbers frame the
table so students can type moves. In the 5 x 5 window game a dashed outline
marks the cells where a card may still go (exactly the 5 x 5 window once the
table spans 5 rows and 5 columns).

Highlights (keyword options of :func:`draw`):
- ``move``: a move or its text; if illegal, the mismatched boxes are ringed in
  red on both cards and cards outside the window outlined in red; if legal,
  the card is shown in place and the set(s) it completes outlined in green;
- ``legal_for``: a card text; the cells where it fits (any orientation) are
  outlined in blue;
- ``sets``: cells to outline in green (e.g. a set to claim);
- ``hand``: a seat whose hand is drawn below the table.

:func:`layout`, :func:`cell_at` and :func:`cell_box` give the geometry a live
board needs: pixel -> cell and cell -> pixel box, consistent with the picture.
Not covered: animation, the canvas itself (``kit.canvas``).
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.scene import ERROR, GOOD, HIGHLIGHT, INK, OKABE_ITO, PAPER, TABLE, Scene
from kit.smartrix.cards import BOX_GRID, ORIENTATIONS, TEXT, VALUE, parse_card
from kit.smartrix.table import bounds, candidate_cells, constraint_at, window_cells

CELL = 96          # pixels per table cell
INSET = 5          # gap between a card and its cell's edge
MARGIN = 44        # room for the row and column numbers
SPOT = OKABE_ITO["blue"]
LABEL_SIZE = 18
VALUE_SIZE = 30


@dataclass(frozen=True)
class Layout:
    """Where the table sits in the picture: rows r0..r1, cols c0..c1."""

    r0: int
    r1: int
    c0: int
    c1: int
    cell: int = CELL
    left: int = MARGIN
    top: int = MARGIN

    @property
    def width(self) -> int:
        return self.left + (self.c1 - self.c0 + 1) * self.cell + MARGIN // 2

    @property
    def table_height(self) -> int:
        return self.top + (self.r1 - self.r0 + 1) * self.cell


def layout(game) -> Layout:
    """The drawn region: the cells a card may still go to, and the table."""
    grid = game._grid
    if not grid:
        return Layout(-2, 2, -2, 2)
    r0, r1, c0, c1 = bounds(grid)
    box = window_cells(grid, game.window)
    if box is not None:
        return Layout(min(r0, box[0]), max(r1, box[1]), min(c0, box[2]), max(c1, box[3]))
    return Layout(r0 - 1, r1 + 1, c0 - 1, c1 + 1)


def _as_layout(obj) -> Layout:
    return obj if isinstance(obj, Layout) else layout(obj)


def cell_box(obj, cell):
    """(x, y, width, height) of ``cell`` in the picture of a game (or Layout)."""
    lay = _as_layout(obj)
    r, c = cell
    return (lay.left + (c - lay.c0) * lay.cell, lay.top + (r - lay.r0) * lay.cell,
            lay.cell, lay.cell)


def cell_at(obj, x, y):
    """The table cell under pixel (x, y), or None outside the drawn table."""
    lay = _as_layout(obj)
    col = (x - lay.left) // lay.cell
    row = (y - lay.top) // lay.cell
    if not (0 <= col <= lay.c1 - lay.c0 and 0 <= row <= lay.r1 - lay.r0):
        return None
    return (int(row) + lay.r0, int(col) + lay.c0)


def draw_card(scene, card: int, x, y, size, *, border=INK, border_width=2.0, dash=()):
    """One card with its top-left corner at (x, y)."""
    scene.rect(x, y, size, size, fill=PAPER, stroke=border, stroke_width=border_width,
               radius=size * 0.07, dash=dash)
    step = size / 3
    for box, (br, bc) in enumerate(BOX_GRID):
        if card >> box & 1:
            scene.circle(x + (bc + 0.5) * step, y + (br + 0.5) * step, step * 0.32, fill=SPOT)
    scene.text(x + size / 2, y + size / 2, str(VALUE[card]), size=size * VALUE_SIZE / 86,
               bold=True)


def _box_centre(lay, cell, box):
    x, y, w, _ = cell_box(lay, cell)
    step = (w - 2 * INSET) / 3
    br, bc = BOX_GRID[box]
    return x + INSET + (bc + 0.5) * step, y + INSET + (br + 0.5) * step, step


def _frame(scene, lay):
    for r in range(lay.r0, lay.r1 + 1):
        x, y, w, h = cell_box(lay, (r, lay.c0))
        scene.text(lay.left / 2, y + h / 2, str(r), size=LABEL_SIZE)
    for c in range(lay.c0, lay.c1 + 1):
        x, y, w, h = cell_box(lay, (lay.r0, c))
        scene.text(x + w / 2, lay.top / 2, str(c), size=LABEL_SIZE)
    x, y, _, _ = cell_box(lay, (lay.r0, lay.c0))
    cols, rows = lay.c1 - lay.c0 + 1, lay.r1 - lay.r0 + 1
    scene.rect(x, y, cols * lay.cell, rows * lay.cell, fill=TABLE)
    for k in range(1, cols):
        scene.line(x + k * lay.cell, y, x + k * lay.cell, y + rows * lay.cell,
                   stroke="#DDD8C8")
    for k in range(1, rows):
        scene.line(x, y + k * lay.cell, x + cols * lay.cell, y + k * lay.cell,
                   stroke="#DDD8C8")


def _window_outline(scene, game, lay):
    box = window_cells(game._grid, game.window)
    if box is None:
        return
    x0, y0, _, _ = cell_box(lay, (box[0], box[2]))
    x1, y1, w, h = cell_box(lay, (box[1], box[3]))
    scene.rect(x0 + 1, y0 + 1, x1 + w - x0 - 2, y1 + h - y0 - 2, stroke=INK,
               stroke_width=3, dash=(10, 6))


def _outline(scene, lay, cells, colour, width=5.0, dash=()):
    for cell in cells:
        x, y, w, h = cell_box(lay, cell)
        scene.rect(x + 2, y + 2, w - 4, h - 4, stroke=colour, stroke_width=width, dash=dash)


def legal_cells(game, card) -> list:
    """The cells where ``card`` (text or int, any orientation) may be placed now."""
    card = parse_card(card) if isinstance(card, str) else card
    out = []
    for cell in candidate_cells(game._grid, game.window if game.auto_collect else None):
        need = constraint_at(game._grid, cell) if game.auto_collect else (0, 0)
        if need and any(o & need[0] == need[1] for o in ORIENTATIONS[card]):
            out.append(cell)
    return out


def draw(game, *, move=None, legal_for=None, sets=(), hand=None) -> Scene:
    """The position as a Scene, with the optional highlights above."""
    lay = layout(game)
    exp = game.explain(move) if move is not None else None
    height = lay.table_height + MARGIN // 2
    if hand is not None:
        height += 40 + CELL * 0.8
    scene = Scene(lay.width, height, title=_title(game, exp))
    _frame(scene, lay)
    _window_outline(scene, game, lay)
    size = lay.cell - 2 * INSET
    for cell, card in sorted(game._grid.items()):
        x, y, _, _ = cell_box(lay, cell)
        draw_card(scene, card, x + INSET, y + INSET, size)
    if exp is not None:
        _draw_explanation(scene, lay, exp, size)
    if legal_for is not None:
        _outline(scene, lay, legal_cells(game, legal_for), HIGHLIGHT, 4, (8, 5))
    _outline(scene, lay, [c for s in sets for c in (s if isinstance(s[0], tuple) else [s])], GOOD)
    if hand is not None:
        _draw_hand(scene, game, hand, lay.table_height + MARGIN // 2)
    return scene


def _draw_explanation(scene, lay, exp, size):
    m = exp.move
    if m.kind == "place" and m.cell is not None:
        x, y, _, _ = cell_box(lay, m.cell)
        draw_card(scene, m.card, x + INSET, y + INSET, size,
                  border=HIGHLIGHT if exp.legal else ERROR, border_width=4, dash=(6, 4))
    for cell, box in {p for pair in exp.mismatches for p in pair}:
        cx, cy, step = _box_centre(lay, cell, box)
        scene.rect(cx - step / 2 + 1, cy - step / 2 + 1, step - 2, step - 2, stroke=ERROR,
                   stroke_width=4)
    _outline(scene, lay, exp.outside, ERROR)
    if exp.legal:
        _outline(scene, lay, [c for s in exp.sets for c in s], GOOD)
        if m.kind in ("claim", "challenge"):
            _outline(scene, lay, m.cells, GOOD if m.kind == "claim" else ERROR)


def _draw_hand(scene, game, seat, top):
    size = CELL * 0.8
    scene.text(MARGIN, top + 16, f"Player {seat}'s hand", size=LABEL_SIZE, anchor="start")
    for i, card in enumerate(game._hands[seat]):
        draw_card(scene, card, MARGIN + i * (size + 10), top + 34, size)
    scene.width = max(scene.width, MARGIN + len(game._hands[seat]) * (size + 10) + 10)


def _title(game, exp) -> str:
    head = (f"Smartrix table, {len(game._grid)} cards; player {game.to_move} to move"
            if not game.is_over else f"Smartrix, game over, scores {game.scores}")
    cards = "; ".join(f"({r},{c}) {TEXT[v]}" for (r, c), v in sorted(game._grid.items()))
    return head + (f". {cards}" if cards else "") + (f". {exp.reason}" if exp else "")
