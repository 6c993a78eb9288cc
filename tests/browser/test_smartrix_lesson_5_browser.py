"""Smartrix lesson 5 in JupyterLab in Chromium at 1366 x 768: every exercise done wrong
(each of its wrong tries a student can make), hinted and right as a student does it
(typing), Check, and Show me on the last one; then the lesson's free-table board: a
card put down against the rules, which the free table lets stand, and the computer
challenging it.

The walk is the course walk (``course_walk``): the lesson's own cells run here too,
the tries come from each exercise's data (``wrong``, ``answers``), a move becomes the
student's clicks planned on the twin board (``smartrix_clicks``), and the page must
say word for word what the twin says. Set KIT_SCREENSHOTS=DIR to keep a picture of
each step.
"""

from __future__ import annotations

from playwright.sync_api import expect

import smartrix_clicks
from course_walk import walk_lesson
from lesson_page import TIMEOUT
from lesson_twin import InStep, of_kind

NOTEBOOK = "notebooks/smartrix/05_variants.ipynb"


def against_the_rules(game):
    """A placement the free table takes though it breaks the rules (it is then
    ``offending``: a challenge may take it), at a cell next to the table."""
    for move in game.legal_moves():
        if move.kind == "place":
            after = game.copy()
            after.play(move)
            if move.cell in after.offending:
                return move
    raise AssertionError("every placement here keeps the rules")


def test_lesson_5_every_exercise_wrong_hinted_right(lab_server, lab_page):
    lesson = walk_lesson(lab_page, lab_server, NOTEBOOK, smartrix_clicks.clicks,
                         where=smartrix_clicks.where, can_click=smartrix_clicks.clickable,
                         name="smartrix5", every_wrong=True)
    assert lesson.exercises

    # The free table: a card against the rules stands; the computer may challenge it.
    (board,) = of_kind(lesson.values, "Board")
    assert not board.game.auto_collect
    part = lab_page.locator(".jp-OutputArea-output").filter(
        has=lab_page.locator("canvas")).filter(has_not=lab_page.locator(".kit-exercise"))
    expect(part).to_have_count(1, timeout=TIMEOUT)
    step = InStep(lab_page, part, board=board)
    step.where = smartrix_clicks.where
    expect(step.status_in_page()).to_be_visible(timeout=TIMEOUT)
    step.look("smartrix5_free_0_start", "center", step.board_view)
    move = against_the_rules(board.game)
    for action in smartrix_clicks.clicks(board, move):
        step.act(action)
    assert board.game.history[0] == move and board.human_to_move, board.view.message
    step.look("smartrix5_free_1_played", "center", step.board_view)
