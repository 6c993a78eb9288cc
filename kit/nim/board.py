"""The live Nim board: click a stone to take it and every stone to its right
(a click left of a heap's stones asks for more than it has: refused, marked)."""

from __future__ import annotations

from typing import Any

from kit.i18n import N_, _
from kit.nim.draw import draw, stone_at, stone_centre
from kit.nim.players import PerfectPlayer
from kit.nim.rules import Game, Move, seat_name
from kit.players import RandomPlayer
from kit.scene import Scene
from kit.ui.game import GameBoard


class Board(GameBoard[Game, Move]):
    PLAYERS = {"perfect": PerfectPlayer, "random": RandomPlayer}
    MOVE_EXAMPLE = N_("for example 1:3")
    NOTATION_KEY = N_("A move is written <b>heap:stones</b>, heaps numbered from 0 at the top: "
                      "<b>1:3</b> takes three stones from heap 1.")

    def new_game(self, seed: int) -> Game:
        return Game.new(seed=seed)

    def scene(self) -> Scene:
        return draw(self.game, marks=self.marks, hints=self.hint_rows)

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def cell_point(self, cell: Any) -> tuple[float, float]:
        heap, count = cell
        return stone_centre(heap, count - 1)

    def on_click(self, x: float, y: float) -> None:
        found = stone_at(self.game, x, y)
        if found is None:
            self.say(_("Pick a stone of a heap: it and every stone to its right are taken."),
                     tone="bad")
            return
        self.submit(Move(*found))

    def hints(self, game: Game) -> list[tuple[Move | None, str]]:
        best = PerfectPlayer().choose(game, None)  # type: ignore[arg-type]   # it draws no chance
        if game.nim_sum:
            return [(best, _("leaves the heaps' exclusive or at 0"))]
        return [(best, _("no move wins against perfect play: take one stone and wait"))]
