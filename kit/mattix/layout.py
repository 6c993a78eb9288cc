"""Where a Mattix board sits in its picture, and which cell a point falls in.

Covers ``layout`` (the board's place and cell side), ``cell_box`` (a cell's
rectangle) and ``cell_at`` (the cell under a point: what a click means).
Everything is in the scene's logical pixels. Not covered: drawing
(``draw.py``), and the canvas' own pixels (the UI scales by its pixel ratio).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kit.mattix.view import GameView as Game

#: ``(x, y, width, height)`` of a rectangle in scene pixels.
Box = tuple[float, float, float, float]
#: ``(row, col)`` of a cell.
Cell = tuple[int, int]


@dataclass(frozen=True)
class Layout:
    """Where the board sits in the picture, in the scene's logical pixels."""

    size: int          # cells per side
    cell: float        # cell side
    left: float        # x of the board's left edge
    top: float         # y of the board's top edge

    @property
    def width(self) -> float:
        return self.left + self.size * self.cell + 16

    @property
    def height(self) -> float:
        return self.top + self.size * self.cell + 16


def layout(game_or_size: Game | int, cell: float = 64) -> Layout:
    """The layout ``draw`` uses for this game (or board size).

    Room for three status lines is always kept above the board, so the board
    sits in the same place whatever the picture names (best or last move).
    """
    size = game_or_size if isinstance(game_or_size, int) else game_or_size.size
    return Layout(size=size, cell=cell, left=40, top=114)


def explorer_cell_size(size: int) -> float:
    """Tile side of the replay's and the editor's pictures: board, status and
    tools fit a 768 px screen. (A live board's is ``board.cell_size``.)"""
    return max(52, min(72, 400 // size))


def cell_box(lay: Layout, cell: Cell) -> Box:
    """``(x, y, w, h)`` of ``cell`` = ``(row, col)`` in scene pixels."""
    row, col = cell
    return (lay.left + col * lay.cell, lay.top + row * lay.cell, lay.cell, lay.cell)


def cell_at(lay: Layout, x: float, y: float) -> Cell | None:
    """The ``(row, col)`` under scene pixel ``(x, y)``, or None off the board."""
    col = math.floor((x - lay.left) / lay.cell)
    row = math.floor((y - lay.top) / lay.cell)
    if 0 <= row < lay.size and 0 <= col < lay.size:
        return (row, col)
    return None
