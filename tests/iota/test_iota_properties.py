"""Property tests over whole seeded IOTA games (hypothesis picks the seeds).

After every move: the 66 cards are all still there, each score is the sum of
that seat's turn points, undo then redo are exact inverses, and the position
survives to_dict / from_dict. At sampled positions: every generated move is
accepted by play(), and moves play() accepts (random candidates near the
table) are all in legal_moves().
"""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from kit import iota
from kit.errors import IllegalMove
from kit.iota.ai import GreedyPlayer
from kit.iota.cards import FULL_DECK, WILD
from kit.iota.movegen import frontier
from kit.iota.moves import Pass, Play, Recycle
from kit.players import RandomPlayer

FULL = Counter(FULL_DECK)


def all_cards(game):
    return Counter(list(game.table.values()) + [c for h in game.hands for c in h] + game.deck)


def check_after_move(game, before, points_by_seat):
    assert all_cards(game) == FULL
    assert game.scores == points_by_seat
    assert iota.Game.from_dict(game.to_dict()) == game
    after = game.to_dict()
    move = game.moves[-1]
    assert game.undo() == move and game.to_dict() == before
    game.redo()
    assert game.to_dict() == after


def every_generated_move_is_accepted(game):
    start = game.to_dict()
    for move in game.legal_moves():
        game.play(move)
        game.undo()
    assert game.to_dict() == start


def random_candidates(game, rng, n):
    """Plausible moves, legal or not: cards from hand near the table, passes, recycles."""
    hand = list(game.hands[game.to_move])
    cells = sorted(frontier(game.table))
    wild_cells = [x for x, c in game.table.items() if c == WILD]
    for _ in range(n):
        kind = rng.random()
        if kind < 0.05:
            yield Pass.of(rng.sample(hand, rng.randint(0, len(hand))))
        elif kind < 0.1 and wild_cells:
            yield Recycle(rng.choice(wild_cells), rng.choice(hand))
        else:
            k = rng.randint(1, len(hand))
            r, c = rng.choice(cells)
            dr, dc = rng.choice([(0, 1), (1, 0)])
            offsets = [0] + rng.sample([o for o in range(-3, 4) if o], k - 1)
            yield Play.of(zip(rng.sample(hand, k), [(r + o * dr, c + o * dc) for o in offsets]))


def accepted_moves_are_generated(game, rng):
    legal = set(game.legal_moves())
    accepted = 0
    for move in random_candidates(game, rng, 150):
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
    points = [0] * players
    accepted = 0
    for turn in range(400):
        if game.is_over:
            break
        if turn % 9 == 4:
            every_generated_move_is_accepted(game)
            accepted += accepted_moves_are_generated(game, rng)
        before = game.to_dict()
        seat = game.to_move
        points[seat] += game.play(seats[seat].choose(game, rng))
        check_after_move(game, before, points)
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
