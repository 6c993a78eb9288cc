"""IOTA lesson 1 in JupyterLab in Chromium: every exercise done right, done
wrong and hinted, as a student does it (typing, clicking the board, Check).

Answers come from the lesson's own data (``kit.lessons.iota``), so a changed
lesson changes the walk with it. Set KIT_SCREENSHOTS=DIR to keep a picture of
each step (1366 x 768) for a person to look at.
"""

from __future__ import annotations

from canvas_page import open_and_run
from kit.lessons import iota as lesson
from lesson_page import exercise, hint, look, right, wrong


def test_lesson_1_every_line_judged_right_wrong_and_hinted(lab_server, lab_page):
    page = lab_page
    open_and_run(page, lab_server, "notebooks/iota/01_meet_iota.ipynb")
    for i, (cards, _hint) in enumerate(lesson.LINES):
        box = exercise(page, f"Line {i + 1}: {' '.join(cards)}.")
        valid = lesson.line_problem_of(cards) is None
        said = wrong(box, "invalid" if valid else "valid")
        assert " ".join(cards) in said
        look(page, box, f"iota1_line{i + 1}_wrong")
        hint(box)
        look(page, box, f"iota1_line{i + 1}_hint")
        said = right(box, "valid" if valid else "invalid")
        assert f"{i + 1} of 6 exercises done" in box.inner_text()
        look(page, box, f"iota1_line{i + 1}_right")
