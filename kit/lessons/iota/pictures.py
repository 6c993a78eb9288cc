"""The IOTA course's pictures: a line of cards, a play drawn on its table with the
seat to move and its hand under it, the final play. Each returns SVG text (or a
``kit.scene.Scene``).

[decision] A position's picture is drawn as the live board draws it
(:func:`position_picture`): the table in the board's 580 x 360 box, the seat to
move, the deck and the mover's hand in a strip under it, 580 px wide. With every
seat's panel beside the table it was 932 px wide, too wide for the answer's column
beside it in Lab at 1366 x 768: the column wrapped under it, and the verdict fell
below the window (issue 30).

Not covered: the engine's own drawing (``kit.iota.draw``).
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from kit.i18n import _
from kit.iota import Game
from kit.iota.cards import parse_card
from kit.iota.draw import draw, draw_hand, split_options
from kit.iota.layout import GAP, LIVE_MAX_CELL, LIVE_MIN_CELL, LIVE_TABLE_BOX, Geometry, plan
from kit.lessons.iota.answers import read_play
from kit.iota.moves import Play
from kit.scene import Circle, Line, Polygon, Rect, Scene, Text
from kit.lessons.iota.positions import DRAW_PLAY, rules_position, table_after


def line_scene(cards: Sequence[str]) -> Scene:
    """A row of cards as a picture a notebook shows (any cards, even a line breaking the rules)."""
    return draw_hand([parse_card(c) for c in cards], cell=80, title=_("a line: {cards}").format(
        cards=" ".join(cards)))


def line_picture(cards: Sequence[str]) -> str:
    """:func:`line_scene` as SVG text (for an exercise's saved picture)."""
    return line_scene(cards).to_svg()


def draw_picture() -> str:
    """The rules table just after :data:`DRAW_PLAY` (outlined), the hand left under it."""
    return play_picture(rules_position(), DRAW_PLAY)


#: A table's box in a picture of the table alone (``play_picture(panel=False)``): 540
#: px high, so that a two-line task above it leaves it in the 647 px panel (issue 30).
BOX = (0, 0, 580, 540)
#: The live board's way (``kit.iota.board``): its box, its cards' sizes, the strip; no
#: room kept for notes (a picture has none to add while it is looked at).
LIVE = {"box": LIVE_TABLE_BOX, "cell": LIVE_MAX_CELL, "min_cell": LIVE_MIN_CELL, "side": False,
        "notes_rows": 0}


#: ``plan``'s keywords among ``draw``'s (the rest are the drawing's own: ``show_wilds`` ...).
PLAN_OPTIONS = frozenset(inspect.signature(plan).parameters) - {"game"}


def position_picture(game: Game, **options: Any) -> str:
    """``game`` as its live board draws it (the seat to move, the deck and the mover's
    hand under the table); ``options``: :meth:`kit.iota.Game.svg`'s (``ghost=``,
    ``centre=`` ...)."""
    return game.svg(**{**LIVE, **options})


def table_picture(game: Game, **options: Any) -> str:
    """The table alone, without the seats' panel beside it (``options``:
    :meth:`kit.iota.Game.svg`'s, the Marks' fields and ``plan``'s keywords)."""
    marks, rest = split_options(options)
    planned = {k: v for k, v in rest.items() if k in PLAN_OPTIONS}
    geometry = plan(game, **planned)
    drawn = {k: v for k, v in rest.items() if k not in PLAN_OPTIONS}
    return _table_only(draw(game, marks, geometry=geometry, **drawn), geometry).to_svg()


def _table_only(scene: Scene, geometry: Geometry) -> Scene:
    """``scene`` cut at the left edge of its seats' panel."""
    width = geometry.panel_x - GAP / 2
    return replace(scene, width=width, shapes=[s for s in scene.shapes if _left(s) < width])


def middle(cells: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The cell nearest the middle of ``cells``: where a picture's window centres a play."""
    return (round(sum(r for r, __ in cells) / len(cells)),
            round(sum(c for __, c in cells) / len(cells)))


def play_picture(game: Game, play: str | Play, panel: bool = True) -> str:
    """The table just after ``play`` (outlined), the window centred on it, the play's
    score not shown, the seat to move and its hand under it (``position_picture``).
    ``panel=False``: the table alone, without the seats' scores and hands: a student
    asked for the play's score read them as an answer (lesson 3's second play scores
    exactly what the other seat held)."""
    cells = read_play(play).cells
    centre = middle(cells)
    after = table_after(game, play)
    if panel:
        return position_picture(after, highlight=cells, centre=centre)
    return table_picture(after, highlight=cells, box=BOX, centre=centre)


def _left(shape: object) -> float:
    """The x where a scene shape starts (the panel's shapes all start right of the table)."""
    if isinstance(shape, Polygon):
        return min(x for x, __ in shape.points)
    if isinstance(shape, (Rect, Text)):
        return shape.x
    if isinstance(shape, Line):
        return shape.x1
    if isinstance(shape, Circle):
        return shape.cx
    raise TypeError(f"not a scene shape: {shape!r}")


def final_picture(game: Game, play: str | Play) -> str:
    """The position before ``play``, the play drawn faintly in place (dashed). Not the
    table after it, as lesson 3 shows plays: a final play ends the game, and that
    picture would say "Game over" and who wins before the play is scored."""
    return position_picture(game, ghost=play, centre=middle(read_play(play).cells))
