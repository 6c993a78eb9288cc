"""Mattix lesson 3 in JupyterLab in Chromium at 1366 x 768: every exercise done
as a student does it, typing or clicking a tile on its board: each of its wrong
tries (legal and illegal takes), a hint, the right answer; Show me on the last.

The walk is the course walk (``course_walk``): the lesson's own cells run here
too, the tries come from each exercise's data (``wrong``, ``answers``), a take
becomes a click on its tile (``mattix_clicks``), and the page must say word for
word what the twin says. Set KIT_SCREENSHOTS=DIR to keep a picture of each step.
"""

from __future__ import annotations

import mattix_clicks
from course_walk import walk_lesson

NOTEBOOK = "notebooks/mattix/03_greedy_is_not_enough.ipynb"


def test_lesson_3_every_exercise_wrong_hinted_right(lab_server, lab_page):
    lesson = walk_lesson(lab_page, lab_server, NOTEBOOK, mattix_clicks.clicks,
                         where=mattix_clicks.where, name="mattix3", every_wrong=True)
    assert lesson.exercises
    # Issue 18: with its task at the top of a 768 px window, the typed net gain's
    # picture, verdict and hint, and each position's board and verdict, are in view.
    seen = mattix_clicks.wrong_why_hint_in_view(lesson, "mattix3",
                                                parts=("board", "picture", "verdict"))
    print({key: ends for key, (ends, _) in seen.items()})
    hidden = {key: out for key, (_, out) in seen.items() if out}
    assert not hidden, hidden
