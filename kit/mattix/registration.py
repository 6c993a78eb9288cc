"""Mattix in the kit's registry of games (``kit.games``): what the app, grading,
the soak and the tests need to know of it, by reference, importing nothing of it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from kit.games import GameSpec
from kit.i18n import N_, _


def seat_name(seat: int) -> str:
    from kit.mattix.rules import SIDE_NAMES
    from kit.mattix.text import capital
    return capital(_(SIDE_NAMES[seat]))


def soak(seed: int, rng: random.Random) -> tuple[Any, list[Any], str]:
    """A seeded soak game: 3 x 3 to 8 x 8, level 1 or 2."""
    from kit.mattix import GreedyPlayer, LookaheadPlayer, SearchPlayer
    from kit.players import RandomPlayer
    from kit.mattix.rules import Game
    size, level = rng.randint(3, 8), rng.choice([1, 2])
    game = Game.new(seed=seed, size=size, level=level)
    # SearchPlayer by depth, not time: a time budget would not replay exactly.
    pool = [RandomPlayer(), GreedyPlayer(), LookaheadPlayer(),
            SearchPlayer(time_limit=None, depth=2)]
    return game, [rng.choice(pool) for _ in range(2)], f"{size}x{size} level {level}"


GAME = GameSpec(
    name="mattix", title=N_("Mattix"), order=1,
    game="kit.mattix.rules:Game", board="kit.mattix.board:Board",
    editor="kit.mattix.editor:Editor", replay="kit.mattix.replay:Replay",
    analysis="kit.mattix.analysis:analysis",
    invariants="kit.mattix.invariants:MattixWatch", move="kit.mattix.rules:Move",
    players=(2,), default_players=2, opponent="greedy", seat_name=seat_name,
    # The labels are marked here and translated where the picker shows them.
    options={"size": (N_("Board"), ((N_("4 x 4"), 4), (N_("5 x 5"), 5), (N_("6 x 6"), 6),
                                    (N_("7 x 7"), 7), (N_("8 x 8"), 8)), 8),
             "level": (N_("Tiles"), ((N_("level 1"), 1), (N_("level 2 (negative tiles)"), 2)),
                       1)},
    # The search player's strength: thinking time per move.
    player_options={"time_limit": (N_("Search player: time per move"),
                                   ((N_("0.5 s"), 0.5), (N_("1 s"), 1.0), (N_("2 s"), 2.0),
                                    (N_("5 s"), 5.0)),
                                   1.0)},
    lesson="kit.lessons.mattix", course="mattix",
    answer_format=N_("the tile you take as row,col (e.g. `\"2,3\"`)"),
    puzzles=Path(__file__).resolve().parents[1] / "lessons" / "puzzles" / "mattix.json",
    soak=soak, benchmark="kit.mattix.benchmark", keys="kit.mattix.keys:KEYS")
