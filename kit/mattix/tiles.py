"""The kit's Mattix tile tables, and why they look the way they do.

Covers: the 63-tile tables for the printed 8 x 8 board at level 1 (positive
values 1..15 only) and level 2 (values -10..-1 and 1..15; negatives subtract),
the smaller lesson boards (4 x 4, 5 x 5, 6 x 6) and a rule that gives a table
for any other board size. Not covered: laying tiles out (``rules.Game.new``).

The published game says its tiles are chosen "according to a table" per level
but never prints the table, so these are the kit's own [decision]. The same
text, written for teachers, is ``docs/mattix-tiles.md``.

Rationale
---------
* **Level 1** (sum 461, mean 7.3). Every value 1..15 appears. Middle values
  (2..8) are the most common, five each, so most lines hold a few ordinary
  choices; the big tiles 12..15 are rarer (three each) but there are twelve
  of them, so almost every row and column is tempting. That is the point of
  the game: a big tile now is only good if the line you hand your opponent
  (the star's new column or row) holds nothing bigger.
* **Level 2** (sum 275). A quarter of the tiles (16 of 63) are negative:
  two each of -1..-6, one each of -7..-10. Because a player *must* take a
  tile from their line, negatives turn the game into one of traps: leave the
  opponent a line of nothing but negatives and they have to pay. The
  positives keep the top end (three 15s) so greed is still tempting, and the
  big negatives are single tiles, so a trap has to be built, not found.
  The total stays clearly positive, so a game is not decided by who avoids
  the most penalties alone.
* **Smaller boards** keep the *shape* of the full table: a board of ``k``
  tiles takes the values at ``k`` evenly spaced positions of the sorted
  63-tile table (:func:`scaled_table`). The 5 x 5 and 6 x 6 tables below
  are exactly that rule's output, written out so a teacher can read them.
  The 4 x 4 level 1 table is the small commercial edition's: 1..7 twice
  each and one 8.
"""

from __future__ import annotations

from collections.abc import Iterable

from kit.i18n import _

#: How many of each value, level 1 (8 x 8, 63 tiles, values 1..15).
LEVEL_1_COUNTS = {1: 4, 2: 5, 3: 5, 4: 5, 5: 5, 6: 5, 7: 5, 8: 5,
                  9: 4, 10: 4, 11: 4, 12: 3, 13: 3, 14: 3, 15: 3}

#: How many of each value, level 2 (8 x 8, 63 tiles, values -10..-1, 1..15).
LEVEL_2_COUNTS = {-10: 1, -9: 1, -8: 1, -7: 1, -6: 2, -5: 2, -4: 2, -3: 2,
                  -2: 2, -1: 2, 1: 3, 2: 3, 3: 3, 4: 4, 5: 4, 6: 4, 7: 4,
                  8: 4, 9: 3, 10: 3, 11: 3, 12: 2, 13: 2, 14: 2, 15: 3}


def _expand(counts: dict[int, int]) -> tuple[int, ...]:
    return tuple(v for v in sorted(counts) for _ in range(counts[v]))


LEVEL_1 = _expand(LEVEL_1_COUNTS)
LEVEL_2 = _expand(LEVEL_2_COUNTS)

#: 6 x 6 (35 tiles): scaled_table(LEVEL_n, 35), written out.
SIX_LEVEL_1 = (1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8,
               8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 15, 15)
SIX_LEVEL_2 = (-10, -8, -6, -5, -4, -4, -3, -2, -1, 1, 1, 2, 3, 3, 4, 4, 5, 5,
               6, 6, 6, 7, 7, 8, 8, 9, 9, 10, 11, 11, 12, 13, 14, 15, 15)

#: 5 x 5 (24 tiles): scaled_table(LEVEL_n, 24), written out.
FIVE_LEVEL_1 = (1, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 10, 11, 12,
                12, 13, 14, 15)
FIVE_LEVEL_2 = (-9, -7, -5, -4, -3, -1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 7, 8, 9, 10,
                11, 11, 13, 14, 15)

#: 4 x 4 (15 tiles). Level 1: the small commercial edition (1..7 twice, one 8).
FOUR_LEVEL_1 = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8)
#: Level 2: scaled_table(LEVEL_2, 15), written out.
FOUR_LEVEL_2 = (-8, -5, -3, -1, 1, 3, 4, 5, 6, 7, 8, 10, 11, 13, 15)

PRESETS = {
    (8, 1): LEVEL_1, (8, 2): LEVEL_2,
    (6, 1): SIX_LEVEL_1, (6, 2): SIX_LEVEL_2,
    (5, 1): FIVE_LEVEL_1, (5, 2): FIVE_LEVEL_2,
    (4, 1): FOUR_LEVEL_1, (4, 2): FOUR_LEVEL_2,
}

LEVELS = (1, 2)


def scaled_table(table: Iterable[int], count: int) -> tuple[int, ...]:
    """``count`` values at evenly spaced positions of the sorted ``table``.

    Keeps the table's shape (how many low, middle, high and negative tiles)
    on a board of any size; for ``count`` above ``len(table)`` values repeat.
    """
    ordered = sorted(table)
    n = len(ordered)
    return tuple(ordered[round((i + 0.5) * n / count - 0.5)] for i in range(count))


def check_size(size: object) -> None:
    """A board side must be an integer of at least 2 (ValueError otherwise)."""
    if not isinstance(size, int) or isinstance(size, bool) or size < 2:
        raise ValueError(_("board size must be an integer of at least 2, got {size}")
                         .format(size=repr(size)))


def tile_table(size: int, level: int = 1) -> tuple[int, ...]:
    """The ``size * size - 1`` tiles for an n x n board at ``level`` (sorted)."""
    if level not in LEVELS:
        raise ValueError(_("level must be 1 (positive tiles) or 2 (with negatives), got {level}")
                         .format(level=repr(level)))
    check_size(size)
    preset = PRESETS.get((size, level))
    if preset is not None:
        return preset
    return scaled_table(LEVEL_1 if level == 1 else LEVEL_2, size * size - 1)
