"""IOTA moves as small frozen values, and their text.

Three kinds, all subclasses of :class:`Move`:

- :class:`Play`    ``2GT@0,1 2BX@0,2``: cards from hand onto cells (``W@r,c`` for a wild).
- :class:`Pass`    ``pass`` or ``pass 2GT 1RC``: pass, exchanging those cards.
- :class:`Recycle` ``recycle 0,3 3GT``: swap the wild at (0,3) for 3GT from hand.

``Move.parse(text)`` reads any of them (malformed text raises
:class:`kit.errors.InvalidMoveText`); ``str(move)`` writes it back, and
``repr(move)`` is a copy-pasteable ``Play.parse('...')``. Moves are stored in
a canonical order (placements by cell, exchanged cards by card), so two ways of
writing the same move compare equal. Whether a move is legal is for the game
to say, not this module.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kit.errors import InvalidMoveText
from kit.iota.cards import TEXT, parse_card

_CELL = r"(-?\d+)\s*,\s*(-?\d+)"
_PLACEMENT = re.compile(r"([^\s@]+)@" + _CELL + r"$")
_RECYCLE = re.compile(r"recycle\s+" + _CELL + r"\s+(\S+)$", re.IGNORECASE)


class Move:
    """Base class of the three kinds of move."""

    @staticmethod
    def parse(text: str) -> "Move":
        """Read move text; raise InvalidMoveText if it is not a move."""
        if not isinstance(text, str):
            raise InvalidMoveText(f"move text must be a string, not {type(text).__name__}")
        words = text.strip()
        if not words:
            raise InvalidMoveText("empty move text")
        head = words.split()[0].lower()
        if head == "pass":
            return Pass.parse(words)
        if head == "recycle":
            return Recycle.parse(words)
        return Play.parse(words)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"


def _card(text: str, whole: str) -> int:
    try:
        return parse_card(text)
    except ValueError as err:
        raise InvalidMoveText(f"{err} in move {whole!r}") from None


@dataclass(frozen=True, repr=False)
class Play(Move):
    """Cards from hand onto empty cells: ``placements`` is ((card, (row, col)), ...)."""

    placements: tuple

    @classmethod
    def of(cls, placements) -> "Play":
        """A play from (card, (row, col)) pairs in any order."""
        return cls(tuple(sorted(((int(card), (int(r), int(c)))
                                 for card, (r, c) in placements), key=lambda p: p[1])))

    @classmethod
    def parse(cls, text: str) -> "Play":
        placements = []
        for word in text.replace(";", " ").split():
            m = _PLACEMENT.match(word)
            if not m:
                raise InvalidMoveText(
                    f"cannot read {word!r} in move {text!r}: a play is written card@row,col "
                    f"such as '2GT@0,1', several separated by spaces")
            placements.append((_card(m.group(1), text), (int(m.group(2)), int(m.group(3)))))
        if not placements:
            raise InvalidMoveText(f"no card placed in move {text!r}")
        return cls.of(placements)

    @property
    def cards(self) -> tuple:
        return tuple(card for card, _ in self.placements)

    @property
    def cells(self) -> tuple:
        return tuple(cell for _, cell in self.placements)

    def __str__(self) -> str:
        return " ".join(f"{TEXT[card]}@{r},{c}" for card, (r, c) in self.placements)


@dataclass(frozen=True, repr=False)
class Pass(Move):
    """Pass the turn, sending ``exchange`` (cards, possibly none) under the deck."""

    exchange: tuple = ()

    @classmethod
    def of(cls, cards=()) -> "Pass":
        return cls(tuple(sorted(int(c) for c in cards)))

    @classmethod
    def parse(cls, text: str) -> "Pass":
        words = text.split()
        if not words or words[0].lower() != "pass":
            raise InvalidMoveText(f"a pass is written 'pass' or 'pass 2GT 1RC', not {text!r}")
        return cls.of(_card(w, text) for w in words[1:])

    def __str__(self) -> str:
        return " ".join(["pass"] + [TEXT[c] for c in self.exchange])


@dataclass(frozen=True, repr=False)
class Recycle(Move):
    """Take the wild at ``cell`` off the table, putting ``card`` from hand in its place."""

    cell: tuple
    card: int

    @classmethod
    def parse(cls, text: str) -> "Recycle":
        m = _RECYCLE.match(text.strip())
        if not m:
            raise InvalidMoveText(
                f"a recycle is written 'recycle row,col card' such as 'recycle 0,3 3GT', "
                f"not {text!r}")
        return cls((int(m.group(1)), int(m.group(2))), _card(m.group(3), text))

    def __str__(self) -> str:
        return f"recycle {self.cell[0]},{self.cell[1]} {TEXT[self.card]}"


def as_move(move_or_text) -> Move:
    """A Move from a Move or its text."""
    if isinstance(move_or_text, Move):
        return move_or_text
    return Move.parse(move_or_text)
