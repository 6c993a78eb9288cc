"""IOTA lesson 1 in JupyterLab in Chromium: every exercise done right, done
wrong and hinted, as a student does it (typing, Check).

Answers come from the lesson's own data (``kit.lessons.iota``), so a changed
lesson changes the walk with it; the lesson's code cells are run here too
(``lesson_twin``), so the page must say exactly what the same exercise says
here. Set KIT_SCREENSHOTS=DIR to keep a picture of each step (1366 x 768) for
a person to look at.
"""

from __future__ import annotations

from kit.lessons import iota as lesson
from lesson_page import hint
from lesson_twin import Lesson

NOTEBOOK = "notebooks/iota/01_meet_iota.ipynb"


def test_lesson_1_every_line_judged_right_wrong_and_hinted(lab_server, lab_page):
    walk = Lesson(lab_page, lab_server, NOTEBOOK)
    for i, (cards, _hint) in enumerate(lesson.LINES):
        step = walk.exercise(f"Line {i + 1}: {' '.join(cards)}.")
        valid = lesson.line_problem_of(cards) is None
        said = step.answer("invalid" if valid else "valid")
        # A wrong judgement is told what to look at, never the verdict.
        assert said.startswith("✘ ") and ("Look" in said or "Count" in said), said
        assert "valid" not in said, said
        step.look(f"iota1_line{i + 1}_wrong")
        hint(step.part)
        step.look(f"iota1_line{i + 1}_hint")
        said = step.answer("valid" if valid else "invalid")
        assert said.startswith("✔ Right!"), said
        assert f"{i + 1} of 6 exercises done" in step.part.inner_text()
        step.look(f"iota1_line{i + 1}_right")
    # Show me (on the last line): the verdict, spelled out, only now.
    said = step.press("Show me")
    assert said.startswith("Solution: invalid: it has 5 cards"), said
    step.look("iota1_line6_show")
