"""Scenes: what a board picture is made of, and the SVG it becomes.

A game's ``draw.py`` turns a position into a :class:`Scene`, a flat list of
shapes in logical pixels (origin top-left, y grows downward). The same scene
becomes an SVG string here (``Game._repr_svg_``, saved notebooks, worksheets)
and an ipycanvas redraw in :mod:`kit.canvas`, so a board looks the same live
and on paper. This module has no dependencies; it knows nothing of any game.

Pictures in notebooks: a saved ``image/svg+xml`` output is drawn only in a
*trusted* notebook, and a fresh clone is untrusted, so JupyterLab would show
the text instead. :class:`Picture` therefore also gives every picture as
``text/html``, an ``<img>`` whose source is the SVG as a ``data:`` URL:
JupyterLab's sanitizer keeps it, so it draws untrusted (a browser test
checks this), and an image cannot run script, so nothing is risked. Viewers
that prefer the SVG itself still find it in the same output.
The alternative, ``jupyter trust`` in ``make lab``, would help only that one
command on that one machine.

Not covered: animation, images, gradients. Shapes draw in the order added.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import quote

from kit.i18n import _

#: Okabe-Ito colours: distinguishable for the common kinds of colour blindness.
OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
}

#: Colours the games share for the same meaning.
HIGHLIGHT = "#0072B2"   # last move, chosen cells
ERROR = "#D55E00"       # a broken rule
GOOD = "#009E73"        # a completed line or set, a best move
INK = "#222222"
PAPER = "#FFFFFF"
TABLE = "#F4F1E8"

Colour = str | None
#: a box on the picture: x, y (its top-left corner), width, height
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: Colour = None
    stroke: Colour = None
    stroke_width: float = 1.0
    radius: float = 0.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: Colour = None
    stroke: Colour = None
    stroke_width: float = 1.0


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Colour = INK
    stroke_width: float = 1.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    fill: Colour = None
    stroke: Colour = None
    stroke_width: float = 1.0


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    size: float = 14.0
    fill: Colour = INK
    anchor: str = "middle"      # "start" | "middle" | "end"
    bold: bool = False


Shape = Rect | Circle | Line | Polygon | Text
S = TypeVar("S", bound=Shape)

FONT_FAMILY = "DejaVu Sans, Verdana, sans-serif"


# What a data: URL in a single-quoted HTML attribute may hold as it is; the
# rest (%, #, &, ', controls, non-ASCII) is %-encoded. The SVG stays readable
# in the saved notebook and in nbval's diffs, unlike base64.
_URL_SAFE = "".join(sorted(set(map(chr, range(32, 127))) - set("%#&'")))


def svg_img(svg: str) -> str:
    """``svg`` as an HTML ``<img>`` (a data: URL), its ``<title>`` as alt text.

    Untrusted notebooks draw this where they would show a raw SVG output as
    text (see the module docstring).
    """
    data = quote(svg, safe=_URL_SAFE)
    title = re.search(r"<title>(.*?)</title>", svg)
    alt = title.group(1) if title else escape(_("picture"))   # already escaped for XML
    return f"<img src='data:image/svg+xml;charset=utf-8,{data}' alt=\"{alt}\">"


class Picture:
    """Mixin for anything with ``_repr_svg_``: it also shows as ``<img>`` HTML."""

    if TYPE_CHECKING:   # the class it is mixed into has it (a stub here would shadow it)
        def _repr_svg_(self) -> str: ...

    def _repr_html_(self) -> str:
        return svg_img(self._repr_svg_())


@dataclass
class Scene(Picture):
    """A picture: a size, a background and shapes drawn in order."""

    width: float
    height: float
    background: Colour = PAPER
    shapes: list[Shape] = field(default_factory=list)
    title: str = ""

    def add(self, shape: S) -> S:
        self.shapes.append(shape)
        return shape

    def rect(self, x: float, y: float, w: float, h: float, **style: Any) -> Rect:
        return self.add(Rect(x, y, w, h, **style))

    def circle(self, cx: float, cy: float, r: float, **style: Any) -> Circle:
        return self.add(Circle(cx, cy, r, **style))

    def line(self, x1: float, y1: float, x2: float, y2: float, **style: Any) -> Line:
        return self.add(Line(x1, y1, x2, y2, **style))

    def polygon(self, points: Iterable[Sequence[float]], **style: Any) -> Polygon:
        return self.add(Polygon(tuple((p[0], p[1]) for p in points), **style))

    def text(self, x: float, y: float, text: object, **style: Any) -> Text:
        return self.add(Text(x, y, str(text), **style))

    def to_svg(self, *, scale: float = 1.0) -> str:
        """The scene as a standalone SVG document (a string)."""
        return to_svg(self, scale=scale)

    def _repr_svg_(self) -> str:
        return self.to_svg()


def _num(v: float) -> str:
    """Short, stable number text: SVG output is compared in tests and nbval."""
    v = round(float(v), 2)
    return str(int(v)) if v == int(v) else repr(v)


def _paint(fill: Colour, stroke: Colour, width: float) -> str:
    parts = [f'fill="{fill or "none"}"']
    if stroke:
        parts.append(f'stroke="{stroke}" stroke-width="{_num(width)}"')
    return " ".join(parts)


def _dash(dash: tuple[float, ...]) -> str:
    return f' stroke-dasharray="{" ".join(_num(d) for d in dash)}"' if dash else ""


def shape_to_svg(s: Shape) -> str:
    if isinstance(s, Rect):
        r = f' rx="{_num(s.radius)}"' if s.radius else ""
        return (f'<rect x="{_num(s.x)}" y="{_num(s.y)}" width="{_num(s.w)}" '
                f'height="{_num(s.h)}"{r} {_paint(s.fill, s.stroke, s.stroke_width)}'
                f'{_dash(s.dash)}/>')
    if isinstance(s, Circle):
        return (f'<circle cx="{_num(s.cx)}" cy="{_num(s.cy)}" r="{_num(s.r)}" '
                f'{_paint(s.fill, s.stroke, s.stroke_width)}/>')
    if isinstance(s, Line):
        return (f'<line x1="{_num(s.x1)}" y1="{_num(s.y1)}" x2="{_num(s.x2)}" '
                f'y2="{_num(s.y2)}" stroke="{s.stroke}" '
                f'stroke-width="{_num(s.stroke_width)}"{_dash(s.dash)}/>')
    if isinstance(s, Polygon):
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in s.points)
        return f'<polygon points="{pts}" {_paint(s.fill, s.stroke, s.stroke_width)}/>'
    if isinstance(s, Text):
        weight = ' font-weight="bold"' if s.bold else ""
        return (f'<text x="{_num(s.x)}" y="{_num(s.y)}" font-size="{_num(s.size)}" '
                f'text-anchor="{s.anchor}" dominant-baseline="central" '
                f'fill="{s.fill}"{weight}>{escape(s.text)}</text>')
    raise TypeError(f"not a scene shape: {s!r}")


def to_svg(scene: Scene, *, scale: float = 1.0) -> str:
    """Render ``scene`` as SVG; ``scale`` multiplies the displayed size only."""
    w, h = _num(scene.width * scale), _num(scene.height * scale)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {_num(scene.width)} {_num(scene.height)}" '
            f'font-family="{FONT_FAMILY}">')
    body = []
    if scene.title:
        body.append(f"<title>{escape(scene.title)}</title>")
    if scene.background:
        body.append(shape_to_svg(Rect(0, 0, scene.width, scene.height,
                                      fill=scene.background)))
    body.extend(shape_to_svg(s) for s in scene.shapes)
    return head + "".join(body) + "</svg>"


def inside(box: Box, x: float, y: float) -> bool:
    """Whether (x, y) is in ``box`` (x, y, w, h): its left and top edges in, the others out."""
    bx, by, bw, bh = box
    return bx <= x < bx + bw and by <= y < by + bh


K = TypeVar("K")


def box_at(boxes: Iterable[tuple[K, Box]], x: float, y: float) -> K | None:
    """The key of the first (key, box) holding (x, y), or None: which card or slot a click hits."""
    return next((key for key, box in boxes if inside(box, x, y)), None)


def centre(box: Box) -> tuple[float, float]:
    """The centre (x, y) of ``box`` (x, y, w, h): where a click on a cell or a card lands."""
    bx, by, bw, bh = box
    return bx + bw / 2, by + bh / 2
