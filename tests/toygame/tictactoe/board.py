"""The live tic-tac-toe board: click an empty cell to put your mark there."""

from __future__ import annotations

from typing import Any

from kit.players import RandomPlayer
from kit.scene import Scene, centre
from kit.tictactoe.draw import cell_at, cell_box, draw
from kit.tictactoe.rules import Game, Move
from kit.ui.game import GameBoard


class Board(GameBoard[Game, Move]):
    PLAYERS = {"random": RandomPlayer}
    NOTATION_KEY = "A move is written <b>row,column</b>, from 0 at the top left."

    def new_game(self, seed: int) -> Game:
        return Game.new(seed=seed)

    def scene(self) -> Scene:
        return draw(self.game)

    def seat_name(self, seat: int) -> str:
        return f"{'XO'[seat]} player"

    def cell_point(self, cell: Any) -> tuple[float, float]:
        return centre(cell_box(cell))

    def on_click(self, x: float, y: float) -> None:
        cell = cell_at(x, y)
        if cell is None:
            self.say("Click a cell of the board.", tone="bad")
            return
        self.submit(Move(*cell))

    def hints(self, game: Game) -> list[tuple[Move | None, str]]:
        return [(move, "a free cell") for move in game.legal_moves()[:3]]
