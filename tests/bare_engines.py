"""The engines with the standard library alone: run by `make bare` and tests/test_packaging.py.

Run in a venv that has no package at all (not even pip) and the kit on its
path through a .pth file, this imports the three games, plays a seeded game of
each to the end with its computer players, solves a small Mattix board, runs
each game's ``analysis()`` on a position, lists the registry, and checks that
asking for a live ``Board`` says what to install. Any failure is a traceback
and exit status 1; success prints one line per step and "bare engines: ok".

Not covered: the widgets themselves (the board tests), and whether the
results are right (each game's tests): this proves only that they run here.
"""

from __future__ import annotations

import importlib.util
import random
import sys

WIDGETS = ("ipywidgets", "ipycanvas", "IPython", "traitlets", "tqdm")


def step(what: str) -> None:
    print(f"  {what}", flush=True)


def main() -> None:
    present = [name for name in WIDGETS if importlib.util.find_spec(name) is not None]
    assert not present, f"not a bare environment: {present} importable ({sys.prefix})"

    import kit.iota
    import kit.mattix
    import kit.smartrix
    from kit import games, lazy
    from kit.players import play_game
    step("import kit.iota, kit.mattix, kit.smartrix")

    iota, mattix, smartrix = kit.iota, kit.mattix, kit.smartrix
    seated = {
        "iota": (iota.Game.new(players=3, seed=1), [iota.GreedyPlayer(), iota.PlannerPlayer(),
                                                     iota.LookaheadPlayer(playouts=4)]),
        "mattix": (mattix.Game.new(seed=1, size=6), [mattix.GreedyPlayer(), mattix.LookaheadPlayer()]),
        "smartrix": (smartrix.Game.new(players=3, seed=1),
                     [smartrix.GreedyPlayer(), smartrix.CautiousPlayer(),
                      smartrix.LookaheadPlayer(playouts=8)]),
    }
    for name, (game, players) in seated.items():
        play_game(game, players, random.Random(1))
        assert game.is_over, name
        step(f"{name}: a seeded game to the end, scores {list(game.scores)}")

    small = mattix.Game.new(seed=2, size=4)
    value, best = mattix.solve(small)
    assert best in small.legal_moves(), best
    step(f"mattix: solve on 4 x 4, value {value}, best {best}")
    from kit.mattix.exact import exact_value
    exact = exact_value(small)
    assert exact.value == value and exact.best_move in small.legal_moves(), (exact, value)
    step(f"mattix: the 7 x 7 exact solver (MTD(f)) on 4 x 4 agrees, value {exact.value}")

    from kit.iota.analysis import analysis as iota_analysis
    from kit.mattix.analysis import analysis as mattix_analysis
    from kit.smartrix.analysis import analysis as smartrix_analysis
    for name, analyse, game in (("iota", iota_analysis, iota.Game.new(players=2, seed=3)),
                                ("mattix", mattix_analysis, small),
                                ("smartrix", smartrix_analysis, smartrix.Game.new(players=2, seed=3))):
        rows = analyse(game)
        assert type(rows).__module__ == "kit.analysis" and rows, (name, type(rows), rows)
        step(f"{name}: analysis() on a position, {len(rows)} rows")
    for name, analyse, game in (("iota", iota_analysis, iota.Game.new(players=2, seed=3)),
                                ("smartrix", smartrix_analysis, smartrix.Game.new(players=2, seed=3))):
        rows = analyse(game, lookahead=True, playouts=6)
        assert rows and sum(v.n for _, v in rows) == 6, (name, rows)
        step(f"{name}: analysis(lookahead=True), best {rows[0][0]}: {rows[0][1]}")

    names = [spec.name for spec in games.all()]
    assert {"iota", "mattix", "smartrix"} <= set(names), names
    step(f"kit.games.all(): {', '.join(names)}")
    for spec in games.all():            # each registered game as the soak seats it
        if spec.soak is not None:
            game, players, label = spec.soak(5, random.Random(5))
            play_game(game, players, random.Random(5))
            assert game.is_over, spec.name
            step(f"{spec.name}: the soak's seeded game ({label}) to the end")

    try:
        kit.iota.Board  # noqa: B018 -- the attribute access is the test
    except lazy.MissingWidgets as err:
        assert "pip install" in str(err), str(err)
        step(f"kit.iota.Board: {err}")
    else:
        raise AssertionError("kit.iota.Board loaded without ipywidgets")

    loaded = sorted(name for name in sys.modules if name.split(".")[0] in WIDGETS)
    assert not loaded, f"widget modules imported: {loaded}"
    print("bare engines: ok")


if __name__ == "__main__":
    main()
