"""The Smartrix look-ahead player: seeded, within its budget, legal, blind to hidden cards."""

from __future__ import annotations

import random

import pytest

from kit.smartrix import Game, GreedyPlayer, LookaheadPlayer, ai
from kit.smartrix.lookahead import greedy_move, sample_game


def _mid_game(seed: int, players: int = 2, moves: int = 10, **options) -> Game:
    game = Game.new(players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(GreedyPlayer().choose(game, rng))
    assert not game.is_over
    return game


def _hidden_reshuffled(game: Game, seed: int) -> Game:
    """The same game with the cards ``game.to_move`` cannot see dealt afresh:
    the other hands (same sizes) and the pile in another order."""
    d = game.to_dict()
    seat = game.to_move
    hidden = [c for s, h in enumerate(d["hands"]) if s != seat for c in h] + d["deck"]
    random.Random(seed).shuffle(hidden)
    for s, h in enumerate(d["hands"]):
        if s != seat:
            d["hands"][s], hidden = hidden[:len(h)], hidden[len(h):]
    d["deck"] = hidden
    other = Game.from_dict(d)
    assert other != game
    return other


def test_same_seed_same_moves_and_another_seed_may_differ():
    def history(seed):
        game, rng = Game.new(2, seed=4), random.Random(seed)
        seats = [LookaheadPlayer(playouts=8, max_seconds=None), GreedyPlayer()]
        for _ in range(16):
            game.play(seats[game.to_move].choose(game, rng))
        return game.history
    assert history(1) == history(1)
    assert len({tuple(map(str, history(s))) for s in (1, 2, 3)}) > 1


@pytest.mark.parametrize("budget", [1, 7, 20])
def test_a_budget_of_k_playouts_runs_k(budget):
    game = _mid_game(2)
    player = LookaheadPlayer(playouts=budget, max_seconds=None)
    assert len(player.candidates(game)) > 1
    player.choose(game, random.Random(0))
    assert player.last_playouts == budget


def test_the_time_cap_stops_early_and_still_moves():
    game = _mid_game(3)
    player = LookaheadPlayer(playouts=10 ** 6, max_seconds=0.05)
    move = player.choose(game, random.Random(0))
    assert 1 <= player.last_playouts < 10 ** 6
    assert game.explain(move).legal


def test_no_playout_begins_that_would_end_past_the_budget(monkeypatch):
    from kit import lookahead

    class TenthsClock:      # moves on 0.1 s each time it is read: no wall time in a test
        readings = 0

        def perf_counter(self) -> float:
            self.readings += 1
            return 0.1 * (self.readings - 1)
    monkeypatch.setattr(lookahead, "time", TenthsClock())
    game = _mid_game(4)
    player = LookaheadPlayer(playouts=10 ** 6, max_seconds=0.6)
    player.choose(game, random.Random(0))
    # playout i begins at 0.1 * i s only if it would end (1.5 x the pace so far) within
    # 0.6 s: playouts 0-4 run, the fifth would end at 0.65
    assert player.last_playouts == 5


@pytest.mark.parametrize("players, options", [
    (2, {}), (3, {"window": None}), (4, {"teams": True}), (3, {"auto_collect": False})])
def test_whole_seeded_games_with_legal_moves_only(players, options):
    game = Game.new(players, seed=11, **options)
    seats = [LookaheadPlayer(playouts=3, rounds=1) if s % 2 == 0 else GreedyPlayer()
             for s in range(players)]
    rng = random.Random(11)
    while not game.is_over:
        move = seats[game.to_move].choose(game, rng)
        if move.kind in ("place", "pass"):
            assert move in game.legal_moves() or game.explain(move).legal
        assert game.explain(move).legal, move
        game.play(move)
    assert game.is_over


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_the_move_does_not_depend_on_cards_it_cannot_see(seed):
    game = _mid_game(seed, players=3, moves=8)
    other = _hidden_reshuffled(game, seed)
    assert other.view(other.to_move) == game.view(game.to_move)
    player = LookaheadPlayer(playouts=30, max_seconds=None)
    for r in range(3):
        assert player.choose(game, random.Random(r)) == player.choose(other, random.Random(r))


def test_samples_keep_what_the_seat_sees():
    game = _mid_game(8, players=3)
    view = game.view(game.to_move)
    sample = sample_game(view, random.Random(1))
    assert sample.view(game.to_move) == view
    assert sample.to_dict()["hands"] != game.to_dict()["hands"] or \
        sample.to_dict()["deck"] != game.to_dict()["deck"]


def test_rollout_greedy_takes_what_greedy_takes():
    for seed in range(4):
        game = _mid_game(seed, moves=6)
        greedy = {m for m, pts, _ in ai.honest_placements(game)
                  if (pts, ai.VALUE[m.card]) == max((p, ai.VALUE[x.card])
                                                    for x, p, _ in ai.honest_placements(game))}
        assert greedy_move(game, random.Random(seed)) in greedy


def test_analysis_with_lookahead_ranks_by_expected_margin_and_stops():
    import threading

    from kit.analysis import Expected
    from kit.smartrix.analysis import analysis
    game = _mid_game(10)
    seen = []
    rows = analysis(game, lookahead=True, playouts=14, progress=lambda d, t: seen.append((d, t)))
    assert rows and all(isinstance(v, Expected) for _, v in rows)
    assert [v.mean for _, v in rows] == sorted((v.mean for _, v in rows), reverse=True)
    assert seen[-1] == (14, 14) and not rows.partial
    assert rows == analysis(game, lookahead=True, playouts=14)
    stop = threading.Event()
    stop.set()
    stopped = analysis(game, lookahead=True, playouts=14, stop=stop)
    assert stopped.partial and sum(v.n for _, v in stopped) == 1
    # the player's choice is the analysis' first row
    assert LookaheadPlayer(playouts=14, max_seconds=None).choose(game, random.Random(0)) == rows[0][0]


def test_a_lone_move_is_still_valued_by_the_analysis_but_chosen_without_playouts():
    """With only a pass to make the analysis showed "not tried (now +0)": the
    playouts were skipped for the player (nothing to choose), the row got none."""
    from kit.smartrix.analysis import analysis
    game, rng = Game.new(2, seed=0), random.Random(0)
    player = LookaheadPlayer(playouts=8, max_seconds=None)
    while len(player.candidates(game)) > 1:     # seed 0: the 20th move is a lone pass
        game.play(GreedyPlayer().choose(game, rng))
    rows = [v for _, v in analysis(game, lookahead=True, playouts=8)]
    assert rows and all(v.n == 8 for v in rows) and "not tried" not in str(rows[-1])
    assert str(player.choose(game, random.Random(0))) == "pass" and player.last_playouts == 0
