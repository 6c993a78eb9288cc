"""Smartrix moves and their text, and the explanation of a move.

Move text (see DESIGN.md):
  ``01000000@0,1``          place that card, in that orientation, at row 0 col 1
  ``01000000@0,1 claim``    (free-table mode) place it and collect the sets it forms
  ``pass``
  ``claim 0,0 0,1 ...``     (free-table mode) collect an unclaimed set of cards
  ``challenge 2,3 ...``     (free-table mode) take the offending cards of an illegal table

Not covered: whether a move is legal (``rules.Game.explain``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kit.errors import InvalidMoveText
from kit.smartrix.cards import TEXT, parse_card

_CELL = r"(-?\d+)\s*,\s*(-?\d+)"
_PLACE = re.compile(r"^([01]{8})\s*@\s*" + _CELL + r"(\s+claim)?$")
_CELL_RE = re.compile(r"^" + _CELL + r"$")


@dataclass(frozen=True)
class Move:
    """One Smartrix move. ``card`` is the oriented card int of a placement;
    ``cells`` (sorted) are the cards a claim or challenge takes."""

    kind: str
    card: int | None = None
    cell: tuple | None = None
    cells: tuple = ()
    claim: bool = False

    def __post_init__(self):
        # One move, one value: cells in any order compare and hash alike.
        object.__setattr__(self, "cells", tuple(sorted(tuple(c) for c in self.cells)))

    @classmethod
    def place(cls, card, row: int, col: int, claim: bool = False) -> "Move":
        if isinstance(card, str):
            try:
                card = parse_card(card)
            except ValueError as e:
                raise InvalidMoveText(str(e)) from None
        elif not 0 <= int(card) < 256:
            raise InvalidMoveText(f"{card!r} is not a card: ints are 0..255")
        return cls("place", card=int(card), cell=(int(row), int(col)), claim=claim)

    @classmethod
    def take(cls, kind: str, cells) -> "Move":
        """A claim or challenge of these cells."""
        return cls(kind, cells=tuple((int(r), int(c)) for r, c in cells))

    @classmethod
    def parse(cls, text: str) -> "Move":
        return parse_move(text)

    @property
    def card_text(self) -> str | None:
        return None if self.card is None else TEXT[self.card]

    def __str__(self) -> str:
        if self.kind == "place":
            r, c = self.cell
            return f"{TEXT[self.card]}@{r},{c}" + (" claim" if self.claim else "")
        if self.kind == "pass":
            return "pass"
        return " ".join([self.kind] + [f"{r},{c}" for r, c in self.cells])

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


PASS = Move("pass")


def parse_move(text) -> Move:
    """Move text to a :class:`Move`; :class:`kit.InvalidMoveText` if malformed."""
    if isinstance(text, Move):
        return text
    if not isinstance(text, str):
        raise InvalidMoveText(f"a move is text or a Move, not {type(text).__name__}")
    t = " ".join(text.strip().lower().split())
    if t == "pass":
        return PASS
    m = _PLACE.match(t)
    if m:
        return Move.place(parse_card(m.group(1)), int(m.group(2)), int(m.group(3)),
                          claim=bool(m.group(4)))
    words = t.split(" ")
    if words[0] in ("claim", "challenge"):
        cells = []
        for w in words[1:]:
            cm = _CELL_RE.match(w)
            if not cm:
                raise InvalidMoveText(f"{w!r} in {text!r} is not a cell 'row,col'")
            cells.append((int(cm.group(1)), int(cm.group(2))))
        if not cells:
            raise InvalidMoveText(f"{text!r}: a {words[0]} names the cells of the cards it takes")
        if len(set(cells)) != len(cells):
            raise InvalidMoveText(f"{text!r} names a cell twice")
        return Move.take(words[0], cells)
    raise InvalidMoveText(
        f"{text!r} is not a Smartrix move: expected '01000000@0,1' (card@row,col), "
        "'pass', 'claim r,c ...' or 'challenge r,c ...'")


@dataclass(frozen=True)
class Explanation:
    """Whether a move is legal here, and why, in words and in cells.

    ``mismatches`` lists ((cell, box), (neighbour cell, box)) for every pair of
    facing boxes that differ; ``outside`` the cards that would leave the
    window; ``sets`` the lines the move completes (or takes); ``points`` what
    it scores. ``cells`` are the cells a picture should highlight.
    """

    move: Move
    legal: bool
    reason: str
    cells: tuple = ()
    mismatches: tuple = ()
    outside: tuple = ()
    sets: tuple = ()
    points: int = 0

    def __str__(self) -> str:
        return self.reason

    def __bool__(self) -> bool:
        return self.legal
