"""Nim's computer players: the perfect one (it leaves a nim-sum of 0 whenever it can)."""

from __future__ import annotations

import random

from kit.nim.rules import Game, Move


class PerfectPlayer:
    """Leaves the heaps' exclusive or at 0 when it can (then it cannot lose);
    otherwise takes one stone from the largest heap, waiting for a mistake."""

    name = "perfect"

    def choose(self, game: Game, rng: random.Random) -> Move:
        total = game.nim_sum
        if total:
            for heap, size in enumerate(game.heaps):
                if size ^ total < size:
                    return Move(heap, size - (size ^ total))
        heap = max(range(len(game.heaps)), key=lambda h: game.heaps[h])
        return Move(heap, 1)

    def __repr__(self) -> str:
        return "PerfectPlayer()"
