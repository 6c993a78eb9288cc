"""How one Smartrix card looks: its 8 ring boxes around its value, face down, or faded.

:func:`draw_card` paints a card into a :class:`kit.scene.Scene` (a filled
circle for a spot, a faint hollow ring for an empty box, so "empty matches
empty" is seen without colour); :func:`draw_back` a card face down;
:func:`flat_cards` many small cards at once, layer by layer, for the editor's
palette and hands. The colours are here too.

Not covered: where cards sit (``layout.py``), a whole position (``draw.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kit.scene import HIGHLIGHT, INK, OKABE_ITO, PAPER, Circle, Rect, Scene, Shape, Text
from kit.smartrix.cards import BOX_GRID, VALUE, Card

SPOT = OKABE_ITO["blue"]
EMPTY_BOX = "#B8B8B8"      # the faint ring of an empty box
GHOST_SPOT = "#A9CBE3"     # a collected card's spots, faded
BACK = "#4A5A75"           # a face-down card
MUTED = "#555555"
VALUE_SIZE = 30            # the value's font size on an 86 px card


def draw_card(scene: Scene, card: Card, x: float, y: float, size: float, *, border: str = INK,
              border_width: float = 2.0, dash: tuple[float, ...] = (), ghost: bool = False) -> None:
    """One card with its top-left corner at (x, y). A ghost (a card just
    collected, a suggested card) has no white face and faded spots."""
    scene.rect(x, y, size, size, fill=None if ghost else PAPER, stroke=border,
               stroke_width=border_width, radius=size * 0.07, dash=dash)
    step = size / 3
    for box, (br, bc) in enumerate(BOX_GRID):
        cx, cy = x + (bc + 0.5) * step, y + (br + 0.5) * step
        if card >> box & 1:
            scene.circle(cx, cy, step * 0.32, fill=GHOST_SPOT if ghost else SPOT)
        else:
            scene.circle(cx, cy, step * 0.3, stroke=EMPTY_BOX, stroke_width=1.5)
    scene.text(x + size / 2, y + size / 2, str(VALUE[card]), size=size * VALUE_SIZE / 86,
               bold=True, fill=MUTED if ghost else INK)


def draw_back(scene: Scene, x: float, y: float, size: float) -> None:
    """A card face down."""
    scene.rect(x, y, size, size, fill=BACK, stroke=INK, stroke_width=1.5, radius=size * 0.07)
    scene.rect(x + size * 0.15, y + size * 0.15, size * 0.7, size * 0.7, stroke=PAPER,
               stroke_width=1.5, radius=size * 0.05)


@dataclass(frozen=True)
class FlatCard:
    """A small card of the editor's palette or hands: ``tag`` (where it is) greys it."""

    card: int
    x: float
    y: float
    size: float
    picked: bool = False
    tag: str | None = None


def flat_cards(scene: Scene, cards: Iterable[FlatCard]) -> None:
    """Many small cards drawn layer by layer (frames, faces, spots, rings, words).

    The same picture as ``draw.draw_card`` with square corners, but the canvas
    gets each layer as a few vectorised calls (``kit.canvas`` batches runs of
    one kind), not some fifteen calls a card: the palette redraws in a fraction
    of the time.
    """
    layers: dict[str, list[Shape]] = {k: [] for k in ("frame", "face", "spot", "ring", "tag",
                                                      "text")}
    for c in cards:
        width = 4 if c.picked else 1.5
        layers["frame"].append(Rect(c.x, c.y, c.size, c.size, fill=HIGHLIGHT if c.picked
                                    else "#BBBBBB" if c.tag else INK))
        layers["face"].append(Rect(c.x + width, c.y + width, c.size - 2 * width,
                                   c.size - 2 * width, fill=PAPER))
        step = c.size / 3
        for box, (br, bc) in enumerate(BOX_GRID):
            cx, cy = c.x + (bc + 0.5) * step, c.y + (br + 0.5) * step
            if c.card >> box & 1:
                layers["spot"].append(Circle(cx, cy, step * 0.32,
                                             fill=GHOST_SPOT if c.tag else SPOT))
            else:
                layers["ring"].append(Circle(cx, cy, step * 0.3, stroke=EMPTY_BOX,
                                             stroke_width=1.5))
        middle = (c.x + c.size / 2, c.y + c.size / 2)
        if c.tag:   # where the card is matters more here than its value
            inset = c.size * 0.27   # between the left and right boxes
            layers["tag"].append(Rect(c.x + inset, middle[1] - 9, c.size - 2 * inset, 18,
                                      fill=PAPER))
            layers["text"].append(Text(*middle, c.tag, size=13, bold=True))
        else:
            layers["text"].append(Text(*middle, str(VALUE[c.card]), size=c.size * 0.36,
                                       bold=True))
    for name, shapes in layers.items():
        key = (lambda s: s.fill or "") if name in ("frame", "spot") else (lambda s: 0)
        for shape in sorted(shapes, key=key):
            scene.add(shape)
