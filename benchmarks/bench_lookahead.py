"""The look-ahead player against the strongest other player: win rate with a 95 % Wilson interval.

    python benchmarks/bench_lookahead.py --game smartrix --games 400 --players 2
    python benchmarks/bench_lookahead.py --game smartrix --games 100 --players 3 --playouts 60
    python benchmarks/bench_lookahead.py --game iota --games 400 --players 2 --jobs 2

Game ``i`` is dealt from seed ``seed + i``; the look-ahead player sits at seat
``i % players`` (seats alternate), every other seat is the opponent (Smartrix:
cautious; IOTA: planner). A win is the look-ahead's side finishing strictly first; a shared
first place counts 1/k. Players' randomness: ``random.Random(seed + i)`` per
game, so any game replays alone. Prints one line per game (flushed: a run cut
short still says what it measured) and the total. A script, not a test.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def setup(game: str, players: int, playouts: int, options: dict | None = None):
    """(new game from a seed, the look-ahead player, the opponent's class)."""
    options = options or {}
    if game == "smartrix":
        from kit.smartrix import CautiousPlayer, Game
        from kit.smartrix.lookahead import LookaheadPlayer
        return ((lambda s: Game.new(players, seed=s)), LookaheadPlayer(playouts=playouts, **options),
                CautiousPlayer)
    if game == "iota":
        from kit.iota import Game as IotaGame
        from kit.iota import PlannerPlayer
        from kit.iota.lookahead import LookaheadPlayer as IotaLookahead
        return ((lambda s: IotaGame.new(players, seed=s)),
                IotaLookahead(playouts=playouts, **options), PlannerPlayer)
    raise SystemExit(f"no look-ahead player for {game!r} yet")


def option(text: str) -> tuple[str, object]:
    """``name=value`` for the look-ahead player (a number when it reads as one)."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"{text!r}: expected name=value")
    for kind in (int, float):
        try:
            return name, kind(value)
        except ValueError:
            pass
    return name, {"none": None}.get(value.lower(), value)


_GAME: tuple | None = None        # each worker's (args, new_game, player, opponent)


def _init(args: argparse.Namespace) -> None:
    global _GAME
    _GAME = (args, *setup(args.game, args.players, args.playouts, dict(args.option)))


def play_one(i: int) -> tuple[int, int, list[int], float, float]:
    """Game ``i``: (i, the look-ahead's seat, the scores, its win share, seconds)."""
    from kit.players import play_game
    assert _GAME is not None
    args, new_game, la, Opponent = _GAME
    t0 = time.perf_counter()
    game = new_game(args.seed + i)
    me = i % args.players
    seated = [la if s == me else Opponent() for s in range(args.players)]
    play_game(game, seated, random.Random(args.seed + i))
    side = game.team_of(me) if hasattr(game, "team_of") else me
    scores = list(game.scores)
    best = max(scores)
    firsts = [s for s, v in enumerate(scores) if v == best]
    return i, me, scores, 1 / len(firsts) if side in firsts else 0.0, time.perf_counter() - t0


def main(argv=None) -> float:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="smartrix")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--playouts", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1,
                    help="games played at once in worker processes (each game is seeded "
                         "alone, so the results are those of --jobs 1, printed in order)")
    ap.add_argument("--option", type=option, action="append", default=[], metavar="NAME=VALUE",
                    help="a further LookaheadPlayer argument, e.g. --option max_seconds=none")
    args = ap.parse_args(argv)
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    wins, t0 = 0.0, time.perf_counter()
    _init(args)
    if args.jobs == 1:
        results = map(play_one, range(args.games))
        pool = None
    else:
        pool = multiprocessing.get_context("spawn").Pool(args.jobs, _init, (args,))
        results = pool.imap(play_one, range(args.games))     # in game order, as they end
    try:
        n = 0
        for n, (i, me, scores, share, seconds) in enumerate(results, 1):
            wins += share
            lo, hi = wilson(wins, n)
            print(f"game {n}: seed {args.seed + i} seat {me} scores {scores} "
                  f"wins {wins:g}/{n} = {wins / n:.1%} [{lo:.1%}, {hi:.1%}] "
                  f"{seconds:.1f} s, {time.perf_counter() - t0:.0f} s in all", flush=True)
    finally:
        if pool is not None:
            pool.terminate()
    lo, hi = wilson(wins, args.games)
    extra = "".join(f", {k}={v}" for k, v in args.option)
    print(f"{args.game} {args.players} players, lookahead(playouts={args.playouts}{extra}) v "
          f"{_GAME[3].__name__}: {wins:g} of {args.games} = "
          f"{wins / max(1, args.games):.1%}, 95 % Wilson [{lo:.1%}, {hi:.1%}]", flush=True)
    return wins


if __name__ == "__main__":
    main()
