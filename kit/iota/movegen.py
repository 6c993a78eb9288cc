"""The fast IOTA legal-move generator.

Every legal play (each set of cards from hand on each set of cells, each card
on each cell, wilds included, no duplicates), every legal recycle and every
pass with its exchange options. Built for speed in pure Python:

- candidate cells come from the *frontier* (empty cells touching the table):
  a legal play always puts a card on one;
- a play of 2+ cards fills the empty cells of one *segment*: the run of 2-4
  cells that will be the play's whole line, with empty cells just outside it;
  each play has exactly one segment, so no play is generated twice;
- cards are tried cell by cell, pruning as soon as the line or the card's
  cross line can no longer be valid, using 12-bit attribute masks and a lookup
  table (:data:`kit.iota.cards.LINE_OK`) instead of re-reading lines;
- a played wild is checked against its row and column with per-attribute
  "allowed value" masks (two wilds played in one line: per attribute, over
  the 16 value pairs); only when a wild already on the table is in a changed
  line does it fall back to the exact search in :mod:`kit.iota.lines`.

The plain rule checker in :mod:`kit.iota.rules` stays the reference; a test
cross-checks this generator against a brute-force enumeration judged by it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import product

from kit.iota.cards import BITS, LINE_OK, WILD, Cell, Table
from kit.iota.lines import AXES, table_problem, wild_problem
from kit.iota.moves import Pass, Play, Recycle

#: What lies next to an empty cell along one axis: (cards, mask, real cards, a wild among them).
Cross = tuple[int, int, int, bool]


def _allowed(count: int, mask: int) -> int:
    """Values a lone wild may take in a line whose real cards have this mask and count."""
    out = 0
    for a in range(3):
        nib = (mask >> (4 * a)) & 15
        pc = bin(nib).count("1")
        if count <= 1:
            free = 15
        elif pc == 1:
            free = nib           # all the same: the wild must match
        else:
            free = 15 & ~nib     # all different: the wild must be a new value
        out |= free << (4 * a)
    return out


#: ALLOWED[count][mask]: 12-bit mask of the values a wild may take (see _allowed).
ALLOWED = tuple(tuple(_allowed(n, m) for m in range(4096)) for n in range(5))


@cache
def _pair_fits(count: int, known: int, free1: int, free2: int) -> bool:
    """One attribute of a line with ``count`` real cards (values ``known``, a 4-bit set)
    and two wilds, each limited by its cross line to ``free1`` / ``free2``: can the
    wilds take values that make the line all the same or all different?"""
    for v1 in range(4):
        for v2 in range(4):
            if free1 >> v1 & 1 and free2 >> v2 & 1:
                values = known | (1 << v1) | (1 << v2)
                n = bin(values).count("1")
                if n == 1 or (n == count + 2 and bin(known).count("1") == count):
                    return True
    return False


def _two_wilds_ok(count: int, mask: int, free1: int, free2: int) -> bool:
    return all(_pair_fits(count, (mask >> s) & 15, (free1 >> s) & 15, (free2 >> s) & 15)
               for s in (0, 4, 8))


def _every_attribute(mask: int) -> bool:
    return bool(mask & 15 and mask & 240 and mask & 3840)


def frontier(table: Table) -> set[Cell]:
    """The empty cells orthogonally next to a card."""
    out = set()
    for r, c in table:
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb not in table:
                out.add(nb)
    return out


def cross(table: Table, cell: Cell, axis: int) -> Cross:
    """The cards next to empty ``cell`` along ``axis``, both ways: (n, mask, count, wild).

    ``n`` is how many cards (stopping at 5), ``mask`` and ``count`` summarise the
    real ones, ``wild`` says whether a wild is among them.
    """
    dr, dc = AXES[axis]
    n = mask = count = 0
    wild = False
    for sign in (1, -1):
        r, c = cell[0] + sign * dr, cell[1] + sign * dc
        while (r, c) in table and n < 5:
            card = table[(r, c)]
            n += 1
            if card == WILD:
                wild = True
            else:
                mask |= BITS[card]
                count += 1
            r, c = r + sign * dr, c + sign * dc
    return n, mask, count, wild


def card_fits(table: dict[Cell, int], cell: Cell, card: int) -> bool:
    """Can ``card`` alone go on the empty ``cell`` (which must touch the table)?"""
    h, v = cross(table, cell, 0), cross(table, cell, 1)
    return _single_ok(table, cell, card, h, v)


def _single_ok(table: dict[Cell, int], cell: Cell, card: int, h: Cross, v: Cross) -> bool:
    if h[0] >= 4 or v[0] >= 4:
        return False
    if card != WILD:
        b = BITS[card]
        if not (LINE_OK[h[2] + 1][h[1] | b] and LINE_OK[v[2] + 1][v[1] | b]):
            return False
        return not (h[3] or v[3]) or _exact_ok(table, ((card, cell),))
    # The wild joins the runs on its two sides into one line: they must agree.
    if not (LINE_OK[h[2]][h[1]] and LINE_OK[v[2]][v[1]]):
        return False
    if h[3] or v[3]:
        return _exact_ok(table, ((card, cell),))
    return _every_attribute(ALLOWED[h[2]][h[1]] & ALLOWED[v[2]][v[1]])


def _exact_ok(table: dict[Cell, int], placements: Iterable[tuple[int, Cell]]) -> bool:
    """The exact wild search on the table with ``placements`` added."""
    for card, cell in placements:
        table[cell] = card
    try:
        return wild_problem(table) is None
    finally:
        for _, cell in placements:
            del table[cell]


def _singles(table: dict[Cell, int], cells: Iterable[Cell],
             distinct: Sequence[int]) -> list[Play]:
    moves: list[Play] = []
    for cell in sorted(cells):
        h, v = cross(table, cell, 0), cross(table, cell, 1)
        for card in distinct:
            if _single_ok(table, cell, card, h, v):
                moves.append(Play(((card, cell),)))
    return moves


def _segments(table: Table, cells: Iterable[Cell], axis: int,
              most: int) -> list[tuple[list[Cell], list[Cell]]]:
    """Runs of 2-4 cells along ``axis`` through a frontier cell that could be a play's line."""
    dr, dc = AXES[axis]
    starts = set()
    for r, c in cells:
        for length in (2, 3, 4):
            for back in range(length):
                starts.add((r - back * dr, c - back * dc, length))
    out: list[tuple[list[Cell], list[Cell]]] = []
    for r0, c0, length in sorted(starts):
        if (r0 - dr, c0 - dc) in table or (r0 + length * dr, c0 + length * dc) in table:
            continue
        seg = [(r0 + i * dr, c0 + i * dc) for i in range(length)]
        empties = [x for x in seg if x not in table]
        if 2 <= len(empties) <= most:
            out.append((seg, empties))
    return out


class _SegmentSearch:
    """Fills one segment's empty cells with hand cards, pruning early."""

    def __init__(self, table: dict[Cell, int], axis: int, seg: Sequence[Cell], empties: Sequence[Cell],
                 counts: dict[int, int], moves: list[Play]) -> None:
        self.table, self.empties, self.counts, self.moves = table, empties, counts, moves
        self.k = len(empties)
        self.crosses = [cross(table, e, 1 - axis) for e in empties]
        mask = count = 0
        line_wild = False
        for x in seg:
            card = table.get(x)
            if card == WILD:
                line_wild = True
            elif card is not None:
                mask |= BITS[card]
                count += 1
        self.start = (mask, count)
        # A wild already on the table in a changed line: only the exact search will do.
        self.exact = line_wild or any(c[3] for c in self.crosses)
        self.chosen: list[int] = []

    def run(self) -> None:
        mask, count = self.start
        if any(c[0] >= 4 for c in self.crosses) or not LINE_OK[count][mask]:
            return
        self._extend(0, mask, count)

    def _extend(self, i: int, mask: int, count: int) -> None:
        if i == self.k:
            if self._wilds_ok(mask, count):
                self.moves.append(Play(tuple(zip(self.chosen, self.empties, strict=True))))
            return
        n, pmask, pcount, _ = self.crosses[i]
        counts = self.counts
        for card in counts:
            if not counts[card]:
                continue
            if card == WILD:
                nmask, ncount = mask, count
                if n and not LINE_OK[pcount][pmask]:
                    continue     # the wild joins its two cross runs into one line
            else:
                b = BITS[card]
                nmask, ncount = mask | b, count + 1
                if not LINE_OK[ncount][nmask] or (n and not LINE_OK[pcount + 1][pmask | b]):
                    continue
            counts[card] -= 1
            self.chosen.append(card)
            self._extend(i + 1, nmask, ncount)
            self.chosen.pop()
            counts[card] += 1

    def _wilds_ok(self, mask: int, count: int) -> bool:
        if self.exact:
            return _exact_ok(self.table, tuple(zip(self.chosen, self.empties, strict=True)))
        played = [i for i, card in enumerate(self.chosen) if card == WILD]
        if not played:
            return True
        if len(played) == 1:
            n, pmask, pcount, _ = self.crosses[played[0]]
            if not n:
                return True
            return _every_attribute(ALLOWED[count][mask] & ALLOWED[pcount][pmask])
        if len(played) == 2:
            free = []
            for i in played:
                n, pmask, pcount, _ = self.crosses[i]
                free.append(ALLOWED[pcount][pmask] if n else 4095)
            return _two_wilds_ok(count, mask, *free)
        return _exact_ok(self.table, tuple(zip(self.chosen, self.empties, strict=True)))


def plays(table: dict[Cell, int], hand: Sequence[int]) -> list[Play]:
    """Every legal play of cards from ``hand`` onto ``table``."""
    distinct = sorted(set(hand))
    cells = frontier(table)
    moves = _singles(table, cells, distinct)
    counts = dict(sorted(Counter(hand).items()))
    for axis in (0, 1):
        for seg, empties in _segments(table, cells, axis, len(hand)):
            _SegmentSearch(table, axis, seg, empties, counts, moves).run()
    return moves


def recycles(table: dict[Cell, int], hand: Iterable[int]) -> list[Recycle]:
    """Every legal swap of a wild on the table for a real card from ``hand``."""
    moves: list[Recycle] = []
    for cell in sorted(x for x, card in table.items() if card == WILD):
        for card in sorted(set(hand) - {WILD}):
            table[cell] = card
            try:
                if table_problem(table, [cell]) is None:
                    moves.append(Recycle(cell, card))
            finally:
                table[cell] = WILD
    return moves


def passes(hand: Iterable[int], deck_size: int) -> list[Pass]:
    """Pass with every exchange the deck allows (none, some or all of the hand)."""
    counts = sorted(Counter(hand).items())
    moves: list[Pass] = []
    for takes in product(*(range(n + 1) for _, n in counts)):
        if sum(takes) <= deck_size:
            moves.append(Pass(tuple(card for (card, _), t in zip(counts, takes, strict=True)
                                    for _ in range(t))))
    moves.sort(key=lambda m: (len(m.exchange), m.exchange))
    return moves
