"""A table bigger than its box, seen through a window: which rows and columns
show, the shaded edges along the sides where the table goes on, and where a
click on one of them scrolls the window to.

Shared by the boards whose tables grow without bound (IOTA's and Smartrix's);
each keeps its own layout (cell size, margins) and passes plain numbers here.
Rows and columns are given as inclusive ``(first, last)`` ranges.

Not covered: drawing the edges (each game's ``draw``) or clicks on cells.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from kit.scene import Box, inside

#: an inclusive (first, last) range of rows or columns
Span = tuple[int, int]

#: The four ways a window scrolls, as (row, column) steps.
STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def window_start(centre: float, visible: int, first: int, last: int) -> int:
    """The first line of a window ``visible`` lines long on the lines ``first`` to
    ``last``, centred on ``centre`` as far as the table allows."""
    return max(first, min(last - visible + 1, round(centre - (visible - 1) / 2)))


def middle(rows: Span, cols: Span) -> tuple[float, float]:
    """The (row, col) at the middle of the rows and columns shown."""
    return (rows[0] + rows[1]) / 2, (cols[0] + cols[1]) / 2


def scrolled(rows: Span, cols: Span, direction: str) -> tuple[float, float]:
    """The centre of the window after a scroll ``direction``: half a window on, at
    least one line, so a narrow window still moves."""
    dr, dc = STEPS[direction]
    r, c = middle(rows, cols)
    return (r + dr * max(1, (rows[1] - rows[0] + 1) // 2),
            c + dc * max(1, (cols[1] - cols[0] + 1) // 2))


def sides_beyond(rows: Span, cols: Span, all_rows: Span, all_cols: Span) -> list[str]:
    """The sides past which the table goes on (rows and columns shown, then the
    table's whole extent)."""
    return [side for side, more in (("up", rows[0] > all_rows[0]), ("down", rows[1] < all_rows[1]),
                                    ("left", cols[0] > all_cols[0]),
                                    ("right", cols[1] < all_cols[1])) if more]


def edge_strips(left: float, top: float, width: float, height: float, depth: float,
                sides: Iterable[str]) -> dict[str, Box]:
    """The shaded strip ``depth`` deep outside each of ``sides`` of the window drawn
    at (left, top, width, height): side -> (x, y, w, h)."""
    boxes = {"up": (left, top - depth, width, depth), "down": (left, top + height, width, depth),
             "left": (left - depth, top, depth, height), "right": (left + width, top, depth, height)}
    return {side: boxes[side] for side in sides}


def strip_at(strips: Mapping[str, Box], x: float, y: float) -> str | None:
    """The side whose strip is under (x, y), or None."""
    return next((side for side, box in strips.items() if inside(box, x, y)), None)
