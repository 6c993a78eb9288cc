"""Property tests over whole seeded random games (hypothesis chooses the seeds).

The checks after every move are kit.testing.invariants.Watch's, shared with `make soak`."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kit import IllegalMove
from kit.testing.invariants import watch
from kit.mattix import Game, Move

games = st.tuples(st.integers(0, 10 ** 6), st.integers(2, 8), st.sampled_from([1, 2]))


@settings(max_examples=120, deadline=None)
@given(games)
def test_random_games_keep_every_invariant(params):
    seed, size, level = params
    rng = random.Random(seed)
    g = Game.new(seed=seed, size=size, level=level)
    checked = watch(g)
    snapshots = [g.to_dict()]
    while not g.is_over:
        mover, (sr, sc) = g.to_move, g.star
        moves = g.legal_moves()
        assert moves, "a game that is not over has a legal move"
        # legal_moves() is exactly the cells check_move accepts (every cell, and beyond).
        checked.check_legal_moves(rng)
        m = rng.choice(moves)
        # No move ever leaves the mover's line.
        assert (m.row == sr) if mover == 0 else (m.col == sc)
        value = g.board[m.row][m.col]
        # play() and then (kit.testing.invariants): tiles conserved, scores the sums of
        # the tiles taken, a JSON round trip exact, undo then redo exact.
        assert checked.play(m) == value
        assert g.star == m.cell and g.to_move == 1 - mover
        snapshots.append(g.to_dict())
    assert g.legal_moves() == []
    # Undo all the way back, then redo all the way forward: exact both ways.
    for expected in reversed(snapshots[:-1]):
        g.undo()
        assert g.to_dict() == expected
    for expected in snapshots[1:]:
        g.redo()
        assert g.to_dict() == expected


@settings(max_examples=60, deadline=None)
@given(games, st.data())
def test_any_move_off_the_line_is_refused_and_changes_nothing(params, data):
    seed, size, level = params
    rng = random.Random(seed)
    g = Game.new(seed=seed, size=size, level=level)
    for _ in range(rng.randint(0, size * size)):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    legal = set(g.legal_moves())
    r = data.draw(st.integers(-1, size))
    c = data.draw(st.integers(-1, size))
    before, history = g.to_dict(), g.history
    if Move(r, c) in legal:
        assert g.play(Move(r, c)) == before["board"][r][c]
    else:
        try:
            g.play(Move(r, c))
            raise AssertionError(f"{r},{c} was accepted but is not legal")
        except IllegalMove:
            pass
        assert g.to_dict() == before and g.history == history


@settings(max_examples=40, deadline=None)
@given(games)
def test_same_seed_same_game_and_copies_are_independent(params):
    seed, size, level = params
    a, b = Game.new(seed=seed, size=size, level=level), Game.new(seed=seed, size=size, level=level)
    assert a == b
    c = a.copy()
    if not c.is_over:
        c.play(c.legal_moves()[-1])
        assert c != a and a == b
