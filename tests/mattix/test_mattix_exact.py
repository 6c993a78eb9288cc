"""The exact-only MTD(f) solver (exact.py) against a plain minimax and the old solver.

Wherever both run, its values must equal ``solver.search``'s: random small
positions (both movers), seeded 4 x 4 / 5 x 5 boards, and late positions of
seeded 7 x 7 level-2 boards. The 6 x 6 benchmark boards are cross-checked by
``python -m kit.mattix.benchmark --exact7`` (half a minute each: not a test).
"""

import random

from kit.mattix import Game, GreedyPlayer, search
from kit.mattix.exact import ExactSolver, exact_value
from tests.mattix.test_mattix_solver import plain_minimax, random_position


def late_position(seed, size, left):
    g = Game.new(seed=seed, size=size, level=2)
    player, rng = GreedyPlayer(), random.Random(seed)
    while g.tiles_left() > left and not g.is_over:
        g.play(player.choose(g, rng))
    return g


def check_best_move(g, result):
    """The best move is legal and worth the value: its tile minus the reply's exact value."""
    if result.best_move is None:
        assert g.is_over and result.value == 0
        return
    assert result.best_move in g.legal_moves()
    child = g.copy()
    tile = child.tile((result.best_move.row, result.best_move.col))
    child.play(result.best_move)
    assert tile - search(child).value == result.value


def test_exact_agrees_with_plain_minimax_on_small_boards():
    rng = random.Random(77)
    movers = set()
    for k in range(600):
        g = random_position(rng, 3 if k % 2 else 4, 8)
        movers.add(g.to_move)
        result = exact_value(g, guess=rng.randint(-20, 20))   # any first guess converges
        assert result.value == plain_minimax(g.to_dict()["board"], g.star, g.to_move), g.to_dict()
        check_best_move(g, result)
    assert movers == {0, 1}


def test_exact_agrees_with_the_solver_on_seeded_boards():
    for size, boards in ((4, 20), (5, 4)):
        for k in range(boards):
            g = Game.new(seed=1000 + k, size=size, level=2)
            result = exact_value(g)
            assert result.value == search(g).value, (size, k)
            check_best_move(g, result)


def test_exact_agrees_with_the_solver_on_late_7x7_positions():
    for k in range(3):
        for left in (22, 27):
            g = late_position(1000 + k, 7, left)
            result = exact_value(g)
            assert result.value == search(g).value, (k, left)
            check_best_move(g, result)


def test_options_change_the_work_not_the_value():
    g = late_position(1001, 7, 26)
    values = {ExactSolver(g, etc=etc, history=history).run(guess).value
              for etc in (False, True) for history in (False, True) for guess in (-30, 0, 30)}
    assert values == {search(g).value}


def test_exact_is_deterministic():
    g = late_position(1002, 7, 27)
    a, b = exact_value(g), exact_value(g)
    assert (a.value, a.best_move, a.nodes, a.passes) == (b.value, b.best_move, b.nodes, b.passes)
