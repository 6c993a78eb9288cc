"""Scoring an IOTA play, and the explanation object lessons show.

Scoring (RULES.md): add the face values of every line of 2+ cards that holds a
card played this turn (a card in two such lines counts twice; a wild is worth
0), then double the turn once per lot completed (a line of exactly 4 holding a
played card), once more for playing 4 cards, once more if the play ends the
game. :func:`score_play` (with the explanation) and :func:`play_points` (just
the number) assume the play is legal; checking is in :mod:`kit.iota.rules`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from kit.iota.cards import TEXT, VALUE, Cell, Table, parse_card
from kit.iota.lines import AXIS_NAMES, lines_through


@dataclass(frozen=True)
class ScoredLine:
    """One line that scores: its direction, cells, card texts and face-value sum."""

    axis: int
    cells: tuple[Cell, ...]
    cards: tuple[str, ...]
    points: int

    @property
    def is_lot(self) -> bool:
        return len(self.cells) == 4

    def __str__(self) -> str:
        (r0, c0), (r1, c1) = self.cells[0], self.cells[-1]
        sums = " + ".join(f"{t}({VALUE[parse_card(t)]})" for t in self.cards)
        lot = "  (a lot)" if self.is_lot else ""
        return f"{AXIS_NAMES[self.axis]} ({r0},{c0})-({r1},{c1}): {sums} = {self.points}{lot}"


@dataclass(frozen=True)
class Explanation:
    """What a move would do: for a legal move its score, for an illegal one the rule.

    Legal: ``lines`` (each :class:`ScoredLine`), ``base`` (their sum),
    ``doublings`` (one reason per doubling) and ``points`` (the turn's total).
    Illegal: ``rule`` (the same text ``play`` raises; ``reason`` is its name in
    every game's Explanation) and ``cells`` (where).
    """

    move: object
    legal: bool
    points: int = 0
    base: int = 0
    lines: tuple[ScoredLine, ...] = ()
    doublings: tuple[str, ...] = ()
    rule: str = ""
    cells: tuple[Cell, ...] = field(default=())

    @property
    def reason(self) -> str:
        """The rule an illegal move breaks and where (``rule``, the kit's common name);
        empty when the move is legal."""
        return self.rule

    def __str__(self) -> str:
        if not self.legal:
            return f"{self.move}: illegal: {self.rule}"
        if not self.lines:
            return f"{self.move}: legal, scores {self.points}"
        out = [f"{self.move}: {self.points} points"]
        out += [f"  {line}" for line in self.lines]
        factor = "".join(" x 2" for _ in self.doublings)
        out.append(f"  lines: {self.base}{factor} = {self.points}")
        out += [f"  x 2: {why}" for why in self.doublings]
        return "\n".join(out)


def scored_lines(table_after: Table, cells: Sequence[Cell]) -> list[ScoredLine]:
    """The lines of 2+ cards through the played ``cells`` on the table after the play."""
    return [ScoredLine(axis, line, tuple(TEXT[table_after[x]] for x in line),
                       sum(VALUE[table_after[x]] for x in line))
            for axis, line in lines_through(table_after, cells)]


def score_play(table_after: Table, cells: Sequence[Cell],
               ends_game: bool) -> tuple[int, int, tuple[ScoredLine, ...], tuple[str, ...]]:
    """(points, base, lines, doublings) for a legal play onto ``cells``."""
    lines = scored_lines(table_after, cells)
    base = sum(line.points for line in lines)
    doublings = [f"lot completed: the {AXIS_NAMES[line.axis]} {' '.join(line.cards)} "
                 f"from ({line.cells[0][0]},{line.cells[0][1]})"
                 for line in lines if line.is_lot]
    if len(cells) == 4:
        doublings.append("all 4 cards played")
    if ends_game:
        doublings.append("the play ends the game (deck empty, last card played)")
    return base << len(doublings), base, tuple(lines), tuple(doublings)


def play_points(table_after: Table, cells: Sequence[Cell], ends_game: bool) -> int:
    """The points of a legal play onto ``cells``, without building an explanation."""
    lines = lines_through(table_after, cells)
    base = sum(VALUE[table_after[x]] for _, line in lines for x in line)
    shift = sum(1 for _, line in lines if len(line) == 4)
    return base << (shift + (len(cells) == 4) + bool(ends_game))


def quick_points(table: dict[Cell, int], placements: Sequence[tuple[int, Cell]], ends_game: bool) -> int:
    """The points of a legal play on ``table`` before it (for players)."""
    for card, cell in placements:
        table[cell] = card
    try:
        return play_points(table, [cell for _, cell in placements], ends_game)
    finally:
        for _, cell in placements:
            del table[cell]
