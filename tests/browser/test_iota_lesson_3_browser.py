"""IOTA lesson 3 in JupyterLab in Chromium: the worked example's first turn played
by clicks on the live board, and every score exercise done wrong (a student's
likely slip), hinted, right, and once shown.

The lesson's code cells are run here too (``lesson_twin``): the same board and
exercises, given the same clicks and answers, say what the page must say. Scores
come from the engine (``game.explain``) on the lesson's own plays. Set
KIT_SCREENSHOTS=DIR to keep a picture of each step (1366 x 768).
"""

from __future__ import annotations

from playwright.sync_api import expect

from canvas_page import open_and_run
from kit.iota.cards import VALUE, WILD
from kit.lessons import iota as lesson
from lesson_page import TIMEOUT, exercise, hint, look
from lesson_twin import (act, act_all, check_like_twin, exercises, play_actions, run_lesson,
                         type_like_twin)

NOTEBOOK = "notebooks/iota/03_scoring.ipynb"
#: The printed rules' worked example: the first player's two cards score 6.
PRINTED_FIRST_SCORE = 6


def slip(game, play: str) -> int:
    """A score a student is likely to give: forgetting to double, counting a card
    in two lines once, or one off."""
    why = game.explain(play)
    if why.doublings:
        return why.base
    cards = [c for c in lesson.read_play(play).cards if c != WILD]
    if len(why.lines) == 2 and len(cards) == 1:
        return why.points - VALUE[cards[0]]
    return why.points + 1


def test_lesson_3_worked_example_first_turn_by_clicks(lab_server, lab_page):
    page = lab_page
    open_and_run(page, lab_server, NOTEBOOK)
    values = run_lesson(NOTEBOOK)
    board = next(v for v in values if type(v).__name__ == "Board")
    live = page.locator(".jp-OutputArea-output").filter(has=page.locator("canvas"))
    expect(live).to_have_count(1, timeout=TIMEOUT)

    first = lesson.WORKED_PLAYS[0]
    points = lesson.worked_example(0).explain(first).points
    assert points == PRINTED_FIRST_SCORE
    said = act_all(live, board, play_actions(board, first))
    assert f"for {points} points" in said, said
    look(page, live.locator("canvas"), "iota3_worked_pending")
    said = act(live, board, ("button", "confirm"))
    assert f"played {first}: {points} points" in said, said
    assert board.game.scores[0] == points
    expect(live.get_by_text(f"Seat 1 (human): {points}").first).to_be_visible()
    look(page, live.locator("canvas"), "iota3_worked_played")


def test_lesson_3_score_each_play(lab_server, lab_page):
    page = lab_page
    open_and_run(page, lab_server, NOTEBOOK)
    twins = {ex.key: ex for ex in exercises(run_lesson(NOTEBOOK))}
    plays = lesson.scoring_plays()
    for n, kind in enumerate(lesson.SCORING_KINDS, start=1):
        game, play = plays[kind]
        ex = twins[play]
        box = exercise(page, ex.task)
        right = game.explain(play).points
        look(page, box.locator("img").first, f"iota3_{n}_picture")

        type_like_twin(box, ex, str(slip(game, play)))
        said = check_like_twin(box, ex)
        assert said.startswith("✘") and "is not it" in said and f"{right} points" not in said, said
        look(page, box.locator(".kit-feedback"), f"iota3_{n}_wrong")
        assert ex.hints[0] in hint(box)
        look(page, box.locator(".kit-hint"), f"iota3_{n}_hint")

        type_like_twin(box, ex, str(right))
        said = check_like_twin(box, ex)
        assert said.startswith(f"✔ Right! {right} points."), said
        assert len(ex.progress.done) == n
        expect(box).to_contain_text(ex.progress.text)
        look(page, box.locator(".kit-feedback"), f"iota3_{n}_right")
        if kind == "a lot":
            said = check_like_twin(box, ex, "Show me")
            assert said.startswith("Solution: Lines:") and f": {right}." in said, said
            look(page, box.locator(".kit-feedback"), f"iota3_{n}_show")
