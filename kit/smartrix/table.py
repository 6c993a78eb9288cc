"""The Smartrix table: touching, matching, the 5 x 5 window, lines and sets.

A *grid* is a dict ``{(row, col): card}`` with oriented card ints (see
``cards.py``). Functions here are pure and know nothing of turns or players:
what a placement must match, whether a table is legal, which lines of 5 (or
more, without the window) exist, and the smallest set of cards whose removal
makes an illegal table legal (the challenge rule).

The minimal removal: a table is legal when every touching pair matches and
every card lies in one ``window`` x ``window`` square. For each candidate
square (anchored on the table's own rows and columns; others are dominated)
the cards outside it must go, and of the mismatched pairs inside it at least
one card of each: a minimum vertex cover of the "mismatch graph". The cover is
found by iterative deepening with branching on a highest-degree card (take it,
or take all its mismatched neighbours), and squares whose forced removals
already reach the best answer are skipped. A challenge may take only the
cards placed against the rules, so the search can be told to ``keep`` the
others: a kept card's mismatched partner is then forced out, and a square
that would push a kept card out is no candidate. Tables are small (a legal
table has at most 25 cards; a free table a few dozen), so this exact search is
quick.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from kit.i18n import N_, _
from kit.smartrix.cards import CONSTRAINT, DIRECTIONS, FACING, VALUE

#: A table cell: (row, col), rows counting down, columns right.
Cell = tuple[int, int]
#: A table: the oriented card at each occupied cell.
Grid = Mapping[Cell, int]
#: (first row, last row, first column, last column) of a group of cells.
Bounds = tuple[int, int, int, int]

#: The four line directions through a cell, with their names.
AXES = ((0, 1), (1, 0), (1, 1), (1, -1))
#: English keys: translate with ``_()`` where shown (or use :func:`line_text`).
AXIS_NAMES = (N_("row"), N_("column"), N_("diagonal"), N_("anti-diagonal"))
#: A line of the table named by its ends, per axis.
LINE_TEXTS = (N_("the row {start}-{end}"), N_("the column {start}-{end}"),
              N_("the diagonal {start}-{end}"), N_("the anti-diagonal {start}-{end}"))
SET_LENGTH = 5


def touches(grid: Grid, cell: Cell) -> bool:
    r, c = cell
    return any((r + dr, c + dc) in grid for dr, dc in DIRECTIONS)


def constraint_at(grid: Grid, cell: Cell) -> tuple[int, int] | None:
    """(mask, bits) every card placed at ``cell`` must show, or None if the
    neighbours ask contradictory things of the same box."""
    r, c = cell
    mask = bits = 0
    for k, (dr, dc) in enumerate(DIRECTIONS):
        n = grid.get((r + dr, c + dc))
        if n is None:
            continue
        m, b = CONSTRAINT[k][n]
        if (bits ^ b) & mask & m:
            return None
        mask |= m
        bits |= b
    return mask, bits


def bounds(cells: Collection[Cell]) -> Bounds:
    """(min_row, max_row, min_col, max_col) of a non-empty iterable of cells."""
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return min(rows), max(rows), min(cols), max(cols)


def in_window(grid: Grid, cell: Cell, window: int | None) -> bool:
    """Would the table with a card at ``cell`` fit in one window x window square?"""
    if window is None or not grid:
        return True
    r0, r1, c0, c1 = bounds(grid)
    r, c = cell
    return max(r1, r) - min(r0, r) < window and max(c1, c) - min(c0, c) < window


def window_cells(grid: Grid, window: int | None) -> Bounds | None:
    """The cells where a card keeps the table inside the window (None: unbounded)."""
    if window is None or not grid:
        return None
    r0, r1, c0, c1 = bounds(grid)
    return (r1 - window + 1, r0 + window - 1, c1 - window + 1, c0 + window - 1)


def candidate_cells(grid: Grid, window: int | None) -> list[Cell]:
    """Empty cells touching the table (and inside the window, if any)."""
    if not grid:
        return [(0, 0)]
    seen: set[Cell] = set()
    for (r, c) in grid:
        for dr, dc in DIRECTIONS:
            cell = (r + dr, c + dc)
            if cell not in grid:
                seen.add(cell)
    box = window_cells(grid, window)
    if box is not None:
        lo_r, hi_r, lo_c, hi_c = box
        seen = {(r, c) for r, c in seen if lo_r <= r <= hi_r and lo_c <= c <= hi_c}
    return sorted(seen)


def run_through(grid: Grid, cell: Cell, axis: tuple[int, int]) -> list[Cell]:
    """The maximal run of occupied cells along ``axis`` through ``cell``
    (``cell`` counts as occupied), in order."""
    dr, dc = axis
    r, c = cell
    back: list[Cell] = []
    rr, cc = r - dr, c - dc
    while (rr, cc) in grid:
        back.append((rr, cc))
        rr, cc = rr - dr, cc - dc
    fwd: list[Cell] = []
    rr, cc = r + dr, c + dc
    while (rr, cc) in grid:
        fwd.append((rr, cc))
        rr, cc = rr + dr, cc + dc
    return back[::-1] + [cell] + fwd


def sets_through(grid: Grid, cell: Cell) -> list[tuple[int, tuple[Cell, ...]]]:
    """The lines of ``SET_LENGTH`` or more through ``cell`` (cell counted as
    occupied): a list of (axis index, run of cells)."""
    out: list[tuple[int, tuple[Cell, ...]]] = []
    for k, axis in enumerate(AXES):
        run = run_through(grid, cell, axis)
        if len(run) >= SET_LENGTH:
            out.append((k, tuple(run)))
    return out


def all_sets(grid: Grid) -> list[tuple[Cell, ...]]:
    """Every maximal line of ``SET_LENGTH`` or more on the table, as sorted
    tuples of cells (a set lying on the table: free-table mode only)."""
    found: set[tuple[Cell, ...]] = set()
    for cell in grid:
        for axis in AXES:
            prev = (cell[0] - axis[0], cell[1] - axis[1])
            if prev in grid:
                continue  # not the start of its run
            run = run_through(grid, cell, axis)
            if len(run) >= SET_LENGTH:
                found.add(tuple(sorted(run)))
    return sorted(found)


def cards_value(grid: Grid, cells: Iterable[Cell]) -> int:
    return sum(VALUE[grid[c]] for c in cells)


# --- legality of a whole table -------------------------------------------

_FORWARD = [k for k, (d, _, _) in enumerate(FACING) if d > (0, 0)]


def mismatched_pairs(grid: Grid) -> list[tuple[Cell, Cell]]:
    """Every touching pair of cards whose facing boxes differ, each pair once."""
    out: list[tuple[Cell, Cell]] = []
    for (r, c), card in grid.items():
        for k in _FORWARD:
            dr, dc = DIRECTIONS[k]
            other = grid.get((r + dr, c + dc))
            if other is None:
                continue
            mask, bits = CONSTRAINT[k][other]
            if card & mask != bits:
                out.append(((r, c), (r + dr, c + dc)))
    return out


def fits(grid: Grid, window: int | None) -> bool:
    if window is None or not grid:
        return True
    r0, r1, c0, c1 = bounds(grid)
    return r1 - r0 < window and c1 - c0 < window


def is_legal_table(grid: Grid, window: int | None) -> bool:
    return fits(grid, window) and not mismatched_pairs(grid)


def _min_cover(adj: dict[Cell, set[Cell]], k: int) -> set[Cell] | None:
    """A vertex cover of size <= k of the graph ``adj`` (dict of sets), or None."""
    v = max(adj, key=lambda x: (len(adj[x]), x), default=None)
    if v is None or not adj[v]:
        return set()
    if k <= 0:
        return None
    # Branch 1: v is removed.
    sub = _without(adj, {v})
    found = _min_cover(sub, k - 1)
    if found is not None:
        return found | {v}
    # Branch 2: v stays, so every card it mismatches is removed.
    nbrs = set(adj[v])
    if len(nbrs) > k:
        return None
    found = _min_cover(_without(adj, nbrs), k - len(nbrs))
    return None if found is None else found | nbrs


def _without(adj: dict[Cell, set[Cell]], gone: set[Cell]) -> dict[Cell, set[Cell]]:
    return {u: vs - gone for u, vs in adj.items() if u not in gone and vs - gone}


def minimum_cover(pairs: Iterable[tuple[Cell, Cell]], limit: int) -> set[Cell] | None:
    """A smallest vertex cover of the pairs, or None if it needs more than limit."""
    adj: dict[Cell, set[Cell]] = {}
    for a, b in pairs:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    for k in range(limit + 1):
        found = _min_cover(adj, k)
        if found is not None:
            return found
    return None


def _squares(grid: Grid, window: int | None) -> list[Cell | None]:
    if window is None:
        return [None]
    r0, r1, c0, c1 = bounds(grid)
    rows = range(r0, max(r0, r1 - window + 1) + 1)
    cols = range(c0, max(c0, c1 - window + 1) + 1)
    return [(r, c) for r in rows for c in cols]


def minimal_removal(grid: Grid, window: int | None,
                    keep: frozenset[Cell] = frozenset()) -> frozenset[Cell] | None:
    """One smallest frozenset of cells whose cards, removed, leave a legal table
    (empty if the table is legal already), never taking a cell of ``keep``;
    None if no such removal exists. See the module docstring."""
    if not grid:
        return frozenset()
    pairs = mismatched_pairs(grid)
    best: frozenset[Cell] | None = None
    for sq in _squares(grid, window):
        forced = _forced(grid, window, sq, pairs, keep)
        if forced is None:
            continue
        limit = len(grid) if best is None else len(best) - 1
        if len(forced) > limit:
            continue
        rest = [(a, b) for a, b in pairs if a not in forced and b not in forced]
        cover = minimum_cover(rest, limit - len(forced))
        if cover is not None:
            best = frozenset(forced | cover)
    return best


def _forced(grid: Grid, window: int | None, sq: Cell | None, pairs: Sequence[tuple[Cell, Cell]],
            keep: frozenset[Cell]) -> set[Cell] | None:
    """The cards that must go if the table is to fit the square ``sq``: those
    outside it, and the partner of a kept card in a mismatched pair; None when
    a kept card would have to go."""
    forced: set[Cell]
    if sq is None:
        forced = set()
    else:
        assert window is not None    # a square exists only for a window (see _squares)
        forced = {(r, c) for r, c in grid
                  if not (sq[0] <= r < sq[0] + window and sq[1] <= c < sq[1] + window)}
    if not keep:
        return forced
    for a, b in pairs:
        if a in keep and b in keep:
            return None
        if a in keep or b in keep:
            forced.add(b if a in keep else a)
    return None if forced & keep else forced


def describe_removal(grid: Grid, window: int | None, cells: Collection[Cell]) -> str:
    """Why a table minus ``cells`` is still illegal, in words (or '' if legal)."""
    rest = {c: v for c, v in grid.items() if c not in cells}
    if not fits(rest, window):
        r0, r1, c0, c1 = bounds(rest)
        return _("the cards left would span {rows} rows x {cols} columns, more than "
                 "the {w} x {w} window").format(rows=r1 - r0 + 1, cols=c1 - c0 + 1, w=window)
    bad = mismatched_pairs(rest)
    if bad:
        a, b = bad[0]
        return _("the cards at {a} and {b} would still not match").format(
            a=fmt_cell(a), b=fmt_cell(b))
    return ""


def line_text(axis: int, run: Sequence[Cell]) -> str:
    """A line of cards in words: "the row (0,0)-(0,4)", in the language in effect."""
    return _(LINE_TEXTS[axis]).format(start=fmt_cell(run[0]), end=fmt_cell(run[-1]))


def fmt_cell(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"
