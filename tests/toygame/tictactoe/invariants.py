"""Tic-tac-toe's invariants watcher: the marks alternate (X count is O count or
one more), and every cell is a candidate move."""

from __future__ import annotations

import random
from typing import Any

from kit.testing.invariants import Watch, require
from kit.tictactoe.rules import SIZE, Move


class TicTacToeWatch(Watch):
    def check_conserved(self) -> None:
        cells = self.game.cells
        require(cells.count("X") - cells.count("O") in (0, 1), f"the marks do not alternate: {cells}")

    def candidates(self, rng: random.Random, k: int) -> list[Any]:
        return [Move(r, c) for r in range(SIZE) for c in range(SIZE)]
