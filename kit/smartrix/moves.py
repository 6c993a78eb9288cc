"""Smartrix moves and their text, and the explanation of a move.

Move text (see docs/design.md, "Position formats"):
  ``01000000@0,1``          place that card, in that orientation, at row 0 col 1
  ``01000000@0,1 claim``    (free-table mode) place it and collect the sets it forms
  ``pass``
  ``claim 0,0 0,1 ...``     (free-table mode) collect an unclaimed set of cards
  ``challenge 2,3 ...``     (free-table mode) take the offending cards of an illegal table

A ``Move`` checks its own fields when built (kind, card, cells), so every
door of the game (``play``, ``explain``, ``redo``) gets a well-formed move
without checking it again. Not covered: whether a move is legal
(``rules.Game.explain``).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable
from typing import Any
from dataclasses import dataclass

from kit.errors import InvalidMoveText
from kit.i18n import _
from kit.notation import to_english
from kit.smartrix.cards import TEXT, parse_card

# ASCII digits, at most 9: a longer number is no cell of a table of 70 cards.
_CELL = r"(-?[0-9]{1,9})\s*,\s*(-?[0-9]{1,9})"
_PLACE = re.compile(r"^([01]{8})\s*@\s*" + _CELL + r"(\s+claim)?$")
_CELL_RE = re.compile(r"^" + _CELL + r"$")

KINDS = ("place", "pass", "claim", "challenge")


@dataclass(frozen=True)
class Move:
    """One Smartrix move. ``card`` is the oriented card int of a placement;
    ``cells`` (sorted) are the cards a claim or challenge takes.

    The constructor checks the fields (:class:`kit.InvalidMoveText` naming the
    field), so a Move that exists is well formed: coordinates are ints (a bool
    is refused: ``True`` is no row), ``card`` is 0..255, ``claim`` a bool, and
    each kind carries only its own fields. Whether it is legal is
    ``Game.explain``'s business.
    """

    kind: str
    card: int | None = None
    cell: tuple[int, int] | None = None
    cells: tuple[tuple[int, int], ...] = ()
    claim: bool = False

    def __post_init__(self) -> None:
        kind = self.kind
        if kind == "place":
            # The common case (legal_moves builds hundreds) costs a few type tests.
            if not (type(self.card) is int and 0 <= self.card < 256):
                object.__setattr__(self, "card", _card(self.card))
            cell = self.cell
            if not (type(cell) is tuple and len(cell) == 2 and type(cell[0]) is int
                    and type(cell[1]) is int):
                object.__setattr__(self, "cell", _cell(cell, "the cell of a placement"))
            if self.claim is not True and self.claim is not False:
                raise InvalidMoveText(f"'claim' must be True or False, not {self.claim!r}")
            self._no_cells()
            return
        if kind not in KINDS:
            raise InvalidMoveText(f"{kind!r} is not a Smartrix move kind: one of {KINDS}")
        for name, default in (("card", None), ("cell", None), ("claim", False)):
            if getattr(self, name) is not default:
                raise InvalidMoveText(f"a {kind} has no {name!r} (only a placement does)")
        if kind == "pass":
            self._no_cells()
            return
        # One move, one value: cells in any order compare and hash alike.
        object.__setattr__(self, "cells", _take_cells(kind, self.cells))

    def _no_cells(self) -> None:
        cells = self.cells
        if cells == ():
            return
        if isinstance(cells, list) and not cells:
            object.__setattr__(self, "cells", ())
            return
        raise InvalidMoveText(f"a {self.kind} takes no 'cells' (they are for a claim or "
                              f"challenge), not {cells!r}")

    @classmethod
    def place(cls, card: str | int, row: int, col: int, claim: bool = False) -> Move:
        """A placement; ``card`` is card text or the oriented card int."""
        if isinstance(card, str):
            try:
                card = parse_card(card)
            except ValueError as e:
                raise InvalidMoveText(str(e)) from None
        return cls("place", card=card, cell=(row, col), claim=claim)

    @classmethod
    def take(cls, kind: str, cells: Iterable[tuple[int, int]]) -> Move:
        """A claim or challenge of these cells."""
        # __post_init__ checks the cells and makes them the field's sorted tuple.
        return cls(kind, cells=cells)  # type: ignore[arg-type]

    @classmethod
    def parse(cls, text: str) -> Move:
        return parse_move(text)

    @property
    def card_text(self) -> str | None:
        return None if self.card is None else TEXT[self.card]

    def __str__(self) -> str:
        if self.kind == "place":
            assert self.cell is not None and self.card is not None  # checked when built
            r, c = self.cell
            return f"{TEXT[self.card]}@{r},{c}" + (" claim" if self.claim else "")
        if self.kind == "pass":
            return "pass"
        return " ".join([self.kind] + [f"{r},{c}" for r, c in self.cells])

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


PASS = Move("pass")


def _cell(x: object, what: str) -> tuple[int, int]:
    """``x`` as a (row, col) tuple of ints; InvalidMoveText naming ``what`` if not."""
    if isinstance(x, (tuple, list)) and len(x) == 2:
        try:
            if not any(isinstance(v, bool) for v in x):
                return (operator.index(x[0]), operator.index(x[1]))
        except TypeError:
            pass
    raise InvalidMoveText(f"{what}: {x!r} is not a cell (row, col) of two ints")


def _card(x: Any) -> int:
    if not isinstance(x, bool):
        try:
            card = operator.index(x)
        except TypeError:
            card = None
        if card is not None and 0 <= card < 256:
            return card
    raise InvalidMoveText(f"card {x!r} of a placement is not a card int 0..255 "
                          "(Move.place also takes card text)")


def _take_cells(kind: str, cells: object) -> tuple[tuple[int, int], ...]:
    """The cells of a claim or challenge: at least one, each once, sorted."""
    if isinstance(cells, (str, bytes, dict)) or not hasattr(cells, "__iter__"):
        raise InvalidMoveText(f"the cells of a {kind} must be a list of (row, col), "
                              f"not {cells!r}")
    out = tuple(sorted(_cell(c, f"a cell of a {kind}") for c in cells))
    if not out:
        raise InvalidMoveText(f"a {kind} names the cells of the cards it takes; none given")
    if len(set(out)) != len(out):
        raise InvalidMoveText(f"a {kind} names a cell twice: {list(out)}")
    return out


def parse_move(text: object) -> Move:
    """Move text to a :class:`Move`; :class:`kit.InvalidMoveText` if malformed."""
    if isinstance(text, Move):
        return text
    if not isinstance(text, str):
        raise InvalidMoveText(f"a move is text or a Move, not {type(text).__name__}")
    # "pasar", "отнемане": the notation's words in any language (kit.notation)
    t = to_english(text.strip().lower())
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
                raise InvalidMoveText(_("{word} in {text} is not a cell 'row,col'").format(
                    word=repr(w), text=repr(text)))
            cells.append((int(cm.group(1)), int(cm.group(2))))
        if not cells:
            raise InvalidMoveText((_("{text}: a claim names the cells of the cards it takes")
                                   if words[0] == "claim" else
                                   _("{text}: a challenge names the cells of the cards it takes")
                                   ).format(text=repr(text)))
        if len(set(cells)) != len(cells):
            raise InvalidMoveText(_("{text} names a cell twice").format(text=repr(text)))
        return Move.take(words[0], cells)
    raise InvalidMoveText(_(
        "{text} is not a Smartrix move: expected '01000000@0,1' (card@row,col), "
        "'pass', 'claim r,c ...' or 'challenge r,c ...'").format(text=repr(text)))


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
    cells: tuple[tuple[int, int], ...] = ()
    #: ((cell, box), (neighbour cell, box)) per pair of facing boxes that differ
    mismatches: tuple[tuple[tuple[tuple[int, int], int], tuple[tuple[int, int], int]], ...] = ()
    outside: tuple[tuple[int, int], ...] = ()
    sets: tuple[tuple[tuple[int, int], ...], ...] = ()
    points: int = 0

    def __str__(self) -> str:
        return self.reason

    def __bool__(self) -> bool:
        return self.legal
