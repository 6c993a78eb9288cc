"""Explorer figures (issue 10): editing, analysing and replaying, per game.

For each registered game (kit.games) with a position editor, a replay and an
analysis: the time to validate one edit in its editor (target under 20 ms, so
editing feels instant; an edit is checked by the engine's ``from_dict`` of the
whole position, so loading a seeded mid-game position measures the same check
as a click does), the time to the first and to all analysis rows on seeded
mid-game positions, and the size of an exported replay page (one seeded game as
the kernel-free HTML). The positions are the soak's: the registration's seeded
setup (its variants and players) played part way. A script, not a test:
timings depend on the machine and its load, so the load average is printed too.

    python benchmarks/bench_explore.py                 # every registered game
    python benchmarks/bench_explore.py --game NAME     # one game
    python benchmarks/bench_explore.py --quick         # seconds; keeps the script honest

A game is measured once its registration names its ``editor``, ``replay``,
``analysis`` and ``soak``; nothing here names a game.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit import games
from kit.games import GameSpec

EDIT_TARGET_MS = 20.0


@dataclass(frozen=True)
class Figure:
    game: str
    name: str
    value: str
    target: str = ""


def timed(fn):
    """``(result, wall seconds)``."""
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def edit_times(editor, edits) -> tuple:
    """Check times (``editor.last_check_ms``) and whole-edit times (with the redraw), in ms."""
    checks, wholes = [], []
    for edit in edits:
        _, wall = timed(edit)
        checks.append(editor.last_check_ms)
        wholes.append(wall * 1000)
    return checks, wholes


def edit_figure(game: str, editor, edits, what: str) -> Figure:
    checks, wholes = edit_times(editor, edits)
    verdict = "met" if max(checks) < EDIT_TARGET_MS else "MISSED"
    return Figure(game, f"validate one edit ({what}, {len(edits)} edits)",
                  f"check median {statistics.median(checks):.2f} ms, worst {max(checks):.2f} ms; "
                  f"whole edit with redraw and JSON median {statistics.median(wholes):.1f} ms, "
                  f"worst {max(wholes):.1f} ms", f"check < {EDIT_TARGET_MS:g} ms: {verdict}")


def page_size(replay) -> str:
    page = replay.to_html()
    frames = sum(len(f) for f in replay.frames())
    return (f"{len(page) / 1024:.0f} KB for {len(replay.moves)} moves "
            f"(every frame written out: {frames / 1024:.0f} KB)")


def explored() -> list[GameSpec]:
    """The registered games this script can measure."""
    return [spec for spec in games.all()
            if spec.editor and spec.replay and spec.analysis and spec.soak]


def seeded_play(spec: GameSpec, seed: int, moves: int | None) -> tuple[Any, Any, str]:
    """(the start, the game after ``moves`` moves of its soak players (None: to the end), label)."""
    assert spec.soak is not None
    rng = random.Random(f"explore {spec.name} {seed}")
    game, players, label = spec.soak(seed, rng)
    start = game.copy()
    while not game.is_over and (moves is None or len(game.history) < moves):
        game.play(players[game.to_move].choose(game, rng))
    return start, game, label


def figures(spec: GameSpec, quick: bool) -> list[Figure]:
    name = spec.name
    editor_class, replay_class, analysis = spec.load_editor(), spec.load_replay(), spec.load_analysis()
    assert editor_class is not None and replay_class is not None and analysis is not None
    turns = 8 if quick else 24
    positions = [seeded_play(spec, seed, turns)[1] for seed in range(2 if quick else 10)]
    out = []

    editor = editor_class(positions[0])
    texts = [json_text(g) for g in positions]
    edits = [lambda text=text: editor.load_json(text) for text in texts] * (3 if quick else 6)
    out.append(edit_figure(name, editor, edits,
                           f"a whole position, {len(texts)} seeded positions after {turns} moves"))
    key = sorted(positions[0].to_dict())[0]
    refused = [lambda: editor.edit(lambda d: {k: v for k, v in d.items() if k != key},
                                   f"without its {key!r}")] * (5 if quick else 30)
    out.append(edit_figure(name, editor, refused, f"refused: the position without its {key!r}"))

    walls, firsts, counts = [], [], []
    for g in positions:
        if g.is_over:
            continue
        first: list[float] = []
        start = time.perf_counter()
        rows, wall = timed(lambda g=g, first=first, start=start: analysis(
            g, progress=lambda *_: first.append(time.perf_counter() - start)))
        walls.append(wall)
        firsts.append(first[0] if first else wall)
        counts.append(len(rows))
    if walls:
        out.append(Figure(name, f"analysis rows, {len(walls)} seeded position(s) after {turns} moves",
                          f"first row median {statistics.median(firsts) * 1000:.0f} ms, all rows "
                          f"median {statistics.median(walls) * 1000:.0f} ms, worst "
                          f"{max(walls) * 1000:.0f} ms; {min(counts)}-{max(counts)} rows"))

    start, game, label = seeded_play(spec, 11, None)
    replay = replay_class(start, list(game.history))
    out.append(Figure(name, f"replay page, a whole seeded game ({label})", page_size(replay)))
    return out


def json_text(game: Any) -> str:
    import json
    return json.dumps(game.to_dict())


def main(argv: list[str] | None = None) -> None:
    measured = {spec.name: spec for spec in explored()}
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes; seconds")
    parser.add_argument("--game", choices=list(measured), help="one game only")
    args = parser.parse_args(argv)
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}; "
          f"{'quick' if args.quick else 'full'} run", flush=True)
    for name in [args.game] if args.game else list(measured):
        for f in figures(measured[name], args.quick):
            target = f"  [{f.target}]" if f.target else ""
            print(f"{f.game:<9} {f.name}: {f.value}{target}", flush=True)


if __name__ == "__main__":
    main()
