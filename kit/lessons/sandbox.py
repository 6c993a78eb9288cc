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
from kit.textwidth import text_width
from kit.scene import Scene
from kit.ui.board import SavedPicture
from kit.ui.game import GameBoard
from kit.ui.tasks import cancel

ROW = dict(flex_flow="row wrap")

# A widget's text in JupyterLab: 13 px (--jp-widgets-font-size); the kit's pictures and
# Lab's system-ui both fall to DejaVu Sans on the classroom machines (kit.textwidth).
WIDGET_FONT_PX = 13
# What a drop-down needs beside its text: its left and right padding, border and arrow.
SELECT_CHROME_PX = 36
# The gap between a description and its control (ipywidgets' label margin).
LABEL_GAP_PX = 8
# A margin over the measured widths, for a fallback font a little wider than DejaVu.
FONT_SLACK = 1.08


def label_width(text: str) -> int:
    """The px a widget's description needs to be read whole."""
    return round(text_width(text, WIDGET_FONT_PX) * FONT_SLACK) + LABEL_GAP_PX


def fit_to_text(widget: Any) -> Any:
    """``widget`` as wide as its description and (a drop-down) its longest choice.

    ipywidgets draws every control 300 px wide with an 80 px label whatever its text,
    so the Spanish and Bulgarian variant names were cut at the right edge (issue 30)."""
    description = getattr(widget, "description", "")
    # Only the controls labelled on their left (a checkbox's or button's text sizes itself).
    if not description or not isinstance(widget, (widgets.Dropdown, widgets.BoundedIntText)):
        return widget
    label = label_width(description)
    widget.style.description_width = f"{label}px"
    if isinstance(widget, widgets.Dropdown):
        longest = max((text_width(str(shown), WIDGET_FONT_PX) for shown in widget._options_labels),
                      default=0)
        widget.layout.width = f"{label + round(longest * FONT_SLACK) + SELECT_CHROME_PX}px"
        widget.layout.max_width = "100%"
    return widget


class Sandbox(SavedPicture, widgets.VBox):  # type: ignore[misc]   # ipywidgets ships no types
    """Choices above, the board under them; ``new_board()`` (Start) deals again."""

    def __init__(self, *, seed: int = 1, delay: float = 0.8) -> None:
        self.delay = delay
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10 ** 6, description=_("Deal no."),
                                           style={"description_width": "initial"})
        self.start = widgets.Button(description=_("Start a new game"), button_style="primary",
                                    layout=widgets.Layout(width="auto", height="40px"))
        self.start.on_click(lambda _b: self.new_board())
        self.board: GameBoard[Any, Any] | None = None   # the game's Board, made by make_board
        self.area = widgets.VBox()
        rows = [widgets.HBox([fit_to_text(w) for w in row], layout=widgets.Layout(**ROW))
                if isinstance(row, list) else row for row in self.choices()]
        super().__init__(rows + [self.area])
        self.new_board()

    def choices(self) -> list[Any]:
        """Rows above the board: a list of widgets is one wrapped row."""
        raise NotImplementedError

    def make_board(self) -> GameBoard[Any, Any]:
        """A board for the choices as they are now."""
        raise NotImplementedError

    def new_board(self) -> GameBoard[Any, Any]:
        if self.board is not None:
            cancel(self.board.task)
        board = self.board = self.make_board()
        self.area.children = [board]
        return board

    def _shown(self) -> GameBoard[Any, Any]:
        if self.board is None:    # __init__ makes one: only a subclass's early call sees None
            raise RuntimeError(f"{type(self).__name__} has no board yet (new_board makes it)")
        return self.board

    def saved_scene(self) -> Scene:
        return self._shown().scene()

    def saved_text(self) -> str:
        return self._shown().saved_text()
