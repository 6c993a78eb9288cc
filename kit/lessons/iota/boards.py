"""The IOTA course's live boards: an exercise's board (a ``kit.iota.Board`` with
the hand's wilds labelled), turns read from it, entered on it and shown on it,
and :func:`board_exercise`, an exercise played on such a board.

Widgets (ipywidgets). Not covered: the checks (:mod:`kit.lessons.iota.checks`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from kit.errors import InvalidMoveText
from kit.i18n import _
from kit.iota import Board, Game
from kit.iota.cards import TEXT
from kit.iota.moves import Move, Play, Recycle
from kit.lessons.exercise import Answering, Exercise, Help, Progress, Shown, Verdict, Walk, exercise_board
from kit.lessons.iota.answers import moves_of, then_words, turn_words
from kit.iota.layout import Cell
from kit.scene import Scene, Shape, Text


def turn_or(board: Board, nothing: str) -> list[Move]:
    """The student's turn on ``board`` (:func:`turn_on`); ``InvalidMoveText(nothing)``
    (what to do, for this exercise) while they have done nothing yet."""
    if not board.game.history and board.pending_play() is None:
        raise InvalidMoveText(nothing)
    return turn_on(board)


# ----- playing on a board -------------------------------------------------------

def turn_on(board: Board, start: int = 0) -> list[Move]:
    """The student's turn on ``board``: recycles made, then the play (confirmed or pending)."""
    moves = []
    for move in board.game.history[start:]:
        moves.append(move)
        if not isinstance(move, Recycle):
            return moves
    pending = board.pending_play()
    if pending is not None:
        moves.append(pending)
    if not moves:
        raise InvalidMoveText(_("put cards on the board first (pick a card in your hand, then "
                                "a cell), then press Check"))
    return moves


def play_on(board: Board) -> list[Play | None]:
    """The play on ``board``: the pending cards, or the first play confirmed."""
    plays: list[Play | None] = [m for m in turn_on(board) if isinstance(m, Play)]
    return plays[-1:] or [None]


# ----- boards for exercises --------------------------------------------------------

class ExerciseBoard(Board):
    """An exercise's board (:func:`board_for`): a wild on the table is drawn without the
    card it stands for written under it. A live board writes it there; on an exercise
    board that label would be the answer (lesson 4's recycling, the recycle puzzles)."""

    def scene(self) -> Scene:
        scene = super().scene()
        return replace(scene, shapes=[s for s in scene.shapes if not _stands_for_label(s)])

    def play_typed(self, text: str) -> int | None:
        """A play typed in the Move box is put on the board pending, as clicks leave it
        before Confirm (issue 29): an exercise judges the play left on the board, and a
        "break the rule" answer is one the rules refuse, which playing it would lose.
        A recycle, a pass or text that is no play: as on a live board."""
        try:
            move = self.parse_typed(text.strip())
        except ValueError:
            move = None
        if not isinstance(move, Play) or not self._ready(quiet=True):
            return super().play_typed(text)
        try:
            place_pending(self, move)
        except InvalidMoveText as exc:
            self.say(_("That is not a move: {error}").format(error=exc), tone="bad")
            return None
        self.access.clear_box()
        self.say(_("{move} is on the board, not played yet: press Check, or Confirm to "
                   "play it.").format(move=move))
        return None


def _stands_for_label(shape: Shape) -> bool:
    return isinstance(shape, Text) and shape.text.startswith("=")


def board_for(game: Game, seats: Sequence[str] | None = None, about: Iterable[Cell] = (),
              **kwargs: Any) -> Board:
    """A board for an exercise: the student is the seat to move, every other seat the
    greedy computer (unless ``seats`` says otherwise). A confirmed play gets the next
    player's reply (in a block-the-lot puzzle: does it complete the lot?) and Undo
    takes both back; with two people at one screen the board would refuse to undo
    past a card drawn from the deck, and Show me could not go back to the start.
    ``about``: the cells the exercise is about, which the table's window shows from
    the start (a big table shows a window of it).

    The board's own Hint (it would list the best plays: the answer) and New game (a
    fresh deal, not the exercise) are hidden: the exercise has its Hint and Show me."""
    seats = seats or ["human" if seat == game.to_move else "greedy"
                      for seat in range(game.players)]
    board = exercise_board(ExerciseBoard(game.copy(), seats=seats, delay=0, **kwargs))
    if about:
        board.show_cells(about)
    return board


def restart(board: Board) -> None:
    """Take ``board`` back to its start: every move undone, nothing pending or shown."""
    while board.game.history:
        before = len(board.game.history)
        board.undo()
        if len(board.game.history) == before:   # refused: looping on would hang the kernel
            raise RuntimeError(f"cannot take the board back to its start: "
                               f"{board.view.message}")
    board.preview(None)


def show_turn(board: Board, moves: Iterable[str | Move]) -> str:
    """Reveal: take the board back to its start and draw ``moves`` on it, unplayed."""
    restart(board)
    moves = moves_of(list(moves))
    board.preview(moves[-1], line=moves)
    return _("{moves} (drawn on the board; the panel explains the score)").format(
        moves=then_words(moves))


def enter_turn(board: Board, answer: object) -> None:
    """Put the try ``answer`` on ``board`` as a student leaves it before pressing Check:
    the board back at its start, then each recycle or pass made, and a play's cards
    placed, pending (not confirmed). A card not in the hand: InvalidMoveText."""
    if not isinstance(answer, (str, Move, list, tuple)):
        raise TypeError(f"a try is move text, a move or a list of them, not {answer!r}")
    restart(board)
    for move in moves_of(answer):
        if not isinstance(move, Play):
            board.submit(move)
            continue
        place_pending(board, move)


def place_pending(board: Board, move: Play) -> None:
    """Put ``move``'s cards on ``board`` pending (not confirmed), in place of any pending
    before. A card not in the hand: InvalidMoveText."""
    used, placed = set(), []
    for card, cell in move.placements:
        i = next((i for i, c in enumerate(board.hand) if c == card and i not in used), None)
        if i is None:
            raise InvalidMoveText(_("{card} is not in your hand").format(card=TEXT[card]))
        used.add(i)
        placed.append((i, cell))
    board.clear_pending()
    board.placed = placed
    board.redraw()


def board_exercise(task: str, game: Game, check: Callable[[Game, object], Verdict], *,
                   hints: Sequence[str] = (), solution: str | Sequence[str] | None = None,
                   progress: Progress | None = None, key: str | None = None,
                   answers: Sequence[str] = (), wrong: Sequence[object] = (),
                   about: Iterable[Cell] = ()) -> Exercise:
    """Exercise on a live board: place cards (Confirm or not), then Check.

    ``check(game, play)`` judges the play; ``solution`` (moves or text) is shown on
    Show me; ``answers`` default to the solution's moves. ``wrong``: tries a student
    would make, as move texts (:func:`enter_turn` puts them on the board).
    """
    board = board_for(game, about=about)
    moves: list[str] = ([] if solution is None else
                        [solution] if isinstance(solution, str) else list(solution))

    def show() -> str:
        return show_turn(board, moves)

    def words() -> str:
        return turn_words(game, [" ".join(moves)], lambda play: check(game, play))

    return Exercise(task, lambda play: check(game, play),
                    answer=Answering(read=lambda: play_on(board)[0],
                                     enter=lambda text: enter_turn(board, text)),
                    help=Help(hints=hints, show=None if solution is None else show,
                              solution=None if solution is None else words),
                    shown=Shown(board=board), walk=Walk(answers=answers or moves, wrong=wrong),
                    progress=progress, key=key)
