"""Property tests over whole seeded IOTA games (hypothesis picks the seeds).

After every move (kit.testing.invariants.Watch, shared with `make soak`): the 66
cards are all still there, each score is the sum of that seat's turn points,
undo then redo are exact inverses, and the position survives to_dict /
from_dict. At sampled positions: every generated move is
accepted by play(), and moves play() accepts (random candidates near the
table) are all in legal_moves().
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kit import iota
from kit.errors import IllegalMove
from kit.iota.invariants import iota_candidates
from kit.testing.invariants import watch
from kit.iota.ai import GreedyPlayer
from kit.players import RandomPlayer


def every_generated_move_is_accepted(game):
    start = game.to_dict()
    for move in game.legal_moves():
        game.play(move)
        game.undo()
    assert game.to_dict() == start


def accepted_moves_are_generated(game, rng):
    legal = set(game.legal_moves())
    accepted = 0
    for move in iota_candidates(game, rng, 150):
        try:
            game.play(move)
        except IllegalMove:
            continue
        game.undo()
        accepted += 1
        assert move in legal, move
    return accepted


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4))
def test_whole_games_keep_every_invariant(seed, players):
    rng = random.Random(seed)
    game = iota.Game.new(players=players, seed=seed)
    seats = [rng.choice([RandomPlayer(), GreedyPlayer()]) for _ in range(players)]
    checked = watch(game)
    accepted = 0
    for turn in range(400):
        if game.is_over:
            break
        if turn % 9 == 4:
            every_generated_move_is_accepted(game)
            accepted += accepted_moves_are_generated(game, rng)
        # play() and then: cards conserved, scores = points returned, undo/redo
        # exact, from_dict(to_dict()) == game (kit.testing.invariants; InvariantBroken if not)
        checked.play(seats[game.to_move].choose(game, rng))
    assert game.is_over
    assert accepted > 0


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_same_seed_same_game(seed):
    def run():
        game, rng = iota.Game.new(players=2, seed=seed), random.Random(seed)
        for _ in range(12):
            game.play(RandomPlayer().choose(game, rng))
        return game.to_dict()
    assert run() == run()
