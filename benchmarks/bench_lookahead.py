"""The look-ahead player against the strongest other player: win rate with a 95 % Wilson interval.

    python benchmarks/bench_lookahead.py --game smartrix --games 400 --players 2
    python benchmarks/bench_lookahead.py --game smartrix --games 100 --players 3 --playouts 60
    python benchmarks/bench_lookahead.py --game iota --games 400 --players 2 --playouts 24

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
import random
import sys
import time


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def setup(game: str, players: int, playouts: int):
    if game == "smartrix":
        from kit.smartrix import CautiousPlayer, Game
        from kit.smartrix.lookahead import LookaheadPlayer
        return (lambda s: Game.new(players, seed=s)), LookaheadPlayer(playouts=playouts), CautiousPlayer
    if game == "iota":
        from kit.iota import Game as IotaGame
        from kit.iota import PlannerPlayer
        from kit.iota.lookahead import LookaheadPlayer as IotaLookahead
        return ((lambda s: IotaGame.new(players, seed=s)), IotaLookahead(playouts=playouts),
                PlannerPlayer)
    raise SystemExit(f"no look-ahead player for {game!r} yet")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="smartrix")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--playouts", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    from kit.players import play_game
    new_game, la, Opponent = setup(args.game, args.players, args.playouts)
    wins, t0 = 0.0, time.perf_counter()
    for i in range(args.games):
        game = new_game(args.seed + i)
        me = i % args.players
        seated = [la if s == me else Opponent() for s in range(args.players)]
        play_game(game, seated, random.Random(args.seed + i))
        side = game.team_of(me) if hasattr(game, "team_of") else me
        scores = list(game.scores)
        best = max(scores)
        firsts = [s for s, v in enumerate(scores) if v == best]
        wins += 1 / len(firsts) if side in firsts else 0.0
        lo, hi = wilson(wins, i + 1)
        print(f"game {i + 1}: seed {args.seed + i} seat {me} scores {scores} "
              f"wins {wins:g}/{i + 1} = {wins / (i + 1):.1%} [{lo:.1%}, {hi:.1%}] "
              f"{time.perf_counter() - t0:.0f} s", flush=True)
    lo, hi = wilson(wins, args.games)
    print(f"{args.game} {args.players} players, lookahead(playouts={args.playouts}) v "
          f"{Opponent.__name__}: {wins:g} of {args.games} = {wins / max(1, args.games):.1%}, "
          f"95 % Wilson [{lo:.1%}, {hi:.1%}]", file=sys.stdout)


if __name__ == "__main__":
    main()
