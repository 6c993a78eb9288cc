"""IOTA lesson 5 (strategy, in numbers) in JupyterLab in Chromium at 1366 x 768.

The strategy tables and the open-line picture are read where a student reads
them: each must fit the notebook's width (no side scrolling, nothing cut) in
print big enough for the back of a class. The closing exercise, the best play
on a board, is done wrong (a legal play worth less), hinted, done right (the
engine's best turn, clicked card by card after Take back) and then shown.

The lesson's code cells are run here too (``lesson_twin``): the same position
(the notebook's own, from ``self_play_positions``) on the same board, given the
same clicks, says what the page must say; the best turn is the engine's
(``best_turn``). Set KIT_SCREENSHOTS=DIR to keep a picture of each step.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import expect

from canvas_page import checksum, wait_for_checksum
from iota_clicks import clicks
from kit.iota import best_turn, rank_moves
from kit.iota.moves import Play
from lesson_page import TIMEOUT, hint
from lesson_twin import Lesson

NOTEBOOK = "notebooks/iota/05_strategy.ipynb"
# Each study's output, found by a heading of its table.
TABLES = {"tournament": "points per turn", "lots": "completes a lot",
          "wild": "a wild is worth", "two_lines": "in 2 lines: mean points"}
MIN_FONT_PX = 16


def output_with(page, text: str):
    out = page.locator(".jp-OutputArea-output").filter(has_text=text).first
    expect(out).to_be_visible(timeout=TIMEOUT)
    return out


def fits_and_reads(page, out, name: str) -> None:
    """``out`` fits the notebook's width, and its print is at least MIN_FONT_PX."""
    out.evaluate("el => el.scrollIntoView({block: 'center'})")
    sizes = out.evaluate("""el => {
        const r = el.getBoundingClientRect();
        const cells = [...el.querySelectorAll('td, th, pre, text')];
        const fonts = cells.map(c => parseFloat(getComputedStyle(c).fontSize));
        return {right: r.right, width: el.scrollWidth, shown: el.clientWidth,
                page: document.querySelector('.jp-NotebookPanel').getBoundingClientRect().right,
                font: fonts.length ? Math.min(...fonts) : 0};
    }""")
    assert sizes["width"] <= sizes["shown"] + 1, f"{name} is wider than its output: {sizes}"
    assert sizes["right"] <= sizes["page"], f"{name} runs off the notebook: {sizes}"
    assert sizes["font"] >= MIN_FONT_PX, f"{name} is printed too small: {sizes}"
    folder = os.environ.get("KIT_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def studies_read_at_projector_size(page) -> None:
    for name, heading in TABLES.items():
        fits_and_reads(page, output_with(page, heading), f"iota5_table_{name}")
    # The open line of three: its picture and the risk computed for it.
    risk = output_with(page, "chance the next hand holds one")
    fits_and_reads(page, risk, "iota5_open_three_risk")


def visible(board, cell) -> bool:
    return board.geometry.table.shows(*cell)


def a_worse_play(board) -> Play:
    """The lowest-scoring one-card play whose cell is in the board's window."""
    game = board.game
    return next(play for _, play in reversed(rank_moves(game))
                if len(play.cells) == 1 and visible(board, play.cells[0]))


def best_play(walk) -> None:
    step = walk.exercise("Find the best play: the most points this turn.")
    box, board = step.part, step.board
    game = board.game.copy()
    best = best_turn(game)
    step.look("iota5_best_task", "start")

    worse = a_worse_play(board)
    step.turn([worse])
    step.look("iota5_best_worse_placed", "start")
    said = step.press("Check")
    assert re.search(rf"^✘ .*scores {game.explain(worse).points}; the best turn "
                     rf"scores {best.points}", said), said
    step.look("iota5_best_wrong")
    hint(box)
    step.look("iota5_best_hint")

    step.act(("button", "take_back"))
    (play,) = best.moves           # this position's best turn is one play, no recycle
    for action in clicks(board, [play]):
        # its whole table is in the board's window: no scrolling
        assert action[0] != "pan", f"{play} needs the board's window scrolled"
        if action[0] == "cell":
            assert visible(board, action[1]), f"{action[1]} is out of the board's window"
        step.act(action)
    step.look("iota5_best_placed", "start")
    said = step.press("Check")
    assert re.search(rf"^✔ Right! {re.escape(str(play))} scores {best.points}: "
                     "the most possible", said), said
    assert "Strategy: 1 of 1 exercise done" in box.inner_text()
    step.look("iota5_best_right")

    before = checksum(step.canvas)
    said = step.press("Show me")
    assert said.startswith("Solution: "), said
    assert step.status.startswith("Showing, not played"), step.status
    expect(step.status_in_page()).to_be_visible(timeout=TIMEOUT)
    wait_for_checksum(step.canvas, lambda v: v != before)
    step.look("iota5_best_shown", "start")


def test_lesson_5_tables_read_and_the_best_play_judged(lab_server, lab_page):
    walk = Lesson(lab_page, lab_server, NOTEBOOK)
    studies_read_at_projector_size(lab_page)
    best_play(walk)
