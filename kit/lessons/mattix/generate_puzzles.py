"""Find candidate Mattix puzzles for lesson 5 (kit/lessons/puzzles/mattix.json).

Scans seeded positions (a deal after some random takes, ``position_after``)
and keeps those with exactly one take meeting a goal, judged by the exact
solver: "win by at least N" (N the best final margin, the biggest tile
failing), "the only take that does not lose", "force a draw" (the best is a
draw). Prints JSON entries with a drafted hint; the puzzle file is edited
from them by hand (hints reworded, a graded order).

    python -m kit.lessons.mattix.generate_puzzles --size 4 --level 2 --count 5
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from kit.lessons.mattix import final_margins, lookahead_values, position_after
from kit.mattix.rules import SIDE_NAMES


def classify(game: Any) -> tuple[str, int, Any] | None:
    """``(goal, target, solution)`` if exactly one take meets some goal, else None."""
    margins = final_margins(game)
    if len(margins) < min(3, game.size - 1):
        return None
    best = max(margins.values())
    tops = [m for m, v in margins.items() if v == best]
    top_tile = max(game.board[m.row][m.col] for m in margins)
    greedy_fails = all(game.board[m.row][m.col] != top_tile for m in tops)
    not_losing = [m for m, v in margins.items() if v >= 0]
    if best == 0 and len(tops) == 1 and len(not_losing) == 1:
        return "draw", 0, tops[0]
    if best > 0 and len(not_losing) == 1 and greedy_fails:
        return "only_move", 0, tops[0]
    if best > 0 and len(tops) == 1 and greedy_fails:
        return "win_by", best, tops[0]
    return None


def drafted_hint(game: Any, solution: Any) -> str:
    other = SIDE_NAMES[1 - game.to_move]
    replies = dict(lookahead_values(game.copy()))
    top = max(game.legal_moves(), key=lambda m: game.board[m.row][m.col])
    if top != solution:
        tile, reply = game.board[top.row][top.col], game.board[top.row][top.col] - replies[top]
        if reply >= tile:
            return (f"The biggest tile in your line, {tile} at {top}, is a trap: the {other} "
                    f"answers it with {reply}.")
        return (f"The biggest tile in your line, {tile} at {top}, looks safe (the {other}'s "
                f"best answer is {reply}), but it costs you later: look two takes further.")
    return f"For each take, find the biggest tile it leaves in the {other}'s line."


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--level", type=int, default=2)
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--goal", default=None)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    found = 0
    for seed in range(args.seed, args.seed + 5000):
        moves = seed % max(1, args.size * args.size - 6)
        game = position_after(seed, args.size, args.level, moves)
        if game.is_over:
            continue
        kind = classify(game)
        if kind is None or (args.goal and kind[0] != args.goal):
            continue
        goal, target, solution = kind
        print(json.dumps({"goal": goal, "target": target, "solution": str(solution),
                          "seed": seed, "tiles_left": game.tiles_left(),
                          "hint": drafted_hint(game, solution),
                          "position": game.to_dict()}))
        found += 1
        if found >= args.count:
            break
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
