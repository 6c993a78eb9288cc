"""An exercise's live board in the page, driven in step with the same exercise built here.

A lesson's board exercise is deterministic: built again in this process with
the lesson's own factory, its board has the same position and so the same
picture. Every click or button goes to both; the point to click is read from
the local board (``board.xy`` / ``board.hand_xy``, canvas pixels) after the
steps before it, so a board whose window recentres is still clicked right, and
the page must then show the status line the local board shows.

Check and Show me go to both too: the local exercise's words are what the
page's exercise must say. ``look_below`` / ``look_above`` screenshot an exercise
taller than the window with its words, or its task and board, in view.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

from playwright.sync_api import expect

from board_plans import do, offline, point
from canvas_page import checksum, click_canvas_point, wait_for_checksum
from lesson_page import TIMEOUT, board_canvas, feedback


def _raising(exercise):
    """A handler's error fails the test here instead of only showing under the exercise."""
    exercise.raise_errors = True
    exercise.board.view.raise_errors = True
    return exercise


class ExerciseBoard:
    """``box`` (the exercise in the page) and ``exercise`` (built here), in step."""

    def __init__(self, box, factory, *args):
        self.box = box
        self.exercise = offline(lambda: _raising(factory(*args)))
        self.board = self.exercise.board
        self.canvas = board_canvas(box)

    @property
    def status(self) -> str:
        """What the local board's status line says (the page must say it too)."""
        return self.board.view.message

    def act(self, *actions) -> str:
        """Each action (("hand", i), ("cell", cell), ("button", name)) on both boards;
        waits for the page's board to say what the local one says; returns it."""
        for action in actions:
            kind, what = action
            before, redraws = checksum(self.canvas), self.board.view.redraws
            if kind == "button":
                label = self.board.controls[what].description
                self.box.get_by_role("button", name=label, exact=True).click()
            else:
                click_canvas_point(self.canvas, *point(self.board, action))
            offline(do, self.board, action)
            expect(self.box.get_by_text(self.status, exact=False).first).to_be_visible(
                timeout=TIMEOUT)
            if self.board.view.redraws != redraws:
                # The next click must land on the new picture, not on the old one.
                wait_for_checksum(self.canvas, lambda value: value != before)
        return self.status

    def press(self, label: str, expect_words=None) -> str:
        """Press the exercise's Check or Show me in the page and here; the page must
        say what the exercise built here says (``expect_words``: a regex it matches)."""
        name = {"Check": "submit", "Show me": "show"}[label]
        offline(getattr(self.exercise, name))
        said = self.exercise.feedback.value
        words = html.unescape(re.sub(r"<[^>]+>", "", said))
        if expect_words is not None:
            assert re.search(expect_words, words), words
        self.box.get_by_role("button", name=label, exact=True).click()
        expect(self.box.locator(".kit-feedback")).to_have_text(words, timeout=TIMEOUT)
        return feedback(self.box)


def look_below(page, box, name: str, block: str = "end") -> None:
    """Screenshot (if KIT_SCREENSHOTS is set) with the bottom of ``box`` at the bottom of
    the window: the answer, the kit's words, the hint and the progress, with as much of
    the position above them as fits. (``look`` centres a box taller than the window,
    which cuts its words off.) ``block="start"``: the top of ``box`` at the top instead:
    the task and the board with its status line."""
    folder = os.environ.get("KIT_SCREENSHOTS")
    if folder:
        box.evaluate(f"el => el.scrollIntoView({{block: '{block}'}})")
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def look_above(page, box, name: str) -> None:
    look_below(page, box, name, block="start")
