"""Mattix lesson 1 in JupyterLab in Chromium at 1366 x 768: every exercise done
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

NOTEBOOK = "notebooks/mattix/01_meet_mattix.ipynb"


def test_lesson_1_every_exercise_wrong_hinted_right_and_kept(lab_server, lab_page):
    lesson = walk_lesson(lab_page, lab_server, NOTEBOOK, mattix_clicks.clicks,
                         where=mattix_clicks.where, name="mattix1", every_wrong=True)
    count = len(lesson.exercises)
    assert count
    # The kernel restarted and the lesson run again: every exercise says it was done,
    # and the progress line counts them (kept in the student's file, not the kernel).
    lesson.restart("mattix1")
    assert lesson.progress_in_page().endswith(f"{count} of {count} exercises done")
