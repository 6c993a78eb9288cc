"""The Mattix sandbox: a board against a chosen computer player, from the
course's last lesson.

Widgets. Not covered: the exercise boards (:mod:`kit.lessons.mattix.boards`).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from kit.i18n import N_, _
from kit.lessons.sandbox import Sandbox as SandboxFrame
from kit.mattix.board import Board


# ----- lesson 6: the sandbox ---------------------------------------------------

#: The computer's strengths by name (the English name is the key; shown ``_(name)``).
STRENGTHS = {N_("gentle (looks 2 takes ahead)"): {"depth": 2, "time_limit": None},
             N_("fair (4 takes ahead)"): {"depth": 4, "time_limit": None},
             N_("strong (1 second)"): {"time_limit": 1.0, "depth": None},
             N_("strongest (3 seconds)"): {"time_limit": 3.0, "depth": None}}


class Sandbox(SandboxFrame):
    """Choose a size (4 to 8), a level and the computer's strength; play with analysis."""

    def __init__(self, size: int = 5, level: int = 1, strength: str = "fair (4 takes ahead)",
                 seed: int = 1, delay: float = 0.8) -> None:
        self.size = widgets.Dropdown(options=[(f"{n} x {n}", n) for n in range(4, 9)],
                                     value=size, description=_("Board"))
        self.level = widgets.Dropdown(options=[(_("1: positive tiles"), 1),
                                               (_("2: with negatives"), 2)],
                                      value=level, description=_("Level"))
        self.strength = widgets.Dropdown(options=[(_(name), name) for name in STRENGTHS],
                                         value=strength, description=_("Computer"))
        self.side = widgets.Dropdown(options=[(_("row player (first)"), 0),
                                              (_("column player"), 1)],
                                     value=0, description=_("You play"))
        super().__init__(seed=seed, delay=delay)

    def choices(self) -> list[Any]:
        return [[self.size, self.level, self.strength], [self.side, self.seed, self.start]]

    def make_board(self) -> Board:
        seats = ["human", "search"] if self.side.value == 0 else ["search", "human"]
        return Board(seats=seats, size=self.size.value, level=self.level.value,
                     seed=self.seed.value, player_options=STRENGTHS[self.strength.value],
                     analysis=True, delay=self.delay)
