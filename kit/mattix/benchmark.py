"""Mattix solver benchmark: exact-solve times and the 8 x 8 search depth.

Prints, for seeded random level-2 boards: exact-solve time on 4 x 4, 5 x 5,
6 x 6 (median and worst, wall clock and CPU time), 7 x 7 under a stated time
cap (how many boards it solves, and how deep iterative deepening gets on the
rest), nodes per second, and the depth iterative deepening completes in one
second on 8 x 8 (wall clock, and one second of CPU time). A script, not a
test: timings depend on the machine and on what else it is running, so the
load average is printed too.

    python -m kit.mattix.benchmark            # the full run (about 10-20 minutes)
    python -m kit.mattix.benchmark --quick    # a few seconds; keeps the script honest
    python -m kit.mattix.benchmark --exact7   # the 7 x 7 exact attempt (exact.py)
    python -m kit.mattix.benchmark --tables   # not timings: do the tile tables make
                                              # interesting games? (tournaments, greedy's cost)

``make bench`` runs it with the other games' (``benchmarks/bench_engines.py``,
through the registry's ``benchmark`` field).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, TypeVar

from kit.mattix import (Game, GreedyPlayer, LookaheadPlayer, RandomPlayer,
                        SearchPlayer, analyse, search, tournament)

T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[T, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = fn()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def fmt(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def exact_solves(size: int, boards: int, seed: int) -> None:
    walls: list[float] = []
    cpus: list[float] = []
    nodes: list[int] = []
    for k in range(boards):
        g = Game.new(seed=seed + k, size=size, level=2)
        result, wall, cpu = timed(partial(search, g))
        assert result.exact
        walls.append(wall)
        cpus.append(cpu)
        nodes.append(result.nodes)
    print(f"{size}x{size} exact, {boards} boards: median {fmt(statistics.median(walls))}, "
          f"worst {fmt(max(walls))} (CPU median {fmt(statistics.median(cpus))}, "
          f"worst {fmt(max(cpus))}); median nodes {int(statistics.median(nodes))}, "
          f"{sum(nodes) / sum(cpus):,.0f} nodes per CPU second", flush=True)


def capped_solves(size: int, boards: int, cap: float, seed: int) -> None:
    solved: list[float] = []
    depths: list[int] = []
    for k in range(boards):
        g = Game.new(seed=seed + k, size=size, level=2)
        result, wall, cpu = timed(partial(search, g, time_limit=cap, deepen=False))
        if result.exact:
            solved.append(wall)
            print(f"  {size}x{size} board {k}: solved exactly in {fmt(wall)} "
                  f"(CPU {fmt(cpu)}), value {result.value}, {result.nodes} nodes", flush=True)
        else:
            deep = search(g, time_limit=cap)
            depths.append(deep.depth)
            print(f"  {size}x{size} board {k}: not solved within {cap:g} s; iterative "
                  f"deepening reaches depth {deep.depth} of {g.tiles_left()} in {cap:g} s",
                  flush=True)
    print(f"{size}x{size} exact with a {cap:g} s cap: {len(solved)} of {boards} solved"
          + (f", median of those {fmt(statistics.median(solved))}" if solved else "")
          + (f"; unsolved boards reach depth {min(depths)}-{max(depths)}" if depths else ""),
          flush=True)


def depth_in_budget(boards: int, budget: float, seed: int) -> None:
    wall_depths: list[int] = []
    cpu_depths: list[int] = []
    rates: list[float] = []
    for k in range(boards):
        g = Game.new(seed=seed + k, size=8, level=2)
        result = search(g, time_limit=budget)
        wall_depths.append(result.depth)
        rates.append(result.nodes_per_second)
        cpu_depths.append(cpu_depth(g, budget))
    print(f"8x8 level 2, {boards} boards: iterative deepening completes depth "
          f"{statistics.median(wall_depths):g} (min {min(wall_depths)}) in {budget:g} s wall clock, "
          f"{statistics.median(rates):,.0f} nodes/s; depth {statistics.median(cpu_depths):g} "
          f"(min {min(cpu_depths)}) in {budget:g} s of CPU time", flush=True)


def cpu_depth(g: Game, budget: float) -> int:
    """Deepest depth whose deepening run fits in ``budget`` seconds of CPU time.

    Each depth is timed twice and the faster run counts: one slow run (another
    job's burst, a page fault storm) should not end the climb.
    """
    best, depth = 0, 2
    while depth <= g.tiles_left():
        runs = [timed(partial(search, g, depth=depth)) for _ in range(2)]
        result, _, cpu = min(runs, key=lambda run: run[2])
        if cpu > budget:
            break
        best = result.depth
        depth += 1 if depth < 8 else 2
    return best


def greedy_cost(size: int, level: int, positions: int, seed: int) -> None:
    """How often the biggest tile is not a best move, and what it costs (exact)."""
    wrong, seen = 0, 0
    losses: list[int] = []
    for k in range(positions):
        g = Game.new(seed=seed + k, size=size, level=level)
        for _ in range(k % 4):      # openings, and positions a few greedy moves in
            if not g.is_over:
                g.play(max(g.legal_moves(), key=lambda m: g.tile((m.row, m.col))))
        if g.is_over:
            continue
        seen += 1
        rows = analyse(g)
        best = rows[0][1]
        # Ties among equal biggest tiles: greedy counts as right if any of them is best.
        top = max(g.tile((m.row, m.col)) for m, _ in rows)
        greedy = max(v for m, v in rows if g.tile((m.row, m.col)) == top)
        if greedy < best:
            wrong += 1
            losses.append(best - greedy)
    print(f"{size}x{size} level {level}: the biggest tile is not a best move in {wrong} of "
          f"{seen} positions" + (f", costing {statistics.mean(losses):.1f} points on average "
                                      f"(worst {max(losses)})" if losses else ""), flush=True)


def table_checks(games: int, seed: int) -> None:
    for level in (1, 2):
        greedy_cost(4, level, 200, seed)
        greedy_cost(5, level, 60, seed)
    pairs: list[tuple[Any, Any]] = [(GreedyPlayer(), RandomPlayer()), (LookaheadPlayer(), GreedyPlayer()),
             (SearchPlayer(time_limit=None, depth=4), LookaheadPlayer())]
    for level in (1, 2):
        for a, b in pairs:
            sa, sb = tournament([a, b], games=games, seed=seed, size=8, level=level)
            print(f"8x8 level {level}: {sa.name} v {sb.name}: {sa.name} wins {sa.win_rate:.0%}, "
                  f"mean margin {sa.mean_margin:+.1f} points ({games} games)", flush=True)


def late_position(seed: int, size: int, left: int) -> Game:
    """A seeded level-2 board played by greedy (seeded) until ``left`` tiles remain."""
    import random
    g = Game.new(seed=seed, size=size, level=2)
    player, rng = GreedyPlayer(), random.Random(seed)
    while g.tiles_left() > left and not g.is_over:
        g.play(player.choose(g, rng))
    return g


def exact7(seed: int, cap: float, lefts: Sequence[int], boards6: int) -> None:
    """The 7 x 7 exact attempt: both exact solvers cross-checked, and the curve.

    6 x 6 benchmark boards and late 7 x 7 positions (``lefts`` tiles left):
    ``solver.search`` and ``exact.exact_value`` must agree; CPU seconds and
    nodes for each. Then the fresh 7 x 7 boards with ``cap`` seconds each.
    """
    from kit.mattix.exact import exact_value

    def both(g: Game, label: str) -> None:
        old, _, old_cpu = timed(partial(search, g))
        new, _, new_cpu = timed(partial(exact_value, g))
        assert old.exact and new.value == old.value, (label, new.value, old.value)
        print(f"  {label}: value {old.value}, equal; search CPU {fmt(old_cpu)} "
              f"({old.nodes} nodes), MTD(f) CPU {fmt(new_cpu)} ({new.nodes} nodes, "
              f"{new.passes} passes); load {os.getloadavg()[0]:.1f}", flush=True)

    for k in range(boards6):
        both(Game.new(seed=seed + k, size=6, level=2), f"6x6 board {k}")
    for left in lefts:
        for k in range(3):
            g = late_position(seed + k, 7, left)
            both(g, f"7x7 board {k}, {g.tiles_left()} tiles left")
    for k in range(3):
        g = Game.new(seed=seed + k, size=7, level=2)
        result, wall, cpu = timed(partial(search, g, time_limit=cap, deepen=False))
        outcome = f"solved, value {result.value}," if result.exact else "not solved"
        print(f"  7x7 board {k} (48 tiles): {outcome} "
              f"in {fmt(wall)} wall, CPU {fmt(cpu)}; load {os.getloadavg()[0]:.1f}", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small run, a few seconds")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--cap", type=float, default=120.0, help="7x7 time cap per board (s)")
    parser.add_argument("--tables", action="store_true",
                        help="tournaments and greedy's exact cost on the kit's tile tables")
    parser.add_argument("--exact7", action="store_true",
                        help="the 7x7 exact attempt: both exact solvers cross-checked on the "
                             "6x6 boards and late 7x7 positions, time against tiles left")
    parser.add_argument("--lefts", default="32,35,38", help="tiles left for --exact7")
    parser.add_argument("--boards6", type=int, default=5, help="6x6 boards for --exact7")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    if args.exact7:
        exact7(args.seed, args.cap, [int(x) for x in args.lefts.split(",")], args.boards6)
        return
    if args.tables:
        table_checks(games=40, seed=args.seed)
        return
    if args.quick:
        exact_solves(4, 5, args.seed)
        exact_solves(5, 3, args.seed)
        capped_solves(6, 1, 0.5, args.seed)
        depth_in_budget(1, 0.2, args.seed)
        return
    exact_solves(4, 50, args.seed)
    exact_solves(5, 20, args.seed)
    exact_solves(6, 5, args.seed)
    capped_solves(7, 3, args.cap, args.seed)
    depth_in_budget(5, 1.0, args.seed)
    print(f"load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
