"""The Mattix puzzles and practice positions: data (``puzzles/mattix.json``)
loaded as :class:`Puzzle`, and the check of a take against a puzzle's goal
(win by, only move, draw) by the exact solver.

Pure: no widgets. Not covered: the puzzle exercise (:mod:`kit.lessons.mattix.exercises`).
"""

from __future__ import annotations

from typing import TypeVar

from dataclasses import dataclass
from pathlib import Path
import dataclasses
import json

from kit.i18n import N_, _, ngettext
from kit.lessons.exercise import Verdict
from kit.lessons.mattix.checks import (_ahead, _legal, _tile, best_line, final_margins, reply_words,
                                       tiles_words)
from kit.lessons.puzzle import Puzzle as PuzzleBase
from kit.mattix import Game
from kit.mattix.text import capital


HERE = Path(__file__).resolve().parent.parent   # kit/lessons: puzzles/ and data/


PUZZLES = HERE / "puzzles" / "mattix.json"
#: the Mattix Puzzle (or a subclass) that :meth:`Puzzle.load` makes
MP = TypeVar("MP", bound="Puzzle")


GOALS = ("win_by", "only_move", "draw")


# ----- lesson 5: puzzles ------------------------------------------------------

@dataclass(frozen=True)
class Puzzle(PuzzleBase):
    """A position, a goal for the player to move, hints and a solution.

    ``goal``: ``"win_by"`` (end at least ``target`` points ahead),
    ``"only_move"`` (the one take that does not lose) or ``"draw"`` (force a
    draw: end level). ``solution``: one take that meets the goal. ``hint`` is
    the first hint (a nudge); ``more_hints`` climb from there.
    """

    GAME = Game
    more_hints: tuple[str, ...] = ()

    @property
    def game(self) -> Game:
        return Game.from_dict(self.position)

    @property
    def hints(self) -> list[str]:
        # The JSON's hints are English; the catalogue has them (kit.catalogues reads the file).
        return [_(self.hint), *(_(h) for h in self.more_hints)]

    @property
    def task(self) -> str:
        side = self.game.side_name(self.game.to_move)
        if self.goal == "win_by":
            goal = ngettext("{side} to move: win by at least {target} point.",
                            "{side} to move: win by at least {target} points.", self.target)
        elif self.goal == "only_move":
            goal = _("{side} to move: find the only take that does not lose.")
        else:
            goal = _("{side} to move: force a draw (you cannot win; do not lose).")
        # Two sentences: the puzzle's name, then the goal (starting with a capital).
        return (_("Puzzle {number} ({stars}).").format(number=self.number, stars=self.stars)
                + " " + capital(goal.format(side=side, target=self.target)))

    @classmethod
    def load(cls: type[MP], path: str | Path) -> list[MP]:
        data = json.loads(Path(path).read_text())["puzzles"]
        return [dataclasses.replace(p, more_hints=tuple(raw.get("more_hints", ())))
                for p, raw in zip(super().load(path), data, strict=True)]


def load_puzzles(path: Path = PUZZLES) -> list[Puzzle]:
    """The puzzle set, easiest first."""
    return Puzzle.load(path)


def load_practice(path: Path = PUZZLES) -> list[tuple[Game, list[str], str]]:
    """Lesson 3's positions, where the biggest tile loses: ``(game, hints, solution)``."""
    data = json.loads(Path(path).read_text())
    return [(Game.from_dict(p["position"]), [p["hint"], *p.get("more_hints", ())],
             p["solution"]) for p in data["practice"]]


def meets_goal(goal: str, target: int, margin: int) -> bool:
    """Does ending ``margin`` ahead meet the goal?"""
    if goal == "win_by":
        return margin >= target
    if goal == "only_move":
        return margin >= 0
    if goal == "draw":
        return margin == 0
    raise ValueError(f"unknown puzzle goal {goal!r}; goals are {', '.join(GOALS)}")


#: What a take that misses the goal is, by goal (shown as ``_(GOAL_WORDS[goal])``).
GOAL_WORDS = {"win_by": N_("that is not a win by {target} or more"),
              "only_move": N_("that loses"), "draw": N_("that is not a draw")}


def check_puzzle(puzzle: Puzzle, answer: object) -> Verdict:
    """Does the take ``answer`` meet the puzzle's goal against perfect play?

    A wrong take is told the opponent's best answer to it and how it ends, never
    which take meets the goal."""
    game = puzzle.game
    move = _legal(game, answer)
    if isinstance(move, Verdict):
        return move
    mine, tile = final_margins(game)[move], _tile(game, move)
    if meets_goal(puzzle.goal, puzzle.target, mine):
        return Verdict(True, _("After the {tile} at {move}, with perfect play by both you end "
                               "{margin}.").format(tile=tile, move=move, margin=_ahead(mine)))
    return Verdict(False, _("After the {tile} at {move}, {reply}, and with perfect play you "
                            "end {margin}: {goal}.").format(
                                tile=tile, move=move, reply=reply_words(game, move),
                                margin=_ahead(mine),
                                goal=_(GOAL_WORDS[puzzle.goal]).format(target=puzzle.target)),
                   more=_("Best play by both from your take: {takes}.").format(
                       takes=tiles_words(game, best_line(game, move))))
