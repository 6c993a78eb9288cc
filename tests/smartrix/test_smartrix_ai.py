"""Smartrix analysis and players: threats, the cautious player's expectation,
greedy and cautious choices, tournaments."""

import itertools
import random
from fractions import Fraction

import pytest

from kit.smartrix import (CautiousPlayer, Game, GreedyPlayer, RandomPlayer, expected_best,
                          parse_card, threats, tournament)
from kit.smartrix import ai
from kit.smartrix.cards import CANONICAL, ORIENTATIONS, TEXT
from smartrix_helpers import fill, setup, value


def _row_of_four():
    grid = fill([(0, c) for c in range(4)])
    return setup(grid, [["00000000"], ["11111111"]]), grid


def test_threats_are_the_cells_completing_a_line():
    g, grid = _row_of_four()
    found = {t.cell: t for t in threats(g)}
    assert set(found) == {(0, -1), (0, 4)}
    t = found[(0, 4)]
    assert t.lines == (tuple((0, c) for c in range(4)),)
    assert t.value == sum(value(x) for x in grid.values())


def test_threat_completions_are_exactly_the_cards_that_fit():
    g, grid = _row_of_four()
    pool = [TEXT[c] for c in g.unseen(0)]
    t = next(t for t in threats(g, pool) if t.cell == (0, 4))
    expected = set()
    for card in pool:
        probe = setup(grid, [[card], ["11111111" if card != "11111111" else "00000000"]])
        expected |= {TEXT[o] for o in ORIENTATIONS[parse_card(card)]
                     if probe.explain(f"{TEXT[o]}@0,4").legal}
    assert set(t.completions) == expected and expected
    # the default pool is what the player to move cannot see
    assert set(next(x for x in threats(g) if x.cell == (0, 4)).completions) == expected


def test_threats_from_a_given_hand():
    g, grid = _row_of_four()
    t = next(t for t in threats(g, ["00000000"]) if t.cell == (0, 4))
    assert set(t.completions) <= {"00000000"}


def _brute_expected_best(gains, pool_size, hand_size):
    values = list(gains) + [0] * (pool_size - len(gains))
    hands = list(itertools.combinations(range(pool_size), hand_size))
    return Fraction(sum(max(values[i] for i in h) for h in hands), len(hands))


@pytest.mark.parametrize("seed", range(6))
def test_expected_best_is_exact(seed):
    rng = random.Random(seed)
    pool = rng.randrange(3, 9)
    gains = [rng.randrange(1, 20) for _ in range(rng.randrange(0, pool + 1))]
    hand = rng.randrange(1, pool + 1)
    assert expected_best(gains, pool, hand) == pytest.approx(
        float(_brute_expected_best(gains, pool, hand)))


def test_greedy_takes_the_most_points():
    star = [(2, c) for c in (0, 1, 3, 4)] + [(r, 2) for r in (0, 1, 3, 4)]
    grid = fill([(2, 2)] + star)
    card = grid.pop((2, 2))
    g = setup(grid, [[card, "00000000"], ["11111111"]])
    move = GreedyPlayer().choose(g, random.Random(0))
    best = max(g.explain(m).points for m in g.legal_moves())
    assert g.explain(move).points == best > 0


def _opens(g, move, pool):
    after = g.copy()
    after.play(move)
    return any(t.completions for t in threats(after, pool))


def test_cautious_does_not_open_a_set_it_can_avoid():
    # A row of 3; over many hands that could make it 4 long (an open line the
    # next player may complete), the cautious player always plays safe.
    grid = fill([(0, 0), (0, 1), (0, 2)])
    used = {CANONICAL[parse_card(t)] for t in grid.values()} | {0, 255}
    rng = random.Random(0)
    free = [c for c in ai.DECK if c not in used]
    tested, dangerous = 0, 0.0
    while tested < 12:
        g = setup(grid, [[TEXT[c] for c in rng.sample(free, 6)], ["11111111"]])
        pool = g.unseen(0)
        places = [m for m in g.legal_moves() if m.kind == "place"]
        opening = sum(_opens(g, m, pool) for m in places)
        if not 0 < opening < len(places):
            continue
        tested += 1
        dangerous += opening / len(places)
        assert not _opens(g, CautiousPlayer().choose(g, rng), pool)
    # A player blind to the danger would have opened a line in about this many.
    assert dangerous > 0.5


def test_cautious_beats_greedy_head_to_head():
    st = tournament([GreedyPlayer(), CautiousPlayer()], games=16, seed=11)
    assert st[1].win_rate > 0.6 and st[1].mean_score > st[0].mean_score


def test_tournament_is_reproducible_and_takes_2_to_7_players():
    players = [RandomPlayer(), GreedyPlayer(), CautiousPlayer()]
    assert tournament(players, games=2, seed=3) == tournament(players, games=2, seed=3)
    for n in range(2, 8):
        st = tournament([GreedyPlayer() for _ in range(n)], games=1, seed=n)
        assert len(st) == n and sum(s.wins for s in st) == pytest.approx(1.0)


@pytest.mark.parametrize("window", [5, None])
def test_incremental_open_lines_equal_a_full_recount(window):
    rng = random.Random(5)
    for seed in range(6):
        g = Game.new(players=3, seed=seed, window=window)
        for _ in range(rng.randrange(10, 40)):
            if g.is_over:
                break
            g.play(GreedyPlayer().choose(g, rng))
        if g.is_over:
            continue
        base = [h[0] for h in ai._hot_cells(g.table, g.window)]
        for move, _, taken in ai.honest_placements(g):
            if taken:
                continue
            grid = {**g.table, move.cell: move.card}
            fast = ai._hot_after_place(grid, base, move.cell, g.window)
            full = ai._hot_cells(grid, g.window)
            assert [(c, t) for c, t in fast] == [(h[0], h[1]) for h in full]
