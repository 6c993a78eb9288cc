"""The Smartrix course's positions: the stored lesson positions and moves
(``puzzles/smartrix.json``, written by ``generate_puzzles.py`` beside this module) and
the seeded games the lessons play out (short, finished, end phase, teams).

Pure: a position is a ``kit.smartrix.Game``.
"""

from __future__ import annotations

from typing import Any

from pathlib import Path
import json
import random

from kit.smartrix import Game, GreedyPlayer, Move


HERE = Path(__file__).resolve().parent.parent   # kit/lessons: puzzles/ and data/


PUZZLES = HERE / "puzzles" / "smartrix.json"


# ----- lesson 1: a first game --------------------------------------------------------

def short_game(seed: int = 0, pile: int = 6) -> Game:
    """A children's game (no window) for two, played by two greedy players until
    ``pile`` cards are left to draw: a whole game's ending in a few minutes. With
    seed 0 both players have collected 70 points and the table is 11 x 11 cells."""
    game, rng = Game.new(2, seed=seed, window=None), random.Random(seed)
    player_ = GreedyPlayer()
    while game.deck_size > pile or game.to_move != 0:
        game.play(player_.choose(game, rng))
    return Game.from_dict(game.to_dict())   # the history starts here


# ----- lesson 4: the end and the score ---------------------------------------------

def finished_game(seed: int = 2, players: int = 2) -> Game:
    """A whole seeded game between greedy players (ends with cards in hand)."""
    game, rng = Game.new(players, seed=seed), random.Random(seed)
    player_ = GreedyPlayer()
    while not game.is_over:
        game.play(player_.choose(game, rng))
    return game


def end_phase_position() -> Game:
    """A seeded greedy game stopped when the draw pile has just run out."""
    return greedy_until_the_pile_is_out(Game.new(3, seed=5), seed=5)


def greedy_until_the_pile_is_out(game: Game, seed: int) -> Game:
    """``game`` played on by greedy players (seeded) until the draw pile has run
    out, as a new game from that position (no history to undo into)."""
    rng, player_ = random.Random(seed), GreedyPlayer()
    while game.deck_size > 0:
        game.play(player_.choose(game, rng))
    return Game.from_dict(game.to_dict())


def team_end_phase(seed: int = 1) -> Game:
    """A 4-player team game (greedy players) stopped when the pile has run out."""
    return greedy_until_the_pile_is_out(Game.new(4, seed=seed, teams=True), seed=seed)


# ----- the stored lesson positions (puzzles/smartrix.json) -------------------------

def data() -> dict[str, Any]:
    stored: dict[str, Any] = json.loads(PUZZLES.read_text())
    return stored


def lesson_position(name: str) -> Game:
    """A lesson position stored in the puzzle file (``seventeen``, ``long_run`` ...)."""
    return Game.from_dict(data()["positions"][name]["position"])


def practice_position(name: str) -> Game:
    """``name``'s table for a live practice board, with the card its exercise asks
    about (the first of the mover's hand) moved to the bottom of the deck: picking it
    on the board would draw + on every answer cell (issue 30)."""
    position = data()["positions"][name]["position"]
    hands = [list(hand) for hand in position["hands"]]
    asked = hands[position["to_move"]].pop(0)
    return Game.from_dict({**position, "hands": hands, "deck": [*position["deck"], asked]})   # drawn last


def lesson_move(name: str) -> Move:
    return Move.parse(data()["positions"][name]["move"])


def building_steps(name: str = "seventeen") -> list[Game]:
    """The position built card by card: one Game per step (the first has one card)."""
    final = lesson_position(name)
    order = [tuple(c) for c in data()["positions"][name]["order"]]
    steps = []
    for k in range(1, len(order) + 1):
        grid = {c: final.grid[c] for c in order[:k]}
        steps.append(Game.setup(grid, [final.hand(0), final.hand(1)], **final.options))
    return steps
