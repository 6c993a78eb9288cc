"""A Smartrix computer player that looks ahead under the hidden cards.

:class:`LookaheadPlayer` (the ``kit.players`` protocol): determinized search.
It reads only ``game.view(seat)``: the table, the collected piles, its own
hand, the sizes of the other hands and of the pile, and the pool of cards it
cannot see. For each *sample* it deals that pool at random to the other hands
(their sizes kept) and the pile; on that guess of the hidden cards it plays
each candidate move (the ``top_k`` placements by this turn's points, then the
heaviest card shed, and the pass), then ``rounds`` rounds of greedy replies by
every seat (itself included), and scores the margin: its side's score minus
the best other side's. The move with the best mean margin over the samples is
played (ties: the heaviest card shed, then the first considered).

Budget: ``playouts`` playouts per move (one playout = one candidate on one
sample; samples go round the candidates, so every candidate is tried on the
same guesses), cut short only by ``max_seconds`` (checked between playouts;
the moves tried so far decide). ``last_playouts`` says how many were run.
Randomness comes only from the ``rng`` given to :meth:`choose`: the same
seed, the same moves. Standard library only.

Not covered: a real tree over the replies (ISMCTS); beliefs about the other
hands from how their owners played (the pool is dealt uniformly).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterable
from typing import Any

from kit.lookahead import Playouts
from kit.smartrix.ai import _free_points, honest_placements
from kit.smartrix.cards import ORIENTATIONS, VALUE, parse_card
from kit.smartrix.moves import PASS, Move
from kit.smartrix.rules import Game
from kit.smartrix.table import candidate_cells, cards_value, constraint_at, sets_through

__all__ = ["LookaheadPlayer"]


def _ints(cards: Iterable[str]) -> list[int]:
    return [parse_card(c) for c in cards]


def sample_game(view: dict[str, Any], rng: random.Random) -> Game:
    """A full game consistent with ``view`` (``Game.view(seat)``): the unseen
    cards dealt at random to the other hands, by their sizes, and the pile."""
    seat = view["seat"]
    pool = _ints(view["unseen"])
    rng.shuffle(pool)
    hands = []
    for s, size in enumerate(view["hand_sizes"]):
        if s == seat:
            hands.append(_ints(view["hands"][s]))
        else:
            hands.append(pool[:size])
            pool = pool[size:]
    deck = pool[:view["deck_size"]]
    opts = view["options"]
    grid = {(r, c): parse_card(t) for r, c, t in view["grid"]}
    unclaimed = [([tuple(c) for c in u["cells"]], u["formed_by"])
                 for u in view.get("unclaimed", ())]
    offending = ([tuple(c) for c in view["offending"]] if "offending" in view
                 else (() if opts["auto_collect"] else None))
    return Game(grid, hands, deck, [_ints(c) for c in view["collected"]], view["to_move"],
                view["out"], window=opts["window"], teams=opts["teams"],
                auto_collect=opts["auto_collect"], unclaimed=unclaimed, offending=offending)


def _clone(g: Game) -> Game:
    """A fast copy of a sampled game, without its history (never undone)."""
    return Game(g._grid, g._hands, g._deck, g._collected, g._to_move, g._out,
                window=g.window, teams=g.teams, auto_collect=g.auto_collect,
                unclaimed=[(c, s) for c, s in g._unclaimed], offending=g._offending)


def greedy_move(g: Game, rng: random.Random) -> Move:
    """What :class:`kit.smartrix.ai.GreedyPlayer` plays (the most points now, then
    the heaviest card shed, then at random), without building every placement."""
    free = _free_points(g)
    if free is not None:
        return free
    grid, hand = g._grid, g._hands[g._to_move]
    best_key = (-1, -1)
    ties: list[tuple[int, Any]] = []
    for cell in candidate_cells(grid, g.window):
        need = constraint_at(grid, cell)
        if need is None:
            continue
        mask, bits = need
        sets = sets_through(grid, cell)
        base = cards_value(grid, {x for _, run in sets for x in run if x != cell}) if sets else 0
        for h in hand:
            for o in ORIENTATIONS[h]:
                if o & mask == bits:
                    key = (base + VALUE[o] if sets else 0, VALUE[o])
                    if key > best_key:
                        best_key, ties = key, [(o, cell)]
                    elif key == best_key:
                        ties.append((o, cell))
    if not ties:
        return PASS
    card, cell = rng.choice(ties)
    return Move("place", card=card, cell=cell, claim=bool(best_key[0]) and not g.auto_collect)


def _margin(g: Game, side: int) -> int:
    scores = g.scores
    others = [v for i, v in enumerate(scores) if i != side]
    return scores[side] - (max(others) if others else 0)


class LookaheadPlayer:
    """Determinized look-ahead: the mean margin after ``rounds`` rounds of
    greedy play, over guesses of the hidden cards (see the module)."""

    name = "lookahead"

    def __init__(self, playouts: int = 60, top_k: int = 6, rounds: int = 2,
                 max_seconds: float | None = 2.0) -> None:
        # At least one playout and one placement weighed; rounds 0: this turn's margin.
        self.playouts, self.top_k, self.rounds = max(1, playouts), max(1, top_k), max(0, rounds)
        self.max_seconds = max_seconds
        self.last_playouts = 0

    def candidates(self, game: Game) -> list[Move]:
        """The moves weighed: the ``top_k`` placements by points now (then the
        heaviest card shed), and the pass."""
        scored = [(-pts, -(VALUE[m.card] if m.card is not None else 0), i, m)
                  for i, (m, pts, _) in enumerate(honest_placements(game))]
        best = [m for *_, m in sorted(scored, key=lambda s: s[:3])]
        return best[:self.top_k] + [PASS]

    def choose(self, game: Game, rng: random.Random) -> Move:
        free = _free_points(game)
        if free is not None:
            self.last_playouts = 0
            return free
        est = self.estimates(game, rng, alone=False)
        return max(est, key=lambda e: (e[1], VALUE[e[0].card] if e[0].card is not None else 0,
                                       -e[4]))[0]

    def estimates(self, game: Game, rng: random.Random,
                  progress: Callable[[int, int], None] | None = None,
                  stop: threading.Event | None = None, alone: bool = True
                  ) -> list[tuple[Move, float, float, int, int]]:
        """(move, mean margin, spread, playouts, index) for each candidate, in
        candidate order (a candidate not tried: mean -inf, n 0). A lone candidate
        is valued too unless not ``alone`` (choosing it needs no playout)."""
        cands = self.candidates(game)
        view = game.view(game.to_move)
        side = game.team_of(game.to_move)
        plies = self.rounds * game.players
        loop = Playouts(len(cands), self.playouts, lambda r: sample_game(view, r),
                        lambda guess, k, r: self._playout(guess, cands[k], plies, side, r),
                        self.max_seconds, stop, alone=alone)
        tallies = loop.run(rng, progress)
        self.last_playouts = loop.done
        return [(move, t.mean, t.spread, t.n, k) for k, (move, t) in enumerate(zip(cands, tallies, strict=True))]

    def _playout(self, sample: Game, move: Move, plies: int, side: int,
                 rng: random.Random) -> float:
        g = _clone(sample)
        g._play_unrecorded(move)
        for _ in range(plies):
            if g.is_over:
                break
            g._play_unrecorded(greedy_move(g, rng))
        return _margin(g, side)

    def __repr__(self) -> str:
        return (f"LookaheadPlayer(playouts={self.playouts}, top_k={self.top_k}, "
                f"rounds={self.rounds}, max_seconds={self.max_seconds})")
