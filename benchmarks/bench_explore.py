"""Explorer figures (issue 10): editing, analysing and replaying, per game.

For each game that has registered its figures below: the time to validate one
edit in its position editor (target under 20 ms, so editing feels instant),
the time to the first analysis rows on its biggest default board, and the
size of an exported replay page (one seeded game as the kernel-free HTML).
A script, not a test: timings depend on the machine and its load, so the load
average is printed too.

    python benchmarks/bench_explore.py                 # every registered game
    python benchmarks/bench_explore.py --game mattix   # one game
    python benchmarks/bench_explore.py --quick         # seconds; keeps the script honest

Adding a game: write ``def <game>_figures(quick) -> list[Figure]`` and
decorate it with ``@figures_of("<game>")``; the helpers ``edit_times``,
``timed`` and ``page_size`` do the measuring the same way for everyone.
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

EDIT_TARGET_MS = 20.0

#: game name -> function(quick) -> list of Figure
GAMES: dict = {}


@dataclass(frozen=True)
class Figure:
    game: str
    name: str
    value: str
    target: str = ""


def figures_of(game: str):
    """Register a game's figures function."""
    def register(fn):
        GAMES[game] = fn
        return fn
    return register


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


# ----- Mattix ------------------------------------------------------------------------

@figures_of("mattix")
def mattix_figures(quick: bool) -> list:
    from kit.mattix import Editor, Game, GreedyPlayer, LookaheadPlayer, Replay, analysis
    from kit.players import play_game

    figures = []
    editor = Editor(Game.new(size=8, level=2, seed=1))
    cells = [(r, c) for r in range(8) for c in range(8) if (r, c) != editor.game.star]
    edits = [lambda cell=cell, k=k: editor.set_tile(cell, k % 15 + 1)
             for k, cell in enumerate(cells[:10 if quick else 60])]
    figures.append(edit_figure("mattix", editor, edits, "a tile on 8 x 8"))
    star = editor.game.star
    refused = [lambda: editor.set_tile(star, 5)] * (5 if quick else 30)
    figures.append(edit_figure("mattix", editor, refused, "refused: a tile on the star"))

    budget = 0.3 if quick else 2.0
    rows, wall = timed(lambda: analysis(Game.new(size=8, level=2, seed=1), time_limit=budget))
    figures.append(Figure("mattix", "first analysis rows, 8 x 8 level 2 (the biggest board)",
                          f"{wall:.2f} s: {len(rows)} moves ranked; {rows.note.split(':')[0]}",
                          f"the search budget, {budget:g} s"))
    exact_size = 4 if quick else 6
    g = Game.new(size=exact_size, level=2, seed=1)
    first = []
    start = time.perf_counter()
    rows, wall = timed(lambda: analysis(
        g, progress=lambda done, total: first.append(time.perf_counter() - start)))
    figures.append(Figure("mattix", f"exact analysis, {exact_size} x {exact_size} level 2 "
                          "(the biggest exact board)",
                          f"{wall:.2f} s for {len(rows)} moves with their lines; first move "
                          f"valued after {first[0]:.2f} s", "progress and Stop meanwhile"))

    size = 6 if quick else 8
    game = Game.new(size=size, level=2, seed=5)
    play_game(game, [GreedyPlayer(), LookaheadPlayer()], random.Random(5))
    replay = Replay(Game.new(size=size, level=2, seed=5), game.history)
    figures.append(Figure("mattix", f"replay page, a whole {size} x {size} game",
                          page_size(replay)))
    return figures


# ----- IOTA --------------------------------------------------------------------------

def _iota_mid_game(seed: int, turns: int):
    """A seeded greedy self-play game after ``turns`` turns (a big mid-game table)."""
    from kit.iota import Game, GreedyPlayer

    g, rng = Game.new(players=2, seed=seed), random.Random(seed)
    for _ in range(turns):
        if g.is_over:
            break
        g.play(GreedyPlayer().choose(g, rng))
    return g


@figures_of("iota")
def iota_figures(quick: bool) -> list:
    from kit.iota import Editor, Game, GreedyPlayer, PlannerPlayer, Replay, analysis
    from kit.iota.cards import TEXT
    from kit.players import play_game

    figures = []
    editor = Editor(_iota_mid_game(4, 24))
    hand = editor.game.hands[0]
    edits = [lambda k=k: editor.move_card(("hand", 0, k % len(hand)), ("hand", 1, k % 4))
             for k in range(10 if quick else 60)]
    figures.append(edit_figure("iota", editor, edits,
                               f"swap hand cards, {len(editor.game.table)} cards on the table"))
    far = max(editor.game.table)
    refused = [lambda: editor.place(TEXT[editor.game.deck[0]], (far[0] + 3, far[1]))] \
        * (5 if quick else 30)
    figures.append(edit_figure("iota", editor, refused, "refused: a card cut off"))

    positions = [_iota_mid_game(seed, 12 if quick else 26) for seed in range(2 if quick else 10)]
    walls, counts = [], []
    for g in positions:
        rows, wall = timed(lambda g=g: analysis(g))
        walls.append(wall)
        counts.append(len(rows))
    tables = [len(g.table) for g in positions]
    figures.append(Figure("iota", f"first analysis rows, {len(positions)} mid-game tables of "
                          f"{min(tables)}-{max(tables)} cards (every legal play and recycle)",
                          f"median {statistics.median(walls) * 1000:.0f} ms, worst "
                          f"{max(walls) * 1000:.0f} ms; {min(counts)}-{max(counts)} rows"))

    game = Game.new(players=2, seed=11)
    play_game(game, [GreedyPlayer(), PlannerPlayer()], random.Random(11))
    replay = Replay(Game.new(players=2, seed=11), game.history)
    figures.append(Figure("iota", "replay page, a whole two-player game", page_size(replay)))
    return figures


# ----- Smartrix ----------------------------------------------------------------------

def _smartrix_full_table(seed: int, busiest: bool = False, **options):
    """A position of a seeded greedy v cautious game while the pile lasts: the
    fullest table, or (``busiest``) the most legal moves on a table of 10+ cards."""
    from kit.smartrix import CautiousPlayer, Game, GreedyPlayer

    g, rng = Game.new(2, seed=seed, **options), random.Random(seed)
    players, best, best_key = [GreedyPlayer(), CautiousPlayer()], None, None
    while not g.is_over:
        key = (len(g.grid) >= 10, len(g.legal_moves())) if busiest else len(g.grid)
        if g.deck_size and (best is None or key > best_key):
            best, best_key = g.copy(), key
        g.play(players[g.to_move].choose(g, rng))
    return best


def _smartrix_put(editor, card: int, cell) -> None:
    """Pick ``card`` (an oriented card int), turn it as it is, click ``cell``."""
    from kit.smartrix.cards import CANONICAL

    if editor.picked != CANONICAL[card]:
        editor.pick(card)
    while editor.picked_card() != card:
        editor.rotate()
    editor.place(cell)


def _smartrix_edits(editor, fits: bool):
    """Edits of a card off the table: put where it fits then back to the pile
    (``fits``), or put where it cannot match (refused)."""
    from kit.smartrix.cards import ORIENTATIONS
    from kit.smartrix.draw import fitting_cells
    from kit.smartrix.table import candidate_cells

    g = editor.game
    for card in [*g._deck, *(c for s in range(g.players) for c in g.hand_cards(s))]:
        for o in ORIENTATIONS[card]:
            cells = fitting_cells(g, o)
            if fits and cells:
                return [lambda: _smartrix_put(editor, o, cells[0]),
                        lambda: (editor.pick(o), editor.remove())]
        bare = [c for c in candidate_cells(g.table, g.window)
                if not any(c in fitting_cells(g, o) for o in ORIENTATIONS[card])]
        if not fits and bare:
            return [lambda: _smartrix_put(editor, card, bare[0])]
    raise AssertionError("no pile card for these edits")


@figures_of("smartrix")
def smartrix_figures(quick: bool) -> list:
    from kit.smartrix import CautiousPlayer, Editor, Game, GreedyPlayer, Replay, analysis
    from kit.players import play_game

    figures = []
    editor = Editor(_smartrix_full_table(3))
    table = len(editor.game.grid)
    edits = _smartrix_edits(editor, fits=True) * (5 if quick else 30)
    figures.append(edit_figure("smartrix", editor, edits,
                               f"a pile card placed, then removed; {table} cards on the table"))
    refused = _smartrix_edits(editor, fits=False) * (5 if quick else 30)
    figures.append(edit_figure("smartrix", editor, refused, "refused: a pair that does not match"))

    for label, options in (("standard 5 x 5", {}), ("children's, no window", {"window": None})):
        positions = [_smartrix_full_table(seed, busiest=True, **options)
                     for seed in range(2 if quick else 10)]
        walls, counts = [], []
        for g in positions:
            rows, wall = timed(lambda g=g: analysis(g))
            walls.append(wall)
            counts.append(len(rows))
        tables = [len(g.grid) for g in positions]
        figures.append(Figure("smartrix", f"first analysis rows, {len(positions)} {label} "
                              f"mid-game tables of {min(tables)}-{max(tables)} cards "
                              "(the most legal moves of a game)",
                              f"median {statistics.median(walls) * 1000:.0f} ms, worst "
                              f"{max(walls) * 1000:.0f} ms; {min(counts)}-{max(counts)} rows"))

    game = Game.new(2, seed=11)
    play_game(game, [GreedyPlayer(), CautiousPlayer()], random.Random(11))
    replay = Replay(Game.new(2, seed=11), game.history)
    figures.append(Figure("smartrix", "replay page, a whole two-player game (hands open)",
                          page_size(replay)))
    return figures


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes; seconds")
    parser.add_argument("--game", choices=sorted(GAMES), help="one game only")
    args = parser.parse_args(argv)
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}; "
          f"{'quick' if args.quick else 'full'} run", flush=True)
    for name in [args.game] if args.game else sorted(GAMES):
        for f in GAMES[name](args.quick):
            target = f"  [{f.target}]" if f.target else ""
            print(f"{f.game:<9} {f.name}: {f.value}{target}", flush=True)


if __name__ == "__main__":
    main()
