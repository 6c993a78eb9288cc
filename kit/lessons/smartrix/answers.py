"""Reading a student's typed Smartrix answers: a card, a move, a set of cells, a
number; and the small words answers and verdicts share (a cell, a player).

Each reader returns the engine's value or raises ``kit.InvalidMoveText`` (a
``ValueError``) saying what it expected. Not covered: judging the answer
(:mod:`kit.lessons.smartrix.checks`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from kit.errors import InvalidMoveText
from kit.i18n import N_, _
from kit.smartrix import Move, parse_card


# ----- reading answers ------------------------------------------------------

def read_card(answer: object) -> int:
    """A card int from its 8-digit text; InvalidMoveText naming the problem."""
    text = str(answer).strip() if answer is not None else ""
    if not text:
        raise InvalidMoveText(_("type the card as 8 digits 0/1, e.g. 10100000"))
    try:
        return parse_card(text)
    except ValueError:
        # Translators: 0 = an empty box, 1 = a box with a spot (es "mancha de color", bg "пълна кутийка")
        raise InvalidMoveText(_("{text} is not a card: type 8 digits, each 0 (empty) or "
                                "1 (spot), clockwise from the top-left box, e.g. 10100000")
                              .format(text=repr(text))) from None


def read_move(answer: object) -> Move:
    """A Move from text like ``10100000@0,1`` or ``pass``, or a Move."""
    if isinstance(answer, Move):
        return answer
    if not isinstance(answer, str) or not answer.strip():
        raise InvalidMoveText(_("type a move as card@row,column, e.g. 10100000@0,1"))
    return Move.parse(answer.strip())


def read_cells(answer: object) -> set[tuple[int, int]]:
    """Cells from text like ``0,1 -1,2`` (spaces or ``;`` between cells)."""
    if not isinstance(answer, str) or not answer.strip():
        raise InvalidMoveText(_("type cells as row,column pairs, e.g. 0,1 -1,2"))
    cells = set()
    for part in re.split(r"[;\s]+", answer.replace(", ", ",").strip()):
        m = re.fullmatch(r"\(?(-?\d+),(-?\d+)\)?", part)
        if not m:
            raise InvalidMoveText(_("{part} is not a cell: type row,column, e.g. 0,1 or -1,2")
                                  .format(part=repr(part)))
        cells.add((int(m.group(1)), int(m.group(2))))
    return cells


#: What :func:`read_number` says when the answer is not a number, by what is asked
#: (the checks' names for it): whole sentences, so each language words them its own way.
NUMBER_WANTED = {
    "the value": N_("type the value as a whole number, e.g. {example}; got {text}"),
    "the points": N_("type the points as a whole number, e.g. {example}; got {text}"),
    "each score": N_("type each score as a whole number, e.g. {example}; got {text}"),
    "how many cards": N_("type how many cards as a whole number, e.g. {example}; got {text}"),
}


def read_number(answer: object, what: str, example: str = "12") -> int:
    """A whole number; InvalidMoveText saying ``what`` was asked (a key of
    :data:`NUMBER_WANTED`, or words already in the student's language)."""
    text = str(answer).strip()
    if not re.fullmatch(r"[+-]?\d+", text):
        wanted = NUMBER_WANTED.get(what)
        message = (_(wanted) if wanted else
                   _("type {what} as a whole number, e.g. {example}; got {text}"))
        raise InvalidMoveText(message.format(what=what, example=example, text=repr(text)))
    return int(text)


def _cell(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def _cells(cells: Iterable[tuple[int, int]]) -> str:
    return " ".join(_cell(c) for c in sorted(cells))


def player(seat: int) -> str:
    """A seat as the lessons name it: people count from 1 (seat 0 is Player 1)."""
    # Translators: a seat at the table, counted from 1 (es "Jugador 1", bg "Играч 1")
    return _("Player {n}").format(n=seat + 1)
