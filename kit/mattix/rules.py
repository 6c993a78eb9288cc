"""Mattix rules: the board, the star, moves, legality, scoring, undo.

Covers the game as ``shared/RULES.md`` states it: an n x n board of number
tiles with a star in the one empty cell; player 0 (the *row player*) moves
first and takes any tile in the star's row, player 1 (the *column player*)
any tile in the star's column; the taken tile's value is added to the
taker's score (negatives subtract) and the star moves into the emptied cell.
The game ends when the player to move has no tile in their line (which
includes an empty board); equal totals are a draw.

``SIDE_NAMES`` (the players' names) belong here; the words and pictures ask
the game for them (``Game.side_name``), so ``text.py`` and ``draw.py`` import
nothing from this module but its types. ``Game.explain`` says whether a take is
legal and why; ``check_move`` is its raising form.

Not covered here: players and analysis (``ai.py``, ``solver.py``), pictures
(``layout.py``, ``draw.py``, ``text.py``), tile tables (``tiles.py``). This
module never prints and imports no widget library.
"""

from __future__ import annotations

import operator
import random
import reprlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kit.errors import IllegalMove, InvalidMoveText, InvalidPosition, check_position_keys
from kit.i18n import N_, _
from kit.mattix.moves import Move as Move, MoveLike as MoveLike   # re-exported: the rules' names
from kit.mattix.text import text_board
from kit.mattix.tiles import check_size, tile_table
from kit.scene import Picture

ROW_PLAYER, COLUMN_PLAYER = 0, 1
#: The players' names, by seat: the rules' words, which the pictures and lessons reuse.
#: English keys (lessons read typed answers against them); shown as ``_(SIDE_NAMES[seat])``.
# Translators: the player who takes tiles from the star's row (the Spanish sheet: "el
# jugador que tome las fichas de las filas"); used as "the {side} wins", "{side} to move".
SIDE_NAMES = (N_("row player"), N_("column player"))

@dataclass(frozen=True)
class Explanation:
    """Whether a take is legal here, why not, and what it scores.

    ``legal``; ``reason``: the rule an illegal take breaks and where (the text
    ``check_move`` raises), empty when legal; ``cells``: the cells a picture
    should ring; ``points``: the tile's value (what the take scores; 0 when
    illegal). The field names are IOTA's and Smartrix's.
    """

    move: Move
    legal: bool
    reason: str = ""
    cells: tuple[tuple[int, ...], ...] = ()
    points: int = 0

    def __str__(self) -> str:
        if not self.legal:
            return _("{move}: illegal: {reason}").format(move=self.move, reason=self.reason)
        return _("{move}: legal, scores {points}").format(move=self.move, points=self.points)

    def __bool__(self) -> bool:
        return self.legal


class Game(Picture):
    """A Mattix position plus its undo/redo history.

    ``board[r][c]`` is a tile value (int) or ``None`` for an empty cell; the
    star's cell is ``None`` too and is given by ``star``.
    """

    def __init__(self, board: Iterable[Iterable[int | None]], star: Sequence[int],
                 to_move: int = ROW_PLAYER, scores: Iterable[int] = (0, 0)) -> None:
        # Trusted constructor: from_dict and new validate before calling it.
        self.board = [list(row) for row in board]
        self.size = len(self.board)
        self.star: tuple[int, int] = (star[0], star[1])
        self.to_move = to_move
        self.scores = list(scores)
        # (move, value, previous star) per play
        self._history: list[tuple[Move, int, tuple[int, int]]] = []
        self._redo: list[Move] = []      # moves undone, most recent last

    # ----- construction ---------------------------------------------------

    @classmethod
    def new(cls, players: int = 2, seed: int | None = None, size: int = 8,
            level: int = 1, tiles: Sequence[int] | None = None) -> Game:
        """A fresh game: ``size*size - 1`` tiles laid out at random, the star
        in the cell left over, the row player to move.

        ``tiles`` overrides the level's table (a custom board); it must hold
        exactly ``size*size - 1`` integers.
        """
        if players != 2:
            raise ValueError(f"Mattix is a game for 2 players, got players={players!r}")
        table = tile_table(size, level) if tiles is None else _check_tiles(tiles, size)
        cells = list(table) + [None]
        _rng(seed).shuffle(cells)
        board = [cells[r * size:(r + 1) * size] for r in range(size)]
        star = divmod(cells.index(None), size)
        return cls(board, star)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        """Any position in the kit's format; bad data raises InvalidPosition."""
        check_position_keys(d, "mattix", ("board", "star"), ("to_move", "scores"))
        board = _check_board(d["board"])
        star = _check_star(d["star"], board)
        to_move = d.get("to_move", ROW_PLAYER)
        if not _is_int(to_move) or to_move not in (0, 1):
            raise InvalidPosition(
                _("'to_move' must be 0 (row player) or 1 (column player), got {value}")
                .format(value=repr(to_move)))
        scores = d.get("scores", [0, 0])
        if (not isinstance(scores, (list, tuple)) or len(scores) != 2
                or not all(_is_int(s) for s in scores)):
            raise InvalidPosition(_("'scores' must be a list of 2 integers, got {value}")
                                  .format(value=repr(scores)))
        return cls(board, star, to_move, scores)

    def to_dict(self) -> dict[str, Any]:
        return {"game": "mattix", "board": [list(row) for row in self.board],
                "star": list(self.star), "to_move": self.to_move,
                "scores": list(self.scores)}

    def copy(self) -> Game:
        g = Game(self.board, self.star, self.to_move, self.scores)
        g._history = list(self._history)
        g._redo = list(self._redo)
        return g

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Game.from_dict({self.to_dict()!r})"

    # ----- reading the position --------------------------------------------

    def line_cells(self, player: int | None = None) -> list[tuple[int, int]]:
        """The cells of the line ``player`` (default: the mover) takes from."""
        player = self.to_move if player is None else player
        r, c = self.star
        if player == ROW_PLAYER:
            return [(r, j) for j in range(self.size)]
        return [(i, c) for i in range(self.size)]

    def legal_moves(self) -> list[Move]:
        """Every tile the player to move may take, in board order."""
        return [Move(r, c) for r, c in self.line_cells() if self.board[r][c] is not None]

    def tile(self, cell: tuple[int, int]) -> int:
        """The value of the tile at ``cell`` = ``(row, col)``; ValueError if it has none
        (taken, or the star's cell). A legal take's cell always has one."""
        r, c = cell
        value = self.board[r][c]
        if value is None:
            raise ValueError(_("({row},{col}) has no tile").format(row=r, col=c))
        return value

    def side_name(self, seat: int) -> str:
        """The name of ``seat``'s side: "row player" (0) or "column player" (1), in the
        language in effect."""
        return _(SIDE_NAMES[seat])

    def tiles_left(self) -> int:
        return sum(v is not None for row in self.board for v in row)

    @property
    def is_over(self) -> bool:
        return not any(self.board[r][c] is not None for r, c in self.line_cells())

    @property
    def winner(self) -> int | None:
        """0 or 1 once the game is over with a higher total; None otherwise (or a draw)."""
        if not self.is_over or self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1

    @property
    def is_draw(self) -> bool:
        return self.is_over and self.scores[0] == self.scores[1]

    @property
    def history(self) -> list[Move]:
        """The moves played so far (that have not been undone), oldest first."""
        return [m for m, _, _ in self._history]

    @property
    def points_history(self) -> list[int]:
        """The points each move of :attr:`history` scored (its tile's value), oldest first."""
        return [value for _, value, _ in self._history]

    @property
    def last_move(self) -> Move | None:
        return self._history[-1][0] if self._history else None

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: everything (Mattix hides nothing)."""
        if not _is_int(player) or player not in (ROW_PLAYER, COLUMN_PLAYER):
            raise ValueError(f"there is no seat {player!r}: seats are 0 (row player) "
                             f"and 1 (column player)")
        return self.to_dict()

    # ----- moves -------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def _as_move(self, move: MoveLike) -> Move:
        """The one door moves come in by (play, check_move): a Move with int
        row and col, or InvalidMoveText naming what is wrong."""
        if isinstance(move, str):
            return Move.parse(move)
        if isinstance(move, Move):
            return Move(_index(move.row, N_("the row of the move")),
                        _index(move.col, N_("the column of the move")))
        if isinstance(move, tuple) and len(move) == 2:
            return Move(_index(move[0], N_("the row of the move")),
                        _index(move[1], N_("the column of the move")))
        raise InvalidMoveText(_("not a Mattix move: {move} (use Move(r, c), (r, c) or 'r,c')")
                              .format(move=reprlib.repr(move)))

    def check_move(self, move: MoveLike) -> Move:
        """The move as a Move if legal here; otherwise raise IllegalMove saying why
        (InvalidMoveText if it is no move at all: bad text, or a non-integer cell)."""
        m = self._as_move(move)
        n, (r, c), side = self.size, m.cell, self.side_name(self.to_move)
        if self.is_over:
            raise IllegalMove(_("the game is over: the {side} has no tile in their line")
                              .format(side=side))
        if not (0 <= r < n and 0 <= c < n):
            raise IllegalMove(_("({row},{col}) is off the {n}x{n} board")
                              .format(row=r, col=c, n=n), cells=[])
        if (r, c) == self.star:
            raise IllegalMove(_("({row},{col}) is the star's cell: take a tile in its line")
                              .format(row=r, col=c), cells=[(r, c)])
        sr, sc = self.star
        if self.to_move == ROW_PLAYER and r != sr:
            raise IllegalMove(_("the row player takes from the star's row {star_row}; "
                                "({row},{col}) is in row {row}")
                              .format(star_row=sr, row=r, col=c), cells=[(r, c), self.star])
        if self.to_move == COLUMN_PLAYER and c != sc:
            raise IllegalMove(_("the column player takes from the star's column {star_col}; "
                                "({row},{col}) is in column {col}")
                              .format(star_col=sc, row=r, col=c), cells=[(r, c), self.star])
        if self.board[r][c] is None:
            raise IllegalMove(_("({row},{col}) is empty: its tile was already taken")
                              .format(row=r, col=c), cells=[(r, c)])
        return m

    def explain(self, move: MoveLike) -> Explanation:
        """Whether taking ``move`` is legal here and why, without playing it.

        Legal: ``points`` is the tile's value. Illegal: ``reason`` is the rule
        broken and where, as ``check_move`` would raise it. A malformed move
        (bad text, a non-integer cell) is not explained: it raises
        InvalidMoveText, as ``play`` does.
        """
        m = self._as_move(move)
        try:
            self.check_move(m)
        except IllegalMove as err:
            return Explanation(m, False, str(err), err.cells)
        return Explanation(m, True, cells=(m.cell,), points=self.tile(m.cell))

    def play(self, move: MoveLike) -> int:
        """Take the tile; return its value (the points scored, maybe negative)."""
        m = self.check_move(move)
        value = self._apply(m)
        self._redo.clear()
        return value

    def _apply(self, m: Move) -> int:
        value = self.tile(m.cell)
        self._history.append((m, value, self.star))
        self.board[m.row][m.col] = None
        self.scores[self.to_move] += value
        self.star = m.cell
        self.to_move = 1 - self.to_move
        return value

    def undo(self) -> Move:
        """Take back the last move; return it. IndexError if there is none."""
        if not self._history:
            raise IndexError("nothing to undo")
        m, value, star = self._history.pop()
        self.to_move = 1 - self.to_move
        self.scores[self.to_move] -= value
        self.board[m.row][m.col] = value
        self.star = star
        self._redo.append(m)
        return m

    def redo(self) -> int:
        """Replay the last undone move; return its points, as ``play`` does.

        IndexError if there is none. (``undo`` returns the move; the other
        games keep the same pair.)
        """
        if not self._redo:
            raise IndexError("nothing to redo")
        return self._apply(self._redo.pop())

    # ----- pictures --------------------------------------------------------

    def __str__(self) -> str:
        return text_board(self)

    def _repr_svg_(self) -> str:
        from kit.mattix.draw import board_svg
        return board_svg(self)


# ----- validation helpers ---------------------------------------------------

def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _rng(seed: Any) -> random.Random:
    try:
        return random.Random(seed)
    except TypeError:
        raise ValueError(_("a seed is an int, str or None, not {seed}")
                         .format(seed=reprlib.repr(seed))) from None


def _index(x: Any, what: str) -> int:
    # Any integer type (numpy's too), but not bool: True as a row is a mistake.
    if isinstance(x, bool) or not hasattr(type(x), "__index__"):
        raise InvalidMoveText(_("{what} must be an integer, not {value}")
                              .format(what=_(what), value=reprlib.repr(x)))
    return operator.index(x)


def _check_tiles(tiles: object, size: int) -> tuple[int, ...]:
    check_size(size)
    if not isinstance(tiles, (list, tuple)):
        raise ValueError(_("tiles must be a list of integers, got {value}")
                         .format(value=reprlib.repr(tiles)))
    tiles = tuple(tiles)
    if len(tiles) != size * size - 1:
        raise ValueError(_("a {size}x{size} board needs {needed} tiles, got {got}")
                         .format(size=size, needed=size * size - 1, got=len(tiles)))
    bad = [t for t in tiles if not _is_int(t)]
    if bad:
        raise ValueError(_("tiles must be integers, got {value}").format(value=repr(bad[0])))
    return tiles


def _check_board(board: object) -> list[list[int | None]]:
    if not isinstance(board, (list, tuple)) or not board:
        raise InvalidPosition(_("'board' must be a non-empty list of rows"))
    n = len(board)
    if n < 2:
        raise InvalidPosition(_("the board must be at least 2x2"))
    for r, row in enumerate(board):
        if not isinstance(row, (list, tuple)):
            raise InvalidPosition(_("board row {row} is not a list").format(row=r))
        if len(row) != n:
            raise InvalidPosition(_("the board is not square: row {row} has {cells} cells, "
                                    "but there are {n} rows").format(row=r, cells=len(row), n=n))
        for c, v in enumerate(row):
            if v is not None and not _is_int(v):
                raise InvalidPosition(_("the tile at ({row},{col}) is {value}, not an integer "
                                        "(empty cells are null)")
                                      .format(row=r, col=c, value=repr(v)))
    return [list(row) for row in board]


def _check_star(star: object, board: list[list[int | None]]) -> tuple[int, int]:
    n = len(board)
    if (not isinstance(star, (list, tuple)) or len(star) != 2
            or not all(_is_int(x) for x in star)):
        raise InvalidPosition(_("'star' must be [row, col] integers, got {value}")
                              .format(value=repr(star)))
    r, c = star
    if not (0 <= r < n and 0 <= c < n):
        raise InvalidPosition(_("the star ({row},{col}) is off the {n}x{n} board")
                              .format(row=r, col=c, n=n))
    if board[r][c] is not None:
        raise InvalidPosition(_("the star ({row},{col}) is on a tile ({tile}); its cell must "
                                "be null").format(row=r, col=c, tile=board[r][c]))
    return (r, c)
