"""Mattix pictures: a position as a Scene (then SVG), and as text.

Covers ``board_scene`` (numbers, negatives drawn differently, the star, the
line the player to move may take from, optional best-move, last-move and
problem highlights), ``board_svg``, the geometry a live board needs
(``layout``, ``cell_box``, ``cell_at``) and ``text_board`` for ``str(game)``
and screen readers. Not covered: live canvases and clicks (``kit.canvas`` and
the UI turn a Scene and ``cell_at`` into those).

Negative tiles are told apart three ways, so no one depends on colour: a
minus sign, a tinted tile with a dashed border, and vermillion digits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Iterable

from kit.mattix.rules import SIDE_NAMES
from kit.scene import ERROR, GOOD, HIGHLIGHT, INK, PAPER, TABLE, Scene

NEGATIVE_FILL = "#FBE3D6"     # pale vermillion tint
NEGATIVE_INK = "#A94400"      # dark vermillion: readable on the tint
STAR_FILL = "#E69F00"         # Okabe-Ito orange
EMPTY_FILL = "#E2DDD0"
SELECTED = "#CC79A7"          # Okabe-Ito reddish purple: apart from the blue line outline
#: Every Mattix picture is at least this wide, whatever its status lines say (a
#: live board's canvas and its 352 px side panel fit a 934 px Lab output).
PICTURE_WIDTH = 560


@dataclass(frozen=True)
class BoardLayout:
    """Where the board sits in the picture, in the scene's logical pixels."""

    size: int          # cells per side
    cell: float        # cell side
    left: float        # x of the board's left edge
    top: float         # y of the board's top edge

    @property
    def width(self) -> float:
        return self.left + self.size * self.cell + 16

    @property
    def height(self) -> float:
        return self.top + self.size * self.cell + 16


def layout(game_or_size, cell: float = 64) -> BoardLayout:
    """The layout ``board_scene`` uses for this game (or board size).

    Room for three status lines is always kept above the board, so the board
    sits in the same place whatever the picture names (best or last move).
    """
    size = game_or_size if isinstance(game_or_size, int) else game_or_size.size
    return BoardLayout(size=size, cell=cell, left=40, top=114)


def _as_layout(game_or_layout) -> BoardLayout:
    return game_or_layout if isinstance(game_or_layout, BoardLayout) else layout(game_or_layout)


def cell_box(game_or_layout, row: int, col: int) -> tuple:
    """``(x, y, w, h)`` of cell ``(row, col)`` in scene pixels."""
    lay = _as_layout(game_or_layout)
    return (lay.left + col * lay.cell, lay.top + row * lay.cell, lay.cell, lay.cell)


def cell_at(game_or_layout, x: float, y: float) -> tuple | None:
    """The ``(row, col)`` under scene pixel ``(x, y)``, or None off the board."""
    lay = _as_layout(game_or_layout)
    col = math.floor((x - lay.left) / lay.cell)
    row = math.floor((y - lay.top) / lay.cell)
    if 0 <= row < lay.size and 0 <= col < lay.size:
        return (row, col)
    return None


def _star_points(cx: float, cy: float, r: float) -> list:
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _status(game, best, last) -> list:
    lines = [scores_text(game)]
    if game.is_over:
        lines.append(_outcome(game))
    else:
        lines.append(f"{_mover(game)} to move: takes from {_line_name(game)}")
    extra = []
    if last is not None:
        extra.append(f"last move {last}")
    if best is not None:
        extra.append(f"best move {best}")
    if extra:
        lines.append(", ".join(extra))
    return lines


def board_scene(game, *, best=None, last=None, highlight: Iterable = (),
                show_line: bool = True, cell: float = 64, hints: Iterable = (),
                line: Iterable = (), selected=None) -> Scene:
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
    picked, ringed in a thick solid purple.
    """
    if last is True:
        last = game.last_move
    status = _status(game, best, last)
    lay = layout(game, cell)
    n, size = game.size, lay.cell
    # One width whatever the status says: a picture that widened with its words
    # pushed the side panel beside it about 75 px to the right after a take. A
    # line too long for it is set smaller instead.
    width = max(lay.width, PICTURE_WIDTH)
    scene = Scene(width, lay.height, background=TABLE, title=f"Mattix {n}x{n} board")
    for k, text in enumerate(status):
        font = 20 if k == 0 else 18
        font = min(font, (width - lay.left - 8) / (len(text) * (0.64 if k == 0 else 0.6)))
        scene.text(lay.left, 22 + 26 * k, text, size=font, anchor="start", bold=(k == 0))
    for i in range(n):
        x, y, _, _ = cell_box(lay, i, i)
        scene.text(x + size / 2, lay.top - 14, str(i), size=16)
        scene.text(lay.left - 18, y + size / 2, str(i), size=16)
    for r in range(n):
        for c in range(n):
            _draw_cell(scene, lay, game, r, c)
    if show_line and not game.is_over:
        _ring_line(scene, lay, game)
    if last is not None:
        _ring(scene, lay, last.cell if hasattr(last, "cell") else last, HIGHLIGHT,
              width=4, inset=5, dash=(8, 5))
    if best is not None:
        _ring(scene, lay, best.cell if hasattr(best, "cell") else best, GOOD, width=5, inset=9)
    for rank, hint in enumerate(hints, 1):
        _rank_badge(scene, lay, hint[0] if isinstance(hint, tuple) else hint, rank)
    _draw_line(scene, lay, list(line))
    if selected is not None:
        _ring(scene, lay, tuple(selected), SELECTED, width=7, inset=1)
    for cell_rc in highlight:
        _ring(scene, lay, tuple(cell_rc), ERROR, width=5, inset=2)
    return scene


def _draw_line(scene: Scene, lay: BoardLayout, moves: list) -> None:
    """Numbered takes: the mover's odd-numbered in blue, the replies in black."""
    if moves:
        _ring(scene, lay, moves[0].cell, HIGHLIGHT, width=5, inset=6)
    r = badge_radius(lay)
    for number, move in enumerate(moves, 1):
        x, y, _, _ = cell_box(lay, move.row, move.col)
        fill = HIGHLIGHT if number % 2 else INK
        scene.circle(x + r + 1, y + r + 1, r, fill=fill, stroke=PAPER, stroke_width=1.5)
        scene.text(x + r + 1, y + r + 1, str(number), size=r * (1.3 if number < 10 else 1.0),
                   fill=PAPER, bold=True)


def badge_radius(lay: BoardLayout) -> float:
    """A corner badge's radius: small enough that it ends above the tile's number
    (centred in the cell at ``number_size``), so a badge never covers a digit."""
    return min(max(8.0, lay.cell * 0.15), lay.cell / 2 - 0.37 * number_size(lay.cell, 2) - 2)


def number_size(cell: float, digits: int) -> float:
    """The font size of a tile's number with ``digits`` characters (a minus counts)."""
    return cell * (0.42 if digits < 3 else 0.34)


def _rank_badge(scene: Scene, lay: BoardLayout, move, rank: int) -> None:
    """A green ring and a numbered badge: the hint's rank, best = 1."""
    _ring(scene, lay, (move.row, move.col), GOOD, width=4 if rank > 1 else 6, inset=8)
    x, y, w, _ = cell_box(lay, move.row, move.col)
    r = badge_radius(lay)
    scene.circle(x + w - r - 1, y + r + 1, r, fill=GOOD, stroke=PAPER, stroke_width=1.5)
    scene.text(x + w - r - 1, y + r + 1, str(rank), size=r * 1.3, fill=PAPER, bold=True)


def _draw_cell(scene: Scene, lay: BoardLayout, game, r: int, c: int) -> None:
    x, y, w, h = cell_box(lay, r, c)
    value = game.board[r][c]
    pad = 3
    if (r, c) == tuple(game.star):
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


def _ring_line(scene: Scene, lay: BoardLayout, game) -> None:
    r, c = game.star
    if game.to_move == 0:
        x, y, _, _ = cell_box(lay, r, 0)
        w, h = lay.size * lay.cell, lay.cell
    else:
        x, y, _, _ = cell_box(lay, 0, c)
        w, h = lay.cell, lay.size * lay.cell
    scene.rect(x, y, w, h, stroke=HIGHLIGHT, stroke_width=4, radius=8)


def _ring(scene: Scene, lay: BoardLayout, cell_rc, colour, *, width, inset, dash=()):
    x, y, w, h = cell_box(lay, *cell_rc)
    scene.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, stroke=colour,
               stroke_width=width, radius=6, dash=dash)


def board_svg(game, **options) -> str:
    """``board_scene(game, **options)`` as an SVG string."""
    return board_scene(game, **options).to_svg()


def text_board(game) -> str:
    """A plain-text board: numbers, ``*`` the star, ``.`` taken cells.

    The line the player to move takes from is marked with ``>`` and ``<``
    (a row) or ``v`` (a column); the last lines spell out the scores and the
    legal moves, so a screen reader gets the whole story.
    """
    n = game.size
    r_star, c_star = game.star
    mark_row = not game.is_over and game.to_move == 0
    mark_col = not game.is_over and game.to_move == 1
    width = max(3, max((len(str(v)) for row in game.board for v in row if v is not None),
                       default=1) + 1)
    out = [f"Mattix {n}x{n}; {scores_text(game, '; ')}"]
    out.append("     " + "".join(f"{j:>{width}}" for j in range(n)))
    if mark_col:
        out.append("     " + "".join(f"{'v' if j == c_star else '':>{width}}" for j in range(n)))
    for i in range(n):
        cells = []
        for j in range(n):
            v = game.board[i][j]
            cells.append("*" if (i, j) == (r_star, c_star) else "." if v is None else str(v))
        left, right = (" >", " <") if mark_row and i == r_star else ("  ", "")
        out.append(f"{i:>3}{left}" + "".join(f"{s:>{width}}" for s in cells) + right)
    out.append(_text_status(game))
    return "\n".join(out)


def _text_status(game) -> str:
    if game.is_over:
        return _outcome(game) + "."
    moves = ", ".join(f"{m} ({game.board[m.row][m.col]})" for m in game.legal_moves())
    return f"{_mover(game)} to move, from {_line_name(game)}: {moves}"


# The status words the picture and the text board share.

def points_text(points: int) -> str:
    return f"{points} point" if abs(points) == 1 else f"{points} points"


def scores_text(game, sep: str = " · ") -> str:
    """The scores in words, "Row player: 12 points · Column player: 3 points", so
    they cannot be read as the row and column numbers drawn just under them."""
    s0, s1 = game.scores
    return f"Row player: {points_text(s0)}{sep}Column player: {points_text(s1)}"

def _outcome(game) -> str:
    w = game.winner
    return "Game over: " + ("a draw" if w is None else f"the {SIDE_NAMES[w]} wins")


def _mover(game) -> str:
    return SIDE_NAMES[game.to_move].capitalize()


def _line_name(game) -> str:
    r, c = game.star
    return f"row {r}" if game.to_move == 0 else f"column {c}"
