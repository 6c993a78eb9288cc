"""Smartrix lesson 1 in JupyterLab in Chromium: every exercise done wrong, hinted and
right as a student does it (typing a number or a card; on the exercise's board,
picking a hand card, turning it with Rotate, clicking a cell), then Show me.

The lesson's code cells are run here too (``lesson_twin``): the same exercises on the
same boards, given the same answers and clicks, say what the page must say, word for
word. Tries and answers come from each exercise's own data (``wrong``, ``answers``);
the clicks from the twin board's geometry (``smartrix_clicks``). Set
KIT_SCREENSHOTS=DIR to keep a picture of each step (1366 x 768).
"""

from __future__ import annotations

from lesson_twin import Lesson
from smartrix_clicks import guess_wrong, walk_exercise

NOTEBOOK = "notebooks/smartrix/01_meet_smartrix.ipynb"


def test_lesson_1_every_exercise_wrong_hinted_right(lab_server, lab_page):
    walk = Lesson(lab_page, lab_server, NOTEBOOK)
    assert walk.exercises
    for n, ex in enumerate(walk.exercises, 1):
        step = walk.exercise(ex.key)
        wrong = None if getattr(ex, "wrong", None) else guess_wrong(step)
        walk_exercise(step, f"smartrix1_{n}_{ex.key.replace(' ', '_')}", wrong=wrong,
                      show=n == len(walk.exercises))
        assert f"{n} of {len(walk.exercises)} exercises done" in step.progress()
