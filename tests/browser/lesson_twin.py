"""A lesson in the page and its twin here, kept in step: the one way the course
walkthroughs drive a lesson.

The twin: a lesson notebook's code cells are one-liners into ``kit.lessons``;
run here in order (offline, see ``board_plans.offline``), they build the very
exercises and boards the page shows: the same tasks, hints, positions, deals
and progress (``run_lesson``; ``Lesson`` also opens the notebook in the page).

In step: ``InStep`` pairs a part of the page (an exercise's box, or a live
board's output) with its twin (the exercise and/or its board). Every click,
button, typed answer, Check and Show me goes to both. The point to click is
read from the twin's board (``xy`` / ``hand_xy`` / its shaded edges, canvas
pixels) just before the click, so a board whose window scrolls or recentres
is still clicked right; the board is scrolled into the window first when the
point is out of it. After each step the page must say exactly what the twin
says: the board's status line, or the exercise's words (with their mark).
``look`` screenshots a step when KIT_SCREENSHOTS names a directory.

Not covered: which turn to make (each test's lesson data; ``iota_clicks``
turns moves into clicks), plain boards outside lessons (``board_plans``),
the page's exercise buttons on their own (``lesson_page``).
"""

from __future__ import annotations

import html
import re

from playwright.sync_api import expect

from board_plans import do, offline
from canvas_page import checksum, click_canvas_point, open_and_run, wait_for_checksum
from iota_clicks import clicks, where
from kit.i18n import _
from kit.testing.events import click
from lesson_page import TIMEOUT, board_canvas, feedback
from lesson_cells import shown_values
from lesson_page import exercise as exercise_box
from lesson_page import look
from servers import ROOT


# ----- the twin: the lesson's cells run here ---------------------------------

def raising(value):
    """A bug in the twin (an exercise's or a board's handler) fails the test instead of
    only showing under it."""
    for part in (value, getattr(value, "board", None)):
        if hasattr(part, "raise_errors"):
            part.raise_errors = True
        if hasattr(getattr(part, "view", None), "raise_errors"):
            part.view.raise_errors = True
    return value


def run_lesson(notebook: str) -> list:
    """The values the lesson's code cells show, built here as the kernel builds them."""
    return [raising(value) for value in offline(shown_values, ROOT / notebook)]


def of_kind(values, kind: str) -> list:
    """The shown values of class ``kind`` ("Exercise", "Board", "Sandbox"), in order."""
    return [v for v in values if type(v).__name__ == kind]


class Lesson:
    """A lesson notebook run in the page (JupyterLab, ``open_and_run``) and here."""

    def __init__(self, page, lab_url: str, notebook: str):
        self.page = page
        open_and_run(page, lab_url, notebook)
        self.values = run_lesson(notebook)
        self.exercises = of_kind(self.values, "Exercise")

    def exercise(self, text: str) -> InStep:
        """The exercise whose key is ``text``, or else whose task contains it: its box in
        the page (found by its task) with its twin."""
        twins = ([ex for ex in self.exercises if ex.key == text]
                 or [ex for ex in self.exercises if text in ex.task])
        assert len(twins) == 1, f"{len(twins)} exercises match {text!r}"
        return InStep(self.page, exercise_box(self.page, twins[0].task), exercise=twins[0])

    def live_board(self, board) -> InStep:
        """``board`` (a value of this lesson's) with the page's only output holding a canvas."""
        part = self.page.locator(".jp-OutputArea-output").filter(has=self.page.locator("canvas"))
        expect(part).to_have_count(1, timeout=TIMEOUT)
        return InStep(self.page, part, board=board)


# ----- in step: the page and the twin ----------------------------------------

class InStep:
    """``part`` of the page and its twin (``exercise`` and/or ``board``), in step."""

    def __init__(self, page, part, *, board=None, exercise=None):
        self.page, self.part, self.exercise = page, part, exercise
        if board is None and hasattr(getattr(exercise, "board", None), "view"):
            board = exercise.board      # a live board (a typed exercise's is a picture)
        self.board = board
        # Canvas pixels of a click; a game whose actions are not cells, hand cards or
        # IOTA's shaded edges sets its own (e.g. ``smartrix_clicks.where``).
        self.where = where
        self.canvas = board_canvas(part) if self.board is not None else None
        self.verdict = None     # what the twin's last Check judged (None: not judged)

    @property
    def status(self) -> str:
        """What the twin board's status line says (the page must say it too)."""
        return self.board.view.message

    def status_in_page(self):
        return self.part.get_by_text(self.status, exact=True).first

    def act(self, *actions) -> str:
        """Each action (("hand", i), ("cell", cell), ("pan", edge), ("button", name)) on
        both boards; returns the status line both then show."""
        for action in actions:
            self._act(action)
        return self.status

    def turn(self, moves, confirm: bool = False) -> str:
        """Make the turn ``moves`` by clicks (``iota_clicks.clicks``), then Confirm if
        ``confirm``; each click planned on the twin as it is just before it."""
        for action in clicks(self.board, moves, confirm):
            self._act(action)
        return self.status

    def _act(self, action) -> None:
        kind, what = action
        before, picture = checksum(self.canvas), self._picture()
        if kind == "button":
            label = self.board.controls[what].description
            self.part.get_by_role("button", name=label, exact=True).click()
            offline(do, self.board, action)
        else:
            x, y = self.where(self.board, action)
            self._in_view(y)
            click_canvas_point(self.canvas, x, y)
            offline(click, self.board.canvas, x, y)
        expect(self.status_in_page()).to_be_visible(timeout=TIMEOUT)
        if self._picture() != picture:
            # The next click must land on the new picture, not on the old one. (A step
            # that redraws the same picture, as a refused Confirm does, changes no pixel.)
            wait_for_checksum(self.canvas, lambda value: value != before)

    def _picture(self) -> str:
        """The twin board's scene, as text: equal scenes, equal pictures."""
        return repr(self.board.scene())

    def _in_view(self, y: float) -> None:
        """Scroll the board to the middle of the window when canvas row ``y`` is out of
        it, as a student scrolls: the canvas itself never scrolls into view (its negative
        scroll margin, kit.ui.board), so its parent, the board view, is scrolled."""
        box = self.canvas.bounding_box()
        height = self.canvas.evaluate("el => el.height")
        on_screen = box["y"] + y * box["height"] / height
        if not 100 < on_screen < self.page.viewport_size["height"] - 40:
            self.canvas.locator("xpath=..").evaluate("el => el.scrollIntoView({block: 'center'})")

    def type(self, text: str) -> None:
        """Type ``text`` in the page's answer box and the twin's."""
        self.part.locator("input[type=text]").fill(text)
        self.exercise.text.value = text

    def answer(self, text: str) -> str:
        """Type ``text`` and press Check, in the page and on the twin; returns the words."""
        self.type(text)
        return self.press("Check")

    def press(self, label: str) -> str:
        """Press Check or Show me in the page and on the twin; the page's words must be
        exactly the twin's (mark included). Returns them."""
        if label == "Check":
            self.verdict = offline(self.exercise.submit)
        else:
            offline({"Show me": self.exercise.show}[label])
        words = html.unescape(re.sub(r"<[^>]+>", "", self.exercise.feedback.value))
        # The button as the twin's language labels it (a translated lesson sets it).
        self.part.get_by_role("button", name=_(label), exact=True).click()
        expect(self.part.locator(".kit-feedback")).to_have_text(words, timeout=TIMEOUT)
        return feedback(self.part)

    def progress(self) -> str:
        """The twin's progress line, which the page must show too."""
        text = self.exercise.progress.text
        expect(self.part).to_contain_text(text, timeout=TIMEOUT)
        return text

    def look(self, name: str, block: str = "end", element=None) -> None:
        """Screenshot (if KIT_SCREENSHOTS is set) with ``element`` (default: the part) at
        the window's ``block``: "end" shows an exercise's words, hint and progress with
        as much of the board above them as fits, "start" its task and board, "center"
        a board (``element=step.board_view``)."""
        look(self.page, self.part if element is None else element, name, block)

    @property
    def board_view(self):
        """The board's view in the page: its canvas and status line."""
        return self.canvas.locator("xpath=..")
