"""Smartrix lesson 2 in JupyterLab in Chromium at 1366 x 768: every exercise done wrong
(each of its wrong tries a student can make), hinted and right as a student does it
(typing, or on an exercise's board picking a hand card, turning it with Rotate and
clicking a cell), Check, and Show me on the last one.

The walk is the course walk (``course_walk``): the lesson's own cells run here too,
the tries come from each exercise's data (``wrong``, ``answers``), a move becomes
the student's clicks planned on the twin board (``smartrix_clicks``), and the page
must say word for word what the twin says. Set KIT_SCREENSHOTS=DIR to keep a picture
of each step.
"""

from __future__ import annotations

import smartrix_clicks
from course_walk import walk_lesson

NOTEBOOK = "notebooks/smartrix/02_eight_directions.ipynb"


def test_lesson_2_every_exercise_wrong_hinted_right(lab_server, lab_page):
    lesson = walk_lesson(lab_page, lab_server, NOTEBOOK, smartrix_clicks.clicks,
                         where=smartrix_clicks.where, can_click=smartrix_clicks.clickable,
                         name="smartrix2", every_wrong=True)
    assert lesson.exercises
