"""Computer players, move ranking and the seeded tournament."""

import random

import pytest

from iota_helpers import game_at, random_game
from kit import iota
from kit.iota.ai import PlannerPlayer, _completing_card, rank_moves
from kit.iota.cards import WILD, parse_card
from kit.iota.moves import Pass, Play, Recycle
from kit.iota.scoring import quick_points
from kit.players import RandomPlayer


@pytest.mark.parametrize("seed", [3, 17, 40])
def test_every_player_chooses_a_legal_move(seed):
    game = random_game(seed, 8)
    for player in (RandomPlayer(), iota.GreedyPlayer(), PlannerPlayer(), PlannerPlayer(risk=1.0)):
        move = player.choose(game, random.Random(seed))
        assert move in game.legal_moves()


def test_greedy_takes_the_most_points():
    game = random_game(5, 10)
    best = rank_moves(game)[0][0]
    move = iota.GreedyPlayer().choose(game, random.Random(1))
    assert game.explain(move).points == best
    assert best == max(game.explain(m).points for m in game.legal_moves() if isinstance(m, Play))


def test_rank_moves_agrees_with_explanations():
    game = random_game(9, 6)
    ranked = rank_moves(game)
    assert [p for p, _ in ranked] == sorted((p for p, _ in ranked), reverse=True)
    for points, move in ranked[:40]:
        assert game.explain(move).points == points == quick_points(game.table, move.placements, False)


def test_greedy_passes_exchanging_everything_when_it_cannot_play():
    game = random_game(4, 3)
    move = iota.GreedyPlayer().choose(_no_plays(game), random.Random(0))
    assert isinstance(move, Pass) and len(move.exchange) == len(game.hands[game.to_move]) == 4


def _no_plays(game):
    """The same game, seen through legal_moves() without its plays."""
    class NoPlays:
        def __getattr__(self, name):
            return getattr(game, name)

        def legal_moves(self):
            return [m for m in game.legal_moves() if not isinstance(m, Play)]
    return NoPlays()


def test_planner_recycles_first_and_keeps_wilds_when_passing():
    grid = {(0, 0): "1RC", (0, 1): "2RC", (0, 2): "W"}
    game = game_at(grid, [["3RC", "1YS", "2GT", "4BX"]])
    move = PlannerPlayer().choose(game, random.Random(0))
    assert move == Recycle((0, 2), parse_card("3RC"))
    game.play(move)
    keep = PlannerPlayer()._pass(game, game.legal_moves(), random.Random(0))
    assert isinstance(keep, Pass) and WILD not in keep.exchange and len(keep.exchange) == 3


def test_completing_card_of_a_three_card_line():
    cards = [parse_card(t) for t in ("1RC", "2RS", "3RT")]
    assert _completing_card(cards) == parse_card("4RX")
    assert _completing_card([parse_card(t) for t in ("1RC", "1RS", "2RT")]) is None


def test_planner_risk_charge_counts_an_open_lot():
    grid = {(0, 0): "1RC", (0, 1): "2RS"}
    game = game_at(grid, [["3RT", "1GX", "2BX", "3YX"], ["4GT", "4BT", "4YT", "4RT"]])
    planner = PlannerPlayer(risk=1.0, lookahead=0)
    unseen = planner._unseen(game)
    open_three = Play.parse("3RT@0,2")      # leaves 1RC 2RS 3RT: 4RX completes it
    assert planner._cost(game, open_three, 6, unseen) > 0
    assert planner._cost(game, Play.parse("1GX@1,0"), 2, unseen) == 0


def test_tournament_is_seeded_and_reports_standings():
    players = [iota.GreedyPlayer(), RandomPlayer()]
    first = iota.tournament(players, games=4, seed=3)
    assert first == iota.tournament(players, games=4, seed=3)
    greedy, rand = first
    assert greedy.name == "greedy" and greedy.games == 4
    assert greedy.wins + rand.wins == pytest.approx(4)
    assert greedy.mean_points_per_turn > rand.mean_points_per_turn
    assert greedy.mean_margin == pytest.approx(-rand.mean_margin)


def test_tournament_fills_more_seats_than_players():
    a, b = iota.tournament([iota.GreedyPlayer(), RandomPlayer()], games=2, seed=1, n_players=4)
    assert a.games == b.games == 4
    with pytest.raises(ValueError):
        iota.tournament([RandomPlayer()] * 3, games=1, n_players=2)


def test_planner_outscores_greedy_in_a_seeded_match():
    # A short match (the README quotes 200 games: 60% wins); here: more points per turn
    # and a positive margin over 16 games.
    planner, greedy = iota.tournament([PlannerPlayer(), iota.GreedyPlayer()], games=16, seed=77)
    assert planner.mean_points_per_turn > greedy.mean_points_per_turn
    assert planner.mean_margin > 0
