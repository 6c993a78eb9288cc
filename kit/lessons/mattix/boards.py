"""The Mattix course's live boards: an exercise's board, the take made on it,
taking it back, and :func:`board_exercise` (a wrong take is taken back at once;
Show me takes the solution only and says the best line after it in words).

Widgets (ipywidgets). Not covered: the checks (:mod:`kit.lessons.mattix.checks`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from kit.errors import InvalidMoveText
from kit.i18n import _
from kit.lessons.exercise import Answering, Exercise, Help, Progress, Shown, Verdict, Walk, exercise_board
from kit.lessons.mattix.answers import read_move
from kit.lessons.mattix.checks import best_line, illegal_tries, line_words
from kit.mattix import Game, Move
from kit.mattix.board import Board


# ----- exercises on a live board ----------------------------------------------

def board_for(game: Game, **kwargs: Any) -> Board:
    """A board for an exercise: two human seats, so the student may play on after.

    The board's own Hint (it ranks the takes: the answer) and New game (another
    position) are hidden: the exercise has its own Hint and Show me. The board
    remembers a take it refused (``board.refused``), so Check can say why.
    """
    board = exercise_board(Board(game.copy(), seats=["human", "human"], delay=0, **kwargs))
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
    """Undo every take on ``board`` (back to the exercise's position); how many."""
    taken = len(board.game.history)
    for _step in range(taken):
        board.undo()
    board.refused = None
    return taken


def taken(board: Board) -> Move:
    """The student's take on ``board``: the first one made, or the one it refused."""
    if board.game.history:
        return board.game.history[0]
    refused: Move | None = getattr(board, "refused", None)
    if refused is not None:
        return refused
    raise InvalidMoveText(_("take a tile on the board first (click it, or Enter on it), then press "
                          "Check"))


def board_exercise(task: str, game: Game, check: Callable[[Game, object], Verdict],
                   solution: Move | str, *, hints: Sequence[str] = (),
                   progress: Progress | None = None, key: str | None = None,
                   answers: Sequence[str] | None = None,
                   wrong: Sequence[object] | None = None) -> Exercise:
    """Exercise: make one take on a live board; ``check(game, move)`` judges it.

    A wrong take is judged, then taken back at once (the board says so), so the
    student can try again. Show me takes ``solution`` on the board and says the
    best line after it in words. ``wrong``: by default every legal take that
    fails, and two illegal ones (a tile off the line, the star's cell).
    """
    game = game.copy()   # the notebook may play on its own game; the exercise keeps this one
    board = board_for(game)
    solution = read_move(solution)
    line = best_line(game, solution)
    if wrong is None:
        wrong = [str(m) for m in game.legal_moves() if not check(game, m).correct]
        wrong += illegal_tries(game)

    def judged(move: object) -> Verdict:
        verdict = check(game, move)
        if not verdict.correct:
            if take_back(board):
                board.say(_("Your take is taken back."))   # one line: the verdict says more
                verdict = dataclasses.replace(
                    verdict, why=verdict.why + " " + _("Your take is taken back: try again."))
            board.refused = None
        return verdict

    def enter(text: object) -> None:
        take_back(board)
        board.submit(read_move(text))

    def words(shown: int = len(line)) -> str:
        rest = game.copy()
        rest.play(solution)
        after = line[1:1 + shown]
        said = ""
        if after and len(line) > 1 + shown:
            said = " " + _("Best play after it: {takes}, and so on to the end.").format(
                takes=line_words(rest, after))
        elif after:
            said = " " + _("Best play after it: {takes}.").format(takes=line_words(rest, after))
        return _("Take {move}.").format(move=solution) + f" {check(game, solution).why}{said}"

    def reveal() -> str:
        take_back(board)
        board.submit(solution)
        return words(3) + " " + _("Press Undo to try it yourself.")

    return Exercise(task,
                    judged,
                    answer=Answering(read=lambda: taken(board), enter=enter),
                    help=Help(hints=hints, show=reveal, solution=words),
                    shown=Shown(board=board),
                    walk=Walk(answers=answers or [str(solution)], wrong=wrong),
                    progress=progress,
                    key=key)
