"""Every exercise of every course can be answered by keys alone: the typed ones by
the box and Enter, the board ones by the cursor keys then Check
(benchmarks/keyboard_exercises.py, which also prints the before and after figures)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import keyboard_exercises

from kit import games


@pytest.mark.parametrize("game", [s.name for s in games.all() if s.lesson])
def test_no_exercise_needs_a_mouse(game):
    (course,) = keyboard_exercises.measure(game)
    assert course.exercises > 0 and course.on_a_board > 0
    assert course.failures == []
    assert course.mouse_only_after == 0 < course.mouse_only_before == course.on_a_board
