"""The Smartrix course's live boards: an exercise's board (hands shown as the
lesson wants), the move tried on it, taking it back, playing the solution, and
:func:`board_exercise`; the first game of lesson 1 and the notation key.

Widgets (ipywidgets). Not covered: the checks (:mod:`kit.lessons.smartrix.checks`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from kit.errors import InvalidMoveText
from kit.i18n import N_, _
from kit.lessons.exercise import Answering, Exercise, Help, Progress, Shown, Verdict, Walk, exercise_board
from kit.lessons.smartrix.answers import read_move
from kit.lessons.smartrix.pictures import HTMLPicture, fit_width
from kit.lessons.smartrix.positions import short_game
from kit.smartrix import Game, Move
from kit.smartrix.board import Board
from kit.ui.game import GameBoard


# ----- exercises on live boards ---------------------------------------------------

class LessonBoard(Board):
    """A board for an exercise: one student plays every seat (to try a move, and
    to play on after it), so Undo steps back one move, also over a drawn card
    (``undo_policy="one_move"``: nobody else saw it), and only the hand of the
    seat to move is shown."""

    #: The seat of an exercise's one try (``board_exercise`` sets it): after the try the
    #: board stays in that seat until Check or Undo. Without it (a practice board) the
    #: student plays on in every seat, so "you" is whoever is to move.
    student: int | None = None

    @property
    def tried(self) -> bool:
        return self.student is not None and bool(self.game.history)

    def shown_seats(self) -> set[int]:
        # The student sits in the seat to move; the other hands stay face down. After an
        # exercise's try the seat to move is someone else's: the hand shown stays the
        # student's own (issue 30: "Player 2 (you)" showed another player's hand).
        if self.open_hands:
            return set(range(self.game.players))
        return {self.student} if self.student is not None and self.tried else {self.game.to_move}

    def hand_seat(self) -> int:
        # The hand drawn big stays the student's after the try (and after Show me,
        # which plays the solution): the next seat's face-down hand took its place,
        # and the student's own was drawn small under the words (issue 30).
        return self.student if self.student is not None and self.tried else self.game.to_move

    def seat_label(self, seat: int) -> str:
        if not self.tried:
            return super().seat_label(seat)
        name = self.seat_name(seat)
        return _("{seat} (you)").format(seat=name) if seat == self.student else name

    def _ready(self, quiet: bool = False) -> bool:
        if self.tried:
            if not quiet:
                self.say(_(TRY_MADE), tone="bad")
            return False
        return super()._ready(quiet)

    def _turn_text(self) -> str:
        return _(TRY_MADE) if self.tried and not self.game.is_over else super()._turn_text()

    def prompt(self) -> str:
        return _(TRY_MADE) if self.tried and not self.game.is_over else super().prompt()


#: What an exercise's board says once the try is made (translated where shown).
TRY_MADE = N_("Your move is made: press Check, or Undo to try another.")


def board_for(game: Game, **kwargs: Any) -> LessonBoard:
    """A board for an exercise: every seat the student's, starting from ``game``; the
    board's own Hint and New game hidden (the first gave the answer away, the second
    dealt a game that was not the exercise's)."""
    game = Game.from_dict(game.to_dict())
    return exercise_board(LessonBoard(game, seats=["human"] * game.players, delay=0,
                                      undo_policy="one_move", **kwargs))


def tried_move(board: Board) -> Move:
    """The student's try on ``board``: the first move made, or else the placement the
    board just refused (so Check says what is wrong with it); InvalidMoveText if neither."""
    if board.game.history:
        first: Move = board.game.history[0]
        return first
    attempt: Move | None = getattr(board, "attempt", None)
    if attempt is not None:
        return attempt
    raise InvalidMoveText(_("place a card on the board first, then press Check"))



def back_to_start(board: Board) -> None:
    while board.game.history:
        board.undo()
    board.clear_pending()


def enter_on(board: Board) -> Callable[[object], None]:
    """``enter(text)`` for a board exercise: the board back at its start, then the
    move given as text made as a student makes it (a refused placement stays the
    board's attempt, drawn with its mistakes)."""
    def enter(text: object) -> None:
        back_to_start(board)
        move = read_move(text)
        if move.kind == "place":
            board.attempt = move
        board.submit(move)
    return enter


def taken_back(move: object) -> str:
    """What the board and the verdict say when a wrong move is taken back."""
    if read_move(move).kind == "pass":
        return _("Your pass is taken back: try again.")
    return _("Your card is taken back: try again.")


def play_on(board: Board, move: Move | str) -> str:
    """Reveal: take ``board`` back to its start and play ``move`` there."""
    back_to_start(board)
    board.submit(read_move(move))
    return _("{move}. Press Undo to take it back and try yourself.").format(move=move)


def board_exercise(task: str, game: Game, check: Callable[[Game, object], Verdict],
                   solution: Move | str, *, hints: Sequence[str] = (),
                   progress: Progress | None = None, key: str | None = None,
                   wrong: Sequence[object] = ()) -> Exercise:
    """Exercise: make one move on a live board; ``check(game, move)`` judges it.
    ``solution`` is the answer (Show me plays it); ``wrong``, tries as move texts."""
    board = board_for(game)
    board.student = game.to_move
    start = Game.from_dict(game.to_dict())
    drawn: GameBoard[Game, Move] = board   # (its scene() as the shell types it)

    def judged(move: object) -> Verdict:
        # A wrong move is judged, then taken back at once (as Mattix's takes are),
        # so the student tries again on their own hand, not on the next player's.
        verdict = check(start, move)
        if not verdict.correct and board.game.history:
            back_to_start(board)
            back = taken_back(move)
            board.say(back)
            verdict = dataclasses.replace(verdict, why=f"{verdict.why} {back}")
        return verdict

    return Exercise(task, judged,
                    answer=Answering(read=lambda: tried_move(board), enter=enter_on(board)),
                    help=Help(hints=hints, show=lambda: play_on(board, solution),
                              solution=lambda: f"{solution}. {check(start, read_move(solution)).why}"),
                    shown=Shown(board=board, picture=lambda: fit_width(drawn.scene().to_svg())),
                    walk=Walk(answers=[str(solution)], wrong=list(wrong)),
                    progress=progress, key=key)


def first_game(seed: int = 0, delay: float = 0.6) -> Board:
    """Lesson 1's game: you (Player 1) against the random computer, children's rules."""
    return Board(short_game(seed), seats=["human", "random"], delay=delay)


def notation_key() -> HTMLPicture:
    return HTMLPicture(f"<div style='font-size:17px'>{_(Board.NOTATION_KEY)}</div>")
