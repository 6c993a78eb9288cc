"""The IOTA course's pictures: a line of cards, a play drawn on its table with the
score panel, the final play. Each returns SVG text (or a ``kit.scene.Scene``).

Not covered: the engine's own drawing (``kit.iota.draw``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from kit.i18n import _
from kit.iota import Game
from kit.iota.cards import parse_card
from kit.iota.draw import Marks, draw, draw_hand
from kit.iota.layout import GAP, plan
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
    """The rules table just after :data:`DRAW_PLAY` (outlined), the hand left beside it."""
    return play_picture(rules_position(), DRAW_PLAY)


#: The live board's table box: pictures of exercises are the board's size.
BOX = (0, 0, 580, 560)


def middle(cells: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The cell nearest the middle of ``cells``: where a picture's window centres a play."""
    return (round(sum(r for r, __ in cells) / len(cells)),
            round(sum(c for __, c in cells) / len(cells)))


def play_picture(game: Game, play: str | Play, panel: bool = True) -> str:
    """The table just after ``play`` (outlined), the window centred on it, the play's
    score not shown. ``panel=False``: the table alone, without the seats' scores and
    hands beside it: a student asked for the play's score read them as an answer
    (lesson 3's second play scores exactly what the other seat held)."""
    cells = read_play(play).cells
    centre = middle(cells)
    after = table_after(game, play)
    geometry = plan(after, box=BOX, centre=centre)
    scene = draw(after, Marks(highlight=cells), geometry=geometry)
    if not panel:
        width = geometry.panel_x - GAP / 2
        scene = replace(scene, width=width,
                        shapes=[s for s in scene.shapes if _left(s) < width])
    return scene.to_svg()


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
    return game.svg(ghost=play, box=BOX, centre=middle(read_play(play).cells))
