"""Tic-tac-toe's rules, keeping the kit's game contract (``kit.contract``).

Seat 0 plays X, seat 1 plays O, on a 3 x 3 board; a move is ``row,col``. The
move that makes three in a line scores 1 point and ends the game; a full board
with no line is a draw. Standard library only.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from kit.errors import IllegalMove, InvalidMoveText, InvalidPosition, check_position_keys
from kit.scene import Picture

SIZE = 3
MARKS = "XO"
EMPTY = "."
LINES = ([[(r, c) for c in range(SIZE)] for r in range(SIZE)]
         + [[(r, c) for r in range(SIZE)] for c in range(SIZE)]
         + [[(i, i) for i in range(SIZE)], [(i, SIZE - 1 - i) for i in range(SIZE)]])


@dataclass(frozen=True)
class Move:
    """Put the mover's mark on (row, col); ``str`` is ``"row,col"``."""

    row: int
    col: int

    def __post_init__(self) -> None:
        for value in (self.row, self.col):
            if type(value) is not int or not 0 <= value < SIZE:
                raise ValueError(f"a cell is two whole numbers 0 to {SIZE - 1}, not {value!r}")

    @property
    def kind(self) -> str:
        return "play"

    def __str__(self) -> str:
        return f"{self.row},{self.col}"

    @classmethod
    def parse(cls, text: str) -> Move:
        match = re.fullmatch(r"\s*([0-9])\s*,\s*([0-9])\s*", text) if isinstance(text, str) else None
        if match is None or not all(int(g) < SIZE for g in match.groups()):
            raise InvalidMoveText(f"a move is row,col with each 0 to {SIZE - 1}, like 1,2: "
                                  f"not {text!r}")
        return cls(int(match.group(1)), int(match.group(2)))


@dataclass(frozen=True)
class Explanation:
    legal: bool
    reason: str = ""
    points: int = 0

    def __str__(self) -> str:
        return self.reason or f"legal: {self.points} point(s)"


class Game(Picture):
    """A game of tic-tac-toe, with its history for undo and redo."""

    players = 2

    def __init__(self, cells: str = EMPTY * SIZE * SIZE):
        self.cells = list(cells)
        self.history: list[Move] = []
        self._undone: list[Move] = []

    @classmethod
    def new(cls, players: int = 2, seed: int | None = None) -> Game:
        if players != 2:
            raise ValueError(f"tic-tac-toe is for 2 players, not {players}")
        return cls()

    # ----- data -------------------------------------------------------------------

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        check_position_keys(d, "tictactoe", required=("cells",))
        cells = d["cells"]
        if not isinstance(cells, str) or len(cells) != SIZE * SIZE or set(cells) - set(MARKS + EMPTY):
            raise InvalidPosition(f"cells is {SIZE * SIZE} of X, O and . , not {cells!r}")
        xs, os = cells.count("X"), cells.count("O")
        if xs - os not in (0, 1):
            raise InvalidPosition(f"X moves first: {xs} X and {os} O cannot happen")
        game = cls(cells)
        winners = {cells[line[0][0] * SIZE + line[0][1]] for line in LINES
                   if _line_won(game.cells, line)}
        if len(winners) > 1 or (winners and MARKS[1 - game.to_move] not in winners):
            raise InvalidPosition("only the last mover can have three in a line")
        return game

    def to_dict(self) -> dict[str, Any]:
        return {"game": "tictactoe", "cells": "".join(self.cells)}

    def copy(self) -> Game:
        twin = Game("".join(self.cells))
        twin.history, twin._undone = list(self.history), list(self._undone)
        return twin

    def view(self, player: int) -> dict[str, Any]:
        return self.to_dict()          # nothing is hidden

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.cells == other.cells

    __hash__ = None  # type: ignore[assignment]   # mutable

    # ----- where it stands -----------------------------------------------------------

    def _mark(self, cell: tuple[int, int]) -> str:
        return self.cells[cell[0] * SIZE + cell[1]]

    @property
    def winner(self) -> int | None:
        return _winner(self.cells)

    @property
    def to_move(self) -> int:
        return 0 if self.cells.count("X") == self.cells.count("O") else 1

    @property
    def is_over(self) -> bool:
        return self.winner is not None or EMPTY not in self.cells

    @property
    def scores(self) -> list[int]:
        won = self.winner
        return [int(won == seat) for seat in range(2)]

    @property
    def last_move(self) -> Move | None:
        return self.history[-1] if self.history else None

    # ----- moves ---------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        return [Move(r, c) for r in range(SIZE) for c in range(SIZE) if self._mark((r, c)) == EMPTY]

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def _as_move(self, move: Any) -> Move:
        if isinstance(move, Move):
            return move
        if isinstance(move, str):
            return Move.parse(move)
        raise IllegalMove(f"a move is a Move or its text, not {move!r}")

    def explain(self, move: Any) -> Explanation:
        move = self._as_move(move)
        if self.is_over:
            return Explanation(False, "The game is over.")
        if self._mark((move.row, move.col)) != EMPTY:
            return Explanation(False, f"Cell {move} is taken.")
        after = list(self.cells)
        after[move.row * SIZE + move.col] = MARKS[self.to_move]
        return Explanation(True, "", int(_winner(after) is not None))

    def play(self, move: Any) -> int:
        move = self._as_move(move)
        why = self.explain(move)
        if not why.legal:
            raise IllegalMove(why.reason)
        self._put(move)
        self._undone.clear()
        return why.points

    def _put(self, move: Move) -> None:
        self.cells[move.row * SIZE + move.col] = MARKS[self.to_move]
        self.history.append(move)

    def undo(self) -> Move:
        if not self.history:
            raise IndexError("nothing to undo")
        move = self.history.pop()
        self.cells[move.row * SIZE + move.col] = EMPTY
        self._undone.append(move)
        return move

    def redo(self) -> int:
        if not self._undone:
            raise IndexError("nothing to redo")
        move = self._undone.pop()
        self._put(move)
        return int(self.winner is not None)

    # ----- pictures --------------------------------------------------------------------

    def __str__(self) -> str:
        return "\n".join("".join(self.cells[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE))

    def _repr_svg_(self) -> str:
        from kit.tictactoe.draw import draw
        return draw(self).to_svg()


def _line_won(cells: list[str], line: list[tuple[int, int]]) -> bool:
    marks = {cells[r * SIZE + c] for r, c in line}
    return len(marks) == 1 and EMPTY not in marks


def _winner(cells: list[str]) -> int | None:
    for line in LINES:
        if _line_won(cells, line):
            return MARKS.index(cells[line[0][0] * SIZE + line[0][1]])
    return None


def random_game(seed: int) -> Game:
    """A few seeded random moves from the start (for tests wanting a mid-game)."""
    rng, game = random.Random(seed), Game.new()
    for _ in range(rng.randrange(4)):
        game.play(rng.choice(game.legal_moves()))
    return game
