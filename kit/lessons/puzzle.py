"""What every course's puzzle is: a position, a goal, a hint and a solution.

Each course subclasses :class:`Puzzle` with its ``GAME`` and its ``task``
wording, and keeps its puzzles as data in ``kit/lessons/puzzles/<game>.json``
(``{"puzzles": [{"grade", "goal", "target", "position", "hint", "solution"}, ...]}``),
read here in one way for all three games. The goals and how they are judged
belong to each course (``kit/lessons/<game>/puzzles.py``).
"""

from __future__ import annotations


import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, TypeVar

DATA = Path(__file__).parent / "puzzles"
#: a course's own Puzzle class (what :meth:`Puzzle.load` makes)
P = TypeVar("P", bound="Puzzle")


@dataclass(frozen=True)
class Puzzle:
    """A position, a goal for the player to move, a hint and a solution."""

    GAME: ClassVar[Any]   # the game's Game class

    number: int
    grade: int             # 1 (easy, ★) to 3 (hard, ★★★)
    goal: str
    target: int
    position: dict[str, Any]
    hint: str
    solution: Any          # as the course keeps it (read_solution)

    @property
    def game(self) -> Any:
        """The position as a game of ``GAME`` (each course's Puzzle says its type)."""
        return self.GAME.from_dict(self.position)

    @property
    def stars(self) -> str:
        return "★" * self.grade

    @classmethod
    def read_solution(cls, raw: Any) -> Any:
        """The solution as the course keeps it (a move text by default)."""
        return raw

    @classmethod
    def load(cls: type[P], path: str | Path) -> list[P]:
        """The puzzle set in ``path``, numbered from 1, in its order (easiest first)."""
        data = json.loads(Path(path).read_text())
        return [cls(number=i, grade=p["grade"], goal=p["goal"], target=p.get("target", 0),
                    position=p["position"], hint=p["hint"],
                    solution=cls.read_solution(p["solution"]))
                for i, p in enumerate(data["puzzles"], 1)]
