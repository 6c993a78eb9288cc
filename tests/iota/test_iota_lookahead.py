"""The IOTA look-ahead player: seeded, within its budget, legal, blind to hidden cards."""

from __future__ import annotations

import random
import threading

import pytest

from kit.iota import Game, GreedyPlayer, LookaheadPlayer, lookahead_values
from kit.iota.lookahead import sample_game


def _mid_game(seed: int, players: int = 2, moves: int = 6) -> Game:
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(GreedyPlayer().choose(game, rng))
    assert not game.is_over
    return game


def _hidden_reshuffled(game: Game, seed: int) -> Game:
    """The same game with the cards the mover cannot see dealt afresh."""
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
        seats = [LookaheadPlayer(playouts=6, max_seconds=None), GreedyPlayer()]
        for _ in range(8):
            game.play(seats[game.to_move].choose(game, rng))
        return tuple(map(str, game.history))
    assert history(1) == history(1)
    assert len({history(s) for s in (1, 2, 3)}) > 1


@pytest.mark.parametrize("budget", [1, 5, 13])
def test_a_budget_of_k_playouts_runs_k(budget):
    game = _mid_game(2)
    player = LookaheadPlayer(playouts=budget, max_seconds=None)
    assert len(player.candidates(game, random.Random(0))) > 1
    player.choose(game, random.Random(0))
    assert player.last_playouts == budget


def test_the_time_cap_stops_early_and_still_moves():
    game = _mid_game(3)
    player = LookaheadPlayer(playouts=10 ** 6, max_seconds=0.05)
    move = player.choose(game, random.Random(0))
    assert 1 <= player.last_playouts < 10 ** 6
    assert move in game.legal_moves()


class TenthsClock:
    """A clock that moves on 0.1 s each time it is read: the budget's rule can be
    checked exactly, whatever the machine's load (no wall time in a test)."""

    def __init__(self) -> None:
        self.readings = 0

    def perf_counter(self) -> float:
        self.readings += 1
        return 0.1 * (self.readings - 1)


def test_no_playout_begins_that_would_end_past_the_budget(monkeypatch):
    from kit import lookahead
    monkeypatch.setattr(lookahead, "time", TenthsClock())
    game = _mid_game(4)
    player = LookaheadPlayer(playouts=10 ** 6, max_seconds=0.6)
    player.choose(game, random.Random(0))
    # Playout i is begun at 0.1 * i s only if 0.1 * i plus 1.5 times the pace so far
    # (0.1 s a playout) stays within 0.6 s: playouts 0-4 run, the fifth would end at 0.65.
    assert player.last_playouts == 5


def test_a_stop_set_before_the_move_leaves_one_playout_and_a_legal_move():
    game = _mid_game(5)
    stop = threading.Event()
    stop.set()
    player = LookaheadPlayer(playouts=50, max_seconds=None, stop=stop)
    move = player.choose(game, random.Random(0))
    assert player.last_playouts == 1
    assert move in game.legal_moves()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_seeded_games_with_legal_moves_only(players):
    game = Game.new(players, seed=11)
    seats = [LookaheadPlayer(playouts=2, top_k=2) if s == 0 else GreedyPlayer()
             for s in range(players)]
    rng = random.Random(11)
    while not game.is_over:
        move = seats[game.to_move].choose(game, rng)
        assert move in game.legal_moves(), move
        game.play(move)
    assert game.is_over


@pytest.mark.parametrize("seed", [5, 6])
def test_the_move_does_not_depend_on_cards_it_cannot_see(seed):
    game = _mid_game(seed, players=3, moves=4)
    other = _hidden_reshuffled(game, seed)
    assert other.view(other.to_move) == game.view(game.to_move)
    player = LookaheadPlayer(playouts=12, max_seconds=None)
    for r in range(2):
        assert player.choose(game, random.Random(r)) == player.choose(other, random.Random(r))


def test_samples_keep_what_the_seat_sees_and_all_66_cards():
    game = _mid_game(8, players=3)
    seat = game.to_move
    sample = sample_game(game, seat, random.Random(1))
    assert sample.view(seat) == game.view(seat)
    everything = sorted(list(sample.table.values()) + sample.deck
                        + [c for h in sample.hands for c in h])
    assert everything == sorted(list(game.table.values()) + game.deck
                                + [c for h in game.hands for c in h])
    assert sample.hands != game.hands or sample.deck != game.deck


def test_lookahead_values_are_seeded_ranked_and_counted():
    game = _mid_game(9)
    a = lookahead_values(game, seed=3, playouts=12)
    assert a == lookahead_values(game, seed=3, playouts=12)
    assert [e.mean for e in a] == sorted((e.mean for e in a), reverse=True)
    assert sum(e.n for e in a) == 12
    assert all(e.move in game.legal_moves() and e.spread >= 0 for e in a)


def test_analysis_with_lookahead_ranks_by_expected_margin_and_stops():
    from kit.analysis import Expected
    from kit.iota import analysis
    game = next(g for g in map(_mid_game, range(10, 40))
                if len(LookaheadPlayer().candidates(g, random.Random(0))) > 2)
    seen = []
    rows = analysis(game, lookahead=True, playouts=14, progress=lambda d, t: seen.append((d, t)))
    assert rows and all(isinstance(v, Expected) for _, v in rows)
    assert [v.mean for _, v in rows] == sorted((v.mean for _, v in rows), reverse=True)
    assert seen[-1] == (14, 14) and not rows.partial
    plays = {str(m): p for p, m in __import__("kit.iota.ai", fromlist=["x"]).rank_moves(game)}
    assert all(v.points == plays.get(str(m), 0) for m, v in rows)
    assert "±" in str(rows[0][1])
    stop = threading.Event()
    stop.set()
    stopped = analysis(game, lookahead=True, playouts=14, stop=stop)
    assert stopped.partial and sum(v.n for _, v in stopped) == 1


def test_a_board_asked_for_the_lookahead_hints_its_best_move():
    pytest.importorskip("ipywidgets")
    from kit.iota import Board, analysis
    from kit.iota.board import LOOKAHEAD_HINT_PLAYOUTS
    game = next(g for g in map(_mid_game, range(12, 40))
                if len(LookaheadPlayer().candidates(g, random.Random(0))) > 2)
    b = Board(game.copy(), delay=0, seed=3, seats=["human", "greedy"])
    plain = b.hints(b.game)
    b.lookahead_analysis = True
    hinted = b.hints(b.game)
    best = analysis(b.game, lookahead=True, playouts=LOOKAHEAD_HINT_PLAYOUTS)
    assert hinted[0] == (best[0][0], str(best[0][1]))
    assert hinted != plain
    assert isinstance(b.analyse_position(b.game, stop=None)[0][1], type(best[0][1]))


def test_an_unknown_rollout_is_refused_by_name():
    with pytest.raises(ValueError, match="rollout 'best'"):
        LookaheadPlayer(rollout="best")


def test_the_keeper_rollout_passes_keeping_its_wilds_where_greedy_throws_them_back():
    from kit.iota import movegen
    from kit.iota.cards import WILD
    from kit.iota.lookahead import ROLLOUTS
    from kit.iota.moves import Pass
    game = _mid_game(15)
    hand = game.hands[game.to_move]
    hand[0] = WILD
    # A hand that cannot play: only the passes are legal (built here, as such
    # positions are rare in dealt games: a wild fits almost anywhere).
    game.legal_moves = lambda: list(movegen.passes(hand, len(game.deck)))
    keeper = ROLLOUTS["keeper"](game, random.Random(0))
    greedy = ROLLOUTS["greedy"](game, random.Random(0))
    assert isinstance(keeper, Pass) and isinstance(greedy, Pass)
    assert WILD not in keeper.exchange and len(keeper.exchange) == len(hand) - hand.count(WILD)
    assert WILD in greedy.exchange


@pytest.mark.parametrize("rollout", ["greedy", "keeper", "planner"])
def test_each_rollout_is_seeded_and_plays_legal_moves(rollout):
    game = _mid_game(13)
    player = LookaheadPlayer(playouts=8, max_seconds=None, rollout=rollout)
    move = player.choose(game, random.Random(2))
    assert move == player.choose(game, random.Random(2))
    assert move in game.legal_moves() and player.last_playouts == 8


def test_near_the_end_the_playouts_run_to_the_last_card(monkeypatch):
    from kit.iota import lookahead
    game = _mid_game(14)
    ends = []
    real = lookahead.LookaheadPlayer._playout

    def watched(sample, move, plies, seat, rng, policy=None):
        ends.append(plies)
        return real(sample, move, plies, seat, rng, policy)
    monkeypatch.setattr(lookahead.LookaheadPlayer, "_playout", staticmethod(watched))
    LookaheadPlayer(playouts=4, max_seconds=None, endgame=len(game.deck) - 1).choose(
        game, random.Random(0))
    assert set(ends) == {2}                  # one round of two seats: the deck is too big
    ends.clear()
    LookaheadPlayer(playouts=4, max_seconds=None, endgame=len(game.deck)).choose(
        game, random.Random(0))
    assert min(ends) >= 10 ** 6              # to the end of the game


def test_a_lone_move_is_still_valued_by_the_analysis_but_chosen_without_playouts():
    """A free recycle is the only candidate: the analysis showed "not tried
    (now +0)" first (the Hint quoted it); the player needs no playout for it."""
    from kit.iota.analysis import analysis
    game = Game.new(2, seed=1)                 # seed 1: a free recycle on the first turn
    player = LookaheadPlayer(playouts=8, max_seconds=None)
    assert len(player.candidates(game, random.Random(0))) == 1
    rows = [v for _, v in analysis(game, lookahead=True, playouts=8)]
    assert rows and all(v.n == 8 for v in rows) and "not tried" not in str(rows[0])
    player.choose(game, random.Random(0))
    assert player.last_playouts == 0
