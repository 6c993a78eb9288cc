"""IOTA lesson 2 in JupyterLab in Chromium: every exercise done wrong, hinted and
right, as a student does it (clicking cards and cells, Confirm, Take back, Undo,
Check; typing a number).

The lesson's code cells are run here too (``lesson_twin``): the same exercises on
the same boards, given the same clicks, say what the page must say. The plays
come from the lesson's data (``BREAKING``, ``RULES``) and the engine's legal
moves. Set KIT_SCREENSHOTS=DIR to keep a picture of each step (1366 x 768).
"""

from __future__ import annotations

from playwright.sync_api import expect

from board_plans import offline
from canvas_page import checksum, open_and_run, wait_for_checksum
from kit.iota.moves import Play
from kit.lessons import iota as lesson
from lesson_page import TIMEOUT, board_canvas, exercise, hint, look
from lesson_twin import (act, act_all, check_like_twin, exercises, play_actions,
                         run_lesson, type_like_twin)

NOTEBOOK = "notebooks/iota/02_making_a_play.ipynb"
RULES = list(lesson.RULES)


def first_legal(game, ok=lambda play: True) -> Play:
    return next(m for m in game.legal_moves() if isinstance(m, Play) and ok(m))


def wrong_play(rule: str) -> str:
    """A play that is not a break of ``rule``: the next rule's break, or (for the
    last rule) a play the kit allows."""
    i = RULES.index(rule)
    if i + 1 < len(RULES):
        return lesson.BREAKING[RULES[i + 1]]
    return str(first_legal(lesson.rules_position()))


def open_lesson(lab_server, lab_page):
    open_and_run(lab_page, lab_server, NOTEBOOK)
    return {ex.key: ex for ex in exercises(run_lesson(NOTEBOOK))}


def test_lesson_2_break_each_rule(lab_server, lab_page):
    page, twins = lab_page, open_lesson(lab_server, lab_page)
    for rule in RULES:
        ex = twins[f"break: {rule}"]
        box, board = exercise(page, ex.task), ex.board
        before = ex.progress.text
        expect(box).to_contain_text(before, timeout=TIMEOUT)

        act_all(box, board, play_actions(board, wrong_play(rule)))
        look(page, box.locator("canvas").first, f"iota2_{rule}_tried")
        said = check_like_twin(box, ex)
        assert said.startswith("✘") and ("another rule" in said or "is allowed" in said), said
        look(page, box.locator(".kit-feedback"), f"iota2_{rule}_wrong")
        assert ex.hints[0] in hint(box)
        look(page, box.locator(".kit-hint"), f"iota2_{rule}_hint")

        act(box, board, ("button", "take_back"))
        act_all(box, board, play_actions(board, lesson.BREAKING[rule]))
        said = check_like_twin(box, ex)
        assert said.startswith("✔ Right!") and lesson.RULES[rule] in said, said
        assert ex.progress.text != before
        expect(box).to_contain_text(ex.progress.text)
        look(page, box.locator(".kit-feedback"), f"iota2_{rule}_right")


def test_lesson_2_legal_play_both_ends_and_drawing(lab_server, lab_page):
    page, twins = lab_page, open_lesson(lab_server, lab_page)

    # A legal play: an illegal one is refused by Confirm and judged wrong by Check.
    ex = twins["legal play"]
    box, board = exercise(page, ex.task), ex.board
    game = lesson.rules_position()
    said = act_all(box, board, play_actions(board, lesson.BREAKING["match"])
                   + [("button", "confirm")])
    assert "neither all the same nor all different" in said
    said = check_like_twin(box, ex)
    assert said.startswith("✘") and "is not allowed" in said, said
    look(page, box.locator(".kit-feedback"), "iota2_legal_wrong")
    assert ex.hints[0] in hint(box)
    look(page, box.locator(".kit-hint"), "iota2_legal_hint")
    act(box, board, ("button", "take_back"))
    mine = first_legal(game)
    act_all(box, board, play_actions(board, mine) + [("button", "confirm")])
    said = check_like_twin(box, ex)
    assert said.startswith("✔ Right!") and f"scores {game.explain(mine).points}" in said
    assert len(ex.progress.done) == 1
    expect(box).to_contain_text(ex.progress.text)
    look(page, box.locator(".kit-feedback"), "iota2_legal_right")
    # Show me takes the student's play back and draws the lesson's solution, pending.
    canvas = board_canvas(box)
    played = checksum(canvas)
    said = check_like_twin(box, ex, "Show me")
    assert not board.game.history and board.previewed and str(board.previewed[-1]) in said
    wait_for_checksum(canvas, lambda v: v != played)
    look(page, box.locator(".kit-feedback"), "iota2_legal_show")

    # Both ends: a play at one end only, confirmed, then Undo and the right one.
    ex = twins["both ends"]
    box, board = exercise(page, ex.task), ex.board
    game = lesson.both_ends_position()
    one_end = first_legal(game, lambda m: len(m.cells) == 1 and m.cells[0][0] == 0)
    act_all(box, board, play_actions(board, one_end) + [("button", "confirm")])
    said = check_like_twin(box, ex)
    assert said.startswith("✘") and "both ends" in said, said
    look(page, box.locator(".kit-feedback"), "iota2_ends_wrong")
    assert ex.hints[0] in hint(box)
    look(page, box.locator(".kit-hint"), "iota2_ends_hint")
    act(box, board, ("button", "undo"))
    both = first_legal(game, lambda m: lesson.check_both_ends(game, m).correct)
    act_all(box, board, play_actions(board, both))
    said = check_like_twin(box, ex)
    assert said.startswith("✔ Right!"), said
    assert len(ex.progress.done) == 2
    expect(box).to_contain_text(ex.progress.text)
    look(page, box.locator(".kit-feedback"), "iota2_ends_right")

    # Drawing back up to 4: typed.
    ex = twins["draw"]
    box = exercise(page, ex.task)
    right = next(n for n in range(5) if offline(ex.check, str(n)).correct)
    type_like_twin(box, ex, str(right + 1))
    said = check_like_twin(box, ex)
    assert said.startswith("✘") and "hold 4 again" in said and f"draw {right}" not in said
    look(page, box, "iota2_draw_wrong")
    assert ex.hints[0] in hint(box)
    look(page, box, "iota2_draw_hint")
    type_like_twin(box, ex, str(right))
    said = check_like_twin(box, ex)
    assert said.startswith("✔ Right!"), said
    assert len(ex.progress.done) == 3
    expect(box).to_contain_text(ex.progress.text)
    look(page, box, "iota2_draw_right")
