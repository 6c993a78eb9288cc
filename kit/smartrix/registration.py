"""Smartrix in the kit's registry of games (``kit.games``): what the app, grading,
the soak and the tests need to know of it, by reference, importing nothing of it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from kit.games import GameSpec
from kit.i18n import N_, _


def seat_name(seat: int) -> str:
    return _("Player {n}").format(n=seat + 1)


def soak(seed: int, rng: random.Random) -> tuple[Any, list[Any], str]:
    """A seeded soak game: 2-7 players, window 5 or the children's variant, teams,
    the free table."""
    from kit.smartrix import CautiousPlayer, GreedyPlayer, LookaheadPlayer
    from kit.players import RandomPlayer
    from kit.smartrix.rules import Game
    players = rng.randint(2, 7)
    options: dict[str, Any] = {"window": rng.choice([5, None]), "auto_collect": rng.random() < 0.7,
               "teams": players == 4 and rng.random() < 0.5}
    game = Game.new(players=players, seed=seed, **options)
    pool = [RandomPlayer(), RandomPlayer(), GreedyPlayer(), CautiousPlayer(),
            LookaheadPlayer(playouts=8)]
    return game, [rng.choice(pool) for _ in range(players)], \
        f"{players} players, " + ", ".join(f"{k}={v}" for k, v in options.items())


GAME = GameSpec(
    name="smartrix", title="Smartrix", order=2,
    game="kit.smartrix.rules:Game", board="kit.smartrix.board:Board",
    editor="kit.smartrix.editor:Editor", replay="kit.smartrix.replay:Replay",
    analysis="kit.smartrix.analysis:analysis",
    invariants="kit.smartrix.invariants:SmartrixWatch", move="kit.smartrix.moves:Move",
    players=tuple(range(2, 8)), default_players=2, opponent="greedy", seat_name=seat_name,
    lesson="kit.lessons.smartrix", course="smartrix",
    # An English key: the assignment that shows it translates it with _().
    answer_format=N_("the card placed as card@row,col (e.g. `\"01000000@0,1\"`); "
                     "the card as its 8 boxes, turned the way you place it"),
    puzzles=Path(__file__).resolve().parents[1] / "lessons" / "puzzles" / "smartrix.json",
    soak=soak, benchmark="kit.smartrix.benchmark", keys="kit.smartrix.keys:KEYS")
