"""Reading and checking Smartrix position dicts (the ``to_dict`` format).

``read(d)`` turns a position dict into the keyword arguments of ``Game`` or
raises :class:`kit.InvalidPosition` naming the first problem found: bad
shape, a text that is no card, a card twice, cards not adding up to the 70,
options out of range, and (outside the free-table mode) a table that breaks
the rules: a mismatched touch, a card outside the window, or a set of 5 left
lying on the table. In the free-table mode the optional ``offending`` list
names the cards placed against the rules (the others must form a legal table);
without the key the table's history is unknown (a puzzle) and a challenge may
take any cards, only their number being checked. Where a problem has a place
on the table, the error's ``cells`` name it (the two cards that do not match,
a set lying there, the edge cards of a table too big, a card listed twice), so
an editor can mark them. ``complete`` builds a full position from a partial one.

Not covered: playing (``rules.py``).
"""

from __future__ import annotations

import random
from typing import Any
from collections.abc import Iterable, Mapping, Sequence

from kit.errors import InvalidPosition, check_position_keys
from kit.i18n import _
from kit.smartrix.cards import CANONICAL, DECK, TEXT, parse_card
from kit.smartrix.table import (AXES, Cell, all_sets, bounds, describe_removal, fits,
                                fmt_cell, line_text, mismatched_pairs)

OPTION_KEYS = ("window", "teams", "auto_collect")


def check_options(players: object, window: object, teams: object, auto_collect: object) -> None:
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 7:
        raise InvalidPosition(_("Smartrix is for 2-7 players, not {n}").format(n=repr(players)))
    if window is not None and (not isinstance(window, int) or isinstance(window, bool)
                               or window < 1):
        raise InvalidPosition(f"option 'window' must be a positive int (5) or null, not {window!r}")
    for name, v in (("teams", teams), ("auto_collect", auto_collect)):
        if not isinstance(v, bool):
            raise InvalidPosition(f"option {name!r} must be true or false, not {v!r}")
    if teams and players != 4:
        raise InvalidPosition(_("the team variant is for 4 players, not {n}").format(n=players))


def _cell(x: object, where: str) -> Cell:
    if (not isinstance(x, (list, tuple)) or len(x) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in x)):
        raise InvalidPosition(f"{where}: {x!r} is not a cell [row, col]")
    return (x[0], x[1])


def _cards(lst: object, where: str) -> list[int]:
    if not isinstance(lst, list):
        raise InvalidPosition(f"{where} must be a list of card texts, not {lst!r}")
    out = []
    for i, t in enumerate(lst):
        try:
            out.append(parse_card(t))
        except InvalidPosition as e:
            raise InvalidPosition(f"{where}[{i}]: {e}") from None
    return out


def _read_grid(raw: object) -> dict[Cell, int]:
    if not isinstance(raw, list):
        raise InvalidPosition("'grid' must be a list of [row, col, card]")
    grid: dict[Cell, int] = {}
    for i, entry in enumerate(raw):
        if not isinstance(entry, (list, tuple)) or len(entry) != 3:
            raise InvalidPosition(f"grid[{i}]: {entry!r} is not [row, col, card]")
        cell = _cell(list(entry[:2]), f"grid[{i}]")
        if cell in grid:
            raise InvalidPosition(_("grid: two cards at {cell}").format(cell=fmt_cell(cell)),
                                  cells=[cell])
        grid[cell] = _cards([entry[2]], f"grid[{i}]")[0]
    _check_span(grid)
    return grid


def _check_span(grid: Mapping[Cell, int]) -> None:
    # Every card was placed touching the table, so the 70 cards can never span
    # more than 70 rows or columns, even after sets left gaps. A far-off card
    # would also make every picture of the table as wide as the gap.
    if not grid:
        return
    r0, r1, c0, c1 = bounds(grid)
    if r1 - r0 < len(DECK) and c1 - c0 < len(DECK):
        return
    far = [(r, c) for r, c in grid if r in (r0, r1) or c in (c0, c1)]
    raise InvalidPosition(_("the table spans {rows} rows x {cols} columns: each card is placed "
                            "touching the table, so the {n} cards span at most {n}").format(
                                rows=r1 - r0 + 1, cols=c1 - c0 + 1, n=len(DECK)),
                          cells=sorted(far)[:8])


def _check_count(places: Iterable[tuple[int, str, Cell | None]]) -> None:
    """places: list of (card, where, table cell or None). Each deck card exactly once."""
    first: dict[int, tuple[str, Cell | None]] = {}
    for card, where, cell in places:
        canon = CANONICAL[card]
        if canon in first:
            cells = [c for c in (cell, first[canon][1]) if c is not None]
            raise InvalidPosition(_(
                "card {card} appears twice: as {text} in {where} and in {first} (each of the 70 "
                "cards exists once, in any orientation)").format(
                    card=TEXT[canon], text=TEXT[card], where=where, first=first[canon][0]),
                cells=cells)
        first[canon] = (where, cell)
    if len(first) != len(DECK):
        missing = [TEXT[c] for c in DECK if c not in first]
        raise InvalidPosition(
            f"the cards do not add up to the 70-card deck: {len(first)} found, missing "
            f"{', '.join(missing[:8])}{' ...' if len(missing) > 8 else ''}")


def _check_table(grid: Mapping[Cell, int], window: int) -> None:
    if not fits(grid, window):
        r0, r1, c0, c1 = bounds(grid)
        # The cards on the edges that make the table too long or too wide.
        edges = [(r, c) for r, c in grid if (r1 - r0 >= window and r in (r0, r1))
                 or (c1 - c0 >= window and c in (c0, c1))]
        raise InvalidPosition(_("the table spans {rows} rows x {cols} columns: it must fit in "
                                "one {w} x {w} window").format(rows=r1 - r0 + 1,
                                                               cols=c1 - c0 + 1, w=window),
                              cells=sorted(edges))
    bad = mismatched_pairs(grid)
    if bad:
        a, b = bad[0]
        raise InvalidPosition(_("the cards at {a} ({card_a}) and {b} ({card_b}) touch but do "
                                "not match").format(a=fmt_cell(a), card_a=TEXT[grid[a]],
                                                    b=fmt_cell(b), card_b=TEXT[grid[b]]),
                              cells=[a, b])
    sets = all_sets(grid)
    if sets:
        s = sets[0]  # sorted cells, so the step from the first to the second is the axis
        axis = AXES.index((s[1][0] - s[0][0], s[1][1] - s[0][1]))
        raise InvalidPosition(_("{line} is a set of 5 lying on the table; sets are collected "
                                "at once").format(line=line_text(axis, s)), cells=s)


def _read_unclaimed(raw: object, grid: Mapping[Cell, int], n: int) -> list[tuple[frozenset[Cell], int]]:
    if not isinstance(raw, list):
        raise InvalidPosition("'unclaimed' must be a list of {cells, formed_by}")
    live = {frozenset(s) for s in all_sets(grid)}
    out: list[tuple[frozenset[Cell], int]] = []
    for i, u in enumerate(raw):
        if not isinstance(u, dict) or set(u) != {"cells", "formed_by"}:
            raise InvalidPosition(f"unclaimed[{i}] must be {{'cells': [...], 'formed_by': seat}}")
        if not isinstance(u["cells"], list):
            raise InvalidPosition(f"unclaimed[{i}]: 'cells' must be a list of [row, col], "
                                  f"not {u['cells']!r}")
        cells = frozenset(_cell(c, f"unclaimed[{i}]") for c in u["cells"])
        if cells not in live:
            raise InvalidPosition(f"unclaimed[{i}]: those cells are not a set on the table",
                                  cells=sorted(c for c in cells if c in grid))
        if any(cells == seen for seen, _ in out):
            raise InvalidPosition(f"unclaimed[{i}]: that set is listed twice")
        seat = u["formed_by"]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise InvalidPosition(f"unclaimed[{i}]: 'formed_by' must be a seat 0..{n - 1}, "
                                  f"not {seat!r}")
        out.append((cells, seat))
    return out


def _read_offending(raw: object, grid: Mapping[Cell, int], window: int | None) -> set[Cell]:
    """The cards placed against the rules. The others must form a legal table:
    they were placed by the rules, and a challenge never takes them."""
    if not isinstance(raw, list):
        raise InvalidPosition("'offending' must be a list of cells [row, col] (leave the key "
                              f"out when the table's history is unknown), not {raw!r}")
    cells: set[Cell] = set()
    for i, x in enumerate(raw):
        cell = _cell(x, f"offending[{i}]")
        if cell not in grid:
            raise InvalidPosition(f"offending[{i}]: there is no card at {fmt_cell(cell)}")
        if cell in cells:
            raise InvalidPosition(f"offending names {fmt_cell(cell)} twice", cells=[cell])
        cells.add(cell)
    why = describe_removal(grid, window, cells)
    if why:
        raise InvalidPosition(_("'offending' must list every card placed against the rules, so "
                                "that the others form a legal table; without the listed ones "
                                "{why}").format(why=why))
    return cells


def read(d: Any) -> dict[str, Any]:
    """Validate a position dict; return keyword arguments for ``Game``."""
    check_position_keys(d, "smartrix", ("grid", "hands", "deck", "collected", "to_move"),
                        ("out", "options", "unclaimed", "offending"))
    opts = d.get("options", {}) or {}
    if not isinstance(opts, dict) or set(opts) - set(OPTION_KEYS):
        raise InvalidPosition(f"options must be a dict with keys {OPTION_KEYS}, not {opts!r}")
    window = opts.get("window", 5)
    teams = opts.get("teams", False)
    auto = opts.get("auto_collect", True)
    if not isinstance(d["hands"], list):
        raise InvalidPosition("'hands' must be a list of hands")
    n = len(d["hands"])
    check_options(n, window, teams, auto)
    grid = _read_grid(d["grid"])
    hands = [_cards(h, f"hands[{s}]") for s, h in enumerate(d["hands"])]
    deck = _cards(d["deck"], "deck")
    if not isinstance(d["collected"], list) or len(d["collected"]) != n:
        raise InvalidPosition(f"'collected' must hold one pile per player ({n})")
    collected = [_cards(c, f"collected[{s}]") for s, c in enumerate(d["collected"])]
    places: list[tuple[int, str, Cell | None]] = [
        (v, _("the grid at {cell}").format(cell=fmt_cell(c)), c) for c, v in grid.items()]
    places += [(v, f"hands[{s}]", None) for s, h in enumerate(hands) for v in h]
    places += [(v, _("the deck"), None) for v in deck]
    places += [(v, f"collected[{s}]", None) for s, c in enumerate(collected) for v in c]
    _check_count(places)
    out = d.get("out", [False] * n)
    if not isinstance(out, list) or len(out) != n or not all(isinstance(x, bool) for x in out):
        raise InvalidPosition(f"'out' must be {n} true/false values, not {out!r}")
    if any(out) and deck:
        raise InvalidPosition(_("a player can only be out once the draw pile is empty"))
    if teams and (out[0] != out[2] or out[1] != out[3]):
        raise InvalidPosition(_("partners are out together in the team game: 'out' must "
                                "agree for seats 0 and 2, and for 1 and 3"))
    to_move = d["to_move"]
    if not isinstance(to_move, int) or isinstance(to_move, bool) or not 0 <= to_move < n:
        raise InvalidPosition(f"'to_move' must be a seat 0..{n - 1}, not {to_move!r}")
    if out[to_move] and not all(out):
        raise InvalidPosition(_("player {n} is out and cannot be the one to move").format(
            n=to_move))
    if auto:
        _check_table(grid, window)
        for key in ("unclaimed", "offending"):
            if d.get(key, []) != []:
                raise InvalidPosition(f"{key!r} belongs to the free-table mode only "
                                      "(auto_collect false)")
        unclaimed: list[tuple[frozenset[Cell], int]] = []
        offending: set[Cell] | None = set()
    else:
        unclaimed = _read_unclaimed(d.get("unclaimed", []), grid, n)
        # Absent: the history is unknown (a puzzle), so any card may be challenged.
        offending = _read_offending(d["offending"], grid, window) if "offending" in d else None
    return dict(grid=grid, hands=hands, deck=deck, collected=collected, to_move=to_move,
                out=out, window=window, teams=teams, auto_collect=auto, unclaimed=unclaimed,
                offending=offending)


def complete(grid: Mapping[Cell, str], hands: Sequence[Sequence[str]],
             collected: Sequence[Sequence[str]] | None, to_move: int, out: Sequence[bool] | None,
             seed: int | str | None, options: dict[str, Any],
             offending: Iterable[Cell] | None = None) -> dict[str, Any]:
    """A full position dict from a partial one: unnamed cards go to the deck.
    ``offending`` (cells) is copied in when given."""
    n = len(hands)
    collected = collected or [[] for _ in range(n)]
    named = {CANONICAL[parse_card(t)] for t in grid.values()}
    named |= {CANONICAL[parse_card(t)] for h in list(hands) + list(collected) for t in h}
    deck = [c for c in DECK if c not in named]
    if seed is not None:
        random.Random(seed).shuffle(deck)
    d: dict[str, Any] = {"game": "smartrix",
         "grid": [[r, c, t] for (r, c), t in sorted(grid.items())],
         "hands": [list(h) for h in hands],
         "deck": [TEXT[c] for c in deck],
         "collected": [list(c) for c in collected],
         "to_move": to_move,
         "out": list(out) if out is not None else [False] * n,
         "options": {"window": options.pop("window", 5),
                     "teams": options.pop("teams", False),
                     "auto_collect": options.pop("auto_collect", True)}}
    if options:
        raise InvalidPosition(f"unknown option(s) {sorted(options)}")
    if offending is not None:
        d["offending"] = [list(c) for c in offending]
    return d
