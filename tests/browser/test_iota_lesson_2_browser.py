"""IOTA lesson 2 in JupyterLab in Chromium: every exercise done wrong, hinted and
right, as a student does it (clicking cards and cells, Confirm, Take back, Undo,
Check; typing a number).

The lesson's code cells are run here too (``lesson_twin``): the same exercises on
the same boards, given the same clicks, say what the page must say. The plays
come from the lesson's data (``BREAKING``, ``RULES``) and the engine's legal
moves. Set KIT_SCREENSHOTS=DIR to keep a picture of each step (1366 x 768).
"""

from __future__ import annotations

from board_plans import offline
from canvas_page import checksum, wait_for_checksum
from kit.iota.moves import Play
from kit.lessons import iota as lesson
from lesson_page import hint
from lesson_twin import Lesson

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


def test_lesson_2_break_each_rule(lab_server, lab_page):
    walk = Lesson(lab_page, lab_server, NOTEBOOK)
    for rule in RULES:
        step = walk.exercise(f"break: {rule}")
        ex = step.exercise
        before = step.progress()

        step.turn([wrong_play(rule)])
        step.look(f"iota2_{rule}_tried", element=step.canvas)
        said = step.press("Check")
        assert said.startswith("✘") and ("another rule" in said or "is allowed" in said), said
        step.look(f"iota2_{rule}_wrong", element=step.part.locator(".kit-feedback"))
        assert ex.hints[0] in hint(step.part)
        step.look(f"iota2_{rule}_hint", element=step.part.locator(".kit-hint"))

        step.act(("button", "take_back"))
        step.turn([lesson.BREAKING[rule]])
        said = step.press("Check")
        assert said.startswith("✔ Right!") and lesson.RULES[rule] in said, said
        assert step.progress() != before
        step.look(f"iota2_{rule}_right", element=step.part.locator(".kit-feedback"))


def test_lesson_2_legal_play_both_ends_and_drawing(lab_server, lab_page):
    walk = Lesson(lab_page, lab_server, NOTEBOOK)

    # A legal play: an illegal one is refused by Confirm and judged wrong by Check.
    step = walk.exercise("legal play")
    ex, board = step.exercise, step.board
    game = lesson.rules_position()
    said = step.turn([lesson.BREAKING["match"]], confirm=True)
    assert "neither all the same nor all different" in said
    said = step.press("Check")
    assert said.startswith("✘") and "is not allowed" in said, said
    step.look("iota2_legal_wrong", element=step.part.locator(".kit-feedback"))
    assert ex.hints[0] in hint(step.part)
    step.look("iota2_legal_hint", element=step.part.locator(".kit-hint"))
    step.act(("button", "take_back"))
    mine = first_legal(game)
    step.turn([mine], confirm=True)
    said = step.press("Check")
    assert said.startswith("✔ Right!") and f"scores {game.explain(mine).points}" in said
    assert "legal play" in ex.progress.done   # (the first test of this file did the rules)
    step.progress()
    step.look("iota2_legal_right", element=step.part.locator(".kit-feedback"))
    # Show me takes the student's play back and draws the lesson's solution, pending.
    played = checksum(step.canvas)
    said = step.press("Show me")
    assert not board.game.history and board.previewed and str(board.previewed[-1]) in said
    wait_for_checksum(step.canvas, lambda v: v != played)
    step.look("iota2_legal_show", element=step.part.locator(".kit-feedback"))

    # Both ends: a play at one end only, confirmed, then Undo and the right one.
    step = walk.exercise("both ends")
    ex = step.exercise
    game = lesson.both_ends_position()
    one_end = first_legal(game, lambda m: len(m.cells) == 1 and m.cells[0][0] == 0)
    step.turn([one_end], confirm=True)
    said = step.press("Check")
    assert said.startswith("✘") and "both ends" in said, said
    step.look("iota2_ends_wrong", element=step.part.locator(".kit-feedback"))
    assert ex.hints[0] in hint(step.part)
    step.look("iota2_ends_hint", element=step.part.locator(".kit-hint"))
    step.act(("button", "undo"))
    both = first_legal(game, lambda m: lesson.check_both_ends(game, m).correct)
    step.turn([both])
    said = step.press("Check")
    assert said.startswith("✔ Right!"), said
    assert "both ends" in ex.progress.done
    step.progress()
    step.look("iota2_ends_right", element=step.part.locator(".kit-feedback"))

    # Drawing back up to 4: typed.
    step = walk.exercise("draw")
    ex = step.exercise
    right = next(n for n in range(5) if offline(ex.check, str(n)).correct)
    step.type(str(right + 1))
    said = step.press("Check")
    assert said.startswith("✘") and "more than 4" in said and f"draw {right}" not in said
    step.look("iota2_draw_wrong")
    assert ex.hints[0] in hint(step.part)
    step.look("iota2_draw_hint")
    step.type(str(right))
    said = step.press("Check")
    assert said.startswith("✔ Right!"), said
    assert "draw" in ex.progress.done
    step.progress()
    step.look("iota2_draw_right")
