"""Soak: many seeded whole games of each game, every invariant checked after every move.

`make soak` runs 10,000 games of each registered game (kit.games; `--games`
to change it), spread over the machine's cores. A game is fixed by its game and
seed: the seed picks the variant (the game's registration says which: players,
board size, options), a player for each seat (random or a computer player) and
every random choice, so a failure replays from its seed alone:

    python benchmarks/soak.py                       # 10,000 games of each game
    python benchmarks/soak.py --game NAME --games 200 --seed 5000 --jobs 2
    python benchmarks/soak.py --minutes 20          # at most about 20 minutes per game
    python benchmarks/soak.py --replay NAME 1234    # one game, move by move

After every move kit.testing.invariants.Watch checks: the points returned add up to
the scores, cards or tiles are conserved, undo/redo and the to_dict / from_dict
round trip are exact. On one position in ten it compares legal_moves() with
what the rules accept; on one in a hundred it throws kit.testing.badinput's bad moves
and corrupted positions, which must be refused with a ValueError and change
nothing (which positions: the seed says). The output gives, per game, the
games, moves and games per second, and each failure with its seed and the
command that replays it; the exit status is 1 if anything failed. The CPU
time is given too: on a shared machine the wall clock measures the load. A
script, not a test (about half an hour on two idle cores, hours on a busy
machine: figures in README.md); tests/test_soak.py runs it for a handful of
games.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit import games
from kit.testing.badinput import check_refused
from kit.testing.invariants import InvariantBroken, require, watch

MAX_MOVES = 3000          # no game of the kit comes near this; more is a failure
LEGAL_SAMPLE = 0.1        # share of positions where legal_moves() is compared with the rules
LEGAL_K = 8               # moves sampled each way there
BAD_INPUT_SHARE = 0.01    # share of positions that get bad input thrown at them
BAD_INPUT_N = 20          # bad moves, and bad positions, thrown there
CHUNK = 10                # games per task handed to a worker


def setup(name: str, seed: int):
    """(rng, game, players by seat, label) for game ``name`` from ``seed``; the
    rng then makes every later choice of the game (the registration's ``soak``
    makes the first: the variant and the players)."""
    soak_setup = games.get(name).soak
    if soak_setup is None:
        raise ValueError(f"{name} registers no seeded soak game")
    rng = random.Random(f"soak {name} {seed}")
    return (rng, *soak_setup(seed, rng))


@dataclass
class Outcome:
    """One game's result: moves played and, if something broke, what."""
    seed: int
    moves: int
    failure: str = ""
    cpu: float = 0.0          # CPU seconds the game took (its worker's process time)


def play_one(name: str, seed: int, log=None) -> Outcome:
    """Play game ``name`` from ``seed`` to its end, checking every move.

    ``log`` (a print-like function) gets the setup and each move, for replays.
    Any exception is caught and returned as the failure, with where it happened.
    """
    w, start = None, time.process_time()
    try:
        rng, game, seats, label = setup(name, seed)
        if log:
            log(f"{name} seed {seed}: {label}; players {[p.name for p in seats]}")
        w = watch(game)
        while not game.is_over:
            require(w.moves < MAX_MOVES, f"the game did not end within {MAX_MOVES} moves")
            if rng.random() < LEGAL_SAMPLE:
                w.check_legal_moves(rng, LEGAL_K)
            if rng.random() < BAD_INPUT_SHARE:
                check_bad_input(game, rng)
            seat = game.to_move
            move = seats[seat].choose(game, rng)
            points = w.play(move)
            if log:
                log(f"{w.moves:4}. seat {seat} {move}: {points:+}   scores {game.scores}")
        require(game.legal_moves() == [], "the game is over but legal_moves() lists moves")
        return Outcome(seed, w.moves, cpu=time.process_time() - start)
    except Exception as err:
        if log:
            log(traceback.format_exc())
        moves = w.moves if w else 0
        kind = "" if isinstance(err, InvariantBroken) else f"{type(err).__name__}: "
        return Outcome(seed, moves, f"{kind}{err} (after move {moves})",
                       cpu=time.process_time() - start)


def check_bad_input(game, rng) -> None:
    """kit.testing.badinput's bad moves and corrupted positions: each refused with a
    ValueError and the game unchanged."""
    problems = check_refused(game, rng, BAD_INPUT_N)
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    require(not problems, f"bad input: {problems[0] if problems else ''}{more}")


def play_many(name: str, seeds) -> list:
    return [play_one(name, seed) for seed in seeds]


@dataclass
class Report:
    name: str
    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    cpu: float = 0.0                                 # CPU seconds, all workers
    failures: list = field(default_factory=list)     # Outcomes that failed
    first_seed: int = 0
    stopped_early: bool = False                      # the time budget ran out

    def lines(self) -> list:
        rate = self.games / self.seconds if self.seconds else 0.0
        per_cpu = self.games / self.cpu if self.cpu else 0.0
        out = [f"{self.name:<9} {self.games:>6} games {self.moves:>9} moves "
               f"{self.seconds:>8.1f} s {rate:>7.2f} games/s {len(self.failures):>4} failures",
               f"{'':<9} {self.cpu:.1f} CPU s in all workers, {per_cpu:.2f} games per CPU s"]
        if self.stopped_early:
            out.append(f"  stopped at the time budget: seeds {self.first_seed}.."
                       f"{self.first_seed + self.games - 1} played")
        for o in self.failures:
            out.append(f"  FAILED seed {o.seed}: {o.failure}")
            out.append(f"    replay: python benchmarks/soak.py --replay {self.name} {o.seed}")
        return out


def soak(name: str, games: int, seed: int = 0, jobs: int = 1, progress=None,
         minutes: float = 0) -> Report:
    """Play ``games`` games of ``name`` with seeds ``seed``, ``seed + 1``, ...
    on ``jobs`` processes (1: in this process); return the report. With
    ``minutes``, no new game starts after that long: the games played are
    still the first seeds, in order."""
    seeds = list(range(seed, seed + games))
    chunks = [seeds[i:i + CHUNK] for i in range(0, len(seeds), CHUNK)]
    report = Report(name, first_seed=seed)
    start = time.perf_counter()
    deadline = start + minutes * 60 if minutes else float("inf")
    if jobs == 1:
        for chunk in chunks:
            if time.perf_counter() > deadline:
                break
            _collect(report, play_many(name, chunk), progress)
    else:
        with ProcessPoolExecutor(jobs) as pool:
            running = deque()
            for chunk in chunks:
                if time.perf_counter() > deadline:
                    break
                running.append(pool.submit(play_many, name, chunk))
                if len(running) > 2 * jobs:     # keep the workers busy, no more
                    _collect(report, running.popleft().result(), progress)
            while running:
                _collect(report, running.popleft().result(), progress)
    report.seconds = time.perf_counter() - start
    report.stopped_early = report.games < games
    report.failures.sort(key=lambda o: o.seed)
    return report


def _collect(report, outcomes, progress) -> None:
    thousands = report.games // 1000
    for o in outcomes:
        report.games += 1
        report.moves += o.moves
        report.cpu += o.cpu
        if o.failure:
            report.failures.append(o)
    if progress and report.games // 1000 > thousands:
        progress(f"  {report.name}: {report.games} games")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games of each game")
    parser.add_argument("--game", choices=games.names(), help="only this game")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--minutes", type=float, default=0,
                        help="per game: start no new game after this many minutes")
    parser.add_argument("--replay", nargs=2, metavar=("GAME", "SEED"),
                        help="replay one game move by move")
    args = parser.parse_args(argv)
    if args.replay:
        name, seed = args.replay
        outcome = play_one(name, int(seed), log=print)
        print(f"FAILED: {outcome.failure}" if outcome.failure else f"ok, {outcome.moves} moves")
        return 1 if outcome.failure else 0
    print(f"soak: {args.games} games each, seeds {args.seed}..{args.seed + args.games - 1}, "
          f"{args.jobs} process(es), Python {sys.version.split()[0]}", flush=True)
    failed = False
    for name in [args.game] if args.game else games.names():
        report = soak(name, args.games, args.seed, args.jobs, minutes=args.minutes,
                      progress=lambda text: print(text, file=sys.stderr, flush=True))
        print("\n".join(report.lines()), flush=True)
        failed |= bool(report.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
