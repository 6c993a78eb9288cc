"""Draw a :class:`kit.scene.Scene` on an ipycanvas canvas.

One redraw is one ``hold_canvas()`` block, so the browser receives a single
message however many shapes the board has. Runs of plain filled rectangles or
circles of one colour, and of rings of one stroke, go out as one vectorised
call (``fill_rects``, ``fill_circles``, ``stroke_circles``), as ipycanvas' own
examples do.

Sharpness: ipycanvas has no device-pixel-ratio support, so a board is drawn on
a canvas ``pixel_ratio`` times larger than its layout size and scaled down by
CSS; the scene itself stays in logical pixels.

Not covered: hit testing (a game's ``draw.cell_at`` maps a click to a cell) and
widgets (see :mod:`kit.ui`).
"""

from __future__ import annotations

import math
from itertools import groupby
from typing import Any

from ipycanvas import Canvas, hold_canvas

from kit.scene import FONT_FAMILY, Circle, Line, Polygon, Rect, Scene, Shape, Text

_ALIGN = {"start": "left", "middle": "center", "end": "right"}


def _batch_key(shape: Shape) -> tuple[str, Any] | None:
    """Shapes that can share one vectorised call get the same key."""
    if isinstance(shape, Rect) and shape.fill and not shape.stroke and not shape.radius:
        return ("rects", shape.fill)
    if isinstance(shape, Circle) and shape.fill and not shape.stroke:
        return ("circles", shape.fill)
    if isinstance(shape, Circle) and shape.stroke and not shape.fill:
        return ("rings", (shape.stroke, shape.stroke_width))
    return None


def draw_scene(canvas: Canvas, scene: Scene, pixel_ratio: float = 1.0) -> None:
    """Clear ``canvas`` and draw ``scene`` on it, in one message."""
    with hold_canvas():
        canvas.reset_transform()
        canvas.clear()
        canvas.scale(pixel_ratio)
        if scene.background:
            canvas.fill_style = scene.background
            canvas.fill_rect(0, 0, scene.width, scene.height)
        for key, group in groupby(scene.shapes, key=_batch_key):
            run = list(group)
            if key is None or len(run) == 1:
                for shape in run:
                    _draw_shape(canvas, shape)
            else:
                _draw_batch(canvas, key[0], key[1], run)


def _draw_batch(canvas: Canvas, kind: str, style: Any, run: list[Any]) -> None:
    if kind == "rings":
        _stroke_style(canvas, *style)
        canvas.stroke_circles([s.cx for s in run], [s.cy for s in run], [s.r for s in run])
        return
    canvas.fill_style = style
    if kind == "rects":
        canvas.fill_rects([s.x for s in run], [s.y for s in run],
                          [s.w for s in run], [s.h for s in run])
    else:
        canvas.fill_circles([s.cx for s in run], [s.cy for s in run], [s.r for s in run])


def _stroke_style(canvas: Canvas, stroke: str | None, width: float,
                  dash: tuple[float, ...] = ()) -> None:
    canvas.stroke_style = stroke
    canvas.line_width = width
    canvas.set_line_dash(list(dash))


def _draw_shape(canvas: Canvas, s: Shape) -> None:
    if isinstance(s, Rect):
        _rect_path(canvas, s)
        if s.fill:
            canvas.fill_style = s.fill
            canvas.fill()
        if s.stroke:
            _stroke_style(canvas, s.stroke, s.stroke_width, s.dash)
            canvas.stroke()
    elif isinstance(s, Circle):
        if s.fill:
            canvas.fill_style = s.fill
            canvas.fill_circle(s.cx, s.cy, s.r)
        if s.stroke:
            _stroke_style(canvas, s.stroke, s.stroke_width)
            canvas.stroke_circle(s.cx, s.cy, s.r)
    elif isinstance(s, Line):
        _stroke_style(canvas, s.stroke, s.stroke_width, s.dash)
        canvas.stroke_line(s.x1, s.y1, s.x2, s.y2)
    elif isinstance(s, Polygon):
        if s.fill:
            canvas.fill_style = s.fill
            canvas.fill_polygon(list(s.points))
        if s.stroke:
            _stroke_style(canvas, s.stroke, s.stroke_width)
            canvas.stroke_polygon(list(s.points))
    elif isinstance(s, Text):
        canvas.font = f"{'bold ' if s.bold else ''}{s.size}px {FONT_FAMILY}"
        canvas.text_align = _ALIGN[s.anchor]
        canvas.text_baseline = "middle"
        canvas.fill_style = s.fill
        canvas.fill_text(s.text, s.x, s.y)
    else:
        raise TypeError(f"not a scene shape: {s!r}")


def _rect_path(canvas: Canvas, s: Rect) -> None:
    """A (possibly rounded) rectangle as the current path."""
    canvas.begin_path()
    r = min(s.radius, s.w / 2, s.h / 2)
    if not r:
        canvas.rect(s.x, s.y, s.w, s.h)
        return
    x0, y0, x1, y1 = s.x, s.y, s.x + s.w, s.y + s.h
    canvas.move_to(x0 + r, y0)
    canvas.arc(x1 - r, y0 + r, r, -math.pi / 2, 0)
    canvas.arc(x1 - r, y1 - r, r, 0, math.pi / 2)
    canvas.arc(x0 + r, y1 - r, r, math.pi / 2, math.pi)
    canvas.arc(x0 + r, y0 + r, r, math.pi, 3 * math.pi / 2)
    canvas.close_path()
