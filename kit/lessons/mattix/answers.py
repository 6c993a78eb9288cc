"""Reading a student's typed Mattix answers: a take (``row,col``), a set of cells, a number.

Each reader returns the engine's value or raises ``kit.InvalidMoveText`` (a
``ValueError``) saying what it expected. Not covered: judging the answer
(:mod:`kit.lessons.mattix.checks`).
"""

from __future__ import annotations

import re

from kit.errors import InvalidMoveText
from kit.i18n import _
from kit.mattix import Move


# ----- reading answers ------------------------------------------------------

def read_move(answer: object) -> Move:
    """A Move from ``"2,3"``, ``(2, 3)`` or a Move; InvalidMoveText otherwise."""
    if isinstance(answer, Move):
        return answer
    if isinstance(answer, tuple) and len(answer) == 2:
        return Move(*answer)
    if isinstance(answer, str):
        if not answer.strip():
            raise InvalidMoveText(_("type a tile as row,column, e.g. 0,2"))
        return Move.parse(answer)
    raise InvalidMoveText(_("not a move: {answer}; type a tile as row,column, e.g. 0,2")
                          .format(answer=repr(answer)))


def read_cells(text: object) -> set[Move]:
    """A set of Moves from text like ``"0,1 0,3"`` (spaces or ``;`` between cells)."""
    if not isinstance(text, str):
        raise InvalidMoveText(_("type the tiles as row,column pairs, e.g. 0,1 0,3; got {text}")
                              .format(text=repr(text)))
    parts = [p for p in re.split(r"[;\s]+", text.replace(", ", ",").strip()) if p]
    if not parts:
        raise InvalidMoveText(_("type the tiles as row,column pairs, e.g. 0,1 0,3"))
    return {Move.parse(p) for p in parts}


def read_number(text: object, what: str) -> int:
    """A whole number typed by the student, or InvalidMoveText saying how to type it
    (``what``, "the score", is marked N_ by the caller and translated here)."""
    text = str(text).strip().replace("−", "-")
    if not re.fullmatch(r"[+-]?\d+", text):
        raise InvalidMoveText(_("type {what} as a whole number, e.g. 12 or -3; got {text}")
                              .format(what=_(what), text=repr(text)))
    return int(text)
