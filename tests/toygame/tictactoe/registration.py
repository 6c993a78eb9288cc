"""Tic-tac-toe in the kit's registry of games: the whole of what the kit needs to know."""

from __future__ import annotations

import random
from typing import Any

from kit.games import GameSpec


def soak(seed: int, rng: random.Random) -> tuple[Any, list[Any], str]:
    from kit.players import RandomPlayer
    from kit.tictactoe.rules import Game
    return Game.new(seed=seed), [RandomPlayer(), RandomPlayer()], "random against random"


GAME = GameSpec(
    name="tictactoe", title="Tic-tac-toe", order=50,
    game="kit.tictactoe.rules:Game", board="kit.tictactoe.board:Board",
    invariants="kit.tictactoe.invariants:TicTacToeWatch", move="kit.tictactoe.rules:Move",
    players=(2,), default_players=2, opponent="random",
    seat_name=lambda seat: f"{'XO'[seat]} player", soak=soak)
