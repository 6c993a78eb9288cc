"""Property tests over whole seeded Smartrix games with 2-7 players, in every
variant: the 70 cards conserved, score = collected - hand, undo/redo exact,
round trip exact, every generated move accepted, and accepted moves generated."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kit.smartrix import PASS, Game, GreedyPlayer, Move, ORIENTATIONS, parse_card
from kit.smartrix.cards import DIRECTIONS, VALUE
from smartrix_helpers import conserved

VARIANTS = [{}, {"window": None}, {"auto_collect": False}]
GREEDY = GreedyPlayer()


def _scores_add_up(g):
    per_seat = [sum(VALUE[parse_card(t)] for t in g.collected(s))
                - sum(VALUE[parse_card(t)] for t in g.hand(s)) for s in range(g.players)]
    if g.teams:
        per_seat = [per_seat[0] + per_seat[2], per_seat[1] + per_seat[3]]
    return g.scores == per_seat


def _candidates(g, rng, k):
    """Random placements near the table (accepted or not) and claims."""
    hand = g.hand(g.to_move)
    cells = {(0, 0)} if not g.grid else {
        (r + dr, c + dc) for r, c in g.grid for dr, dc in DIRECTIONS} | set(g.grid)
    cells = sorted(cells)
    out = []
    for _ in range(k):
        card = rng.choice(ORIENTATIONS[parse_card(rng.choice(hand))])
        out.append(Move.place(card, *rng.choice(cells),
                              claim=not g.auto_collect and rng.random() < 0.3))
    out += [Move.take("claim", cells) for cells, _ in g.unclaimed_sets]
    return out


def _check_position(g, rng):
    assert conserved(g) and _scores_add_up(g)
    d = g.to_dict()
    assert Game.from_dict(d).to_dict() == d
    legal = g.legal_moves()
    assert legal[-1] == PASS
    for m in rng.sample(legal, min(12, len(legal))):
        assert g.explain(m).legal, (m, g.explain(m).reason)
    listed = set(legal)
    for m in _candidates(g, rng, 12):
        if g.explain(m).legal:
            assert m in listed, m
    return legal


def _choose(g, rng, legal):
    if rng.random() < 0.7:
        return GREEDY.choose(g, rng)
    return rng.choice(legal)


def _play_checked(g, rng, max_moves=400):
    for _ in range(max_moves):
        if g.is_over:
            return
        legal = _check_position(g, rng)
        before = g.to_dict()
        move = _choose(g, rng, legal)
        points = g.play(move)
        assert points >= 0
        after = g.to_dict()
        if rng.random() < 0.3:
            assert g.undo() == move and g.to_dict() == before
            assert g.redo() == points and g.to_dict() == after
    raise AssertionError("game did not end")


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 7), variant=st.sampled_from(VARIANTS))
def test_seeded_games_keep_the_invariants(seed, players, variant):
    g = Game.new(players=players, seed=seed, **variant)
    rng = random.Random(seed)
    _play_checked(g, rng)
    assert g.is_over and g.legal_moves() == []
    assert conserved(g) and _scores_add_up(g)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_team_games_keep_the_invariants(seed):
    g = Game.new(players=4, seed=seed, teams=True)
    _play_checked(g, random.Random(seed))
    assert len(g.scores) == 2


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 7))
def test_undo_to_the_start_and_redo_to_the_end(seed, players):
    g = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(_choose(g, rng, g.legal_moves()))
    end, n = g.to_dict(), len(g.history)
    while g.history:
        g.undo()
    assert g == Game.new(players=players, seed=seed)
    for _ in range(n):
        g.redo()
    assert g.to_dict() == end


def test_a_new_play_clears_the_redo_list():
    g = Game.new(seed=4)
    g.play(g.legal_moves()[0])
    g.undo()
    g.play(PASS)
    try:
        g.redo()
    except IndexError:
        return
    raise AssertionError("redo after a new play")


def test_illegal_moves_change_nothing():
    rng = random.Random(1)
    g = Game.new(players=3, seed=1)
    for _ in range(30):
        before = g.to_dict()
        for m in _candidates(g, rng, 20):
            if not g.explain(m).legal:
                try:
                    g.play(m)
                except ValueError:
                    assert g.to_dict() == before
                else:
                    raise AssertionError(f"{m} was accepted")
        g.play(GREEDY.choose(g, rng))


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(VARIANTS))
def test_a_game_replays_from_its_move_text(seed, variant):
    g = Game.new(players=3, seed=seed, **variant)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(_choose(g, rng, g.legal_moves()))
    texts = [str(m) for m in g.history]
    replay = Game.new(players=3, seed=seed, **variant)
    points = [replay.play(replay.parse_move(t)) for t in texts]
    assert replay == g
    collected = sum(VALUE[parse_card(t)] for s in range(3) for t in replay.collected(s))
    assert sum(points) == collected   # every collected card was scored by one move
