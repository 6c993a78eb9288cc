"""Nim in the kit's registry of games (``kit.games``): the whole of what the kit
needs to know of it, by reference, importing nothing of it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from kit.games import GameSpec
from kit.i18n import N_


def soak(seed: int, rng: random.Random) -> tuple[Any, list[Any], str]:
    from kit.nim.players import PerfectPlayer
    from kit.nim.rules import Game
    from kit.players import RandomPlayer
    pool: list[Any] = [RandomPlayer(), PerfectPlayer()]
    players = [rng.choice(pool), rng.choice(pool)]
    return Game.new(seed=seed), players, " against ".join(p.name for p in players)


def seat_name(seat: int) -> str:
    from kit.nim.rules import seat_name as named
    return named(seat)


GAME = GameSpec(
    name="nim", title=N_("Nim"), order=40,
    game="kit.nim.rules:Game", board="kit.nim.board:Board", editor="kit.nim.editor:Editor",
    invariants="kit.nim.invariants:NimWatch", move="kit.nim.rules:Move",
    players=(2,), default_players=2, opponent="perfect",
    seat_name=seat_name, soak=soak, plans="kit.nim.plans", keys="kit.nim.keys:KEYS",
    # Its one-lesson course: notebooks/nim/ (and es/, bg/), its exercises in lesson.py.
    lesson="kit.nim.lesson", course="nim",
    puzzles=Path(__file__).resolve().parent / "puzzles.json",
    answer_format=N_("the move as heap:stones (e.g. `\"1:3\"`)"))
