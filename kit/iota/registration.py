"""IOTA in the kit's registry of games (``kit.games``): what the app, grading,
the soak and the tests need to know of it, by reference, importing nothing of it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from kit.games import GameSpec
from kit.i18n import N_


def soak(seed: int, rng: random.Random) -> tuple[Any, list[Any], str]:
    """A seeded soak game: 1-4 players, sometimes the draw for who starts."""
    from kit.iota import GreedyPlayer, LookaheadPlayer, PlannerPlayer
    from kit.players import RandomPlayer
    from kit.iota.rules import Game
    players = rng.randint(1, 4)
    draw = rng.random() < 0.25
    game = Game.new(players=players, seed=seed, draw_for_start=draw)
    pool = [RandomPlayer(), RandomPlayer(), GreedyPlayer(), PlannerPlayer(),
            LookaheadPlayer(playouts=4, top_k=2)]
    return game, [rng.choice(pool) for __ in range(players)], \
        f"{players} player(s){', draw for start' if draw else ''}"


def puzzle_picture(puzzle: Any) -> str:
    """A block-the-lot puzzle shows every hand (the lot is in the others' hands)."""
    if puzzle.goal != "block_lot":
        return str(puzzle.game._repr_svg_())
    from kit.iota.draw import draw
    return str(draw(puzzle.game, open_hands=True).to_svg())


GAME = GameSpec(
    name="iota", title=N_("IOTA"), order=0,
    game="kit.iota.rules:Game", board="kit.iota.board:Board",
    editor="kit.iota.editor:Editor", replay="kit.iota.replay:Replay",
    analysis="kit.iota.analysis:analysis",
    invariants="kit.iota.invariants:IotaWatch", move="kit.iota.moves:Move",
    players=(1, 2, 3, 4), default_players=2, opponent="greedy",
    lesson="kit.lessons.iota", course="iota",
    # Translators: how a graded task's answer is written; the notation stays as it is
    answer_format=N_("cards placed as card@row,col, several separated by spaces "
                     "(e.g. `\"2GT@0,1 3GT@0,2\"`); a wild is `W`"),
    puzzles=Path(__file__).resolve().parents[1] / "lessons" / "puzzles" / "iota.json",
    puzzle_picture=puzzle_picture, soak=soak, benchmark="kit.iota.benchmark",
    keys="kit.iota.keys:KEYS")
