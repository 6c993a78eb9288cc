"""The welcome notebook's live board: click a square, Python answers.

It proves the whole chain works on the machine in front of the class (kernel,
widgets, canvas, clicks) before any game is taught. ``ClickGrid`` keeps its
state on the object so a test can click it and read the answer.
"""

from __future__ import annotations

from kit.scene import GOOD, HIGHLIGHT, INK, TABLE, Scene
from kit.ui.board import BoardView

CELL = 64
MARGIN = 28


class ClickGrid(BoardView):
    """A ``size`` x ``size`` grid; a click marks its square and names it."""

    def __init__(self, size: int = 5, **kwargs):
        self.size = size
        self.clicked = None  # (row, col) of the last click, or None
        super().__init__(self.picture(), on_click=self.click, **kwargs)
        self.say("Click any square on the board.")

    def picture(self) -> Scene:
        side = MARGIN + self.size * CELL + 8
        scene = Scene(side, side, background=TABLE, title="A grid to click")
        for i in range(self.size):
            scene.text(MARGIN + i * CELL + CELL / 2, MARGIN / 2, i, size=16, fill=INK)
            scene.text(MARGIN / 2, MARGIN + i * CELL + CELL / 2, i, size=16, fill=INK)
        for r in range(self.size):
            for c in range(self.size):
                mine = self.clicked == (r, c)
                scene.rect(MARGIN + c * CELL + 3, MARGIN + r * CELL + 3, CELL - 6, CELL - 6,
                           fill=GOOD if mine else "#FFFFFF", stroke=HIGHLIGHT if mine else INK,
                           stroke_width=3 if mine else 1, radius=6)
        return scene

    def cell_at(self, x: float, y: float):
        r, c = int((y - MARGIN) // CELL), int((x - MARGIN) // CELL)
        if x < MARGIN or y < MARGIN or not (0 <= r < self.size and 0 <= c < self.size):
            return None
        return r, c

    def click(self, x: float, y: float) -> None:
        cell = self.cell_at(x, y)
        if cell is None:
            self.say("That is outside the board: click one of the squares.", tone="bad")
            return
        self.clicked = cell
        self.show(self.picture())
        self.say(f"You clicked row {cell[0]}, column {cell[1]}. Python heard you.", tone="good")


def demo(size: int = 5) -> ClickGrid:
    """The welcome notebook's board."""
    return ClickGrid(size)
