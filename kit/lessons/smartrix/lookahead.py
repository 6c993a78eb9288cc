"""Smartrix 6's look-ahead section: greedy's card against the look-ahead's on one
seeded position (:func:`comparison`), as :class:`kit.lessons.lookahead.Comparison`.

The position is a seeded two-player game played greedily for a few turns
(:data:`POSITION`); the look-ahead is :class:`kit.smartrix.lookahead.LookaheadPlayer`
with a small named budget (:data:`PLAYOUTS`), so the cell takes a few seconds.
Not covered: the look-ahead itself (``kit.smartrix.lookahead``).
"""

from __future__ import annotations

import random

from kit.lessons.lookahead import AHEAD, GREEDY, Choice, Comparison, greedy_turns, mean_replies
from kit.lessons.smartrix.pictures import fit_width
from kit.smartrix import Game, GreedyPlayer, Move
from kit.smartrix.ai import honest_placements
from kit.smartrix.cards import VALUE
from kit.smartrix.lookahead import LookaheadPlayer, greedy_move, sample_game

#: The lesson's position: (deal seed, greedy turns played from it). Chosen because
#: there the look-ahead and greedy part ways (tests/lessons check they still do).
POSITION = (0, 20)
#: The look-ahead's budget for the lesson: playouts over all its candidates, a few
#: seconds on the classroom machines; and the guesses the replies are measured on.
PLAYOUTS, SAMPLES = 280, 40
#: Each picture's width: two side by side fit a 1366 px screen's notebook.
PICTURE_WIDTH = 480


def lesson_position(seed: int = POSITION[0], turns: int = POSITION[1]) -> Game:
    """A two-player deal ``seed`` played by two greedy players for ``turns`` turns."""
    return greedy_turns(Game.new(2, seed=seed), GreedyPlayer().choose, seed, turns)


def _after(game: Game, move: Move, rng: random.Random) -> tuple[int, int]:
    """Once ``move`` is played on ``game`` (a guess): the next player's greedy points,
    then the mover's greedy points on its next turn (two players)."""
    game._play_unrecorded(move)
    got = []
    for _ in range(2):
        got.append(0 if game.is_over else game._play_unrecorded(greedy_move(game, rng)))
    return got[0], got[1]


def comparison(game: Game | None = None, *, seed: int = 0, playouts: int = PLAYOUTS,
               samples: int = SAMPLES) -> Comparison:
    """Greedy's card and the look-ahead's on ``game`` (the lesson's position by default)."""
    game = lesson_position() if game is None else game
    if game.is_over:
        raise ValueError("the game is over: there is no move to compare")
    player = LookaheadPlayer(playouts=playouts, max_seconds=None)
    estimates = player.estimates(game.copy(), random.Random(seed))
    ahead = max(estimates, key=lambda e: (e[1], VALUE[e[0].card] if e[0].card is not None else 0,
                                          -e[4]))
    # Greedy's move: the look-ahead's first candidate, the most points now and then the
    # heaviest card shed, as GreedyPlayer ranks them (it breaks the last ties at random).
    greedy = estimates[0]
    points = {str(m): pts for m, pts, _ in honest_placements(game)}
    view = game.view(game.to_move)

    def choice(who: str, e: tuple[Move, float, float, int, int]) -> Choice:
        move, mean, spread, n, _k = e
        reply, later = mean_replies(lambda r: sample_game(view, r),
                                    lambda guess, r: _after(guess, move, r), samples, seed)
        svg = fit_width(game.svg(move=move), PICTURE_WIDTH)
        return Choice(who, move, points.get(str(move), 0), mean, spread, n, reply, later, svg)

    return Comparison(choice(GREEDY, greedy), choice(AHEAD, ahead), playouts, samples)
