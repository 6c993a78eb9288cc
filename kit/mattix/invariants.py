"""Mattix's invariants watcher for the property tests and the soak: the tiles on
the board and the tiles taken are the starting tiles, each take scores its
tile's value, and every cell (and one beyond each edge) is a candidate move.

The checks themselves are ``kit.testing.invariants.Watch``'s; this module says
only what is Mattix's. Registered in ``kit/mattix/registration.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from kit.errors import IllegalMove
from kit.mattix.rules import Move
from kit.testing.invariants import Watch, require


class MattixWatch(Watch):
    """Mattix: tiles on the board + tiles taken = the starting tiles; scores =
    points returned = the values of the tiles each side took."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.taken: Counter[int] = Counter()
        self.initial = Counter(v for row in self.start["board"] for v in row if v is not None)

    def play(self, move: Any) -> int:
        m = self.game.check_move(move)
        value = self.position["board"][m.row][m.col]
        self.taken[value] += 1          # before play() so conservation sees it
        points = super().play(m)
        require(points == value, f"taking {m} scored {points}, the tile is {value}")
        return points

    def seats(self) -> int:
        return 2

    def check_conserved(self) -> None:
        on_board = Counter(v for row in self.game.board for v in row if v is not None)
        require(on_board + self.taken == self.initial,
                "the tiles on the board and the tiles taken are not the starting tiles")

    def accepts(self, move: Any) -> bool:
        try:
            self.game.check_move(move)
        except IllegalMove:
            return False
        return True

    def candidates(self, rng: random.Random, k: int) -> list[Any]:
        """Every cell of the board and one beyond each edge: k is not needed, it is cheap."""
        n = self.game.size
        return [Move(r, c) for r in range(-1, n + 1) for c in range(-1, n + 1)]
