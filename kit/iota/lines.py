"""Lines on an IOTA table, whether they are valid, and what the wilds stand for.

A *table* is a dict ``{(row, col): card}``. A *line* is a maximal run of two or
more cards in a row or a column. It is valid when it holds at most 4 cards and,
for each of number, colour and shape, its cards are all the same or all
different. A wild card stands for one real card, the same in its row and its
column; a table is legal when some choice of real cards for the wilds makes
every line valid. Because the 64 cards are every number x colour x shape, that
choice splits into one independent choice per attribute, so the search is over
at most 4 values per wild per attribute (16 pairs with both wilds out).

These are the slow, plain checks used to explain and validate a move; the
move generator (:mod:`kit.iota.movegen`) has its own fast incremental path and
a test cross-checks the two. Not covered: turns, hands, scoring.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product

from kit.i18n import N_, _, format_list
from kit.iota.cards import (ATTRIBUTES, ATTRS, COLOURS, NUMBERS, SHAPES, WILD, Cell, Table,
                            card_text)

#: A line: its axis and its cells in order.
Line = tuple[int, tuple[Cell, ...]]
#: A rule broken: the words (a :class:`Why`, with its key) and the cells involved.
Problem = tuple[str, tuple[Cell, ...]]

#: The two directions: 0 is a row (left to right), 1 a column (top to bottom).
AXES = ((0, 1), (1, 0))
AXIS_NAMES = (N_("row"), N_("column"))
_LETTERS = (NUMBERS, COLOURS, SHAPES)


class Why(str):
    """The words of a broken rule (in the kit's language), with ``key`` naming the
    rule the same in every language: "long", "match", "wild" here; the rules add
    theirs (:mod:`kit.iota.rules`). Code decides by the key, never by the words."""

    key: str = ""


def why(key: str, text: str) -> Why:
    """``text`` marked as breaking the rule ``key``."""
    found = Why(text)
    found.key = key
    return found


#: Per axis: a line described in words.
_LINE_WORDS = (N_("the row of {n} cards from ({r0},{c0}) to ({r1},{c1})"),
               N_("the column of {n} cards from ({r0},{c0}) to ({r1},{c1})"))
#: Per attribute: a line whose cards mix same and different.
_MIXED = (N_("in {line} ({cards}) the numbers are neither all the same nor all different"),
          N_("in {line} ({cards}) the colours are neither all the same nor all different"),
          N_("in {line} ({cards}) the shapes are neither all the same nor all different"))
#: Per attribute: no real card can stand for the wilds.
_NO_FIT = (N_("no single card can stand for the wild at {where} in both its row and its "
              "column: no number fits every line through it ({wants})"),
           N_("no single card can stand for the wild at {where} in both its row and its "
              "column: no colour fits every line through it ({wants})"),
           N_("no single card can stand for the wild at {where} in both its row and its "
              "column: no shape fits every line through it ({wants})"))


def run(table: Table, cell: Cell, axis: int) -> tuple[Cell, ...]:
    """The cells of the maximal run of cards through ``cell`` (which holds a card)."""
    dr, dc = AXES[axis]
    r, c = cell
    start = 0
    while (r - (start + 1) * dr, c - (start + 1) * dc) in table:
        start += 1
    cells: list[Cell] = []
    k = -start
    while (r + k * dr, c + k * dc) in table:
        cells.append((r + k * dr, c + k * dc))
        k += 1
    return tuple(cells)


def lines_through(table: Table, cells: Iterable[Cell]) -> list[Line]:
    """Every line (run of 2+ cards) through any of ``cells``, each once, as (axis, cells)."""
    seen: set[tuple[int, Cell]] = set()
    lines: list[Line] = []
    for cell in cells:
        for axis in (0, 1):
            line = run(table, cell, axis)
            if len(line) >= 2 and (axis, line[0]) not in seen:
                seen.add((axis, line[0]))
                lines.append((axis, line))
    return lines


def all_lines(table: Table) -> list[Line]:
    """Every line on the table, as (axis, cells)."""
    return lines_through(table, table)


def describe_line(axis: int, cells: Sequence[Cell]) -> str:
    (r0, c0), (r1, c1) = cells[0], cells[-1]
    return _(_LINE_WORDS[axis]).format(n=len(cells), r0=r0, c0=c0, r1=r1, c1=c1)


def attribute_values_ok(values: Iterable[int | None]) -> bool:
    """All the same or all different (``None`` entries are wilds, free to fit)."""
    known = [v for v in values if v is not None]
    distinct = len(set(known))
    return distinct <= 1 or distinct == len(known)


def line_problem(table: Table, axis: int, cells: Sequence[Cell]) -> Why | None:
    """Why this line breaks the rules, judged alone (wilds free); None if it does not."""
    if len(cells) > 4:
        return why("long", _("{line} is longer than 4: a line holds at most 4 cards")
                   .format(line=describe_line(axis, cells)))
    for a in range(len(ATTRIBUTES)):
        values = [None if table[x] == WILD else ATTRS[table[x]][a] for x in cells]
        if not attribute_values_ok(values):
            shown = ", ".join(card_text(table[x]) for x in cells)
            return why("match", _(_MIXED[a]).format(line=describe_line(axis, cells), cards=shown))
    return None


def wild_lines(table: Table) -> tuple[list[Cell], list[Line]]:
    """The wild cells on the table and every line through one of them."""
    wilds = sorted(cell for cell, card in table.items() if card == WILD)
    return wilds, lines_through(table, wilds)


def _solve_attribute(table: Table, wilds: Sequence[Cell], lines: Sequence[Line],
                     a: int) -> tuple[int, ...] | None:
    """Values (0-3) of attribute ``a`` for the wilds making every line fit, or None."""
    for values in product(range(4), repeat=len(wilds)):
        chosen = dict(zip(wilds, values, strict=True))
        if all(_fits(table, chosen, cells, a) for __, cells in lines):
            return values
    return None


def _fits(table: Table, chosen: dict[Cell, int], cells: Sequence[Cell], a: int) -> bool:
    values = [chosen[x] if x in chosen else ATTRS[table[x]][a] for x in cells]
    distinct = len(set(values))
    return distinct == 1 or distinct == len(values)


def wild_problem(table: Table) -> Problem | None:
    """Why no real cards can stand for the wilds, with the cells involved; or None."""
    wilds, lines = wild_lines(table)
    if not wilds or any(len(cells) > 4 for __, cells in lines):
        return None  # over-long lines are reported by line_problem
    for a in range(len(ATTRIBUTES)):
        if _solve_attribute(table, wilds, lines, a) is None:
            involved = sorted({x for __, cells in lines for x in cells})
            where = format_list([f"({r},{c})" for r, c in wilds])
            return (why("wild", _(_NO_FIT[a]).format(where=where, wants=_wants(table, lines, a))),
                    tuple(involved))
    return None


def _wants(table: Table, lines: Sequence[Line], a: int) -> str:
    """What each line through a wild allows for attribute ``a``, line by line."""
    parts = []
    for axis, cells in lines:
        for wild in (x for x in cells if table[x] == WILD):
            ok = [v for v in range(4) if attribute_values_ok(
                [v if x == wild else (None if table[x] == WILD else ATTRS[table[x]][a])
                 for x in cells])]
            shown = format_list([_LETTERS[a][v] for v in ok], style="or") if ok else _("nothing")
            parts.append(_("{line} needs {shown} at ({r},{c})").format(
                line=describe_line(axis, cells), shown=shown, r=wild[0], c=wild[1]))
    return "; ".join(parts)


def wild_stands_for(table: Table) -> dict[Cell, str]:
    """One choice of real card for each wild on a legal table: {cell: card text}.

    Each wild's row and column lines decide what it may be; a wild with some
    attribute left free by its lines is shown with the lowest value that fits.
    """
    wilds, lines = wild_lines(table)
    if not wilds:
        return {}
    per_attr = [_solve_attribute(table, wilds, lines, a) for a in range(3)]
    numbers, colours, shapes = per_attr
    if numbers is None or colours is None or shapes is None:
        return {}
    return {w: NUMBERS[numbers[i]] + COLOURS[colours[i]] + SHAPES[shapes[i]]
            for i, w in enumerate(wilds)}


def wild_choices(table: Table) -> dict[Cell, tuple[tuple[int, ...], ...]]:
    """Every value each wild can take, per attribute, on a legal table:
    {cell: (numbers, colours, shapes)}, each a sorted tuple of values 0-3.

    A value is there when some choice of real cards for all the wilds, that
    value included, makes every line fit. A lone wild, or one in lines of two
    cards only, has all four of each: it can stand for any card. Empty when the
    table has no wild or no choice fits.
    """
    wilds, lines = wild_lines(table)
    if not wilds:
        return {}
    per_attr = []
    for a in range(3):
        taken: list[set[int]] = [set() for __ in wilds]
        for values in product(range(4), repeat=len(wilds)):
            chosen = dict(zip(wilds, values, strict=True))
            if all(_fits(table, chosen, cells, a) for __, cells in lines):
                for i, v in enumerate(values):
                    taken[i].add(v)
        if not taken[0]:
            return {}
        per_attr.append(taken)
    return {w: tuple(tuple(sorted(per_attr[a][i])) for a in range(3)) for i, w in enumerate(wilds)}


#: The letter a wild's label writes for an attribute its lines leave open.
OPEN = "?"


def wild_pattern(choices: tuple[tuple[int, ...], ...]) -> str:
    """A wild's card as far as its lines decide it: "3RC", or "?RC" when the
    number is open (3 or 4 both fit); "???" when nothing is decided."""
    names = (NUMBERS, COLOURS, SHAPES)
    return "".join(names[a][vs[0]] if len(vs) == 1 else OPEN for a, vs in enumerate(choices))


def wild_cards(choices: tuple[tuple[int, ...], ...]) -> list[str]:
    """Every card a wild can stand for, as card text ("3RC", "4RC")."""
    return [NUMBERS[n] + COLOURS[c] + SHAPES[s] for n, c, s in product(*choices)]


def table_problem(table: Table, cells: Iterable[Cell] | None = None) -> Problem | None:
    """The first rule a table breaks (in lines through ``cells``, or anywhere), or None."""
    lines = all_lines(table) if cells is None else lines_through(table, cells)
    for axis, line in lines:
        why = line_problem(table, axis, line)
        if why:
            return why, line
    touches_wild = cells is None or any(table[x] == WILD for __, line in lines for x in line)
    return wild_problem(table) if touches_wild else None
