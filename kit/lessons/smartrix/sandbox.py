"""The Smartrix sandbox: a board for a chosen variant against chosen computer
players, from the course's last lesson.

Widgets. Not covered: the exercise boards (:mod:`kit.lessons.smartrix.boards`).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from kit.lessons.sandbox import Sandbox as SandboxFrame
from kit.lessons.smartrix.answers import player
from kit.smartrix.board import Board


# ----- lesson 8: the sandbox --------------------------------------------------------

VARIANTS: dict[str, dict[str, Any]] = {"standard (5 x 5 window)": {},
            "children's (no window)": {"window": None},
            "teams (4 players)": {"teams": True},
            "free table (claims and challenges)": {"auto_collect": False}}


STRENGTHS = ("random", "greedy", "cautious")


class Sandbox(SandboxFrame):
    """Choose players (2-7), a variant, the computer's strength, open hands; play."""

    def __init__(self, players: int = 3, variant: str = "standard (5 x 5 window)",
                 strength: str = "cautious", humans: int = 1, open_hands: bool = False,
                 seed: int = 1, delay: float = 0.8):
        self.players = widgets.Dropdown(options=list(range(2, 8)), value=players,
                                        description="Players")
        self.variant = widgets.Dropdown(options=list(VARIANTS), value=variant,
                                        description="Variant")
        self.strength = widgets.Dropdown(options=STRENGTHS, value=strength,
                                         description="Computer")
        self.humans = widgets.BoundedIntText(value=humans, min=0, max=7, description="People")
        self.open_hands = widgets.Checkbox(value=open_hands, description="Open hands (teaching)")
        self.note = widgets.HTML()
        super().__init__(seed=seed, delay=delay)

    def choices(self) -> list[Any]:
        return [[self.players, self.variant, self.strength],
                [self.humans, self.open_hands, self.seed, self.start], self.note]

    def seats(self) -> list[str]:
        """People first, then computer seats; teams are always four."""
        options = VARIANTS[self.variant.value]
        n = 4 if options.get("teams") else self.players.value
        people = min(self.humans.value, n)
        return ["human"] * people + [self.strength.value] * (n - people)

    def make_board(self) -> Board:
        seats = self.seats()
        options = VARIANTS[self.variant.value]
        self.note.value = (f"<div style='font-size:17px'>{len(seats)} players: "
                           f"{', '.join(f'{player(i)} {s}' for i, s in enumerate(seats))}"
                           f"{' (teams: Players 1 and 3 against 2 and 4)' if options.get('teams') else ''}"
                           "</div>")
        return Board(seats=seats, seed=self.seed.value, open_hands=self.open_hands.value,
                     delay=self.delay, **options)
