"""The IOTA sandbox: a board against a chosen computer player, from the course's
last lesson.

Widgets. Not covered: the boards of the exercises (:mod:`kit.lessons.iota.boards`).
"""

from __future__ import annotations

import threading
from typing import Any

import ipywidgets as widgets

from kit.analysis import AnalysisRows, Expected, Progress
from kit.i18n import N_, _, ngettext
from kit.notation import shown
from kit.iota import Board, Game
from kit.lessons.sandbox import Sandbox as SandboxFrame


# ----- lesson 7: the sandbox --------------------------------------------------------

#: The computer's strengths: the English label (the key a notebook passes) -> the player;
#: the dropdown shows each label in the language in effect.
STRENGTHS = {N_("beginner (random)"): "random", N_("greedy (most points now)"): "greedy",
             N_("planner (strongest)"): "planner"}


class SandboxBoard(Board):
    """The sandbox's board: its Analyse panel also says what the best turn scores, or,
    ranked by the look-ahead ("Rank by: Look ahead"), which move the look-ahead picks."""

    def analyse_position(self, game: Game, *, progress: Progress | None = None,
                         stop: threading.Event | None = None) -> AnalysisRows:
        rows = super().analyse_position(game, progress=progress, stop=stop)
        if rows and isinstance(rows[0][1], Expected):
            # The best move follows Rank by: the look-ahead's, by its expected margin
            # (it said "The best turn scores not tried (now +0) points" before).
            move, value = rows[0]
            rows.remarks = [_("The look-ahead's best move here: {move} ({value}).").format(
                move=shown(str(move)), value=value)]
        elif rows:
            n = rows[0][1]
            said = (ngettext("The best turn so far scores {n} point.",
                             "The best turn so far scores {n} points.", n) if rows.partial else
                    ngettext("The best turn scores {n} point.", "The best turn scores {n} points.",
                             n))
            rows.remarks = [said.format(n=n)]
        return rows


class Sandbox(SandboxFrame):
    """Choose the computer's strength, the number of players and open hands; play with
    the hint and the analysis panel on."""

    def __init__(self, strength: str = "greedy (most points now)", players: int = 2,
                 open_hands: bool = False, seed: int = 1, delay: float = 0.8) -> None:
        self.strength = widgets.Dropdown(options=[(_(label), label) for label in STRENGTHS],
                                         value=strength, description=_("Computer"))
        self.players = widgets.Dropdown(
            options=[(ngettext("{n} player", "{n} players", n).format(n=n), n) for n in (2, 3, 4)],
            value=players, description=_("Players"))
        self.open_hands = widgets.Checkbox(value=open_hands, description=_("Open hands"))
        super().__init__(seed=seed, delay=delay)

    def choices(self) -> list[Any]:
        return [[self.strength, self.players, self.open_hands, self.seed, self.start]]

    def make_board(self) -> Board:
        n = self.players.value
        seats = ["human"] + [STRENGTHS[self.strength.value]] * (n - 1)
        return SandboxBoard(seats=seats, players=n, seed=self.seed.value,
                            open_hands=self.open_hands.value, analysis=True, delay=self.delay)
