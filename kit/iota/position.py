"""Reading and writing IOTA positions (``to_dict`` / ``from_dict`` data).

The format is the kit's position data (docs/design.md)::

    {"game": "iota", "grid": [[0, 0, "2RC"], ...], "hands": [["2GT", ...], ...],
     "deck": ["1YT", ...], "scores": [0, 0], "to_move": 0, "passes": 0}

``deck[0]`` is the top card. ``passes`` (optional, default 0) counts the
passes in a row since the last play; the game needs it to know when everyone
has passed. :func:`read_position` checks everything a lesson's hand-made
position can get wrong and raises :class:`kit.errors.InvalidPosition` (a
``ValueError``) naming the problem: unknown card text, a card twice, cards not
adding up to the 66, a table that is not one connected group, a line that
breaks the rules, a hand of more than 4, bad scores or ``to_move``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from kit.errors import InvalidPosition, check_position_keys
from kit.i18n import _, ngettext
from kit.iota.cards import FULL_DECK, TEXT, WILD, Cell, Table, parse_card
from kit.iota.lines import table_problem


#: What :func:`read_position` returns: table, hands, deck, scores, to_move, passes.
Position = tuple[dict[Cell, int], list[list[int]], list[int], list[int], int, int]


def write_position(table: Table, hands: Iterable[Iterable[int]], deck: Iterable[int],
                   scores: Iterable[int], to_move: int, passes: int) -> dict[str, Any]:
    return {
        "game": "iota",
        "grid": [[r, c, TEXT[table[(r, c)]]] for r, c in sorted(table)],
        "hands": [[TEXT[x] for x in hand] for hand in hands],
        "deck": [TEXT[x] for x in deck],
        "scores": list(scores),
        "to_move": to_move,
        "passes": passes,
    }


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _card(text: object, where: str) -> int:
    if not isinstance(text, str):
        raise InvalidPosition(_("{where}: a card must be text such as '3GT', not {text}").format(
            where=where, text=repr(text)))
    try:
        return parse_card(text)
    except ValueError as err:
        raise InvalidPosition(f"{where}: {err}") from None


def _read_grid(grid: object) -> dict[Cell, int]:
    if not isinstance(grid, list) or not grid:
        raise InvalidPosition(_("'grid' must be a non-empty list of [row, col, card] entries"))
    table: dict[Cell, int] = {}
    for entry in grid:
        if (not isinstance(entry, (list, tuple)) or len(entry) != 3
                or not _is_int(entry[0]) or not _is_int(entry[1])):
            raise InvalidPosition(_("grid entry {entry} is not [row, col, card] with integer row "
                                    "and col").format(entry=repr(entry)))
        cell = (entry[0], entry[1])
        if cell in table:
            raise InvalidPosition(_("grid cell ({r},{c}) is listed twice").format(
                r=cell[0], c=cell[1]), cells=[cell])
        table[cell] = _card(entry[2], _("grid cell ({r},{c})").format(r=cell[0], c=cell[1]))
    return table


def _read_cards(cards: object, where: str) -> list[int]:
    if not isinstance(cards, list):
        raise InvalidPosition(_("{where} must be a list of card texts").format(where=where))
    return [_card(t, where) for t in cards]


def _check_cards(table: Table, hands: Sequence[Sequence[int]], deck: Sequence[int]) -> None:
    # The third item is the table cell, if any, so an editor can mark where.
    places: list[tuple[int, str, Cell | None]] = [
        (card, _("the grid at ({r},{c})").format(r=r, c=c), (r, c)) for (r, c), card in table.items()]
    places += [(card, _("hand {i}").format(i=i), None) for i, hand in enumerate(hands)
               for card in hand]
    places += [(card, _("the deck"), None) for card in deck]
    seen: dict[int, tuple[str, Cell | None]] = {}
    for card, where, cell in places:
        if card != WILD and card in seen:
            first, first_cell = seen[card]
            raise InvalidPosition(_("card {card} appears twice: in {first} and in {second}").format(
                card=TEXT[card], first=first, second=where),
                                  cells=[c for c in (first_cell, cell) if c is not None])
        seen.setdefault(card, (where, cell))
    counts = Counter(card for card, __, ___ in places)
    if counts[WILD] > 2:
        raise InvalidPosition(_("there are {n} wild cards; a game has 2").format(n=counts[WILD]),
                              cells=[cell for card, __, cell in places
                                     if card == WILD and cell is not None])
    missing = Counter(FULL_DECK) - counts
    if missing:
        names = " ".join(sorted(TEXT[c] for c in missing.elements()))
        raise InvalidPosition(_("the cards add up to {n}, not the 66 of a game: missing {cards}")
                              .format(n=len(places), cards=names))


def _check_connected(table: Table) -> None:
    start = min(table)
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb in table and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if len(seen) != len(table):
        apart = sorted(set(table) - seen)[0]
        raise InvalidPosition(_("the table is not one connected group: ({r},{c}) is cut off from "
                                "({r0},{c0})").format(r=apart[0], c=apart[1], r0=start[0],
                                                      c0=start[1]),
                              cells=sorted(set(table) - seen))


def _read_int_list(values: object, n: int, name: str) -> list[int]:
    if not isinstance(values, list) or len(values) != n or not all(_is_int(v) for v in values):
        raise InvalidPosition(ngettext("'{name}' must be a list of {n} integer, one per player",
                                       "'{name}' must be a list of {n} integers, one per player",
                                       n).format(name=name, n=n))
    return list(values)


def read_position(d: Any) -> Position:
    """(table, hands, deck, scores, to_move, passes) from position data, checked."""
    check_position_keys(d, "iota", ("grid", "hands", "deck"), ("scores", "to_move", "passes"))
    table = _read_grid(d["grid"])
    if not isinstance(d["hands"], list) or not 1 <= len(d["hands"]) <= 4:
        raise InvalidPosition(_("'hands' must be a list of 1 to 4 hands, one per player"))
    hands = [_read_cards(h, _("hand {i}").format(i=i)) for i, h in enumerate(d["hands"])]
    for i, hand in enumerate(hands):
        if len(hand) > 4:
            raise InvalidPosition(_("hand {i} holds {n} cards; a hand holds at most 4").format(
                i=i, n=len(hand)))
    deck = _read_cards(d["deck"], _("the deck"))
    _check_cards(table, hands, deck)
    n = len(hands)
    scores = _read_int_list(d.get("scores", [0] * n), n, "scores")
    to_move = d.get("to_move", 0)
    if not _is_int(to_move) or not 0 <= to_move < n:
        raise InvalidPosition(_("'to_move' must be a seat number from 0 to {last}, not {value}")
                              .format(last=n - 1, value=repr(to_move)))
    passes = d.get("passes", 0)
    if not _is_int(passes) or passes < 0:
        raise InvalidPosition(_("'passes' must be a count of passes (0 or more), not {value}")
                              .format(value=repr(passes)))
    _check_connected(table)
    problem = table_problem(table)
    if problem:
        raise InvalidPosition(_("a line on the table breaks the rules: {why}").format(
                                  why=problem[0]),
                              cells=problem[1])
    return table, hands, deck, scores, to_move, passes
