"""The Mattix course, lessons 1 to 5, in JupyterLab in Chromium at 1366 x 768: every
exercise done as a student does it, typing or clicking a tile on its board: each of
its wrong tries (legal and illegal takes), a hint, the right answer; Show me on each
lesson's last.

The walk is the course walk (``course_walk``): the lesson's own cells run here too,
the tries come from each exercise's data (``wrong``, ``answers``), a take becomes a
click on its tile (``mattix_clicks``), and the page must say word for word what the
twin says. Set KIT_SCREENSHOTS=DIR to keep a picture of each step. Lesson 6, the
sandbox, has no exercises: ``test_mattix_lesson_6_browser``.
"""

from __future__ import annotations

import pytest

import mattix_clicks
from course_walk import walk_lesson

LESSONS = {1: "01_meet_mattix", 2: "02_rules_in_full", 3: "03_greedy_is_not_enough",
           4: "04_thinking_ahead", 5: "05_puzzles"}

# Issue 18: with an exercise's task at the top of a 768 px window, after a wrong try,
# "Why?" opened and a hint, these parts are in view (None: all of mattix_clicks.PARTS).
# A typed exercise's 4 x 4 picture pushed its task off the top while the verdict was
# read; 5 x 5 puzzle boards lost their bottom row. Under an open "Why?" a puzzle's
# hint may end below the window: a student folds "Why?" again.
IN_VIEW = {2: None, 3: ("board", "picture", "verdict"), 5: ("board", "verdict")}


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_every_exercise_wrong_hinted_right(number, lab_server, lab_page):
    name = f"mattix{number}"
    lesson = walk_lesson(lab_page, lab_server, f"notebooks/mattix/{LESSONS[number]}.ipynb",
                         mattix_clicks.clicks, where=mattix_clicks.where, name=name,
                         every_wrong=True)
    count = len(lesson.exercises)
    assert count
    if number in IN_VIEW:
        seen = mattix_clicks.wrong_why_hint_in_view(lesson, name, parts=IN_VIEW[number])
        hidden = {key: out for key, (_, out) in seen.items() if out}
        assert not hidden, {key: ends for key, (ends, _) in seen.items()}
    if number == 1:
        # The kernel restarted and the lesson run again: every exercise says it was
        # done, and the progress line counts them (kept in the student's file).
        lesson.restart(name)
        assert lesson.progress_in_page().endswith(f"{count} of {count} exercises done")
