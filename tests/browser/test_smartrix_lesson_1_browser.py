"""Smartrix lesson 1 in JupyterLab in Chromium at 1366 x 768: every exercise done wrong
(each of its wrong tries a student can make), hinted and right as a student does it
(typing a number or a card; on the exercise's board picking a hand card, turning it
with Rotate, clicking a cell), Check, and Show me on the last one; the board exercise
tried wrong and hinted again with its task at the top of the window, where its verdict
and hint must be in view; then the lesson's first game: a card turned and placed by
clicks (the table's window scrolled to its cell), the computer answering, every card
on the table big enough to read.

The walk is the course walk (``course_walk``): the lesson's own cells run here too,
the tries come from each exercise's data (``wrong``, ``answers``), a move becomes the
student's clicks planned on the twin board (``smartrix_clicks``), and the page must
say word for word what the twin says. Set KIT_SCREENSHOTS=DIR to keep a picture of
each step.
"""

from __future__ import annotations

from playwright.sync_api import expect

import smartrix_clicks
from board_plans import smartrix_legal
from course_walk import walk_lesson
from kit.smartrix.draw import INSET
from lesson_page import TIMEOUT
from lesson_twin import InStep, of_kind

NOTEBOOK = "notebooks/smartrix/01_meet_smartrix.ipynb"
SMALLEST_CARD = 40     # CSS pixels on screen: a card any smaller cannot be read (issue 18)


def card_size_on_screen(step) -> float:
    """How wide a table card is on the screen: the twin's cell, less its insets, at the
    scale the page draws the canvas."""
    scene = step.board.view.scene
    cell = step.board._layout().cell
    return (cell - 2 * INSET) * step.canvas.bounding_box()["width"] / scene.width


def out_of_view(board):
    """A placement at a cell outside the table's window, if any (the student scrolls
    the window to it by its shaded edges), turned from the way it lies in the hand."""
    shows = getattr(board, "shows", None)
    if not callable(shows):
        return None
    hand = smartrix_clicks.hand_cards(board)
    return next((str(m) for m in board.game.legal_moves()
                 if m.kind == "place" and not shows(m.cell) and m.card not in hand), None)


def test_lesson_1_every_exercise_wrong_hinted_right(lab_server, lab_page):
    lesson = walk_lesson(lab_page, lab_server, NOTEBOOK, smartrix_clicks.clicks,
                         where=smartrix_clicks.where, can_click=smartrix_clicks.clickable,
                         name="smartrix1", every_wrong=True)
    assert lesson.exercises
    # Wrong and hinted again, the task at the top of the window: the verdict and the
    # hint are in view (no scrolling between the board and what it says).
    hidden = smartrix_clicks.wrong_then_hint_in_view(lesson, "smartrix1")
    assert not hidden, hidden

    # The first game: the only board outside an exercise.
    (board,) = of_kind(lesson.values, "Board")
    part = lab_page.locator(".jp-OutputArea-output").filter(
        has=lab_page.locator("canvas")).filter(has_not=lab_page.locator(".kit-exercise"))
    expect(part).to_have_count(1, timeout=TIMEOUT)
    step = InStep(lab_page, part, board=board)
    step.where = smartrix_clicks.where
    expect(step.status_in_page()).to_be_visible(timeout=TIMEOUT)
    step.look("smartrix1_game_0_start", "center", step.board_view)
    move = out_of_view(board) or smartrix_legal(board)[1]
    for action in smartrix_clicks.clicks(board, move):
        step.act(action)
    assert str(board.game.history[-2]) == move and board.human_to_move, board.view.message
    # The computer's reply did not take the student's own card out of view (or, if both
    # cannot fit the window, the caption says where it is).
    mine = board.game.history[-2]
    assert (board.shows(mine.cell) or f"at {mine.cell[0]},{mine.cell[1]}, out of view"
            in board.view.scene.title), board.view.scene.title
    step.look("smartrix1_game_1_played", "center", step.board_view)
    size = card_size_on_screen(step)
    assert size >= SMALLEST_CARD, f"the first game's cards are {size:.0f} px wide on screen"
