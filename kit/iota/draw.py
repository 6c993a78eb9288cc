"""Pictures of an IOTA position: a Scene (for SVG and the canvas) and a text board.

:func:`draw_game` draws the table: each card with its colour, shape and number
(and its colour letter, so colour is never the only clue), wilds marked with a
``W`` on a dashed grey card, row and column numbers around the edge, and
optional outlines: the last play (default), cells in error, a line. The empty
cells next to the table can be shown as dotted squares, where a card may go.
:func:`cell_at` / :func:`cell_box` map pixels to cells and back for a live
board, using the same :class:`Layout` as the drawing. :func:`text_board` is
the screen-reader board behind ``str(game)``.

Not covered: animation and input handling (the widget layer's job).
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.iota.cards import ATTRS, COLOURS, NUMBERS, TEXT, WILD
from kit.iota.movegen import frontier
from kit.iota.moves import Play
from kit.scene import ERROR, GOOD, HIGHLIGHT, INK, OKABE_ITO, PAPER, TABLE, Scene

#: Card colours R Y G B as Okabe-Ito colours (readable for colour-blind eyes).
CARD_COLOURS = (OKABE_ITO["vermillion"], OKABE_ITO["yellow"], OKABE_ITO["green"],
                OKABE_ITO["blue"])
WILD_FILL = "#BBBBBB"


@dataclass(frozen=True)
class Layout:
    """Where the cells are: cell (min_row, min_col) has its top-left at (left, top)."""

    min_row: int
    min_col: int
    rows: int
    cols: int
    cell: float
    left: float
    top: float

    @property
    def width(self) -> float:
        return self.left + self.cols * self.cell + self.cell * 0.25

    @property
    def height(self) -> float:
        return self.top + self.rows * self.cell + self.cell * 0.25


def layout_for(game_or_table, *, margin: int = 1, cell: float = 72, coords: bool = True) -> Layout:
    """The layout :func:`draw_game` uses for this game (or table dict)."""
    table = getattr(game_or_table, "table", game_or_table)
    rows = [r for r, _ in table] or [0]
    cols = [c for _, c in table] or [0]
    gutter = cell * 0.5 if coords else cell * 0.25
    return Layout(min(rows) - margin, min(cols) - margin,
                  max(rows) - min(rows) + 1 + 2 * margin, max(cols) - min(cols) + 1 + 2 * margin,
                  cell, gutter, gutter)


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


#: Outline styles: (colour, dash). Dashes differ too, so the outlines never rely on
#: colour alone (the card colours use the same palette).
OUTLINES = {"highlight": (HIGHLIGHT, ()), "good": (GOOD, (14, 6)), "error": (ERROR, (7, 5))}


def draw_game(game, *, highlight=None, error_cells=(), good_cells=(), pending=None,
              show_frontier=False, letters: bool = True, show_wilds: bool = True,
              coords: bool = True, margin: int = 1, cell: float = 72, title: str = "") -> Scene:
    """The table as a Scene.

    ``highlight``: cells outlined solid blue (default: the last play's cells;
    pass ``()`` for none). ``error_cells``: short-dashed vermillion (a broken
    rule); ``good_cells``: long-dashed green (a line, a suggested play).
    ``pending``: a Play (or its text) drawn on its cells before it is made,
    e.g. an illegal attempt next to its explanation. ``show_wilds`` writes
    under each wild the card it can stand for.
    """
    if isinstance(pending, str):
        pending = Play.parse(pending)
    table = dict(game.table)
    if pending is not None:
        table.update((c, card) for card, c in pending.placements)
    lay = layout_for(table, margin=margin, cell=cell, coords=coords)
    scene = Scene(lay.width, lay.height, background=TABLE,
                  title=title or f"IOTA table, {len(game.table)} cards")
    if coords:
        _draw_coords(scene, lay)
    if show_frontier:
        for r, c in frontier(game.table):
            x, y, w, h = cell_box(lay, r, c)
            scene.rect(x + 4, y + 4, w - 8, h - 8, stroke="#999999", dash=(3, 4), radius=6)
    stands_for = game.wilds() if show_wilds and hasattr(game, "wilds") else {}
    for (r, c), card in sorted(table.items()):
        x, y, _, _ = cell_box(lay, r, c)
        draw_card(scene, card, x, y, lay.cell, letters=letters, stands_for=stands_for.get((r, c)))
    if highlight is None:
        last = getattr(game, "last_play", None)
        highlight = pending.cells if pending else (last.cells if last else ())
    for cells, kind in ((highlight, "highlight"), (good_cells, "good"), (error_cells, "error")):
        colour, dash = OUTLINES[kind]
        for r, c in cells:
            x, y, w, h = cell_box(lay, r, c)
            scene.rect(x + 1.5, y + 1.5, w - 3, h - 3, stroke=colour, stroke_width=4, radius=8,
                       dash=dash)
    return scene


def _draw_coords(scene: Scene, lay: Layout) -> None:
    size = lay.cell * 0.22
    for i in range(lay.cols):
        x = lay.left + (i + 0.5) * lay.cell
        scene.text(x, lay.top / 2, lay.min_col + i, size=size, fill="#555555")
    for i in range(lay.rows):
        y = lay.top + (i + 0.5) * lay.cell
        scene.text(lay.left / 2, y, lay.min_row + i, size=size, fill="#555555")


def draw_card(scene: Scene, card: int, x: float, y: float, size: float, *, letters=True,
              stands_for: str | None = None) -> None:
    """One card with its top-left corner at (x, y); a wild may show what it stands for."""
    pad = size * 0.06
    w = size - 2 * pad
    if card == WILD:
        scene.rect(x + pad, y + pad, w, w, fill=WILD_FILL, stroke=INK, stroke_width=2,
                   radius=size * 0.1, dash=(6, 4))
        if stands_for:
            scene.text(x + size / 2, y + size * 0.4, "W", size=size * 0.38, bold=True)
            scene.text(x + size / 2, y + size * 0.76, f"={stands_for}", size=size * 0.2)
        else:
            scene.text(x + size / 2, y + size / 2, "W", size=size * 0.45, bold=True)
        return
    n, colour, shape = ATTRS[card]
    scene.rect(x + pad, y + pad, w, w, fill=PAPER, stroke=INK, stroke_width=1.5, radius=size * 0.1)
    _draw_shape(scene, shape, x + size * 0.56, y + size * 0.56, size * 0.25, CARD_COLOURS[colour])
    scene.text(x + size * 0.2, y + size * 0.22, NUMBERS[n], size=size * 0.3, bold=True)
    if letters:
        scene.text(x + size * 0.8, y + size * 0.2, COLOURS[colour], size=size * 0.2, fill="#444444")


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
