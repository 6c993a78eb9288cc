"""Mattix lesson 6 (the sandbox) in JupyterLab in Chromium at 1366 x 768.

The lesson has no exercise (the course walk finds none among its shown values);
its sandbox's board is played as a student does: a click on a tile of the row
player's line, then the computer's answer, then Analyse; the page's status line
and the analysis' words equal to the twin's (the lesson's own cells run here, ``course_walk``). Set
KIT_SCREENSHOTS=DIR to keep a picture of each step.
"""

from __future__ import annotations

import html
import re

from playwright.sync_api import expect

import mattix_clicks
from board_plans import offline
from course_walk import CourseLesson
from lesson_page import TIMEOUT
from lesson_twin import InStep, of_kind


def lines(widget) -> list:
    """What an HTML widget of the twin says, line by line (its innermost blocks), as the
    page shows it."""
    blocks = re.findall(r"<div[^>]*>((?:(?!<div).)*?)</div>", widget.value, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", b)).split()) for b in blocks]

NOTEBOOK = "notebooks/mattix/06_sandbox.ipynb"


def test_lesson_6_sandbox_played_by_a_click(lab_server, lab_page):
    lesson = CourseLesson(lab_page, lab_server, NOTEBOOK)
    assert lesson.exercises == []
    sandbox, = of_kind(lesson.values, "Sandbox")
    part = lab_page.locator(".jp-OutputArea-output").filter(has=lab_page.locator("canvas"))
    step = InStep(lab_page, part, board=sandbox.board)
    step.where = mattix_clicks.where
    step.look("mattix6_0_start", "start")
    # Issue 18: the sandbox's 5 x 5 board (its choices above it) fits a 768 px window.
    ends = mattix_clicks.bottoms(part)
    print(ends)
    assert ends["board"] <= ends["window"], ends
    take = sandbox.board.game.legal_moves()[0]
    for action in mattix_clicks.clicks(step.board, str(take)):
        said = step.act(action)
    assert str(take) in said and len(sandbox.board.game.history) == 2, said
    step.look("mattix6_1_take", "start")

    # Analyse: every take of the position ranked, the bar green at "all done".
    panel = sandbox.board.analysis_panel
    offline(panel.start)
    part.get_by_role("button", name="Analyse", exact=True).click()
    said = lines(panel.note) + lines(panel.bar.label)
    assert said and "all done" in said[-1], said
    for line in said:
        expect(part).to_contain_text(line, timeout=TIMEOUT)
    step.look("mattix6_2_analysis", "start")
