"""The Smartrix sandbox: a board for a chosen variant against chosen computer
players, from the course's last lesson.

Widgets. Not covered: the exercise boards (:mod:`kit.lessons.smartrix.boards`).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from kit.i18n import N_, _, ngettext
from kit.lessons.sandbox import Sandbox as SandboxFrame
from kit.lessons.smartrix.answers import player
from kit.smartrix.board import Board


# ----- lesson 8: the sandbox --------------------------------------------------------

#: The variants by name (the name is the key: the dropdown shows it translated).
VARIANTS: dict[str, dict[str, Any]] = {
    # Translators: the Smartrix variants in the sandbox's dropdown ("window" = the
    # 5 x 5 grid: es "cuadrícula", bg "решетка"; "challenges" = es "asaltos", bg "отнемания")
    N_("standard (5 x 5 window)"): {},
    N_("children's (no window)"): {"window": None},
    N_("teams (4 players)"): {"teams": True},
    N_("free table (claims and challenges)"): {"auto_collect": False}}


#: The computer's strengths (the seat kinds the board plays; shown translated).
STRENGTHS = (N_("random"), N_("greedy"), N_("cautious"))


#: Every seat kind as the note under the choices names it.
SEAT_KINDS = {"human": N_("human"), **{s: s for s in STRENGTHS}}


class Sandbox(SandboxFrame):
    """Choose players (2-7), a variant, the computer's strength, open hands; play."""

    def __init__(self, players: int = 3, variant: str = "standard (5 x 5 window)",
                 strength: str = "cautious", humans: int = 1, open_hands: bool = False,
                 seed: int = 1, delay: float = 0.8) -> None:
        # The options are (shown, key) pairs: the value stays the English key.
        self.players = widgets.Dropdown(options=list(range(2, 8)), value=players,
                                        description=_("Players"))
        self.variant = widgets.Dropdown(options=[(_(v), v) for v in VARIANTS], value=variant,
                                        description=_("Variant"))
        self.strength = widgets.Dropdown(options=[(_(s), s) for s in STRENGTHS], value=strength,
                                         description=_("Computer"))
        self.humans = widgets.BoundedIntText(value=humans, min=0, max=7,
                                             description=_("People"))
        self.open_hands = widgets.Checkbox(value=open_hands,
                                           description=_("Open hands (teaching)"))
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
        # Translators: a seat and who plays it, e.g. "Player 2 cautious" (the computer's strength)
        named = ", ".join(_("{player} {kind}").format(player=player(i), kind=_(SEAT_KINDS.get(s, s)))
                          for i, s in enumerate(seats))
        said = ngettext("{n} player: {seats}", "{n} players: {seats}", len(seats)).format(
            n=len(seats), seats=named)
        if options.get("teams"):
            said += " " + _("(teams: Players 1 and 3 against 2 and 4)")
        self.note.value = f"<div style='font-size:17px'>{html.escape(said)}</div>"
        return Board(seats=seats, seed=self.seed.value, open_hands=self.open_hands.value,
                     delay=self.delay, **options)
