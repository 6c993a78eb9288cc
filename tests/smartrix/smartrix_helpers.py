"""Helpers for the Smartrix tests: build matching tables by search, not by hand.

The blank card 00000000 and the full card 11111111 are kept out of the
searched tables so that tests may use them as filler cards in hands.
"""

from kit.smartrix.invariants import smartrix_conserved
from kit.smartrix import CANONICAL, DECK, ORIENTATIONS, Game
from kit.smartrix.cards import TEXT
from kit.smartrix.table import constraint_at

FILLERS = ("00000000", "11111111")


def fill(cells, fixed=None, exclude=()):
    """Oriented cards for ``cells`` (in that order) so that every touch matches,
    each a different deck card, none of ``exclude`` (texts): {cell: text}."""
    grid = {cell: _int(t) for cell, t in (fixed or {}).items()}
    used = _used(grid, exclude)
    cells = list(cells)

    def rec(i):
        if i == len(cells):
            return True
        need = constraint_at(grid, cells[i])
        if need is None:
            return False
        for c in DECK:
            if c in used:
                continue
            for o in ORIENTATIONS[c]:
                if o & need[0] == need[1]:
                    grid[cells[i]] = o
                    used.add(c)
                    if rec(i + 1):
                        return True
                    del grid[cells[i]]
                    used.discard(c)
        return False

    assert rec(0), "no matching cards for these cells"
    return {cell: TEXT[v] for cell, v in grid.items()}


def _int(text):
    return sum(1 << i for i, ch in enumerate(text) if ch == "1")


def _used(grid, exclude):
    """Canonical cards a search may not use: those of ``grid`` (ints), ``exclude``
    and the fillers."""
    return {CANONICAL[v] for v in grid.values()} | {
        CANONICAL[_int(t)] for t in (*exclude, *FILLERS)}


def card_matching(grid, cell, exclude=()):
    """A card text (not on the table, not excluded) that fits ``cell``."""
    g = {c: _int(t) for c, t in grid.items()}
    mask, bits = constraint_at(g, cell)
    used = _used(g, exclude)
    for c in DECK:
        if c not in used:
            for o in ORIENTATIONS[c]:
                if o & mask == bits:
                    return TEXT[o]
    raise AssertionError("no card fits")


def card_not_matching(grid, cell, exclude=()):
    """A card text that fits no orientation at ``cell`` (so any orientation fails)."""
    g = {c: _int(t) for c, t in grid.items()}
    mask, bits = constraint_at(g, cell)
    used = _used(g, exclude)
    for c in DECK:
        if c not in used and not any(o & mask == bits for o in ORIENTATIONS[c]):
            return TEXT[c]
    raise AssertionError("every card fits")


def value(text):
    return text.count("1")


# The 70 deck cards, each exactly once, across table, hands, pile, collected piles.
conserved = smartrix_conserved


def setup(grid, hands, **kw):
    return Game.setup(grid=grid, hands=hands, **kw)
