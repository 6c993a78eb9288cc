"""Smartrix analysis and computer players.

- :func:`threats`: the empty cells where one card would complete a line of 5,
  the lines, and which cards (in which orientation) would do it.
- Players (the ``kit.players`` protocol, ``choose(game, rng) -> move``):
  ``RandomPlayer`` (any legal move), :class:`GreedyPlayer` (most points now),
  :class:`CautiousPlayer` (points now minus what the next player can expect to
  take on the table it leaves, over the cards that player might hold);
  ``CautiousPlayer().valuations(game)`` gives that value of every move
  (:class:`Valuation`), for hints and the analysis panel.
- :func:`tournament`: seeded games between any 2-7 players.

The computer players place only cards that match, even in the free-table mode
(they play honestly there, and take every claim and challenge on offer; a
challenge is the game's own, so it takes only offending cards). They
look only at what their seat may see: the table, the collected piles, their
own hand and the sizes of the other hands and of the pile.

Not covered here: search deeper than the next player's reply (that is
:class:`kit.smartrix.lookahead.LookaheadPlayer`), card counting over the order
of the pile (the pile is treated as a uniformly shuffled unknown).
"""

from __future__ import annotations

import threading
import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from kit.i18n import _, format_number
from kit.players import Player, RandomPlayer, Standing, standings_table
from kit.players import tournament as _tournament
from kit.smartrix.cards import DECK, ORIENTATIONS, TEXT, VALUE, Card, parse_card
from kit.smartrix.moves import PASS, Move
from kit.smartrix.rules import Game, next_seat
from kit.smartrix.table import (AXES, candidate_cells, cards_value, constraint_at, in_window,
                                Cell, run_through, sets_through)

#: (cell, cells a card there takes, their value, the constraint a card there meets)
_Hot = tuple[Cell, set[Cell], int, tuple[int, int] | None]

__all__ = ["Threat", "threats", "RandomPlayer", "GreedyPlayer", "CautiousPlayer", "Valuation",
           "tournament", "standings_table", "expected_best"]


@dataclass(frozen=True)
class Threat:
    """An empty ``cell`` where one card completes ``lines`` (cells of the cards
    already there, per line). ``value`` is what those cards are worth;
    ``completions`` the oriented card texts, from the pool asked about, that
    fit the cell (a set scores ``value`` plus the completing card's value)."""

    cell: Cell
    lines: tuple[tuple[Cell, ...], ...]
    value: int
    completions: tuple[str, ...]


def _pool(game: Game, cards: Iterable[str | Card] | None) -> list[Card]:
    if cards is None:
        return game.unseen(game.to_move)
    return [parse_card(c) if isinstance(c, str) else int(c) for c in cards]


def threats(game: Game, cards: Iterable[str | Card] | None = None) -> list[Threat]:
    """Lines one card short of a set. ``cards``: the pool of candidate cards
    (texts or ints, any orientation); default: every card the player to move
    cannot see, i.e. what the others might hold."""
    grid = game.table
    pool = _pool(game, cards)
    out = []
    for cell, _taken, value, need in _hot_cells(grid, game.window):
        fits = [] if need is None else [
            TEXT[o] for c in pool for o in ORIENTATIONS[c] if o & need[0] == need[1]]
        lines = tuple(tuple(x for x in run if x != cell) for _, run in sets_through(grid, cell))
        out.append(Threat(cell, lines, value, tuple(fits)))
    return out


def _hot_cells(grid: Mapping[Cell, Card], window: int | None) -> list[_Hot]:
    """(cell, cells taken, their value, constraint) for every cell completing a set."""
    hot: list[_Hot] = []
    for cell in candidate_cells(grid, window):
        sets = sets_through(grid, cell)
        if sets:
            taken = {x for _, run in sets for x in run if x != cell}
            hot.append((cell, taken, cards_value(grid, taken), constraint_at(grid, cell)))
    return hot


def _hot_after_place(grid: Mapping[Cell, Card], base_hot: Iterable[Cell], placed: Cell,
                     window: int | None) -> list[tuple[Cell, set[Cell]]]:
    """``_hot_cells`` of ``grid`` (which now holds a card at ``placed`` and lost
    none), as (cell, cells taken) only, from the hot cells before: only the cells just beyond the runs through
    ``placed`` can newly complete a set, and the window may only shrink."""
    near = set(base_hot)
    for axis in AXES:
        run = run_through(grid, placed, axis)
        (r0, c0), (r1, c1) = run[0], run[-1]
        near.add((r0 - axis[0], c0 - axis[1]))
        near.add((r1 + axis[0], c1 + axis[1]))
    near.discard(placed)
    hot: list[tuple[Cell, set[Cell]]] = []
    for cell in sorted(near):
        if cell in grid or not in_window(grid, cell, window):
            continue
        sets = sets_through(grid, cell)
        if sets:
            taken = {x for _, run in sets for x in run if x != cell}
            hot.append((cell, taken))
    return hot


# Bounded: a constraint leaves each of the 8 boxes free, empty or a spot, so at most
# 3 ** 8 = 6561 exist (about 2 KB each). Measured (45 three-player cautious games, 1 Dec
# 2026): 580 distinct in standard games, 1174 with the children's and free tables
# added; 2048 keeps a long session's working set, at most ~5 MB.
@lru_cache(maxsize=2048)
def _fitting(need: tuple[int, int]) -> frozenset[Card]:
    """The canonical cards with an orientation meeting the constraint."""
    mask, bits = need
    return frozenset(c for c in DECK if any(o & mask == bits for o in ORIENTATIONS[c]))


def expected_best(gains: Sequence[int], pool_size: int, hand_size: int) -> float:
    """E[max gain over a hand of ``hand_size`` cards dealt at random from a pool
    of ``pool_size``], where ``gains`` lists the positive gains of some of the
    pool's cards (the others gain 0). Exact (hypergeometric)."""
    if hand_size <= 0 or not gains:
        return 0.0
    hand_size = min(hand_size, pool_size)
    total = comb(pool_size, hand_size)
    exp = 0.0
    for i, g in enumerate(sorted(gains, reverse=True)):
        # The i-th best card is the hand's best: it is in, the i better ones are out.
        exp += g * comb(pool_size - 1 - i, hand_size - 1) / total
    return exp


def honest_placements(game: Game) -> list[tuple[Move, int, list[Cell]]]:
    """(move, points, cells collected) for every placement that matches and
    fits the window: the legal placements of the enforced rules."""
    grid, hand = game.table, game.hand_cards(game.to_move)
    out = []
    for cell in candidate_cells(grid, game.window):
        need = constraint_at(grid, cell)
        if need is None:
            continue
        sets = sets_through(grid, cell)
        taken = sorted({x for _, run in sets for x in run if x != cell})
        base = cards_value(grid, taken)
        for h in hand:
            for o in ORIENTATIONS[h]:
                if o & need[0] == need[1]:
                    pts = base + VALUE[o] if sets else 0
                    out.append((Move("place", card=o, cell=cell, claim=bool(sets) and
                                     not game.auto_collect), pts, taken))
    return out


def _free_points(game: Game) -> Move | None:
    """In free-table mode, the best claim or challenge on offer, or None."""
    if game.auto_collect or game.is_over:
        return None
    best: Move | None = None
    best_pts = 0
    for m in game.takes():  # not legal_moves(): its many placements are not wanted here
        pts = cards_value(game.table, m.cells)
        if best is None or pts > best_pts:
            best, best_pts = m, pts
    return best


class GreedyPlayer:
    """Takes the most points now; among equals sheds the heaviest card, then
    chooses at random. Passes only when no card fits."""

    name = "greedy"

    def choose(self, game: Game, rng: random.Random) -> Move:
        free = _free_points(game)
        if free is not None:
            return free
        options = honest_placements(game)
        if not options:
            return PASS
        scored = [(pts, VALUE[m.card] if m.card is not None else 0, m) for m, pts, _ in options]
        best = max(s[:2] for s in scored)
        return rng.choice([m for pts, shed, m in scored if (pts, shed) == best])

    def __repr__(self) -> str:
        return "GreedyPlayer()"


@dataclass(frozen=True)
class Valuation:
    """The cautious player's value of a move: ``points`` now minus ``risk``,
    the best set the next player may expect to complete on the table it
    leaves (negative when that player is a partner: their gain is the team's)."""

    points: int
    risk: float

    @property
    def value(self) -> float:
        return self.points - self.risk

    def __str__(self) -> str:
        # Short: a panel row holds its rank, this and the move's text.
        return f"{self.value:+.1f}"

    def explain(self) -> str:
        """The value in words: "value +3.2 = 5 now - 1.8 risk"."""
        return _("value {value} = {points} now - {risk} risk").format(
            value=("+" if self.value >= 0 else "-") + format_number(abs(self.value), 1),
            points=self.points, risk=format_number(self.risk, 1))


class CautiousPlayer:
    """Points now minus ``risk`` x what the next player may expect to collect
    on the table left behind (plus it, if the next player is a partner).

    The next player's hand is unknown: it is a random hand from the cards this
    seat cannot see (pile and other hands), of the size that player will hold
    after drawing. For each such card the best set it could complete is
    computed, and :func:`expected_best` gives the expected best over the hand.
    Passing is a candidate too. Ties: shed the heaviest card, then at random.
    """

    name = "cautious"

    def __init__(self, risk: float = 1.0) -> None:
        self.risk = risk

    def choose(self, game: Game, rng: random.Random) -> Move:
        free = _free_points(game)
        if free is not None:
            return free
        scored = [(v.value, VALUE[m.card] if m.card is not None else 0, m)
                  for m, v in self.valuations(game)]
        best = max(s[:2] for s in scored)
        ties = [m for v, shed, m in scored if v >= best[0] - 1e-9 and shed == best[1]]
        return rng.choice(ties)

    def valuations(self, game: Game, *, progress: Callable[[int, int], object] | None = None,
                   stop: threading.Event | None = None) -> list[tuple[Move, Valuation]]:
        """``[(move, Valuation), ...]`` for the pass and every honest placement,
        in the order they are considered (the pass first): what this player
        weighs. ``progress(done, total)`` is told as moves are valued; ``stop``
        (a ``threading.Event``) is checked between moves, and the moves valued
        so far come back. Claims and challenges are not valued: this player
        takes them first."""
        if game.is_over:
            return []
        pool = game.unseen(game.to_move)
        placements = honest_placements(game)
        total = len(placements) + 1
        out = [(PASS, Valuation(0, -self._after_pass(game, pool)))]
        base_hot = [h[0] for h in _hot_cells(game.table, game.window)]
        by_cell: dict[Cell, list[tuple[Cell, set[Cell]]]] = {}  # the hot cells left depend on where, not on which card
        # One copy of the table to try each move on (and put back): the game's own is read-only.
        grid = dict(game.table)
        for move, pts, taken in placements:
            if progress:
                progress(len(out), total)
            if stop is not None and stop.is_set():
                return out
            risk = self._risk_after(game, grid, pool, move, taken, base_hot, by_cell)
            out.append((move, Valuation(pts, risk)))
        if progress:
            progress(total, total)
        return out

    def _after_pass(self, game: Game, pool: Collection[Card]) -> float:
        return -self._exposure(game, game.table, pool, game.out_after_pass(), game.deck_size)

    def _risk_after(self, game: Game, grid: dict[Cell, Card], pool: Collection[Card], move: Move,
                    taken: Collection[Cell], base_hot: list[Cell],
                    by_cell: dict[Cell, list[tuple[Cell, set[Cell]]]]) -> float:
        """The risk after ``move``, tried on ``grid`` (a copy of the table, put back after)."""
        assert move.cell is not None and move.card is not None   # an honest placement
        if len(game.hand_cards(game.to_move)) == 1:
            return 0.0  # the last card: the game ends
        saved = {x: grid.pop(x) for x in taken}
        if not taken:  # else the card leaves with its set at once
            grid[move.cell] = move.card
        try:
            hot: list[_Hot] | None = None
            if not taken:
                if move.cell not in by_cell:
                    by_cell[move.cell] = _hot_after_place(grid, base_hot, move.cell, game.window)
                hot = [(c, t, cards_value(grid, t), constraint_at(grid, c))
                       for c, t in by_cell[move.cell]]
            return self._exposure(game, grid, pool, game.out, game.deck_size, hot)
        finally:
            grid.pop(move.cell, None)
            grid.update(saved)

    def _exposure(self, game: Game, grid: Mapping[Cell, Card], pool: Collection[Card],
                  out: Sequence[bool], deck_size: int, hot: list[_Hot] | None = None) -> float:
        """Signed expected gain of the next seat to move on ``grid``."""
        seat = game.to_move
        nxt = next_seat(out, seat)
        if nxt is None or nxt == seat:
            return 0.0
        sign = -1.0 if game.team_of(nxt) == game.team_of(seat) else 1.0
        if hot is None:
            hot = _hot_cells(grid, game.window)
        if not hot:
            return 0.0
        pool_set = set(pool)
        best: dict[Card, int] = {}
        for _cell, _line, value, need in hot:
            if need is None:
                continue
            for c in _fitting(need) & pool_set:
                g = value + VALUE[c]
                if g > best.get(c, 0):
                    best[c] = g
        gains = list(best.values())
        hand = len(game.hand_cards(nxt)) + (1 if deck_size else 0)
        return sign * self.risk * expected_best(gains, len(pool), hand)

    def __repr__(self) -> str:
        return f"CautiousPlayer(risk={self.risk})"


def tournament(players: Sequence[Player], games: int = 100, seed: int = 0,
               **options: Any) -> list[Standing]:
    """Seeded games between ``players`` (2-7; 4 with ``teams=True``), seats
    rotated; returns ``kit.players.Standing`` per player (win rate, mean score).
    ``options``: ``window``, ``teams``, ``auto_collect`` as for ``Game.new``."""
    n = len(players)
    return _tournament(lambda s: Game.new(n, seed=s, **options), players, games, seed)

