"""A picture in a lesson cell: an SVG, and a sentence for the plain-text output.

Every course shows its pictures this way: the notebook keeps the SVG and an
``<img>`` of it (``kit.scene.Picture``; JupyterLab draws the image even in an
untrusted notebook), and the plain text is a sentence, never the board's
numbers, so no number above an exercise can be read as its answer.

Not covered: drawing (``kit.scene`` and each game's ``draw``).
"""

from __future__ import annotations

import kit.scene


class Picture(kit.scene.Picture):
    """``svg`` shown in a lesson cell; ``words`` is its plain text (and repr)."""

    def __init__(self, svg: str, words: str) -> None:
        self.svg, self.words = svg, words

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return self.words
