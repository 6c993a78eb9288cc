"""Smartrix's invariants watcher for the property tests and the soak: the 70
cards are conserved, each seat's collected values are the points play()
returned to it, the scores are collected minus in hand (per team in teams), and
random placements and the claims on offer are candidate moves.

The checks themselves are ``kit.testing.invariants.Watch``'s; this module says
only what is Smartrix's. Registered in ``kit/smartrix/registration.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from kit.smartrix.cards import CANONICAL, DECK, DIRECTIONS, ORIENTATIONS, parse_card
from kit.smartrix.moves import Move
from kit.testing.invariants import Watch, require


class SmartrixWatch(Watch):
    """Smartrix: the 70 cards conserved; each seat's collected values = the
    points play() returned to it; scores = collected - hand (per team in teams)."""

    def check_conserved(self) -> None:
        require(smartrix_conserved(self.game), "the 70 cards are not all there exactly once")

    def check_scores(self) -> None:
        g = self.game
        collected = [smartrix_value(g.collected(s)) for s in range(g.players)]
        require(collected == self.points,
                f"collected values {collected} but play() returned {self.points} in all")
        require(smartrix_scores_add_up(g),
                f"scores {g.scores} are not collected values minus values in hand")

    def candidates(self, rng: random.Random, k: int) -> list[Any]:
        return smartrix_candidates(self.game, rng, k)


def smartrix_value(texts: Iterable[str]) -> int:
    return sum(t.count("1") for t in texts)


def smartrix_conserved(game: Any) -> bool:
    """The 70 deck cards, each exactly once, across table, hands, pile, collected piles."""
    d = game.to_dict()
    cards = [t for _, _, t in d["grid"]] + d["deck"]
    cards += [t for h in d["hands"] for t in h] + [t for c in d["collected"] for t in c]
    return sorted(CANONICAL[parse_card(t)] for t in cards) == sorted(DECK)


def smartrix_scores_add_up(game: Any) -> bool:
    per_seat = [smartrix_value(game.collected(s)) - smartrix_value(game.hand(s))
                for s in range(game.players)]
    if game.teams:
        per_seat = [per_seat[0] + per_seat[2], per_seat[1] + per_seat[3]]
    return bool(game.scores == per_seat)


def smartrix_candidates(game: Any, rng: random.Random, k: int) -> list[Any]:
    """Random placements near the table (accepted or not) and the claims on offer."""
    hand = game.hand(game.to_move)
    near = {(0, 0)} if not game.grid else {
        (r + dr, c + dc) for r, c in game.grid for dr, dc in DIRECTIONS} | set(game.grid)
    cells = sorted(near)
    out = []
    for _ in range(k if hand else 0):
        card = rng.choice(ORIENTATIONS[parse_card(rng.choice(hand))])
        row, col = rng.choice(cells)
        out.append(Move.place(card, row, col, claim=not game.auto_collect and rng.random() < 0.3))
    out += [Move.take("claim", cells) for cells, _ in game.unclaimed_sets]
    return out
