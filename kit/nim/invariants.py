"""Nim's invariants watcher: stones are only ever taken (the heaps never grow,
and the stones taken are the history's), and every (heap, count) is a candidate."""

from __future__ import annotations

import random
from typing import Any

from kit.nim.rules import Move
from kit.testing.invariants import Watch, require


class NimWatch(Watch):
    def check_conserved(self) -> None:
        game = self.game
        taken = sum(m.count for m in game.history)
        require(sum(game.start) - sum(game.heaps) == taken,
                f"{taken} stones were taken, but the heaps went from {game.start} to {game.heaps}")
        require(all(h >= 0 for h in game.heaps), f"a heap below 0: {game.heaps}")

    def candidates(self, rng: random.Random, k: int) -> list[Any]:
        return [Move(h, n) for h in range(len(self.game.heaps) + 1) for n in range(1, 10)]
