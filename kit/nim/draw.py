"""Nim's picture: a pure function of the game, returning a ``kit.scene.Scene``.

A row per heap, its stones as circles set to the right, the heap's number at
the left; the stones the last move took are drawn hollow to the left of those
left. Also the geometry a board clicks with: a click on the k-th place from
the right of a heap's row takes k stones (those from it to the right end),
so a place left of the stones asks for more than the heap has.
"""

from __future__ import annotations

from typing import Any

from kit.i18n import _
from kit.scene import Scene

STONE = 48.0
ROW = 64.0
LEFT = 60.0
TOP = 20.0
WIDTH = LEFT + 9 * STONE + 20      # nine places


PLACES = 9          # the places of a row (the largest heap)


def stone_centre(heap: int, k: int) -> tuple[float, float]:
    """The centre of place ``k`` (from 0 at the right end) of heap ``heap``'s row."""
    return LEFT + (PLACES - 1 - k) * STONE + STONE / 2, TOP + heap * ROW + ROW / 2


def stone_at(game: Any, x: float, y: float) -> tuple[int, int] | None:
    """(heap, stones to take) for a click at (x, y): the k-th place from the
    right takes k stones (maybe more than the heap has); None off the rows."""
    heap, i = int((y - TOP) // ROW), int((x - LEFT) // STONE)
    if y < TOP or x < LEFT or not 0 <= heap < len(game.heaps) or not 0 <= i < PLACES:
        return None
    return heap, PLACES - i


def draw(game: Any, *, last: Any = None, marks: Any = (), hints: Any = ()) -> Scene:
    """The heaps, each stone a circle; the last move's stones hollow (default the
    game's); each of ``marks`` ((heap, stones) a refused move asked for) crossed in
    red; the first of ``hints`` ((move, why) rows) rings the stones it takes in green."""
    height = 2 * TOP + len(game.heaps) * ROW
    # Translators: the picture's title read by a screen reader; {heaps} lists the heaps' sizes
    title = _("Nim: heaps of {heaps} stones").format(heaps=", ".join(map(str, game.heaps)))
    scene = Scene(WIDTH, height, background="#FFFFFF", title=title)
    last = game.last_move if last is None else last
    for heap, size in enumerate(game.heaps):
        _x, y = stone_centre(heap, 0)
        scene.text(LEFT / 2, y + 8, str(heap), size=22, anchor="middle", fill="#444444")
        for i in range(size):
            x, y = stone_centre(heap, i)
            scene.circle(x, y, STONE / 2 - 4, fill="#6B5B45", stroke="#3A3025", stroke_width=2)
        if last is not None and last.heap == heap:
            for i in range(size, size + last.count):
                x, y = stone_centre(heap, i)
                scene.circle(x, y, STONE / 2 - 4, fill=None, stroke="#E08000", stroke_width=3)
    best = next((move for move, _why in hints if move is not None), None)
    if best is not None and 0 <= best.heap < len(game.heaps):
        for k in range(min(best.count, game.heaps[best.heap])):
            x, y = stone_centre(best.heap, k)
            scene.circle(x, y, STONE / 2 - 1, fill=None, stroke="#2E8B57", stroke_width=3)
    for heap, count in marks:
        if 0 <= heap < len(game.heaps) and 1 <= count <= PLACES:
            x, y = stone_centre(heap, count - 1)
            r = STONE / 2 - 8
            scene.line(x - r, y - r, x + r, y + r, stroke="#C00000", stroke_width=4)
            scene.line(x - r, y + r, x + r, y - r, stroke="#C00000", stroke_width=4)
    return scene
