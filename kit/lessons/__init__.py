"""Helpers the lesson notebooks call: each notebook cell is one short call here."""

from typing import Any


def puzzle_set(path: Any, title: str | None = None) -> Any:
    """A teacher's puzzle set file, played with the courses' tutor (``kit.lessons.puzzleset``)."""
    from kit.lessons.puzzleset import puzzle_set as play
    return play(path, title)
