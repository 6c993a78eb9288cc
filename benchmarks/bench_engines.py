"""Engine benchmarks: each registered game's own, in turn.

A game's registration (``kit.games``) names the module that times its engine
(``benchmark="kit.<game>.benchmark"``); this script runs each one as
``python -m <module>`` in a fresh process (one game's caches and imports do
not colour the next one's figures), passing every other option through. The
figures and options are each game's own: see its module (``python -m <module>
--help``). Nothing here names a game.

    python benchmarks/bench_engines.py                   # every registered game, full runs
    python benchmarks/bench_engines.py --quick           # seconds each; keeps the scripts honest
    python benchmarks/bench_engines.py --game NAME ...   # one game, its own options after it
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kit import games  # noqa: E402 -- the kit from this checkout, put on the path above


def benchmarks() -> dict[str, str]:
    """Game name -> its benchmark module, for every registered game that has one."""
    return {spec.name: spec.benchmark for spec in games.all() if spec.benchmark}


def run(module: str, options: Sequence[str]) -> int:
    """``python -m module *options`` from the checkout's root; its exit status."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return subprocess.run([sys.executable, "-m", module, *options], cwd=ROOT, env=env).returncode


def main(argv: Sequence[str] | None = None) -> int:
    found = benchmarks()
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0],
                                     epilog="Other options go to each game's benchmark.")
    parser.add_argument("--game", choices=list(found), help="one game only")
    args, options = parser.parse_known_args(argv)
    chosen = [args.game] if args.game else list(found)
    failed = []
    for name in chosen:
        print(f"== {name}: python -m {found[name]} {' '.join(options)}".rstrip(), flush=True)
        if run(found[name], options) != 0:
            failed.append(name)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
