"""The fast move generator against a slow brute-force enumeration judged by the rules.

The brute force tries every set of 1-4 empty cells in one row or column (within
6 cells of a frontier cell, which no legal play can exceed) and every order of
hand cards on them, and keeps what the plain rule checker accepts.
"""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from iota_helpers import game_at, random_game, with_wild_in_hand
from kit.errors import IllegalMove
from kit.iota.cards import WILD, parse_card
from kit.iota.moves import Pass, Play, Recycle
from kit.iota.rules import _check_shape


def brute_force_plays(game):
    hand, table = game.hands[game.to_move], game.table
    touching = {x for r, c in table for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if x not in table}
    found = set()
    for k in range(1, len(hand) + 1):
        cell_sets = set()
        for r, c in touching:
            for dr, dc in ((0, 1), (1, 0)):
                for offsets in itertools.combinations([o for o in range(-6, 7) if o], k - 1):
                    cell_sets.add(tuple(sorted([(r, c)] + [(r + o * dr, c + o * dc)
                                                           for o in offsets])))
        for cells in cell_sets:
            if any(x in table for x in cells):
                continue
            try:
                _check_shape(table, cells)
            except IllegalMove:
                continue
            for order in itertools.permutations(range(len(hand)), k):
                move = Play.of(zip([hand[i] for i in order], cells, strict=True))
                if move not in found and game.explain(move).legal:
                    found.add(move)
    return found


def assert_generator_matches(game):
    plays = [m for m in game.legal_moves() if isinstance(m, Play)]
    assert len(plays) == len(set(plays)), "duplicate plays"
    assert set(plays) == brute_force_plays(game)


@settings(max_examples=16, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 9), wilds=st.integers(0, 2))
def test_generator_equals_brute_force_on_random_small_positions(seed, moves, wilds):
    assert_generator_matches(with_wild_in_hand(random_game(seed, moves), wilds))


def test_generator_with_both_wilds_in_hand_and_a_lot_to_finish():
    grid = {(0, 0): "1RC", (0, 1): "2RC", (1, 1): "2BS", (1, 2): "3BS", (2, 2): "3GT"}
    assert_generator_matches(game_at(grid, [["W", "W", "4GX", "3RC"]]))


def test_generator_with_a_wild_on_the_table():
    grid = {(0, 0): "1RC", (0, 1): "W", (0, 2): "3RC", (1, 1): "2YS", (2, 1): "2GT"}
    game = game_at(grid, [["W", "4RC", "2BX", "1YS"]])
    assert_generator_matches(game)
    # The wild stands for 2RC-like cards: its column (W 2YS 2GT) wants a 2.
    assert game.wilds() == {(0, 1): "2RC"}


def test_recycles_and_passes_listed():
    grid = {(0, 0): "1RC", (0, 1): "2RC", (0, 2): "W"}
    game = game_at(grid, [["3RC", "4RC", "3BS", "W"]])
    moves = game.legal_moves()
    recycles = {m for m in moves if isinstance(m, Recycle)}
    assert recycles == {Recycle((0, 2), parse_card("3RC")), Recycle((0, 2), parse_card("4RC"))}
    passes = [m for m in moves if isinstance(m, Pass)]
    assert len(passes) == 16 and len(set(passes)) == 16     # every subset of 4 distinct cards
    assert Pass() in passes and Pass.parse("pass 3RC 4RC 3BS W") in passes
    assert all(isinstance(m, Pass) for m in moves[-16:])
    assert WILD in game.hands[0]
