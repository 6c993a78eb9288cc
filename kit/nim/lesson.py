"""Nim's one-lesson course (notebooks/nim/, found through the registration's
``lesson`` and ``course``): what the lesson imports as
``from kit.nim import lesson``.

Every exercise is judged by the engine (``kit.nim.rules``): the nim-sum is the
game's own ``nim_sum``, a move is read by ``Move.parse``, refused by
``Game.explain`` and right when it leaves a nim-sum of 0. A lesson cell only
names an exercise: ``lesson.exercise("winning move", progress)``.
``Sandbox()`` is the course's free play: a fresh deal against the computer.
Not covered: the rules and the live board themselves.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets

import kit.lessons.exercise
from kit.errors import InvalidMoveText
from kit.i18n import N_, _
from kit.lessons.exercise import (Answering, Catalogue, Exercise, Help, Shown, Verdict, Walk,
                                  exercise_board, typed_exercise)
from kit.lessons.sandbox import Sandbox as SandboxFrame
from kit.nim.board import Board
from kit.nim.rules import Game, Move

#: The puzzles' hint (in their JSON, in English; shown translated).
FIND_THE_SUM = N_("Find the nim-sum first: a winning move leaves a nim-sum of 0.")

#: The course's lesson titles (English: the record's key; shown translated).
LESSON_TITLES = (N_("Lesson 1"),)


class Progress(kit.lessons.exercise.Progress):
    """A lesson's progress in the Nim course, kept per student (kit.lessons.record)."""

    COURSE = "nim"


def heaps_words(game: Game) -> str:
    return ", ".join(str(h) for h in game.heaps)


# ----- the checks (pure: the engine's numbers) ---------------------------------------

def read_number(text: object) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        raise ValueError(_("type a whole number, such as 5, not {text}").format(
            text=repr(str(text).strip()))) from None


def check_nim_sum(game: Game, text: object) -> Verdict:
    n = read_number(text)
    if n == game.nim_sum:
        return Verdict(True, _("The heaps' exclusive or is {n}.").format(n=n))
    return Verdict(False, _("{n} is not the heaps' exclusive or: write each heap in binary and "
                            "keep the columns with an odd number of ones.").format(n=n))


def read_move(text: object) -> Move:
    if isinstance(text, Move):
        return text
    return Move.parse(str(text).strip())


def check_winning_move(game: Game, answer: object) -> Verdict:
    move = read_move(answer)
    why = game.explain(move)
    if not why.legal:
        return Verdict(False, why.reason)
    after = game.copy()
    after.play(move)
    if after.nim_sum == 0:
        return Verdict(True, _("It leaves the heaps {heaps}: their exclusive or is 0, so every "
                               "reply leaves one that is not.").format(heaps=heaps_words(after)))
    return Verdict(False, _("It leaves the heaps {heaps}, whose exclusive or is {n}, not 0: "
                            "your opponent can win from there.").format(
                                heaps=heaps_words(after), n=after.nim_sum))


def winning_moves(game: Game) -> list[Move]:
    return [m for m in game.legal_moves() if check_winning_move(game, m).correct]


def losing_tries(game: Game) -> list[str]:
    """A student's wrong tries: a legal move that does not win, and an illegal one."""
    legal = [str(m) for m in game.legal_moves() if not check_winning_move(game, m).correct]
    return [*legal[:2], f"0:{game.heaps[0] + 1}"]


# ----- the exercises -----------------------------------------------------------------

def nim_sum_exercise(game: Game, progress: Progress | None = None) -> Exercise:
    return typed_exercise(
        _("The heaps are {heaps}. What is their exclusive or (the nim-sum)?").format(
            heaps=heaps_words(game)),
        game._repr_svg_(), lambda text: check_nim_sum(game, text),
        hints=[_("Write each heap in binary, one under the other."),
               _("A column of the answer is 1 when that column has an odd number of ones.")],
        show=_("The nim-sum is {n}.").format(n=game.nim_sum), progress=progress,
        key="nim-sum", placeholder=_("a number"), answers=[str(game.nim_sum)],
        wrong=[str(game.nim_sum ^ 1), str(game.nim_sum ^ 2)])


def typed_move_exercise(game: Game, progress: Progress | None = None) -> Exercise:
    best = winning_moves(game)[0]
    return typed_exercise(
        _("The heaps are {heaps} and you are to move. Type the move that wins "
          "(heap:stones).").format(heaps=heaps_words(game)),
        game._repr_svg_(), lambda text: check_winning_move(game, text),
        hints=[_(FIND_THE_SUM),
               _("Only a heap with a 1 in the nim-sum's highest column can be made smaller "
                 "to reach 0.")],
        show=_("Take {move}.").format(move=best), progress=progress, key="winning move",
        placeholder=_("for example 1:3"), answers=[str(m) for m in winning_moves(game)],
        wrong=losing_tries(game))


def board_for(game: Game) -> Board:
    """A live board for an exercise: two human seats, its own Hint and New game hidden."""
    board = exercise_board(Board(game.copy(), seats=["human", "human"], delay=0))
    board.refused = None
    played = board.submit

    def submit(move: Move | str) -> int | None:
        before = len(board.game.history)
        points = played(move)
        board.refused = move if len(board.game.history) == before else None
        return points
    board.submit = submit   # type: ignore[method-assign]   # the board's clicks go through here too
    return board


def take_back(board: Board) -> int:
    """Undo every move on ``board`` (back to the exercise's position); how many."""
    made = len(board.game.history)
    for _step in range(made):
        board.undo()
    board.refused = None
    return made


def taken(board: Board) -> Move:
    """The student's move: the first one made, or the one the board refused."""
    if board.game.history:
        return board.game.history[0]
    if board.refused is not None:
        return read_move(board.refused)
    raise InvalidMoveText(_("take stones on the board first (click a stone, or Enter on it), "
                          "then press Check"))


def board_move_exercise(game: Game, progress: Progress | None = None) -> Exercise:
    game = game.copy()
    board = board_for(game)
    best = winning_moves(game)[0]

    def judged(move: object) -> Verdict:
        verdict = check_winning_move(game, move)
        if not verdict.correct and take_back(board):
            verdict = dataclasses.replace(verdict, why=verdict.why + " " + _(
                "Your move is taken back: try again."))
        board.refused = None
        return verdict

    def enter(text: object) -> None:
        take_back(board)
        board.submit(read_move(text))

    def reveal() -> str:
        take_back(board)
        board.submit(best)
        return _("Take {move}.").format(move=best) + " " + check_winning_move(game, best).why

    return Exercise(
        _("Now on a live board: take the stones of the winning move, then press Check."),
        judged, answer=Answering(read=lambda: taken(board), enter=enter),
        help=Help(hints=[_("Work out the nim-sum of the heaps on the board."),
                         _("Picking a stone takes it and every stone to its right.")],
                  show=reveal,
                  solution=lambda: _("Take {move}.").format(move=best)),
        shown=Shown(board=board), walk=Walk(answers=[str(best)], wrong=losing_tries(game)),
        progress=progress, key="winning move on the board")


# ----- the puzzles (the graded set and the teacher's solution sheet) -------------------

#: The puzzle set: each a position with a nim-sum not 0, whose goal is the winning move.
PUZZLES = Path(__file__).resolve().parent / "puzzles.json"


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: ``position`` (Game.to_dict), ``goal`` ("win": leave a nim-sum of 0),
    ``solution`` (one winning move; any winning move is right)."""

    number: int
    grade: int
    goal: str
    target: int
    position: dict[str, Any]
    hint: str
    solution: Any

    @property
    def game(self) -> Game:
        return Game.from_dict(self.position)

    @property
    def task(self) -> str:
        return _("Puzzle {n}: the heaps are {heaps}. Find the move that wins.").format(
            n=self.number, heaps=heaps_words(self.game))

    @property
    def hints(self) -> list[str]:
        return [_(self.hint)] if self.hint else []


def load_puzzles(path: Path = PUZZLES) -> list[Puzzle]:
    return [Puzzle(**p) for p in json.loads(path.read_text(encoding="utf-8"))["puzzles"]]


def check_puzzle(puzzle: Puzzle, answer: object) -> Verdict:
    if puzzle.goal != "win":
        raise ValueError(f"a Nim puzzle's goal is 'win', not {puzzle.goal!r}")
    return check_winning_move(puzzle.game, answer)


def puzzle_exercise(puzzle: Puzzle, progress: Progress | None = None) -> Exercise:
    game = puzzle.game
    return typed_exercise(puzzle.task, game._repr_svg_(), lambda text: check_puzzle(puzzle, text),
                          hints=puzzle.hints, show=_("Take {move}.").format(move=puzzle.solution),
                          progress=progress, key=f"puzzle {puzzle.number}",
                          placeholder=_("for example 1:3"),
                          answers=[str(m) for m in winning_moves(game)],
                          wrong=losing_tries(game))


EXERCISES: dict[str, Callable[..., Exercise]] = {
    "nim-sum": lambda progress: nim_sum_exercise(Game([2, 3, 6]), progress),
    "winning move": lambda progress: typed_move_exercise(Game([3, 4, 5]), progress),
    "winning move on the board": lambda progress: board_move_exercise(Game([1, 2, 4]), progress),
}

#: ``exercise(name, progress)``: what a lesson cell calls.
exercise = Catalogue("nim", EXERCISES, puzzles=load_puzzles, puzzle=puzzle_exercise)


# ----- the sandbox: free play against the computer --------------------------------

#: The computer's players by name (the English name is the key; shown ``_(name)``).
COMPUTERS = {N_("perfect (never misses a win)"): "perfect", N_("random (any legal take)"): "random"}


class Sandbox(SandboxFrame):
    """Choose the computer and who starts, then play a fresh deal of three heaps."""

    def __init__(self, computer: str = "perfect (never misses a win)", seed: int = 1,
                 delay: float = 0.8) -> None:
        self.computer = widgets.Dropdown(options=[(_(name), name) for name in COMPUTERS],
                                         value=computer, description=_("Computer"))
        self.side = widgets.Dropdown(options=[(_("first"), 0), (_("second"), 1)],
                                     value=0, description=_("You play"))
        super().__init__(seed=seed, delay=delay)

    def choices(self) -> list[Any]:
        return [[self.computer, self.side], [self.seed, self.start]]

    def make_board(self) -> Board:
        computer = COMPUTERS[self.computer.value]
        seats = ["human", computer] if self.side.value == 0 else [computer, "human"]
        return Board(seats=seats, seed=self.seed.value, delay=self.delay)
