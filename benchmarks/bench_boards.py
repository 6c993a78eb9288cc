"""Live board benchmark: handler time and canvas traffic per action, computer
move time per player, and click-to-pixels latency in JupyterLab.

Every registered game (kit.games) that the browser tests' plans
(tests/browser/board_plans.py) know how to play on a board is measured.

1. Per game and action (a click that plays a move, a click the engine
   refuses, hint, undo, new game, and each game's own steps), on a fresh
   board with every seat a person: the Python handler's wall and CPU time
   (median of ``--repeat`` runs), the canvas messages and bytes it sends (counted as
   tests/conftest.py's ``canvas_messages`` fixture counts them: drawing
   batches of ipycanvas' canvas manager) and the other widget messages
   (status line, panel). Target: one canvas message, at most 50 KB, per redraw.
2. Per game and computer player (each name of the board's ``PLAYERS``, at
   its default settings, a timed search at its default time budget): the
   time of ``choose()`` over ``--moves`` moves of seeded self-play.
3. In a real browser (JupyterLab in headless Chromium, skipped without
   Chromium or with ``--no-browser``): a click on the canvas, then polling
   the canvas' pixels every animation frame until they change; median and
   worst of ``--clicks`` clicks. Target: median <= 100 ms.

    python benchmarks/bench_boards.py              # everything, a few minutes
    python benchmarks/bench_boards.py --quick      # handlers and players only, seconds
    python benchmarks/bench_boards.py --quick --json out.json   # also as JSON
    python benchmarks/bench_boards.py --text-view  # each board's text view switched on

This is a script, not a test: nothing here fails on timing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests' page helpers

from board_plans import ILLEGAL, LATENCY, LEGAL, STEPS, build_offline, do, offline, point  # noqa: E402

from kit import games  # noqa: E402
from canvas_page import checksum, wait_for_checksum, wait_until_drawn  # noqa: E402
from servers import free_port, lab_command, running, write_notebook  # noqa: E402

MESSAGE_TARGET = 1
BYTES_TARGET = 50_000
LATENCY_TARGET_MS = 100
#: ``--text-view``: every board measured with the accessible layer's text view switched
#: on (a screen reader user's board: the position as text is sent with every change)
TEXT_VIEW = False


# ----- counting what the kernel sends ------------------------------------------

@contextmanager
def sent():
    """Yield a dict counting canvas batches, their bytes and other widget messages."""
    from comm import DummyComm
    from ipycanvas import canvas as ipycanvas_canvas

    counts = {"canvas_messages": 0, "canvas_bytes": 0, "other_messages": 0}
    original = DummyComm.publish_msg

    def record(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        if self is ipycanvas_canvas._CANVAS_MANAGER.comm and buffers:
            counts["canvas_messages"] += 1
            counts["canvas_bytes"] += len(bytes(buffers[0]))
        else:
            counts["other_messages"] += 1
        return original(self, msg_type, data=data, metadata=metadata, buffers=buffers, **keys)

    DummyComm.publish_msg = record
    try:
        yield counts
    finally:
        DummyComm.publish_msg = original


# ----- the games: the board, and each action as (steps before it, the action) -----
# The steps come from the browser tests' plans (tests/browser/board_plans.py),
# worked out on each fresh board: which move is legal, which one is refused.

def steps(plan):
    return lambda board: plan(board)[0]


def last_of(plan, before: int | None = None):
    """The action at index ``before`` of a plan (default its last), after the ones before it."""
    def split(board):
        actions = plan(board)
        k = len(actions) - 1 if before is None else before
        return actions[:k], actions[k]
    return split


def shell_actions(legal) -> dict:
    return {"hint": lambda b: ([], ("button", "hint")),
            "new game": lambda b: ([], ("button", "new"))}


PEOPLE = ["human", "human"]
AGAINST = ["human", "random"]


def spec(game: str, actions: dict, latency) -> dict:
    """Boards are two people at one screen (a move sends one redraw), but Undo is
    timed against a computer: with two people the card games refuse to undo
    past a card drawn from the deck."""
    def expression(seats):
        return f"{game}.Board(seats={seats!r}, delay=0, seed=3)"
    board_class = build_offline(expression(PEOPLE), game).__class__

    def fresh(seats=PEOPLE):
        board = build_offline(expression(seats), game)
        if TEXT_VIEW:   # the accessible layer's text view on: each move sends it too
            offline(setattr, board.access, "text_view", True)
        return board
    cell = f"from kit import {game}\n"
    cell += (f"b = {expression(PEOPLE)}\nb.access.text_view = True\nb" if TEXT_VIEW
             else expression(PEOPLE))
    legal, illegal = steps(LEGAL[game]), steps(ILLEGAL[game])
    timed = {"click that plays a move": last_of(legal),
             "click that is refused": last_of(illegal), **actions, **shell_actions(legal)}
    return {"board": board_class,
            "notebook": cell,
            "actions": {**{name: (split, PEOPLE) for name, split in timed.items()},
                        "undo (over the computer's reply)":
                            (lambda b: (legal(b), ("button", "undo")), AGAINST)},
            "fresh": fresh,
            "latency": latency(legal),
            "new_game": lambda seed: board_class(seats=None, seed=seed).game}


def latency_rounds(name: str, legal):
    """Latency rounds for game ``name`` (board_plans.LATENCY): a round is (steps
    untimed, the timed step, steps that put the board back, untimed)."""
    _label, k, then = LATENCY.get(name, ("the move's last click", -1, [("button", "undo")]))
    if k is None:       # selecting hand card 0, then 1, then 0 ...
        return lambda board, i: ([], ("hand", i % 2), [])
    return lambda board, i: (legal(board)[:k], legal(board)[k], then)


def game_spec(name: str) -> dict:
    steps_of = {label: last_of(steps(LEGAL[name]), k) for label, k in STEPS.get(name, {}).items()}
    return spec(name, steps_of, lambda legal: latency_rounds(name, legal))


#: every registered game the browser plans know how to play on a board
SPECS = {name: (lambda name=name: game_spec(name)) for name in games.names()
         if name in LEGAL and name in ILLEGAL}
LATENCY_CLICK = {name: LATENCY.get(name, ("the move's last click",))[0] for name in SPECS}


def available_specs(names):
    return {name: SPECS[name]() for name in names}


# ----- 1. handlers ------------------------------------------------------------------

def time_action(spec, split, seats, repeat: int) -> dict:
    """Median handler time and the messages of one run, each on a fresh board."""
    times, cpu, counts = [], [], None
    for _ in range(repeat):
        board = spec["fresh"](seats)
        before, action = split(board)
        for step in before:
            do(board, step)
        with sent() as c:
            t, p = time.perf_counter(), time.process_time()
            do(board, action)
            cpu.append(time.process_time() - p)
            times.append(time.perf_counter() - t)
        counts = c
    # CPU time too: on a shared machine the wall time includes waiting for a core.
    return {"handler_ms": statistics.median(times) * 1000,
            "handler_cpu_ms": statistics.median(cpu) * 1000, **counts}


def bench_handlers(specs, repeat: int) -> dict:
    return {game: {name: time_action(spec, split, seats, repeat)
                   for name, (split, seats) in spec["actions"].items()}
            for game, spec in specs.items()}


# ----- 2. computer players ------------------------------------------------------------

def bench_players(specs, moves: int) -> dict:
    out = {}
    for game, spec in specs.items():
        board_class = spec["board"]
        out[game] = {}
        for name, factory in board_class.PLAYERS.items():
            player, times, seed = factory(), [], 1
            rng = random.Random(seed)
            game_now = spec["new_game"](seed)
            while len(times) < moves:
                if game_now.is_over:
                    seed += 1
                    game_now = spec["new_game"](seed)
                t = time.perf_counter()
                move = player.choose(game_now.copy(), rng)
                times.append(time.perf_counter() - t)
                game_now.play(move)
            out[game][name] = {"median_ms": statistics.median(times) * 1000,
                               "worst_ms": max(times) * 1000, "moves": len(times)}
    return out


# ----- 3. click to pixels in JupyterLab --------------------------------------------------

# Click at CSS offset (x, y) inside the canvas, then look at its pixels every
# animation frame until they differ: milliseconds from click to new pixels.
# Every second pixel of every second row is compared: at pixel ratio 2 that
# still sees any change of one scene pixel, at a quarter of the cost (a full
# comparison of a 1500 x 1200 canvas takes tens of ms and would be measured too).
_TIMED_CLICK = """async ([x, y]) => {
  const el = document.querySelector('.jp-OutputArea-output canvas');
  const ctx = el.getContext('2d');
  const snap = () => new Uint32Array(ctx.getImageData(0, 0, el.width, el.height).data.buffer);
  const w = el.width;
  const differ = (a, b) => {
    if (a.length !== b.length) return true;
    for (let row = 0; row < el.height; row += 2)
      for (let i = row * w; i < (row + 1) * w; i += 2) if (a[i] !== b[i]) return true;
    return false;
  };
  const before = snap();
  const r = el.getBoundingClientRect();
  const t0 = performance.now();
  el.dispatchEvent(new MouseEvent('mousedown', {clientX: r.left + x, clientY: r.top + y,
                                                bubbles: true}));
  for (;;) {
    await new Promise(done => requestAnimationFrame(done));
    if (differ(before, snap())) return performance.now() - t0;
    if (performance.now() - t0 > 20000) return null;
  }
}"""


def wait_until_still(canvas, quiet: float = 1.0, timeout: float = 60) -> None:
    """Wait until the picture has not changed for ``quiet`` seconds (the first
    drawing, the page's redraw on connecting, a computer's opening move)."""
    deadline = time.monotonic() + timeout
    last, since = checksum(canvas), time.monotonic()
    while time.monotonic() - since < quiet:
        if time.monotonic() > deadline:
            raise RuntimeError("the board kept changing")
        time.sleep(0.1)
        now = checksum(canvas)
        if now != last:
            last, since = now, time.monotonic()


def bench_browser(specs, clicks: int) -> dict:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("browser: skipped (no chromium on PATH)")
        return {}
    try:
        from playwright.sync_api import expect, sync_playwright

        from conftest import CHROMIUM_ARGS   # tests/browser's (it needs pytest)
    except ImportError as exc:  # `make bench` installs the kit without its test extras
        print(f"browser: skipped ({exc}; pip install -e '.[test]')")
        return {}
    import tempfile

    tmp = Path(tempfile.mkdtemp(prefix="bench_boards_"))
    site = tmp / "site"
    for game, spec in specs.items():
        write_notebook(site / f"{game}.ipynb", spec["notebook"])
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    out = {}
    with running(lab_command(sys.executable, port, tmp), site, url + "/lab",
                 env={"JUPYTER_DATA_DIR": str(tmp / "data")}, log=tmp / "lab.log"), \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        for game, spec in specs.items():
            # One Lab workspace per game: Lab would reopen the other games' tabs,
            # and their hidden canvases come first in the page.
            page.goto(f"{url}/lab/workspaces/{game}/tree/{game}.ipynb")
            expect(page.get_by_text(re.compile(r"\| Idle"))).to_be_visible(timeout=90_000)
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            canvas = page.locator(".jp-OutputArea-output canvas").first
            expect(canvas).to_be_visible(timeout=90_000)
            wait_until_drawn(canvas)
            wait_until_still(canvas)
            board = spec["fresh"]()
            box = canvas.bounding_box()
            width, height = canvas.evaluate("el => [el.width, el.height]")

            # This game's board, canvas and sizes, bound now (the loop moves on to the next game).
            def in_step(action, board=board, game=game):
                """Wait until the page says what the local board says (the action arrived)."""
                try:
                    expect(page.get_by_text(board.view.message).first).to_be_visible(timeout=30_000)
                except AssertionError as exc:
                    raise RuntimeError(f"{game}: after {action} the page does not say "
                                       f"{board.view.message!r}") from exc

            def untimed(action, board=board, canvas=canvas, box=box, size=(width, height),
                        in_step=in_step):
                drawn = checksum(canvas)
                if action[0] == "button":
                    label = board.controls[action[1]].description
                    page.get_by_role("button", name=label).click()
                else:
                    x, y = point(board, action)
                    canvas.click(position={"x": x * box["width"] / size[0],
                                           "y": y * box["height"] / size[1]})
                offline(do, board, action)
                in_step(action)
                wait_for_checksum(canvas, lambda v: v != drawn)

            times = []
            for i in range(clicks):
                before, timed, after = spec["latency"](board, i)
                for action in before:
                    untimed(action)
                x, y = point(board, timed)
                ms = page.evaluate(_TIMED_CLICK, [x * box["width"] / width,
                                                  y * box["height"] / height])
                if ms is None:
                    raise RuntimeError(f"{game}: the canvas did not change after a click")
                times.append(ms)
                offline(do, board, timed)
                in_step(timed)
                for action in after:
                    untimed(action)
            out[game] = {"click": LATENCY_CLICK[game], "median_ms": statistics.median(times),
                         "worst_ms": max(times), "clicks": len(times)}
            page.get_by_role("menuitem", name="Kernel", exact=True).click()
            page.get_by_role("menuitem", name="Shut Down Kernel", exact=True).click()
        browser.close()
    shutil.rmtree(tmp, ignore_errors=True)
    return out


# ----- report -------------------------------------------------------------------------------

def print_report(results: dict) -> None:
    print("Accessible layer on every board" + (", text view on" if results.get("text_view")
                                              else ", text view off"))
    print(f"Board handlers (median of {results['repeat']} runs; target: "
          f"{MESSAGE_TARGET} canvas message and <= {BYTES_TARGET // 1000} KB per redraw)")
    print(f"{'game':<9} {'action':<34} {'handler':>10} {'(CPU)':>10} {'canvas msgs':>12} "
          f"{'bytes':>8} {'other msgs':>11}")
    for game, actions in results["handlers"].items():
        for name, r in actions.items():
            print(f"{game:<9} {name:<34} {r['handler_ms']:8.2f} ms {r['handler_cpu_ms']:7.2f} ms "
                  f"{r['canvas_messages']:>12} "
                  f"{r['canvas_bytes']:>8} {r['other_messages']:>11}")
    print(f"\nComputer moves ({results['moves']} moves of seeded self-play each)")
    for game, players in results["players"].items():
        for name, r in players.items():
            print(f"{game:<9} {name:<12} median {r['median_ms']:8.2f} ms, worst "
                  f"{r['worst_ms']:8.2f} ms")
    if results.get("browser"):
        print(f"\nClick to new pixels in JupyterLab (headless Chromium), target median "
              f"<= {LATENCY_TARGET_MS} ms")
        for game, r in results["browser"].items():
            goal = "met" if r["median_ms"] <= LATENCY_TARGET_MS else "NOT met"
            print(f"{game:<9} {r['click']:<22} median {r['median_ms']:6.0f} ms, worst "
                  f"{r['worst_ms']:6.0f} ms over {r['clicks']} clicks ({goal})")


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: few repeats, no browser")
    parser.add_argument("--repeat", type=int, default=None)
    parser.add_argument("--moves", type=int, default=None)
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--games", nargs="*", default=list(SPECS))
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--text-view", action="store_true",
                        help="measure each board with its text view (the accessible layer's) on")
    args = parser.parse_args(argv)
    global TEXT_VIEW
    TEXT_VIEW = args.text_view
    repeat = args.repeat or (2 if args.quick else 7)
    moves = args.moves or (2 if args.quick else 20)
    specs = available_specs(args.games)
    results = {"repeat": repeat, "moves": moves, "text_view": TEXT_VIEW,
               "handlers": bench_handlers(specs, repeat),
               "players": bench_players(specs, moves)}
    if not (args.quick or args.no_browser):
        results["browser"] = bench_browser(specs, args.clicks)
    print_report(results)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return results


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
