"""A lesson's twin: its code cells run here, so a walkthrough knows what the page must say.

A lesson notebook's code cells are one-liners into ``kit.lessons``; run here in
order (offline, see ``board_plans.offline``), they build the very exercises and
boards the page shows: the same tasks, hints, positions and progress. A test
finds each page exercise by its twin's task, gives the twin the same clicks and
answers, and expects the page to say what the twin says. Nothing the page
should say is written by hand.

Not covered: the page itself (``lesson_page``), what to click on a plain board
(``board_plans``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
from playwright.sync_api import expect

from board_plans import do, offline, point
from canvas_page import click_canvas_point
from kit.iota.cards import TEXT
from kit.iota.moves import Move
from lesson_page import TIMEOUT, board_canvas, feedback
from servers import ROOT


def _run_cells(path: Path) -> list:
    """Each code cell's shown value (its last expression's, or None), in order."""
    namespace: dict = {}
    shown = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        tree = ast.parse(cell.source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, str(path), "exec"), namespace)
        shown.append(eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
                     if last is not None else None)
    return shown


def run_lesson(notebook: str) -> list:
    """The values the lesson's code cells show, built here as the kernel builds them."""
    values = offline(_run_cells, ROOT / notebook)
    for value in values:
        for part in (value, getattr(value, "board", None)):
            if hasattr(part, "raise_errors"):
                part.raise_errors = True   # a bug in the twin fails the test, not a message
            if hasattr(getattr(part, "view", None), "raise_errors"):
                part.view.raise_errors = True
    return values


def exercises(values) -> list:
    """The exercises among a lesson's shown values, in order."""
    return [v for v in values if type(v).__name__ == "Exercise"]


def play_actions(board, play) -> list:
    """The clicks that put ``play`` (text or Play) on ``board`` as pending cards."""
    play = Move.parse(play) if isinstance(play, str) else play
    hand = [TEXT[c] for c in board.hand]
    actions = []
    for card, cell in play.placements:
        actions += [("hand", hand.index(TEXT[card])), ("cell", cell)]
    return actions


def act(page_part, board, action) -> str:
    """Do ``action`` on the page's board (in ``page_part``) and on its twin ``board``;
    wait until the page's status line says what the twin's says, and return that."""
    kind, what = action
    if kind == "button":
        page_part.get_by_role("button", name=board.controls[what].description,
                              exact=True).click()
    else:
        click_canvas_point(board_canvas(page_part), *point(board, action))
    offline(do, board, action)
    said = board.view.message
    expect(page_part.get_by_text(said, exact=True).first).to_be_visible(timeout=TIMEOUT)
    return said


def act_all(page_part, board, actions) -> str:
    said = board.view.message
    for action in actions:
        said = act(page_part, board, action)
    return said


def type_like_twin(box, ex, text: str) -> None:
    """Type ``text`` in the page's answer box and the twin's."""
    box.locator("input[type=text]").fill(text)
    ex.text.value = text


def check_like_twin(box, ex, label: str = "Check") -> str:
    """Press ``label`` on the page and the twin's matching action; the page must say
    exactly what the twin says. Returns the twin's words."""
    action = {"Check": ex.submit, "Show me": ex.show}[label]
    offline(action)
    said = ex.message
    box.get_by_role("button", name=label, exact=True).click()
    words = box.locator(".kit-feedback")
    expect(words).to_have_text(re.compile("^[✔✘]? ?" + re.escape(said) + "$"), timeout=TIMEOUT)
    return feedback(box)
