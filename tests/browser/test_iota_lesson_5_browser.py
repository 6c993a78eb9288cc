"""IOTA lesson 5 (strategy, in numbers) in JupyterLab in Chromium at 1366 x 768.

The strategy tables and the open-line picture are read where a student reads
them: each must fit the notebook's width (no side scrolling, nothing cut) in
print big enough for the back of a class. The closing exercise, the best play
on a board, is done wrong (a legal play worth less), hinted, done right (the
engine's best turn, clicked card by card after Take back) and then shown.

The position and the best turn come from the lesson's own functions
(``self_play_positions``, ``best_turn``); the board exercise is built again here
and driven in step (exercise_board.py). Set KIT_SCREENSHOTS=DIR to keep a
picture of each step.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import expect

from canvas_page import checksum, open_and_run, wait_for_checksum
from exercise_board import ExerciseBoard, look_above, look_below
from kit.iota import best_turn, rank_moves
from kit.iota.moves import Play
from kit.lessons import iota as lesson
from lesson_page import TIMEOUT, exercise, hint

NOTEBOOK = "notebooks/iota/05_strategy.ipynb"
# The lesson's cells, as its notebook writes them: the positions of two computer
# games, and the fourth of them (its whole table in the board's window) for the exercise.
POSITIONS = dict(seeds=(0, 1), every=2)
EXERCISE_POSITION = 3
HINT = "Look for a lot first, then for a crossing of two lines."
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


def clicks_for(board, play: Play) -> list:
    """Pick each card of ``play`` from the hand, then its cell."""
    hand = list(board.hand)
    actions = []
    for card, cell in play.placements:
        actions += [("hand", hand.index(card)), ("cell", cell)]
        hand[hand.index(card)] = None    # a second copy of a card is the next one
    return actions


def best_play(page) -> None:
    box = exercise(page, "Find the best play: the most points this turn.")
    positions = lesson.self_play_positions(**POSITIONS)
    ex = ExerciseBoard(box, lesson.best_exercise, positions[EXERCISE_POSITION], HINT)
    game, board = ex.board.game.copy(), ex.board
    best = best_turn(game)
    look_above(page, box, "iota5_best_task")

    worse = a_worse_play(board)
    ex.act(*clicks_for(board, worse))
    look_above(page, box, "iota5_best_worse_placed")
    ex.press("Check", rf"^✘ .*scores {game.explain(worse).points}; the best turn "
                             rf"scores {best.points}")
    look_below(page, box, "iota5_best_wrong")
    hint(box)
    look_below(page, box, "iota5_best_hint")

    ex.act(("button", "take_back"))
    (play,) = best.moves           # this position's best turn is one play, no recycle
    for action in clicks_for(board, play):
        if action[0] == "cell":
            assert visible(board, action[1]), f"{action[1]} is out of the board's window"
        ex.act(action)
    look_above(page, box, "iota5_best_placed")
    ex.press("Check", rf"^✔ Right! {re.escape(str(play))} scores {best.points}: "
                             "the most possible")
    assert "Strategy: 1 of 1 exercises done" in box.inner_text()
    look_below(page, box, "iota5_best_right")

    before = checksum(ex.canvas)
    ex.press("Show me", r"^Solution: ")
    assert ex.status.startswith("Showing, not played"), ex.status
    expect(box.get_by_text(ex.status, exact=False).first).to_be_visible(timeout=TIMEOUT)
    wait_for_checksum(ex.canvas, lambda v: v != before)
    look_above(page, box, "iota5_best_shown")


def test_lesson_5_tables_read_and_the_best_play_judged(lab_server, lab_page):
    open_and_run(lab_page, lab_server, NOTEBOOK)
    studies_read_at_projector_size(lab_page)
    best_play(lab_page)
