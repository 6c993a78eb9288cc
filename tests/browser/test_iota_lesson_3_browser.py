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

from kit.iota.cards import VALUE, WILD
from kit.lessons import iota as lesson
from lesson_page import hint
from lesson_twin import Lesson, of_kind

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
    walk = Lesson(lab_page, lab_server, NOTEBOOK)
    (board,) = of_kind(walk.values, "Board")
    step = walk.live_board(board)

    first = lesson.WORKED_PLAYS[0]
    points = lesson.worked_example(0).explain(first).points
    assert points == PRINTED_FIRST_SCORE
    said = step.turn([first])
    assert f"for {points} points" in said, said
    step.look("iota3_worked_pending", element=step.canvas)
    said = step.act(("button", "confirm"))
    assert f"played {first}: {points} points" in said, said
    assert board.game.scores[0] == points
    expect(step.part.get_by_text(f"Seat 1: {points} points").first).to_be_visible()
    step.look("iota3_worked_played", element=step.canvas)


def test_lesson_3_score_each_play(lab_server, lab_page):
    walk = Lesson(lab_page, lab_server, NOTEBOOK)
    plays = lesson.lesson_scoring_plays()
    for n, kind in enumerate(lesson.SCORING_KINDS, start=1):
        game, play = plays[kind]
        step = walk.exercise(f"score: {kind}")
        ex = step.exercise
        right = game.explain(play).points
        step.look(f"iota3_{n}_picture", element=step.part.locator("img").first)

        step.type(str(slip(game, play)))
        said = step.press("Check")
        assert said.startswith("✘") and "is not it" in said and f"{right} points" not in said, said
        step.look(f"iota3_{n}_wrong", element=step.part.locator(".kit-feedback"))
        assert ex.hints[0] in hint(step.part)
        step.look(f"iota3_{n}_hint", element=step.part.locator(".kit-hint"))

        step.type(str(right))
        said = step.press("Check")
        assert said.startswith(f"✔ Right! {right} points."), said
        assert len(ex.progress.done) == n
        step.progress()
        step.look(f"iota3_{n}_right", element=step.part.locator(".kit-feedback"))
        if kind == "a lot":
            said = step.press("Show me")
            assert said.startswith("Solution: Lines:") and f": {right}." in said, said
            step.look(f"iota3_{n}_show", element=step.part.locator(".kit-feedback"))
