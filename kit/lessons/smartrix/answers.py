"""Reading a student's typed Smartrix answers: a card, a move, a set of cells, a
number; and the small words answers and verdicts share (a cell, a plural, a player).

Each reader returns the engine's value or raises ``kit.InvalidMoveText`` (a
``ValueError``) saying what it expected. Not covered: judging the answer
(:mod:`kit.lessons.smartrix.checks`).
"""

from __future__ import annotations

import re

from kit.errors import InvalidMoveText
from kit.smartrix import Move, parse_card


# ----- reading answers ------------------------------------------------------

def read_card(answer) -> int:
    """A card int from its 8-digit text; InvalidMoveText naming the problem."""
    text = str(answer).strip() if answer is not None else ""
    if not text:
        raise InvalidMoveText("type the card as 8 digits 0/1, e.g. 10100000")
    try:
        return parse_card(text)
    except ValueError:
        raise InvalidMoveText(f"{text!r} is not a card: type 8 digits, each 0 (empty) or "
                              "1 (spot), clockwise from the top-left box, e.g. 10100000") from None


def read_move(answer) -> Move:
    """A Move from text like ``10100000@0,1`` or ``pass``, or a Move."""
    if isinstance(answer, Move):
        return answer
    if not isinstance(answer, str) or not answer.strip():
        raise InvalidMoveText("type a move as card@row,column, e.g. 10100000@0,1")
    return Move.parse(answer.strip())


def read_cells(answer) -> set[tuple[int, int]]:
    """Cells from text like ``0,1 -1,2`` (spaces or ``;`` between cells)."""
    if not isinstance(answer, str) or not answer.strip():
        raise InvalidMoveText("type cells as row,column pairs, e.g. 0,1 -1,2")
    cells = set()
    for part in re.split(r"[;\s]+", answer.replace(", ", ",").strip()):
        m = re.fullmatch(r"\(?(-?\d+),(-?\d+)\)?", part)
        if not m:
            raise InvalidMoveText(f"{part!r} is not a cell: type row,column, e.g. 0,1 or -1,2")
        cells.add((int(m.group(1)), int(m.group(2))))
    return cells


def read_number(answer, what: str, example: str = "12") -> int:
    text = str(answer).strip()
    if not re.fullmatch(r"[+-]?\d+", text):
        raise InvalidMoveText(f"type {what} as a whole number, e.g. {example}; got {text!r}")
    return int(text)


def _cell(cell) -> str:
    return f"{cell[0]},{cell[1]}"


def _cells(cells) -> str:
    return " ".join(_cell(c) for c in sorted(cells))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def player(seat: int) -> str:
    """A seat as the lessons name it: people count from 1 (seat 0 is Player 1)."""
    return f"Player {seat + 1}"
