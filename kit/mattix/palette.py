"""The Mattix position editor's picture, pure: where its cells are and what it draws.

Mattix's editor has no card palette (a tile's value is typed in a box, one of
the widgets): its picture is the board at the explorer's cell size, the picked
cell and the refused edit's cells marked. Here: that layout
(``editor_layout``), the cell a click hits and a cell's centre (``cell_at``,
``cell_point``) and the picture (``editor_scene``). Standard library and the
engine only. Not covered: the widget, its tools and edits
(``kit.mattix.editor``), the board's own picture (``draw.py``).
"""

from __future__ import annotations

from collections.abc import Iterable

from kit.mattix.draw import draw
from kit.mattix.layout import Cell, Layout, cell_box, explorer_cell_size, layout
from kit.mattix.layout import cell_at as layout_cell_at
from kit.mattix.rules import Game
from kit.scene import Scene, centre

#: The board sizes the editor offers.
EDITOR_SIZES = range(3, 9)


def editor_layout(game: Game) -> Layout:
    """The board's layout in the editor (the explorer's cell size for its size)."""
    return layout(game, explorer_cell_size(game.size))


def editor_scene(game: Game, selected: Cell | None = None, marks: Iterable[Cell] = ()) -> Scene:
    """The board, ``selected`` (the picked cell) and ``marks`` (a refused edit's cells) shown."""
    return draw(game, highlight=marks, selected=selected, cell=explorer_cell_size(game.size))


def cell_at(game: Game, x: float, y: float) -> Cell | None:
    """The cell at scene point (x, y) of the editor's picture, or None."""
    return layout_cell_at(editor_layout(game), x, y)


def cell_point(game: Game, cell: Cell) -> tuple[float, float]:
    """Scene (x, y) of a cell's centre in the editor's picture (what a click there reports)."""
    return centre(cell_box(editor_layout(game), cell))
