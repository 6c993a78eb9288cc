"""Tic-tac-toe's picture: a pure function of the game, returning a ``kit.scene.Scene``.

Also the geometry a board clicks with: where a cell's box is, and which cell a
point is in.
"""

from __future__ import annotations

from typing import Any

from kit.scene import Scene

CELL = 100.0
MARGIN = 20.0
SIZE = 3


def cell_box(cell: tuple[int, int]) -> tuple[float, float, float, float]:
    """(x, y, w, h) of ``cell``'s box in the scene."""
    r, c = cell
    return MARGIN + c * CELL, MARGIN + r * CELL, CELL, CELL


def cell_at(x: float, y: float) -> tuple[int, int] | None:
    """The cell under scene point (x, y), or None off the board."""
    r, c = int((y - MARGIN) // CELL), int((x - MARGIN) // CELL)
    return (r, c) if 0 <= r < SIZE and 0 <= c < SIZE and x >= MARGIN and y >= MARGIN else None


def draw(game: Any, *, last: Any = None) -> Scene:
    """The board: the grid, each mark, the last move ringed (default the game's)."""
    side = 2 * MARGIN + SIZE * CELL
    scene = Scene(side, side, background="#FFFFFF", title=f"tic-tac-toe\n{game}")
    for i in range(1, SIZE):
        scene.line(MARGIN + i * CELL, MARGIN, MARGIN + i * CELL, side - MARGIN, stroke="#222222", stroke_width=3)
        scene.line(MARGIN, MARGIN + i * CELL, side - MARGIN, MARGIN + i * CELL, stroke="#222222", stroke_width=3)
    last = game.last_move if last is None else last
    for r in range(SIZE):
        for c in range(SIZE):
            mark = game.cells[r * SIZE + c]
            x, y, w, h = cell_box((r, c))
            if last is not None and (last.row, last.col) == (r, c):
                scene.rect(x + 6, y + 6, w - 12, h - 12, fill=None, stroke="#E08000", stroke_width=3)
            if mark != ".":
                scene.text(x + w / 2, y + h / 2 + 20, mark, size=56, anchor="middle",
                           fill="#1F4E9A" if mark == "X" else "#A03020")
    return scene
