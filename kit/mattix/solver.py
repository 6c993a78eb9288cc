"""Game-tree search for Mattix: the exact solver and the budgeted search.

Covers ``search`` (negamax with alpha-beta, principal-variation null windows,
a transposition table and iterative deepening), ``solve`` (its
``(value, best_move)`` face) and ``analyse`` (the value of every legal move).
Values are always *from the player to move*: what they will still gain minus
what the opponent will still gain, under best play by both.

Not covered: players and tournaments (``ai.py``), the rules themselves
(``rules.py``; the search reads a Game once and then works on bitmasks).

How it works, briefly. A position is (remaining-tiles bitmask, star cell,
mover); nothing else matters for the rest of the game, so that triple is the
transposition-table key. Each table entry holds (depth, lower bound, upper
bound, best cell); equal bounds mean an exact value. Depth is capped at the number of tiles left: a search that deep
cannot reach its horizon, so its value is exact and serves every later
request. Bounds are used only to cut off (a lower bound at or above beta, an
upper bound at or below alpha), never to narrow the window; a narrowed
window would make a result look exact to the caller when it was only a
bound, the classic transposition-table bug. Moves are tried best-first: the
table's best cell, then by tile value (each line is pre-sorted once).
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

from kit.mattix.rules import Game, Move

INFINITY = 10 ** 9
#: The table is cleared when it grows past this many entries (memory guard).
DEFAULT_TABLE_LIMIT = 4_000_000


class _OutOfTime(Exception):
    pass


class Deadline(Protocol):
    """A time on ``time.perf_counter``'s clock: a float, or an object that
    answers ``now > deadline`` itself (the analysis' deadline that also
    passes when the user presses Stop)."""

    def __lt__(self, now: float, /) -> bool: ...


#: (depth, lower bound, upper bound, best cell) per position key.
Entry = tuple[int, int, int, int]
#: (bit, cell, tile value): a move along a line.
LineEntry = tuple[int, int, int]


@dataclass(frozen=True)
class SearchResult:
    """What a search found, and what it cost."""

    value: int                   # for the player to move (exact if ``exact``)
    best_move: Move | None    # None when the game is over
    depth: int                   # deepest iteration completed (plies)
    exact: bool                  # True when the search saw every game end
    nodes: int
    seconds: float

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


class Searcher:
    """A search over one board's tiles; its table may serve many positions.

    Build it from a Game; then ``run(...)`` searches the game's current
    position, and ``value_of(mask, star, mover, depth)`` any position over
    the same tile layout (``analyse`` uses that to share one table).
    """

    def __init__(self, game: Game, table_limit: int = DEFAULT_TABLE_LIMIT) -> None:
        n = game.size
        self.size = n
        self.values = [v if v is not None else 0 for row in game.board for v in row]
        self.mask = sum(1 << i for i, v in enumerate(v for row in game.board for v in row)
                        if v is not None)
        self.star = game.star[0] * n + game.star[1]
        self.mover = game.to_move
        self.table: dict[int, Entry] = {}
        self.table_limit = table_limit
        self.deadline: float | Deadline | None = None
        # lines[mover][cell]: ((bit, cell, value), ...) for the mover's line
        # through cell, highest value first: move ordering costs nothing later.
        self.lines = ([self._line(i, by_row=True) for i in range(n * n)],
                      [self._line(i, by_row=False) for i in range(n * n)])
        self._search = self._make_search()

    def _line(self, cell: int, by_row: bool) -> tuple[LineEntry, ...]:
        n = self.size
        r, c = divmod(cell, n)
        cells = [r * n + j for j in range(n)] if by_row else [i * n + c for i in range(n)]
        entries = [(1 << i, i, self.values[i]) for i in cells if i != cell]
        entries.sort(key=lambda e: -e[2])
        return tuple(entries)

    def _make_search(self) -> Callable[[int, int, int, int, int, int, int], int]:
        """The recursive negamax, as a closure over locals (speed matters)."""
        table = self.table
        lines = self.lines
        shift = (self.size * self.size).bit_length()
        perf = time.perf_counter
        searcher = self
        counter = [0]   # nodes, in a list: cheaper to bump than an attribute
        checkpoint = [0]  # look at the clock again once counter passes this

        def search(mask: int, star: int, mover: int, depth: int, left: int, alpha: int,
                   beta: int) -> int:
            # Returns a fail-soft value: <= alpha means "at most", >= beta "at least".
            counter[0] += 1
            if counter[0] >= checkpoint[0]:
                checkpoint[0] = counter[0] + 2000
                if searcher.deadline is not None and perf() > searcher.deadline:
                    raise _OutOfTime
            if depth > left:
                depth = left
            key = ((mask << shift) | star) << 1 | mover
            # Depth-1 nodes are the most numerous and gain nothing from the
            # table (their children are all scored inline): skip it there.
            entry = table.get(key) if depth > 1 else None
            first = -1
            lower, upper = -INFINITY, INFINITY
            if entry is not None:
                e_depth, e_lower, e_upper, first = entry
                if e_depth >= depth:
                    if e_lower >= beta or e_lower == e_upper:
                        return e_lower
                    if e_upper <= alpha:
                        return e_upper
                    if e_depth == depth:
                        lower, upper = e_lower, e_upper
            line = lines[mover][star]
            if depth == 0:
                # Horizon (only when a search starts at depth 0; deeper ones
                # score the last ply inline): the mover's best tile now.
                for bit, _cell, value in line:
                    if mask & bit:
                        return value
                return 0
            moves = [e for e in line if mask & e[0]]
            if not moves:
                return 0
            if first >= 0 and moves[0][1] != first:
                for k, e in enumerate(moves):
                    if e[1] == first:
                        moves.insert(0, moves.pop(k))
                        break
            alpha0 = alpha
            best = -INFINITY
            best_cell = -1
            child_depth, child_left, other = depth - 1, left - 1, 1 - mover
            other_lines = lines[other]
            for bit, cell, value in moves:
                child_mask = mask ^ bit
                # The opponent's biggest reply (their line is sorted). If there
                # is none, the move ends the game and is worth its tile; at the
                # horizon, its tile minus that reply. Neither needs a call.
                reply = None
                for b2, _, tile in other_lines[cell]:
                    if child_mask & b2:
                        reply = tile
                        break
                if reply is None or not child_depth:
                    v = value if reply is None else value - reply
                    counter[0] += 1
                elif best_cell < 0:
                    v = value - search(child_mask, cell, other, child_depth, child_left,
                                       value - beta, value - alpha)
                else:
                    # Null window: prove this move no better than alpha.
                    v = value - search(child_mask, cell, other, child_depth, child_left,
                                       value - alpha - 1, value - alpha)
                    if alpha < v < beta:
                        # Re-search with the full window: a window starting at
                        # v could pass off a bound as an exact value.
                        v = value - search(child_mask, cell, other, child_depth,
                                           child_left, value - beta, value - alpha)
                if v > best:
                    best, best_cell = v, cell
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            # Keep both bounds: null-window searches alternate between failing
            # high and low, and each result is a true bound for this depth.
            if best <= alpha0:
                if best < upper:
                    upper = best
            elif best >= beta:
                if best > lower:
                    lower = best
            else:
                lower = upper = best
            if depth > 1:
                if len(table) >= searcher.table_limit:
                    table.clear()
                table[key] = (depth, lower, upper, best_cell)
            return best

        self._counter, self._checkpoint = counter, checkpoint
        return search

    # ----- entry points ------------------------------------------------------

    def value_of(self, mask: int, star: int, mover: int, depth: int | None = None) -> int:
        """Value of any position over this layout, for the mover (exact if depth is None)."""
        left = mask.bit_count()
        return self._search(mask, star, mover, left if depth is None else depth, left,
                            -INFINITY, INFINITY)

    def value_by(self, mask: int, star: int, mover: int, depth: int | None,
                 deadline: float | Deadline) -> int | None:
        """``value_of``, or None if the clock (``time.perf_counter``) passes ``deadline`` first.

        The table keeps what the search learnt either way.
        """
        self.deadline = deadline
        try:
            return self.value_of(mask, star, mover, depth)
        except _OutOfTime:
            return None
        finally:
            self.deadline = None

    def stored_best(self, mask: int, star: int, mover: int) -> int | None:
        """The best cell an exact search stored for this position, or None.

        An exact search leaves exact entries along its principal variation,
        so following this from a position just searched reads off a best line.
        """
        key = ((mask << (self.size * self.size).bit_length()) | star) << 1 | mover
        entry = self.table.get(key)
        if entry is None or entry[1] != entry[2] or entry[0] < mask.bit_count() or entry[3] < 0:
            return None
        return entry[3]

    def _root_moves(self) -> list[LineEntry]:
        """The root's moves as (bit, cell, value), biggest tile first."""
        return [e for e in self.lines[self.mover][self.star] if self.mask & e[0]]

    def _root(self, depth: int, left: int, rng: random.Random | None) -> tuple[int, int]:
        """One full-window search of the root; returns (value, best cell)."""
        mask, star, mover = self.mask, self.star, self.mover
        moves = self._root_moves()
        if rng is not None:
            rng.shuffle(moves)                      # ties between equal tiles: seeded
            moves.sort(key=lambda e: -e[2])
        entry = self.table.get(((mask << (self.size * self.size).bit_length()) | star) << 1
                               | mover)
        if entry is not None:
            moves.sort(key=lambda e: e[1] != entry[3])
        best, best_cell, alpha = -INFINITY, -1, -INFINITY
        for bit, cell, value in moves:
            v = value - self._search(mask ^ bit, cell, 1 - mover, depth - 1, left - 1,
                                     -INFINITY, value - alpha)
            if v > best:
                best, best_cell, alpha = v, cell, v
        return best, best_cell

    def run(self, depth: int | None = None, time_limit: float | None = None,
            rng: random.Random | None = None,
            deepen: bool | None = None) -> SearchResult:
        """Search the game's position within the budgets.

        ``deepen``: iterate depth by depth (default: only when there is a
        budget). ``deepen=False`` with a time limit tries for the full depth
        and, if time runs out first, reports depth 0 and the biggest tile.
        """
        start = time.perf_counter()
        self._counter[0] = self._checkpoint[0] = 0
        left = self.mask.bit_count()
        moves = self._root_moves()
        if not moves:
            return SearchResult(0, None, 0, True, 1, time.perf_counter() - start)
        target = left if depth is None else min(depth, left)
        self.deadline = None if time_limit is None else start + time_limit
        done_value: int | None = None
        done_cell, done_depth = -1, 0
        # The search makes no reference cycles, and the cycle collector walking
        # millions of table entries cost a fifth of the time on 6x6 (measured).
        gc_was_on = gc.isenabled()
        gc.disable()
        try:
            # Without a budget, go straight to the end: the horizon guess is too
            # rough for shallow iterations to pay for themselves (measured: 4x
            # more nodes on 5x5). With a budget, deepen step by step.
            if deepen is None:
                deepen = depth is not None or time_limit is not None
            steps = _deepening_steps(target) if deepen else [target]
            for d in steps:
                done_value, done_cell = self._root(d, left, rng)
                done_depth = d
        except _OutOfTime:
            pass
        finally:
            self.deadline = None
            if gc_was_on:
                gc.enable()
        if done_value is None:
            # Not even depth 1 finished in time: fall back on the biggest tile.
            done_value, done_cell = moves[0][2], moves[0][1]
        n = self.size
        return SearchResult(done_value, Move(*divmod(done_cell, n)), done_depth,
                            done_depth >= left, self._counter[0], time.perf_counter() - start)


def _deepening_steps(target: int) -> Iterator[int]:
    """Depths to iterate: every depth up to 8, then in steps of 2, ending at target."""
    d = 1
    while d < target:
        yield d
        d += 1 if d < 8 else 2
    yield target


def search(game: Game, depth: int | None = None, time_limit: float | None = None,
           rng: random.Random | None = None, table_limit: int = DEFAULT_TABLE_LIMIT,
           deepen: bool | None = None) -> SearchResult:
    """Search ``game`` from the mover's side; exact when no budget cuts it short.

    ``depth`` caps the plies searched, ``time_limit`` the seconds (wall clock);
    the result says how deep the search got and whether that was exact.
    """
    return Searcher(game, table_limit).run(depth, time_limit, rng, deepen)


def solve(game: Game, depth: int | None = None,
          time_limit: float | None = None) -> tuple[int, Move | None]:
    """``(value, best_move)`` for the player to move; exact with no budget.

    ``value`` is what the mover will still gain minus what the opponent will,
    under perfect play. With ``depth`` or ``time_limit`` the search stops early
    (the 8 x 8 search) and the value is the deepest completed estimate.
    ``best_move`` is None when the game is over (value 0).
    """
    result = search(game, depth, time_limit)
    return result.value, result.best_move


def analyse(game: Game, depth: int | None = None) -> list[tuple[Move, int]]:
    """Every legal move with its value for the mover, best first.

    A move's value is its tile minus the opponent's value of the position it
    leaves: exact with ``depth=None``; otherwise each reply is searched to
    ``depth - 1`` plies. Equal values: higher tile first, then board order.
    """
    searcher = Searcher(game)
    n = game.size
    child_depth = None if depth is None else max(depth - 1, 0)
    rows = []
    for m in game.legal_moves():
        cell = m.row * n + m.col
        tile = searcher.values[cell]
        reply = searcher.value_of(searcher.mask ^ (1 << cell), cell, 1 - game.to_move,
                                  child_depth)
        rows.append((m, tile - reply, tile))
    rows.sort(key=lambda row: (-row[1], -row[2], row[0]))
    return [(m, v) for m, v, _ in rows]
