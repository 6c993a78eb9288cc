"""The playout loop the look-ahead players share (kit.iota.lookahead,
kit.smartrix.lookahead): candidates tried in turn on the same guesses of the hidden
cards, each one's margins tallied, cut short by a budget of playouts, of seconds or
a Stop.

What a guess is, what a candidate is and how a playout is played are each game's;
this module knows no game.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

Sample = TypeVar("Sample")


@dataclass(frozen=True)
class Tally:
    """One candidate's playouts: their ``mean`` margin (-inf if none was played),
    its standard deviation ``spread``, and how many (``n``)."""
    mean: float
    spread: float
    n: int


def out_of_time(start: float, done: int, budget: float) -> bool:
    """Might one more playout (at 1.5 times the mean pace so far) end past ``budget``
    seconds from ``start``? So no playout is begun that would end late."""
    spent = time.perf_counter() - start
    return spent + 1.5 * spent / done > budget


@dataclass
class Playouts(Generic[Sample]):
    """``playouts`` playouts over ``candidates`` candidates, round robin: a new guess
    (``sample(rng)``) and a new sub-seed at the start of each round, so every candidate
    meets the same hidden cards. ``play(guess, k, rng)`` is candidate k's margin.
    A lone candidate gets no playout (a player has nothing to choose) unless
    ``alone``: an analysis still says what that move is worth."""
    candidates: int
    playouts: int
    sample: Callable[[random.Random], Sample]
    play: Callable[[Sample, int, random.Random], float]
    max_seconds: float | None = None
    stop: threading.Event | None = None
    done: int = 0
    alone: bool = False

    def run(self, rng: random.Random,
            progress: Callable[[int, int], None] | None = None) -> list[Tally]:
        """Each candidate's tally, in candidate order; ``done`` says how many ran.
        A single candidate needs no playout, unless ``alone``."""
        start = time.perf_counter()
        n = self.candidates
        sums, squares, counts = [0.0] * n, [0.0] * n, [0] * n
        self.done = 0
        guess: Sample | None = None
        sub_seed = 0
        for i in range(self.playouts if n > 1 or self.alone else 0):
            if i and ((self.stop is not None and self.stop.is_set()) or (
                    self.max_seconds is not None and out_of_time(start, i, self.max_seconds))):
                break
            k = i % n
            if k == 0:
                guess = self.sample(rng)
                sub_seed = rng.getrandbits(32)
            assert guess is not None
            m = self.play(guess, k, random.Random(sub_seed))
            sums[k] += m
            squares[k] += m * m
            counts[k] += 1
            self.done += 1
            if progress is not None:
                progress(i + 1, self.playouts)
        tallies = []
        for k in range(n):
            c = counts[k]
            mean = sums[k] / c if c else float("-inf")
            spread = math.sqrt(max(0.0, squares[k] / c - mean * mean)) if c else 0.0
            tallies.append(Tally(mean, spread, c))
        return tallies
