"""An IOTA computer player that looks ahead under the hidden cards.

:class:`LookaheadPlayer` (the ``kit.players`` protocol): determinized search,
as :mod:`kit.smartrix.lookahead` does for Smartrix. It reads only what its
seat may see (``game.view(seat)``): the table, its own hand, the scores and
the sizes of the other hands and of the deck. The cards it cannot see are the
66 less the table and its hand. For each *sample* it deals those cards at
random to the other hands (their sizes kept) and the deck; on that guess it
plays each candidate move, then ``rounds`` rounds of replies by every seat
(itself included), and scores the margin: its score minus the best other
score. The replies follow ``rollout``: ``"greedy"`` (the default: most points
this turn), ``"keeper"`` (greedy, but a free recycle is taken and a pass keeps
the wilds) or ``"planner"`` (:class:`PlannerPlayer`, about 1.7 times the cost of
a greedy playout). With ``endgame`` > 0, once the deck holds ``endgame`` cards or
fewer the playouts run to the end of the game (a playout from mid-game to the
end costs some 20 times a one-round one, hence only near the end). The move
with the best mean margin over the samples is played (ties: the planner's order).

The candidates: a free wild recycle is taken at once, as the planner does;
otherwise the ``top_k`` plays by the planner's value (points, less the wild
spent, plus half of what the kept cards could score next) and the planner's
pass. Budget: ``playouts`` playouts per move (one playout = one candidate on
one sample; the samples go round the candidates, so every candidate is tried
on the same guesses), cut short by ``max_seconds`` (counted from the start of
the move; no playout is begun that would, at 1.5 times the pace so far, end
past it) or by ``stop`` (a ``threading.Event``), checked between playouts:
the moves tried so far decide. ``last_playouts`` says how many were run. Randomness comes only from
the ``rng`` given to :meth:`choose`: the same seed, the same moves. Standard
library only.

:func:`lookahead_values` gives the same estimate for the analysis: each
candidate's mean final margin, its spread and the number of playouts.

Not covered: a tree over the replies (ISMCTS); beliefs about the other hands
from how their owners played (the unseen cards are dealt uniformly).
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from kit.lookahead import Playouts
from kit.iota.ai import GreedyPlayer, PlannerPlayer, _scored_plays
from kit.iota.cards import FULL_DECK
from kit.iota.moves import Move, Recycle
from kit.iota.rules import Game

__all__ = ["LookaheadPlayer", "Estimate", "lookahead_values", "sample_game"]


def _keeper(game: Game, rng: random.Random) -> Move:
    """Greedy points with the planner's habits that cost nothing to check: a free
    recycle is taken, and a pass keeps the wilds (greedy's pass throws them back)."""
    moves = game.legal_moves()
    recycle = [m for m in moves if isinstance(m, Recycle)]
    if recycle:
        return min(recycle, key=lambda m: (m.card, m.cell))
    scored = _scored_plays(game, moves)
    if not scored:
        return _PLANNER._pass(game, moves, rng)
    best = max(points for points, _ in scored)
    return rng.choice([move for points, move in scored if points == best])


_PLANNER = PlannerPlayer()
#: The reply policies a playout may use, by name.
ROLLOUTS: dict[str, Callable[[Game, random.Random], Move]] = {
    "greedy": GreedyPlayer().choose, "keeper": _keeper, "planner": _PLANNER.choose}


def sample_game(game: Game, seat: int, rng: random.Random) -> Game:
    """A full game consistent with what ``seat`` sees of ``game``: the cards it
    cannot see dealt at random to the other hands (by their sizes) and the deck."""
    view = game.view(seat)
    hidden = Counter(FULL_DECK)
    hidden.subtract(game.table.values())
    own = list(game.hands[seat])
    hidden.subtract(own)
    pool = list(hidden.elements())
    rng.shuffle(pool)
    hands = []
    for s, size in enumerate(view["hand_sizes"]):
        if s == seat:
            hands.append(own)
        else:
            hands.append(pool[:size])
            pool = pool[size:]
    return Game(game.table, hands, pool[:view["deck_size"]], view["scores"], view["to_move"],
                view["passes"])


def _margin(g: Game, seat: int) -> int:
    others = [v for i, v in enumerate(g.scores) if i != seat]
    return g.scores[seat] - (max(others) if others else 0)


@dataclass(frozen=True)
class Estimate:
    """A candidate move's look-ahead value: ``mean`` final margin (the mover's
    score less the best other score, after the rounds looked ahead), its
    standard deviation ``spread`` and ``n`` playouts; ``points`` this turn."""

    move: Move
    points: int
    mean: float
    spread: float
    n: int


class LookaheadPlayer:
    """Determinized look-ahead: the mean margin after ``rounds`` rounds of
    greedy play, over guesses of the hidden cards (see the module)."""

    name = "lookahead"

    def __init__(self, playouts: int = 48, top_k: int = 5, rounds: int = 1,
                 max_seconds: float | None = 2.0, stop: threading.Event | None = None,
                 rollout: str = "greedy", endgame: int = 0) -> None:
        # At least one playout and one play weighed; rounds 0: this turn's margin.
        self.playouts, self.top_k, self.rounds = max(1, playouts), max(1, top_k), max(0, rounds)
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout {rollout!r}: one of {', '.join(ROLLOUTS)}")
        self.rollout, self.endgame = rollout, max(0, endgame)
        self.max_seconds = max_seconds
        self.stop = stop
        self.last_playouts = 0
        self._planner = PlannerPlayer()

    def candidates(self, game: Game, rng: random.Random) -> list[Move]:
        """The moves weighed: the ``top_k`` plays by the planner's value, and the
        planner's pass (a recycle alone when one is open: it is free)."""
        moves = game.legal_moves()
        recycle = [m for m in moves if isinstance(m, Recycle)]
        if recycle:
            return [min(recycle, key=lambda m: (m.card, m.cell))]
        scored = _scored_plays(game, moves)
        scored.sort(key=lambda t: -t[0])
        valued = [(points - self._planner._cost(game, move, points, None), i, move)
                  for i, (points, move) in enumerate(scored[:self._planner.candidates])]
        valued.sort(key=lambda t: (-t[0], t[1]))
        plays: list[Move] = [move for *_, move in valued[:self.top_k]]
        return plays + [self._planner._pass(game, moves, rng)]

    def estimates(self, game: Game, rng: random.Random,
                  progress: Callable[[int, int], None] | None = None,
                  alone: bool = True) -> list[Estimate]:
        """Each candidate's :class:`Estimate`, in candidate order; a lone candidate
        (a free recycle) is valued too unless not ``alone`` (choosing it needs none)."""
        cands = self.candidates(game, rng)
        seat = game.to_move
        points = {id(m): p for p, m in _scored_plays(game, cands)}
        plies = self.rounds * game.players
        if len(game.deck) <= self.endgame:
            plies = 10 ** 6          # near the end: play the guess out to the last card
        policy = ROLLOUTS[self.rollout]
        loop = Playouts(len(cands), self.playouts, lambda r: sample_game(game, seat, r),
                        lambda guess, k, r: self._playout(guess, cands[k], plies, seat, r,
                                                          policy),
                        self.max_seconds, self.stop, alone=alone)
        tallies = loop.run(rng, progress)
        self.last_playouts = loop.done
        return [Estimate(move, points.get(id(move), 0), t.mean, t.spread, t.n)
                for move, t in zip(cands, tallies, strict=True)]

    def choose(self, game: Game, rng: random.Random) -> Move:
        est = self.estimates(game, rng, alone=False)
        return est[max(range(len(est)), key=lambda k: (est[k].mean, -k))].move

    @staticmethod
    def _playout(sample: Game, move: Move, plies: int, seat: int, rng: random.Random,
                 policy: Callable[[Game, random.Random], Move] | None = None) -> float:
        g = Game(sample.table, sample.hands, sample.deck, sample.scores, sample.to_move,
                 sample.passes)
        g._play_unrecorded(move)
        choose = policy or GreedyPlayer().choose
        for _ in range(plies):
            if g.is_over:
                break
            g._play_unrecorded(choose(g, rng))
        return _margin(g, seat)

    def __repr__(self) -> str:
        return (f"LookaheadPlayer(playouts={self.playouts}, top_k={self.top_k}, "
                f"rounds={self.rounds}, max_seconds={self.max_seconds}, "
                f"rollout={self.rollout!r}, endgame={self.endgame})")


def lookahead_values(game: Game, seed: int = 0, playouts: int = 96, rounds: int = 1,
                     top_k: int = 8, stop: threading.Event | None = None,
                     progress: Callable[[int, int], None] | None = None,
                     max_seconds: float | None = None) -> list[Estimate]:
    """The look-ahead's estimates for the player to move, best mean margin first
    (seeded: the same ``seed``, the same figures)."""
    player = LookaheadPlayer(playouts=playouts, top_k=top_k, rounds=rounds,
                             max_seconds=max_seconds, stop=stop)
    est = player.estimates(game.copy(), random.Random(seed), progress)
    order = sorted(range(len(est)), key=lambda k: (-est[k].mean, k))
    return [est[k] for k in order]
