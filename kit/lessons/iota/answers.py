"""Reading a student's typed IOTA answers: a play, a number, yes or no, a card, a turn.

Each reader returns the engine's value or raises ``kit.InvalidMoveText`` (a
``ValueError``) saying what it expected; the exercise widget shows that message.
Not covered: judging the answer (:mod:`kit.lessons.iota.checks`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from kit.errors import InvalidMoveText
from kit.i18n import NO_WORDS, YES_WORDS, _
from kit.iota import Game
from kit.iota.cards import WILD, parse_card
from kit.iota.moves import Move, Play, Recycle

if TYPE_CHECKING:
    from kit.lessons.exercise import Verdict


# ----- reading answers ------------------------------------------------------

def read_play(answer: object) -> Play:
    """A Play from text like ``2GT@0,1 2BX@0,2`` or a Play; InvalidMoveText otherwise."""
    if isinstance(answer, str):
        if not answer.strip():
            raise InvalidMoveText(_("put cards on the board (or type a play such as 2GT@0,1), "
                                    "then press Check"))
        answer = Move.parse(answer)
    if answer is None:
        raise InvalidMoveText(_("put cards on the board first (pick a card, then a cell), "
                                "then press Check"))
    if not isinstance(answer, Play):
        raise InvalidMoveText(_("{move} is not a play: place cards on the table").format(
            move=answer))
    return answer.checked()


def _read_whole(answer: object, empty: str, not_digits: str) -> int:
    """A whole number from text; InvalidMoveText ``empty`` or ``not_digits`` (with
    ``{text}``, what was typed) otherwise."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        return answer
    text = str(answer).strip() if answer is not None else ""
    if not text:
        raise InvalidMoveText(empty)
    if not text.isdigit() or len(text) > 6:
        raise InvalidMoveText(not_digits.format(text=repr(text)))
    return int(text)


def read_points(answer: object) -> int:
    """A whole number of points from text; InvalidMoveText naming what was typed."""
    return _read_whole(answer, _("type the number of points, e.g. 12"),
                       _("{text} is not a number of points: type digits only, e.g. 12"))


def read_count(answer: object) -> int:
    """A whole number of cards from text (how many to draw or swap): a count of
    cards is asked for in cards, not in points, when the box is empty or wrong."""
    return _read_whole(answer, _("type a number of cards, e.g. 2"),
                       _("{text} is not a number of cards: type digits only, e.g. 2"))


#: The words read as yes and as no, in every language the kit speaks (a student may
#: answer in any of them, whatever the kit's language).
YES = YES_WORDS | {"valid", "ok", "true", "legal",
                   "válida", "valida", "válido", "valido", "vale", "verdadero", "cierto",
                   "вярно", "валидна", "валиден", "правилна", "правилно", "допустима"}


NO = NO_WORDS | {"invalid", "not valid", "false", "illegal",
                 "inválida", "invalida", "inválido", "invalido", "no válida", "no valida",
                 "no vale", "falso", "ilegal",
                 "невярно", "невалидна", "невалиден", "неправилна", "неправилно", "недопустима"}


def read_yes_no(answer: object) -> bool:
    """True for yes/valid, False for no/invalid; InvalidMoveText otherwise."""
    text = " ".join(str(answer if answer is not None else "").strip().lower().split())
    text = text.rstrip(".!")
    if text in YES:
        return True
    if text in NO:
        return False
    if text:
        raise InvalidMoveText(_("type valid or invalid (or yes or no), not {text}").format(
            text=repr(text)))
    raise InvalidMoveText(_("type valid or invalid (or yes or no)"))


def read_card(answer: object) -> int:
    """A real card from text like ``3GT``; InvalidMoveText otherwise."""
    text = str(answer if answer is not None else "").strip()
    if not text:
        raise InvalidMoveText(_("type a card as number, colour, shape, e.g. 3GT"))
    try:
        card = parse_card(text)
    except ValueError as err:
        raise InvalidMoveText(str(err)) from None
    if card == WILD:
        raise InvalidMoveText(_("name a real card (such as 3GT), not a wild"))
    return card


def then_words(moves: Iterable[Move]) -> str:
    """Moves one after the other: "recycle 0,1 3GT then 2GT@0,2"."""
    words = [str(m) for m in moves]
    said = words[0] if words else ""
    for later in words[1:]:
        # Translators: moves one after the other, in move notation
        said = _("{first} then {second}").format(first=said, second=later)
    return said


def turn_words(game: Game, moves: Iterable[str | Move],
               check: Callable[[Move | tuple[Move, ...]], Verdict] | None = None) -> str:
    """A turn in notation for print, with what the kit says of it (``check(turn)``)."""
    moves = moves_of(list(moves))
    said = then_words(moves)
    if check is None:
        return said
    verdict = check(tuple(moves) if len(moves) > 1 else moves[0])
    return f"{said}. {verdict.why}"


def read_turn(answer: object) -> list[Move]:
    """A turn (recycles, then a play) from a list of moves, a Play, or text (moves
    separated by ';')."""
    if isinstance(answer, str):
        parts = [p for p in answer.split(";") if p.strip()]
        if not parts:
            raise InvalidMoveText(_("make a play on the board (or type one), then press Check"))
        answer = [Move.parse(p) for p in parts]
    if isinstance(answer, Move):
        answer = [answer]
    if not isinstance(answer, (list, tuple)) or not answer:
        raise InvalidMoveText(_("make a play on the board, then press Check"))
    moves = moves_of(list(answer))
    if not all(isinstance(m, Recycle) for m in moves[:-1]) or not isinstance(moves[-1], Play):
        raise InvalidMoveText(_("a turn here is a play, after any recycles: "
                                "place cards on the table"))
    return moves


def moves_of(answer: str | Move | Iterable[str | Move]) -> list[Move]:
    """Moves from text (separated by ';'), a move, or a list of either."""
    if isinstance(answer, str):
        answer = [part for part in answer.split(";") if part.strip()]
    elif isinstance(answer, Move):
        answer = [answer]
    return [Move.parse(m) if isinstance(m, str) else m for m in answer]
