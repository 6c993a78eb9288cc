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

from kit.i18n import N_, _, ngettext
from kit.iota.cards import TEXT, VALUE, Cell, Table, parse_card
from kit.iota.lines import AXIS_NAMES, lines_through

#: The doublings by key (``Explanation.kinds``): the short name of each, as a
#: lesson lists what to double for. Code decides by the key, never by the words.
DOUBLING_NAMES = {
    # Translators: "lot" is a line of exactly 4 cards (IOTA's "lote")
    "lot": N_("lot completed"),
    "four": N_("all 4 cards played"),
    "end": N_("the play ends the game (deck empty, last card played)"),
}
#: Per axis: a lot completed, the first doubling's reason in full.
_LOT_DONE = (N_("lot completed: the row {cards} from ({r},{c})"),
             N_("lot completed: the column {cards} from ({r},{c})"))


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
        where = _(AXIS_NAMES[self.axis])
        if self.is_lot:
            # Translators: a scoring line that is a lot (a line of exactly 4 cards)
            return _("{axis} ({r0},{c0})-({r1},{c1}): {sums} = {points}  (a lot)").format(
                axis=where, r0=r0, c0=c0, r1=r1, c1=c1, sums=sums, points=self.points)
        return _("{axis} ({r0},{c0})-({r1},{c1}): {sums} = {points}").format(
            axis=where, r0=r0, c0=c0, r1=r1, c1=c1, sums=sums, points=self.points)


@dataclass(frozen=True)
class Explanation:
    """What a move would do: for a legal move its score, for an illegal one the rule.

    Legal: ``lines`` (each :class:`ScoredLine`), ``base`` (their sum),
    ``doublings`` (one reason per doubling, in words), ``kinds`` (the key of each:
    "lot", "four", "end"; see :data:`DOUBLING_NAMES`) and ``points`` (the turn's
    total). Illegal: ``rule`` (the same text ``play`` raises; ``reason`` is its name
    in every game's Explanation), ``rule_key`` (the rule's name in every language,
    such as "touch" or "match"; see :mod:`kit.iota.rules`) and ``cells`` (where).
    """

    move: object
    legal: bool
    points: int = 0
    base: int = 0
    lines: tuple[ScoredLine, ...] = ()
    doublings: tuple[str, ...] = ()
    rule: str = ""
    cells: tuple[Cell, ...] = field(default=())
    kinds: tuple[str, ...] = ()
    rule_key: str = ""

    @property
    def doubling_names(self) -> list[str]:
        """Each doubling's short name ("lot completed" ...), in the kit's language."""
        return [_(DOUBLING_NAMES[kind]) for kind in self.kinds]

    @property
    def reason(self) -> str:
        """The rule an illegal move breaks and where (``rule``, the kit's common name);
        empty when the move is legal."""
        return self.rule

    def __str__(self) -> str:
        if not self.legal:
            return _("{move}: illegal: {rule}").format(move=self.move, rule=self.rule)
        if not self.lines:
            return _("{move}: legal, scores {points}").format(move=self.move, points=self.points)
        out = [ngettext("{move}: {points} point", "{move}: {points} points", self.points)
               .format(move=self.move, points=self.points)]
        out += [f"  {line}" for line in self.lines]
        factor = "".join(" x 2" for __ in self.doublings)
        out.append("  " + _("lines: {base}{factor} = {points}").format(
            base=self.base, factor=factor, points=self.points))
        out += [f"  x 2: {why}" for why in self.doublings]
        return "\n".join(out)


def scored_lines(table_after: Table, cells: Sequence[Cell]) -> list[ScoredLine]:
    """The lines of 2+ cards through the played ``cells`` on the table after the play."""
    return [ScoredLine(axis, line, tuple(TEXT[table_after[x]] for x in line),
                       sum(VALUE[table_after[x]] for x in line))
            for axis, line in lines_through(table_after, cells)]


def score_play(table_after: Table, cells: Sequence[Cell], ends_game: bool
               ) -> tuple[int, int, tuple[ScoredLine, ...], tuple[str, ...], tuple[str, ...]]:
    """(points, base, lines, doublings, kinds) for a legal play onto ``cells``:
    ``doublings`` says each doubling's reason in words, ``kinds`` its key."""
    lines = scored_lines(table_after, cells)
    base = sum(line.points for line in lines)
    doublings = [_(_LOT_DONE[line.axis]).format(cards=" ".join(line.cards),
                                                r=line.cells[0][0], c=line.cells[0][1])
                 for line in lines if line.is_lot]
    kinds = ["lot"] * len(doublings)
    if len(cells) == 4:
        doublings.append(_(DOUBLING_NAMES["four"]))
        kinds.append("four")
    if ends_game:
        doublings.append(_(DOUBLING_NAMES["end"]))
        kinds.append("end")
    return base << len(doublings), base, tuple(lines), tuple(doublings), tuple(kinds)


def play_points(table_after: Table, cells: Sequence[Cell], ends_game: bool) -> int:
    """The points of a legal play onto ``cells``, without building an explanation."""
    lines = lines_through(table_after, cells)
    base = sum(VALUE[table_after[x]] for __, line in lines for x in line)
    shift = sum(1 for __, line in lines if len(line) == 4)
    return base << (shift + (len(cells) == 4) + bool(ends_game))


def quick_points(table: dict[Cell, int], placements: Sequence[tuple[int, Cell]], ends_game: bool) -> int:
    """The points of a legal play on ``table`` before it (for players)."""
    for card, cell in placements:
        table[cell] = card
    try:
        return play_points(table, [cell for __, cell in placements], ends_game)
    finally:
        for __, cell in placements:
            del table[cell]
