"""Property tests over whole seeded Smartrix games with 2-7 players, in every
variant: the 70 cards conserved, score = collected - hand, undo/redo exact,
round trip exact, every generated move accepted, and accepted moves generated.
The checks after every move are kit.testing.invariants.Watch's, shared with `make soak`."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kit.smartrix import PASS, Game, GreedyPlayer, parse_card
from kit.smartrix.cards import VALUE
from kit.smartrix.invariants import (smartrix_candidates, smartrix_conserved,
                                     smartrix_scores_add_up)
from kit.testing.invariants import watch

VARIANTS = [{}, {"window": None}, {"auto_collect": False}]
GREEDY = GreedyPlayer()


def _check_position(g, rng):
    assert smartrix_conserved(g) and smartrix_scores_add_up(g)
    d = g.to_dict()
    assert Game.from_dict(d).to_dict() == d
    legal = g.legal_moves()
    assert legal[-1] == PASS
    for m in rng.sample(legal, min(12, len(legal))):
        assert g.explain(m).legal, (m, g.explain(m).reason)
    listed = set(legal)
    for m in smartrix_candidates(g, rng, 12):
        if g.explain(m).legal:
            assert m in listed, m
    return legal


def _choose(g, rng, legal):
    if rng.random() < 0.7:
        return GREEDY.choose(g, rng)
    return rng.choice(legal)


def _play_checked(g, rng, max_moves=400):
    checked = watch(g)
    for _ in range(max_moves):
        if g.is_over:
            return
        legal = _check_position(g, rng)
        # play() and then (kit.testing.invariants): cards conserved, collected values =
        # points returned, score = collected - hand, undo/redo and round trip exact.
        assert checked.play(_choose(g, rng, legal)) >= 0
    raise AssertionError("game did not end")


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 7), variant=st.sampled_from(VARIANTS))
def test_seeded_games_keep_the_invariants(seed, players, variant):
    g = Game.new(players=players, seed=seed, **variant)
    rng = random.Random(seed)
    _play_checked(g, rng)
    assert g.is_over and g.legal_moves() == []
    assert smartrix_conserved(g) and smartrix_scores_add_up(g)


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
        for m in smartrix_candidates(g, rng, 20):
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
