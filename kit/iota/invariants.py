"""IOTA's invariants watcher for the property tests and the soak: the 66 cards
(the wilds twice) are conserved, and plausible moves, legal or not, to compare
legal_moves() with the rules.

The checks themselves are ``kit.testing.invariants.Watch``'s; this module says
only what is IOTA's. Registered in ``kit/iota/registration.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from kit.iota.cards import FULL_DECK, WILD
from kit.iota.movegen import frontier
from kit.iota.moves import Move, Pass, Play, Recycle
from kit.testing.invariants import Watch, require


class IotaWatch(Watch):
    """IOTA: the 66 cards (wilds twice) conserved; scores = points returned."""

    def check_conserved(self) -> None:
        g = self.game
        cards: Counter[Any] = Counter(g.table.values()) + Counter(g.deck)
        for hand in g.hands:
            cards.update(hand)
        require(cards == Counter(FULL_DECK), "the 66 cards are not all there exactly once")

    def candidates(self, rng: random.Random, k: int) -> list[Any]:
        return list(iota_candidates(self.game, rng, k))


def iota_candidates(game: Any, rng: random.Random, n: int) -> Iterator[Move]:
    """Plausible IOTA moves, legal or not: cards from hand near the table, passes, recycles."""
    hand = list(game.hands[game.to_move])
    cells = sorted(frontier(game.table))
    wild_cells = [x for x, c in game.table.items() if c == WILD]
    for _ in range(n):
        kind = rng.random()
        if kind < 0.05 or not hand:
            yield Pass.of(rng.sample(hand, rng.randint(0, len(hand))))
        elif kind < 0.1 and wild_cells:
            yield Recycle(rng.choice(wild_cells), rng.choice(hand))
        else:
            k = rng.randint(1, len(hand))
            r, c = rng.choice(cells)
            dr, dc = rng.choice([(0, 1), (1, 0)])
            offsets = [0] + rng.sample([o for o in range(-3, 4) if o], k - 1)
            yield Play.of(zip(rng.sample(hand, k), [(r + o * dr, c + o * dc) for o in offsets],
                              strict=True))
