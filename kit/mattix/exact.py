"""The exact Mattix solver for 7 x 7: zero-window MTD(f) over a bounds table.

Covers ``exact_value(game)`` (the exact value for the mover and a best move)
and ``ExactSolver`` (its table may serve many positions over one layout).
Values are from the player to move, as in ``solver.py``: what they will still
gain minus what the opponent will still gain, under best play by both.

Not covered: budgeted search, iterative deepening, players (``solver.py``,
``ai.py``). This module is standard library only.

How it differs from ``solver.Searcher``. Only exact values are wanted, so a
table entry has no depth: it is (lower bound, upper bound, best cell) for the
rest of the game, and bounds found by different windows merge (the tighter of
each kept), which an exact-only table may do safely. The root is solved by
MTD(f): a series of zero-window searches converging on the value, each one
reusing every bound the earlier ones stored. Before searching children, the
node looks their bounds up in the table (enhanced transposition cutoffs): a
child already known to be bad enough for the opponent cuts off at once. Moves
are tried table-move first, then by tile value (a history score is an option:
measured, it cost nodes on 5 x 5). The last ply is scored inline, as in
``solver.py``.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass

from kit.mattix.rules import Game, Move

INFINITY = 10 ** 9
#: Enhanced transposition cutoffs are tried only with at least this many tiles left
#: (near the leaves the extra lookups cost more than they save).
ETC_MIN_LEFT = 6


@dataclass(frozen=True)
class ExactResult:
    """An exact value, a best move, and what it cost."""

    value: int
    best_move: Move | None
    nodes: int
    seconds: float
    passes: int          # zero-window searches MTD(f) needed
    table_size: int


class ExactSolver:
    """Exact values of positions over one board's tile layout."""

    def __init__(self, game: Game, etc: bool = True, history: bool = False,
                 order_min: int = 8) -> None:
        n = game.size
        self.size = n
        self.values = [v if v is not None else 0 for row in game.board for v in row]
        self.mask = sum(1 << i for i, v in enumerate(v for row in game.board for v in row)
                        if v is not None)
        self.star = game.star[0] * n + game.star[1]
        self.mover = game.to_move
        self.table: dict[int, tuple[int, int, int]] = {}
        self.shift = (n * n).bit_length()
        self.lines = ([self._line(i, by_row=True) for i in range(n * n)],
                      [self._line(i, by_row=False) for i in range(n * n)])
        self.counter = [0]
        self.passes = 0
        self._search = self._make_search(etc, history, order_min)

    def _line(self, cell: int, by_row: bool) -> tuple[tuple[int, int, int], ...]:
        n = self.size
        r, c = divmod(cell, n)
        cells = [r * n + j for j in range(n)] if by_row else [i * n + c for i in range(n)]
        entries = [(1 << i, i, self.values[i]) for i in cells if i != cell]
        entries.sort(key=lambda e: -e[2])
        return tuple(entries)

    def _make_search(self, etc: bool, use_history: bool,
                     order_min: int) -> Callable[[int, int, int, int, int, int], int]:
        table = self.table
        lines = self.lines
        shift = self.shift
        counter = self.counter
        history = [0] * (self.size * self.size)
        etc_min = ETC_MIN_LEFT if etc else 10 ** 6
        get = table.get

        def search(mask: int, star: int, mover: int, left: int, alpha: int, beta: int) -> int:
            # Fail-soft: a result <= alpha is an upper bound, >= beta a lower bound.
            counter[0] += 1
            key = ((mask << shift) | star) << 1 | mover
            entry = get(key)
            first = -1
            lower, upper = -INFINITY, INFINITY
            if entry is not None:
                lower, upper, first = entry
                if lower >= beta or lower == upper:
                    return lower
                if upper <= alpha:
                    return upper
            moves = [e for e in lines[mover][star] if mask & e[0]]
            if not moves:
                return 0
            other = 1 - mover
            child_left = left - 1
            if etc and left >= etc_min:
                for bit, cell, value in moves:
                    child = get((((mask ^ bit) << shift) | cell) << 1 | other)
                    if child is not None and value - child[1] >= beta:
                        counter[0] += 1
                        return value - child[1]
            if use_history and len(moves) > 2:
                moves.sort(key=lambda e: -history[e[1]])
            elif left >= order_min and len(moves) > 2:
                # One-step lookahead: tile minus the opponent's biggest reply.
                scored = []
                for e in moves:
                    cm = mask ^ e[0]
                    r = 0
                    for b2, _, tile in lines[other][e[1]]:
                        if cm & b2:
                            r = tile
                            break
                    scored.append((r - e[2], e))
                scored.sort(key=lambda t: t[0])
                moves = [e for _, e in scored]
            if first >= 0 and moves[0][1] != first:
                for k, e in enumerate(moves):
                    if e[1] == first:
                        moves.insert(0, moves.pop(k))
                        break
            alpha0 = alpha
            best = -INFINITY
            best_cell = -1
            other_lines = lines[other]
            for bit, cell, value in moves:
                child_mask = mask ^ bit
                reply = None
                for b2, _, tile in other_lines[cell]:
                    if child_mask & b2:
                        reply = tile
                        break
                if reply is None:
                    v = value
                    counter[0] += 1
                elif child_left == 1:
                    v = value - reply
                    counter[0] += 1
                else:
                    v = value - search(child_mask, cell, other, child_left,
                                       value - beta, value - alpha)
                if v > best:
                    best, best_cell = v, cell
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            history[cell] += left * left
                            break
            if best <= alpha0:
                if best < upper:
                    upper = best
            elif best >= beta:
                if best > lower:
                    lower = best
            else:
                lower = upper = best
            table[key] = (lower, upper, best_cell)
            return best

        return search

    def value_of(self, mask: int, star: int, mover: int, guess: int = 0) -> int:
        """The exact value of any position over this layout, for the mover (MTD(f))."""
        left = mask.bit_count()
        g = guess
        lower, upper = -INFINITY, INFINITY
        self.passes = 0
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = self._search(mask, star, mover, left, beta - 1, beta)
            self.passes += 1
            if g < beta:
                upper = g
            else:
                lower = g
        return g

    def best_cell(self, mask: int, star: int, mover: int) -> int | None:
        """A best cell for a position whose exact value this solver has found."""
        entry = self.table.get(((mask << self.shift) | star) << 1 | mover)
        if entry is None:
            return None
        value = entry[0]
        # Each child solved exactly: cheap, the table already bounds most of them.
        for bit, cell, tile in self.lines[mover][star]:
            if mask & bit and tile - self._child_value(mask ^ bit, cell, 1 - mover) == value:
                return cell
        return None

    def _child_value(self, mask: int, star: int, mover: int) -> int:
        if not any(mask & b for b, _, _ in self.lines[mover][star]):
            return 0
        return self.value_of(mask, star, mover)

    def run(self, guess: int = 0) -> ExactResult:
        """Solve the game's current position exactly."""
        start = time.perf_counter()
        self.counter[0] = 0
        gc_was_on = gc.isenabled()
        gc.disable()
        try:
            if not any(self.mask & b for b, _, _ in self.lines[self.mover][self.star]):
                return ExactResult(0, None, 1, time.perf_counter() - start, 0, 0)
            value = self.value_of(self.mask, self.star, self.mover, guess)
            passes = self.passes
            cell = self.best_cell(self.mask, self.star, self.mover)
        finally:
            if gc_was_on:
                gc.enable()
        assert cell is not None
        return ExactResult(value, Move(*divmod(cell, self.size)), self.counter[0],
                           time.perf_counter() - start, passes, len(self.table))


def exact_value(game: Game, guess: int | None = None) -> ExactResult:
    """Solve ``game`` exactly from the mover's side (any size; built for 7 x 7).

    MTD(f) needs one zero-window pass per point between its first guess and
    the value; by default the guess is ``solver.search`` to depth 8 (cheap).
    """
    if guess is None:
        from kit.mattix.solver import search
        guess = search(game, depth=min(8, game.tiles_left())).value
    return ExactSolver(game).run(guess)
