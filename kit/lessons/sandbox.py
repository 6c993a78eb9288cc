"""The frame every course's sandbox shares: the game's choices, Start, a fresh board.

A game's ``Sandbox`` makes its own choice widgets, lays them out in
``choices()`` (rows of widgets, which may use ``self.seed`` and ``self.start``)
and builds a board from them in ``make_board()``. This frame adds the deal
number and the Start button, swaps a new board in (stopping the old board's
computer turn, which would otherwise play on unseen), and saves the board's
picture with the notebook (``SavedPicture``), so a saved lesson shows it.

Not covered: any game's choices or boards (``kit/lessons/<game>/sandbox.py``).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from kit.i18n import _

from kit.ui.board import SavedPicture
from kit.ui.tasks import cancel

ROW = dict(flex_flow="row wrap")


class Sandbox(SavedPicture, widgets.VBox):
    """Choices above, the board under them; ``new_board()`` (Start) deals again."""

    def __init__(self, *, seed: int = 1, delay: float = 0.8):
        self.delay = delay
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10 ** 6, description=_("Deal no."),
                                           style={"description_width": "initial"})
        self.start = widgets.Button(description=_("Start a new game"), button_style="primary",
                                    layout=widgets.Layout(width="auto", height="40px"))
        self.start.on_click(lambda _b: self.new_board())
        self.board: Any = None   # the game's Board, made by make_board
        self.area = widgets.VBox()
        rows = [widgets.HBox(row, layout=widgets.Layout(**ROW)) if isinstance(row, list) else row
                for row in self.choices()]
        super().__init__(rows + [self.area])
        self.new_board()

    def choices(self) -> list[Any]:
        """Rows above the board: a list of widgets is one wrapped row."""
        raise NotImplementedError

    def make_board(self):
        """A board for the choices as they are now."""
        raise NotImplementedError

    def new_board(self):
        if self.board is not None:
            cancel(self.board.task)
        self.board = self.make_board()
        self.area.children = [self.board]
        return self.board

    def saved_scene(self):
        return self.board.scene()

    def saved_text(self) -> str:
        return self.board.saved_text()
