"""IOTA moves as small frozen values, and their text.

Three kinds, all subclasses of :class:`Move`:

- :class:`Play`    ``2GT@0,1 2BX@0,2``: cards from hand onto cells (``W@r,c`` for a wild).
- :class:`Pass`    ``pass`` or ``pass 2GT 1RC``: pass, exchanging those cards.
- :class:`Recycle` ``recycle 0,3 3GT``: swap the wild at (0,3) for 3GT from hand.

``Move.parse(text)`` reads any of them (malformed text raises
:class:`kit.errors.InvalidMoveText`); ``str(move)`` writes it back, and
``repr(move)`` is a copy-pasteable ``Play.parse('...')``. Moves are stored in
a canonical order (placements by cell, exchanged cards by card), so two ways of
writing the same move compare equal.

:func:`as_move` is the one door a move comes in by (``Game.play``, ``explain``):
it reads text, and checks a Move built by hand (``move.checked()``) for the
right shape, integer cells and card ints 0..64, raising InvalidMoveText naming
the bad field, so the rules only ever see well-formed moves. Whether a move is
legal is for the game to say, not this module.
"""

from __future__ import annotations

import operator
import re
import reprlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from kit.errors import InvalidMoveText
from kit.i18n import _
from kit.iota.cards import TEXT, WILD, Cell, parse_card
from kit.notation import to_english


_CELL = r"(-?\d+)\s*,\s*(-?\d+)"
_PLACEMENT = re.compile(r"([^\s@]+)@" + _CELL + r"$")
_RECYCLE = re.compile(r"recycle\s+" + _CELL + r"\s+(\S+)$", re.IGNORECASE)


class Move:
    """Base class of the three kinds of move; ``kind`` names which ("play", "pass",
    "recycle"), as every game's moves do."""

    kind: ClassVar[str] = ""

    @staticmethod
    def parse(text: str) -> Move:
        """Read move text; raise InvalidMoveText if it is not a move."""
        if not isinstance(text, str):
            raise InvalidMoveText(f"move text must be a string, not {type(text).__name__}")
        # "pasar", "рециклирай": the notation's words in any language (kit.notation)
        words = to_english(text.strip())
        if not words:
            raise InvalidMoveText(_("empty move text"))
        head = words.split()[0].lower()
        if head == "pass":
            return Pass.parse(words)
        if head == "recycle":
            return Recycle.parse(words)
        return Play.parse(words)

    def checked(self) -> Move:
        """This move with well-formed fields, in canonical form; InvalidMoveText if not."""
        raise InvalidMoveText(f"a bare {type(self).__name__} is not an IOTA move: "
                              f"use Play, Pass or Recycle")

    def __repr__(self) -> str:
        if type(self) is Move:   # a bare Move has no text (and str() would come back here)
            return "Move()"
        return f"{type(self).__name__}.parse({str(self)!r})"


def _int(x: Any, what: str) -> int:
    # bool is an int to Python, but True as a row or card is a mistake, not a 1.
    if isinstance(x, bool) or not hasattr(type(x), "__index__"):
        raise InvalidMoveText(f"{what} must be an integer, not {reprlib.repr(x)}")
    return operator.index(x)


def _card_int(x: Any, what: str) -> int:
    card = _int(x, what)
    if not 0 <= card <= WILD:
        raise InvalidMoveText(f"{what} is {card}, which is no card: cards are ints 0..63, "
                              f"and {WILD} for a wild (see kit.iota.cards)")
    return card


def _cell(x: Any, what: str) -> Cell:
    if not isinstance(x, (tuple, list)) or len(x) != 2:
        raise InvalidMoveText(f"{what} must be a (row, col) pair, not {reprlib.repr(x)}")
    return (_int(x[0], f"the row of {what}"), _int(x[1], f"the column of {what}"))


def _sequence(x: Any, what: str, shape: str) -> tuple[Any, ...]:
    if not isinstance(x, (tuple, list)):
        raise InvalidMoveText(f"{what} must be a tuple of {shape}, not {reprlib.repr(x)}")
    return tuple(x)


def _cell_text(match: re.Match[str], group: int, whole: str) -> Cell:
    """The (row, col) in groups ``group`` and ``group + 1`` of a matched move text."""
    try:
        return (int(match.group(group)), int(match.group(group + 1)))
    except ValueError:   # more digits than Python reads (4300)
        raise InvalidMoveText(_("a row or column in move {move} is too long a number").format(
            move=reprlib.repr(whole))) from None


def _card(text: str, whole: str) -> int:
    try:
        return parse_card(text)
    except ValueError as err:
        raise InvalidMoveText(_("{error} in move {move}").format(error=err, move=repr(whole))) \
            from None


@dataclass(frozen=True, repr=False)
class Play(Move):
    """Cards from hand onto empty cells: ``placements`` is ((card, (row, col)), ...)."""

    kind: ClassVar[str] = "play"
    placements: tuple[tuple[int, Cell], ...]

    @classmethod
    def of(cls, placements: Iterable[tuple[int, Cell]]) -> Play:
        """A play from (card, (row, col)) pairs in any order."""
        return cls(tuple(sorted(((int(card), (int(r), int(c)))
                                 for card, (r, c) in placements), key=lambda p: p[1])))

    @classmethod
    def parse(cls, text: str) -> Play:
        placements: list[tuple[int, Cell]] = []
        for word in text.replace(";", " ").split():
            m = _PLACEMENT.match(word)
            if not m:
                raise InvalidMoveText(
                    _("cannot read {word} in move {move}: a play is written card@row,col "
                      "such as '2GT@0,1', several separated by spaces").format(
                        word=repr(word), move=repr(text)))
            placements.append((_card(m.group(1), text), _cell_text(m, 2, text)))
        if not placements:
            raise InvalidMoveText(_("no card placed in move {move}").format(move=repr(text)))
        return cls.of(placements)

    def checked(self) -> Play:
        pairs: list[tuple[int, Cell]] = []
        for i, item in enumerate(_sequence(self.placements, "Play.placements",
                                           "(card, (row, col)) pairs")):
            if not isinstance(item, (tuple, list)) or len(item) != 2:
                raise InvalidMoveText(f"placement {i} of the Play, {reprlib.repr(item)}, "
                                      f"is not a (card, (row, col)) pair")
            pairs.append((_card_int(item[0], f"the card of placement {i}"),
                          _cell(item[1], f"the cell of placement {i}")))
        return Play.of(pairs)

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(card for card, __ in self.placements)

    @property
    def cells(self) -> tuple[Cell, ...]:
        return tuple(cell for __, cell in self.placements)

    def __str__(self) -> str:
        return " ".join(f"{TEXT[card]}@{r},{c}" for card, (r, c) in self.placements)


@dataclass(frozen=True, repr=False)
class Pass(Move):
    """Pass the turn, sending ``exchange`` (cards, possibly none) under the deck."""

    kind: ClassVar[str] = "pass"
    exchange: tuple[int, ...] = ()

    @classmethod
    def of(cls, cards: Iterable[int] = ()) -> Pass:
        return cls(tuple(sorted(int(c) for c in cards)))

    @classmethod
    def parse(cls, text: str) -> Pass:
        words = to_english(text).split()
        if not words or words[0].lower() != "pass":
            raise InvalidMoveText(_("a pass is written 'pass' or 'pass 2GT 1RC', not {move}")
                                  .format(move=repr(text)))
        return cls.of(_card(w, text) for w in words[1:])

    def checked(self) -> Pass:
        cards = _sequence(self.exchange, "Pass.exchange", "card ints")
        return Pass.of(_card_int(c, f"exchanged card {i}") for i, c in enumerate(cards))

    def __str__(self) -> str:
        return " ".join(["pass"] + [TEXT[c] for c in self.exchange])


@dataclass(frozen=True, repr=False)
class Recycle(Move):
    """Take the wild at ``cell`` off the table, putting ``card`` from hand in its place."""

    kind: ClassVar[str] = "recycle"
    cell: Cell
    card: int

    @classmethod
    def parse(cls, text: str) -> Recycle:
        m = _RECYCLE.match(to_english(text))
        if not m:
            raise InvalidMoveText(
                _("a recycle is written 'recycle row,col card' such as 'recycle 0,3 3GT', "
                  "not {move}").format(move=repr(text)))
        return cls(_cell_text(m, 1, text), _card(m.group(3), text))

    def checked(self) -> Recycle:
        return Recycle(_cell(self.cell, "Recycle.cell"), _card_int(self.card, "Recycle.card"))

    def __str__(self) -> str:
        return f"recycle {self.cell[0]},{self.cell[1]} {TEXT[self.card]}"


def as_move(move_or_text: object) -> Move:
    """A well-formed Move from a Move or its text; InvalidMoveText naming what is wrong."""
    if isinstance(move_or_text, Move):
        return move_or_text.checked()
    if not isinstance(move_or_text, str):
        raise InvalidMoveText(_("not an IOTA move: {move}; give a Play, Pass or Recycle, or move "
                                "text such as '2GT@0,1'").format(move=reprlib.repr(move_or_text)))
    return Move.parse(move_or_text)
