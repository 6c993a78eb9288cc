"""Precompute the Mattix lesson 4 table: the first player's advantage, exactly.

For seeded deals (``Game.new(seed=s, size=n, level=l)``, seeds 0, 1, ...) the
exact value of the starting position for the row player, who moves first: what
the row player ends ahead by under perfect play. A 6 x 6 solve takes about 8 s
of CPU (the whole table about 6 minutes), too slow for a lesson cell, so this
script writes the table to ``kit/lessons/data/mattix_first_player.json`` and
lesson 4 loads it.

    nice -n 10 python -m kit.lessons.mattix.generate_first_player            # the lesson's table
    python -m kit.lessons.mattix.generate_first_player --boards 4:20 5:5 6:0  # a quick look
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kit import mattix
from kit.lessons.mattix.studies import FIRST_PLAYER_TABLE as OUT

DEFAULT_BOARDS = {4: 200, 5: 40, 6: 20}


def study(size: int, level: int, boards: int) -> dict[str, Any]:
    """The exact first-move value of ``boards`` seeded deals of one size and level."""
    values, start = [], time.process_time()
    for seed in range(boards):
        values.append(mattix.solve(mattix.Game.new(seed=seed, size=size, level=level))[0])
    return {"size": size, "level": level, "boards": boards, "seeds": [0, boards - 1],
            "values": values, "cpu_seconds": round(time.process_time() - start, 1)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--boards", nargs="*", default=[],
                        help="size:count pairs, e.g. 4:200 5:40 6:6")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    boards = dict(DEFAULT_BOARDS)
    for pair in args.boards:
        size, count = pair.split(":")
        boards[int(size)] = int(count)
    rows = []
    for size, count in sorted(boards.items()):
        for level in (1, 2):
            if count:
                rows.append(study(size, level, count))
                print(f"{size}x{size} level {level}: {count} boards, "
                      f"{rows[-1]['cpu_seconds']} s CPU", flush=True)
    args.out.write_text(json.dumps({"study": "exact value of the first move (row player)",
                                    "command": "python -m kit.lessons.mattix.generate_first_player",
                                    "rows": rows}, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
