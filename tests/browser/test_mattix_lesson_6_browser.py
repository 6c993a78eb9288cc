"""Mattix lesson 6 (the sandbox) in JupyterLab in Chromium at 1366 x 768.

The lesson has no exercise (the course walk finds none among its shown values);
its sandbox's board is played as a student does: a click on a tile of the row
player's line, then the computer's answer, the page's status line equal to the
twin's (the lesson's own cells run here, ``course_walk``). Set
KIT_SCREENSHOTS=DIR to keep a picture of each step.
"""

from __future__ import annotations

import mattix_clicks
from course_walk import CourseLesson
from lesson_twin import InStep, of_kind

NOTEBOOK = "notebooks/mattix/06_sandbox.ipynb"


def test_lesson_6_sandbox_played_by_a_click(lab_server, lab_page):
    lesson = CourseLesson(lab_page, lab_server, NOTEBOOK)
    assert lesson.exercises == []
    sandbox, = of_kind(lesson.values, "Sandbox")
    part = lab_page.locator(".jp-OutputArea-output").filter(has=lab_page.locator("canvas"))
    step = InStep(lab_page, part, board=sandbox.board)
    step.where = mattix_clicks.where
    step.look("mattix6_0_start", "start")
    take = sandbox.board.game.legal_moves()[0]
    for action in mattix_clicks.clicks(step.board, str(take)):
        said = step.act(action)
    assert str(take) in said and len(sandbox.board.game.history) == 2, said
    step.look("mattix6_1_take", "start")
