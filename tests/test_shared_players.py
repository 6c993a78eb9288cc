"""The shared tournament, on a toy game small enough to reason about by hand."""

import random

import pytest

from kit.players import RandomPlayer, play_game, standings_table, tournament


class Race:
    """Players add 1 or 2 to their own score in turn, ``turns`` turns each.

    ``free`` moves ("+0") keep the same player to move, like IOTA's recycle.
    With ``teams`` seats 0 and 2 share a score, as do 1 and 3.
    """

    def __init__(self, seats=2, turns=3, teams=False):
        self.seats, self.left, self.teams = seats, [turns] * seats, teams
        self.scores = [0] * (2 if teams else seats)
        self.to_move = 0

    @property
    def is_over(self):
        return not any(self.left)

    def legal_moves(self):
        return ["+0", "+1", "+2"]

    def play(self, move):
        points = int(move[1:])
        self.scores[self.team_of(self.to_move)] += points
        if points:
            self.left[self.to_move] -= 1
            self.to_move = (self.to_move + 1) % self.seats
        return points

    def team_of(self, seat):
        return seat % 2 if self.teams else seat


class Always:
    def __init__(self, move):
        self.move, self.name = move, f"always{move}"

    def choose(self, game, rng):
        return self.move


def test_play_game_counts_points_and_turns_but_not_free_moves():
    class FreeThenTwo:
        name = "free-then-two"

        def __init__(self):
            self.free = True

        def choose(self, game, rng):
            self.free = not self.free
            return "+2" if self.free else "+0"

    game = Race(turns=2)
    points, turns = play_game(game, [FreeThenTwo(), Always("+1")], random.Random(0))
    assert points == [4, 2] and turns == [2, 2] and game.scores == [4, 2]


def test_stronger_player_wins_every_game_and_margins_are_exact():
    strong, weak = tournament(lambda seed: Race(), [Always("+2"), Always("+1")], games=6)
    assert (strong.win_rate, weak.win_rate) == (1.0, 0.0)
    assert (strong.mean_score, weak.mean_score) == (6, 3)
    assert (strong.mean_margin, weak.mean_margin) == (3, -3)
    assert strong.mean_points_per_turn == 2


def test_ties_split_the_win():
    a, b = tournament(lambda seed: Race(), [Always("+1"), Always("+1")], games=4)
    assert a.wins == b.wins == 2


def test_partners_share_a_win_and_the_margin_is_against_the_other_team():
    players = [Always("+2"), Always("+1"), Always("+2"), Always("+1")]
    # Rotating seats by one keeps players two apart as partners: the +2 pair
    # wins both games 12 to 6, and each partner is credited a whole win.
    standings = tournament(lambda seed: Race(seats=4, teams=True), players, games=2)
    assert [s.wins for s in standings] == [2, 0, 2, 0]
    assert [s.mean_score for s in standings] == [12, 6, 12, 6]
    assert [s.mean_margin for s in standings] == [6, -6, 6, -6]


def test_same_seed_same_result_and_seeds_reach_the_game():
    seen = []

    def new(seed):
        seen.append(seed)
        return Race(turns=5)

    players = [RandomPlayer(), RandomPlayer()]
    first = tournament(new, players, games=5, seed=11)
    assert seen == [11, 12, 13, 14, 15]
    assert tournament(lambda s: Race(turns=5), players, games=5, seed=11) == first
    assert tournament(lambda s: Race(turns=5), players, games=5, seed=12) != first


def test_a_game_that_never_ends_is_reported():
    with pytest.raises(RuntimeError, match="did not end"):
        play_game(Race(), [Always("+0"), Always("+0")], random.Random(0), max_moves=50)


def test_standings_table_lists_every_player():
    table = standings_table(tournament(lambda s: Race(), [Always("+2"), Always("+1")], games=2))
    assert "always+2" in table and "100.0%" in table and "always+1" in table
