"""IOTA 5's look-ahead section: greedy's play against the look-ahead's on one
seeded position (:func:`comparison`), as :class:`kit.lessons.lookahead.Comparison`.

The position is a seeded two-player game played greedily for a few turns
(:data:`POSITION`); the look-ahead is :func:`kit.iota.lookahead.lookahead_values`
with a small named budget (:data:`PLAYOUTS`), so the cell takes a few seconds.
Not covered: the look-ahead itself (``kit.iota.lookahead``).
"""

from __future__ import annotations

import random

from kit.iota import Game, GreedyPlayer
from kit.iota.lookahead import Estimate, lookahead_values, sample_game
from kit.iota.moves import Move, Play
from kit.lessons.iota.pictures import play_picture
from kit.lessons.lookahead import AHEAD, GREEDY, Choice, Comparison, greedy_turns, mean_replies

#: The lesson's position: (deal seed, greedy turns played from it). Chosen because
#: there the look-ahead and greedy part ways (tests/lessons check they still do).
POSITION = (4, 10)
#: The look-ahead's budget for the lesson: playouts over all its candidates (about
#: 15 each), a few seconds on the classroom machines; and the guesses the next
#: player's reply is measured on.
PLAYOUTS, SAMPLES = 120, 20


def lesson_position(seed: int = POSITION[0], turns: int = POSITION[1]) -> Game:
    """A two-player deal ``seed`` played by two greedy players for ``turns`` turns."""
    return greedy_turns(Game.new(players=2, seed=seed), GreedyPlayer().choose, seed, turns)


def _after(game: Game, move: Move, rng: random.Random) -> tuple[int, int]:
    """Once ``move`` is played on ``game`` (a guess): the next player's greedy points,
    then the mover's greedy points on its next turn (two players)."""
    game._play_unrecorded(move)
    got = []
    for _ in range(2):
        got.append(0 if game.is_over else game._play_unrecorded(GreedyPlayer().choose(game, rng)))
    return got[0], got[1]


def comparison(game: Game | None = None, *, seed: int = 0, playouts: int = PLAYOUTS,
               samples: int = SAMPLES) -> Comparison:
    """Greedy's play and the look-ahead's on ``game`` (the lesson's position by default)."""
    game = lesson_position() if game is None else game
    if game.is_over:
        raise ValueError("the game is over: there is no move to compare")
    estimates = lookahead_values(game, seed=seed, playouts=playouts)
    greedy = GreedyPlayer().choose(game, random.Random(seed))
    by_text = {str(e.move): e for e in estimates}
    if str(greedy) not in by_text:
        raise ValueError(f"greedy's play {greedy} is not among the look-ahead's candidates here")
    seat = game.to_move

    def choice(who: str, e: Estimate) -> Choice:
        reply, later = mean_replies(lambda r: sample_game(game, seat, r),
                                    lambda guess, r: _after(guess, e.move, r), samples, seed)
        svg = play_picture(game, e.move, panel=False) if isinstance(e.move, Play) else ""
        return Choice(who, e.move, e.points, e.mean, e.spread, e.n, reply, later, svg)

    return Comparison(choice(GREEDY, by_text[str(greedy)]), choice(AHEAD, estimates[0]),
                      playouts, samples)
