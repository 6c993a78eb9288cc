"""Mattix pictures: a position as a Scene, then SVG.

Covers ``draw`` (numbers, negatives drawn differently, the star, the line the
player to move may take from, optional best-move, last-move and problem
highlights, hint ranks, a numbered line of takes, an editor's selection) and
``board_svg``. Not covered: where the cells are (``layout.py``), the words of
the status lines and the text board (``text.py``), live canvases and clicks
(``kit.canvas`` and the UI turn a Scene and ``layout.cell_at`` into those).

Negative tiles are told apart three ways, so no one depends on colour: a
minus sign, a tinted tile with a dashed border, and vermillion digits.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias

from kit.mattix.layout import Cell, Layout, cell_box, layout
from kit.i18n import _
from kit.mattix.text import outcome_text, scores_text, turn_line_text
from kit.scene import ERROR, GOOD, HIGHLIGHT, INK, PAPER, TABLE, Scene

from kit.mattix.moves import Move
from kit.mattix.view import GameView as Game

#: A hint: a move, or a ``(move, label)`` row as ``Board.hints`` gives them.
Hint: TypeAlias = "Move | tuple[Move, str]"


NEGATIVE_FILL = "#FBE3D6"     # pale vermillion tint
NEGATIVE_INK = "#A94400"      # dark vermillion: readable on the tint
STAR_FILL = "#E69F00"         # Okabe-Ito orange
EMPTY_FILL = "#E2DDD0"
SELECTED = "#CC79A7"          # Okabe-Ito reddish purple: apart from the blue line outline
#: Every Mattix picture is at least this wide, whatever its status lines say (a
#: live board's canvas and its 352 px side panel fit a 934 px Lab output).
PICTURE_WIDTH = 560


def _star_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _status(game: Game, best: object, last: object) -> list[str]:
    lines = [scores_text(game)]
    if game.is_over:
        lines.append(outcome_text(game))
    else:
        lines.append(turn_line_text(game))
    extra = []
    if last is not None:
        extra.append(_("last move {move}").format(move=last))
    if best is not None:
        extra.append(_("best move {move}").format(move=best))
    if extra:
        lines.append(", ".join(extra))
    return lines


def position_words(game: Game) -> str:
    """Every tile, row by row, in words: the saved picture's alt text reads the whole
    board aloud ("Row 0: 5, -3, the star, taken."), as the picture shows it."""
    rows = []
    for r, row in enumerate(game.board):
        tiles = [_("the star") if (r, c) == tuple(game.star) else _("taken") if v is None
                 else str(v) for c, v in enumerate(row)]
        rows.append(_("Row {row}: {tiles}.").format(row=r, tiles=", ".join(tiles)))
    return " ".join(rows)


def _cell_of(move: Move | Sequence[int]) -> Cell:
    """A Move's cell, or a ``(row, col)`` given as is."""
    if hasattr(move, "cell"):
        return move.cell
    row, col = move
    return (row, col)


def draw(game: Game, *, best: Move | None = None, last: Move | Cell | bool | None = None,
         highlight: Iterable[Sequence[int]] = (), show_line: bool = True, cell: float = 64,
         hints: Iterable[Hint] = (), line: Iterable[Move] = (),
         selected: Sequence[int] | None = None) -> Scene:
    """The position as a Scene.

    ``best``: a Move to ring in green (e.g. from ``solve``); ``last``: a Move
    to ring in blue dashes (``last=True`` means the game's own last move);
    ``highlight``: cells to ring in vermillion (e.g. ``IllegalMove.cells``);
    ``show_line``: outline the row or column the player to move takes from;
    ``hints``: moves (or ``(move, label)`` rows) ranked best first, ringed in
    green with their rank in a badge, so the ranking reads without colour;
    ``line``: a sequence of takes from this position (a principal variation),
    numbered 1, 2, 3... in corner badges, the mover's in blue and the
    opponent's in black, the first ringed; ``selected``: a cell an editor has
    picked, ringed in a thick solid purple; ``cell``: the side of a tile.
    """
    if last is True:
        last = game.last_move
    elif last is False:
        last = None
    status = _status(game, best, last)
    lay = layout(game, cell)
    n, size = game.size, lay.cell
    # One width whatever the status says: a picture that widened with its words
    # pushed the side panel beside it about 75 px to the right after a take. A
    # line too long for it is set smaller instead.
    width = max(lay.width, PICTURE_WIDTH)
    scene = Scene(width, lay.height, background=TABLE,
                  title=" ".join([_("Mattix {n}x{n} board").format(n=n) + ".",
                                  *(f"{line}." for line in status), position_words(game)]))
    for k, text in enumerate(status):
        font: float = 20 if k == 0 else 18
        font = min(font, (width - lay.left - 8) / (len(text) * (0.64 if k == 0 else 0.6)))
        scene.text(lay.left, 22 + 26 * k, text, size=font, anchor="start", bold=(k == 0))
    for i in range(n):
        x, y, _w, _h = cell_box(lay, (i, i))
        scene.text(x + size / 2, lay.top - 14, str(i), size=16)
        scene.text(lay.left - 18, y + size / 2, str(i), size=16)
    for r in range(n):
        for c in range(n):
            _draw_cell(scene, lay, game, (r, c))
    if show_line and not game.is_over:
        _ring_line(scene, lay, game)
    if last is not None:
        _ring(scene, lay, _cell_of(last), HIGHLIGHT, width=4, inset=5, dash=(8, 5))
    if best is not None:
        _ring(scene, lay, _cell_of(best), GOOD, width=5, inset=9)
    for rank, hint in enumerate(hints, 1):
        _rank_badge(scene, lay, hint[0] if isinstance(hint, tuple) else hint, rank)
    _draw_line(scene, lay, list(line))
    if selected is not None:
        _ring(scene, lay, _cell_of(selected), SELECTED, width=7, inset=1)
    for cell_rc in highlight:
        _refused(scene, lay, _cell_of(cell_rc))
    return scene


board_scene = draw   # deprecated alias: the public name before issue 19 (users' notebooks)


def _draw_line(scene: Scene, lay: Layout, moves: list[Move]) -> None:
    """Numbered takes: the mover's odd-numbered in blue, the replies in black."""
    if moves:
        _ring(scene, lay, moves[0].cell, HIGHLIGHT, width=5, inset=6)
    r = badge_radius(lay)
    for number, move in enumerate(moves, 1):
        x, y, _, _ = cell_box(lay, move.cell)
        fill = HIGHLIGHT if number % 2 else INK
        scene.circle(x + r + 1, y + r + 1, r, fill=fill, stroke=PAPER, stroke_width=1.5)
        scene.text(x + r + 1, y + r + 1, str(number), size=r * (1.3 if number < 10 else 1.0),
                   fill=PAPER, bold=True)


def badge_radius(lay: Layout) -> float:
    """A corner badge's radius: small enough that it ends above the tile's number
    (centred in the cell at ``number_size``), so a badge never covers a digit."""
    return min(max(8.0, lay.cell * 0.15), lay.cell / 2 - 0.37 * number_size(lay.cell, 2) - 2)


def number_size(cell: float, digits: int) -> float:
    """The font size of a tile's number with ``digits`` characters (a minus counts)."""
    return cell * (0.42 if digits < 3 else 0.34)


def _rank_badge(scene: Scene, lay: Layout, move: Move, rank: int) -> None:
    """A green ring and a numbered badge: the hint's rank, best = 1."""
    _ring(scene, lay, move.cell, GOOD, width=4 if rank > 1 else 6, inset=8)
    x, y, w, _ = cell_box(lay, move.cell)
    r = badge_radius(lay)
    scene.circle(x + w - r - 1, y + r + 1, r, fill=GOOD, stroke=PAPER, stroke_width=1.5)
    scene.text(x + w - r - 1, y + r + 1, str(rank), size=r * 1.3, fill=PAPER, bold=True)


def _draw_cell(scene: Scene, lay: Layout, game: Game, cell: Cell) -> None:
    x, y, w, h = cell_box(lay, cell)
    r, c = cell
    value = game.board[r][c]
    pad = 3
    if cell == tuple(game.star):
        scene.rect(x + pad, y + pad, w - 2 * pad, h - 2 * pad, fill=PAPER,
                   stroke=INK, stroke_width=1, radius=6)
        scene.polygon(_star_points(x + w / 2, y + h / 2, w * 0.36), fill=STAR_FILL,
                      stroke=INK, stroke_width=1.5)
    elif value is None:
        scene.rect(x + pad, y + pad, w - 2 * pad, h - 2 * pad, fill=EMPTY_FILL, radius=6)
    elif value < 0:
        scene.rect(x + pad, y + pad, w - 2 * pad, h - 2 * pad, fill=NEGATIVE_FILL,
                   stroke=NEGATIVE_INK, stroke_width=2, radius=6, dash=(5, 3))
        label = f"\u2212{-value}"
        scene.text(x + w / 2, y + h / 2, label, size=number_size(w, len(label)),
                   fill=NEGATIVE_INK, bold=True)
    else:
        scene.rect(x + pad, y + pad, w - 2 * pad, h - 2 * pad, fill=PAPER,
                   stroke=INK, stroke_width=1, radius=6)
        label = str(value)
        scene.text(x + w / 2, y + h / 2, label, size=number_size(w, len(label)),
                   bold=True)


def _refused(scene: Scene, lay: Layout, cell: Cell) -> None:
    """A refused tile: a vermillion ring and a cross badge in its bottom-right corner.
    In greyscale vermillion and the blue of the line's outline look alike; the cross
    is a shape, so the refusal reads without colour (WCAG 1.4.1)."""
    _ring(scene, lay, cell, ERROR, width=5, inset=2)
    x, y, w, h = cell_box(lay, cell)
    r = badge_radius(lay)
    cx, cy = x + w - r - 1, y + h - r - 1
    scene.circle(cx, cy, r, fill=ERROR, stroke=PAPER, stroke_width=1.5)
    arm = r * 0.5
    for dx in (arm, -arm):
        scene.line(cx - dx, cy - arm, cx + dx, cy + arm, stroke=PAPER, stroke_width=max(2.0, r / 4))


def _ring_line(scene: Scene, lay: Layout, game: Game) -> None:
    r, c = game.star
    if game.to_move == 0:
        x, y, _, _ = cell_box(lay, (r, 0))
        w, h = lay.size * lay.cell, lay.cell
    else:
        x, y, _, _ = cell_box(lay, (0, c))
        w, h = lay.cell, lay.size * lay.cell
    scene.rect(x, y, w, h, stroke=HIGHLIGHT, stroke_width=4, radius=8)


def _ring(scene: Scene, lay: Layout, cell: Cell, colour: str, *, width: float, inset: float,
          dash: tuple[float, ...] = ()) -> None:
    x, y, w, h = cell_box(lay, cell)
    scene.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, stroke=colour,
               stroke_width=width, radius=6, dash=dash)


def board_svg(game: Game, **options: Any) -> str:
    """``draw(game, **options)`` as an SVG string."""
    return draw(game, **options).to_svg()
