"""kit.testing.invariants: every registered game, played honestly, passes every
check; and each game's watcher catches the bug it is there for (planted with
monkeypatch, one at a time, in the game whose watcher checks it)."""

import random

import pytest

from kit import games, iota, mattix, smartrix
from kit.testing.invariants import InvariantBroken, watch

# The games the planted bugs below are planted in.
NEW = {
    "iota": lambda: iota.Game.new(players=3, seed=4),
    "mattix": lambda: mattix.Game.new(seed=4, size=5, level=2),
    "smartrix": lambda: smartrix.Game.new(players=3, seed=4, auto_collect=False),
}


def play_out(game, moves=60, seed=0):
    """Play random moves under a Watch (legal_moves checked too); return the Watch."""
    rng, checked = random.Random(seed), watch(game)
    for _ in range(moves):
        if game.is_over:
            break
        checked.check_legal_moves(rng)
        checked.play(rng.choice(game.legal_moves()))
    return checked


@pytest.mark.parametrize("name", games.names())
def test_honest_games_pass_every_check(name):
    spec = games.get(name)
    assert spec.soak is not None, f"{name} registers no seeded game"
    game, _players, _label = spec.soak(4, random.Random(4))
    checked = play_out(game, moves=400)
    assert checked.game.is_over and checked.moves >= 1     # however short the game


@pytest.mark.parametrize("name", games.names())
def test_each_game_is_watched_by_its_own_registered_watcher(name):
    spec = games.get(name)
    game, _players, _label = spec.soak(1, random.Random(1))
    assert type(watch(game)) is spec.load_watch() and games.of(game) is spec


def test_a_card_lost_from_the_deck_is_caught():
    def draw(self, hand, n):   # IOTA draws n cards, and one more falls on the floor
        hand.extend(self.deck[:n])
        del self.deck[:n + 1]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(iota.Game, "_draw", draw)
        with pytest.raises(InvariantBroken, match="66 cards are not all there"):
            play_out(NEW["iota"]())


def test_a_score_that_is_not_the_points_returned_is_caught():
    apply = mattix.Game._apply

    def _apply(self, m):   # scores one point more than it says
        value = apply(self, m)
        self.scores[1 - self.to_move] += 1
        return value

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(mattix.Game, "_apply", _apply)
        with pytest.raises(InvariantBroken, match="scores .* but play\\(\\) returned"):
            play_out(NEW["mattix"]())


def test_a_tile_that_vanishes_is_caught():
    apply = mattix.Game._apply

    def _apply(self, m):   # takes the tile and wipes out another one
        value = apply(self, m)
        for row in self.board:
            for c, v in enumerate(row):
                if v is not None:
                    row[c] = None
                    return value
        return value

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(mattix.Game, "_apply", _apply)
        with pytest.raises(InvariantBroken, match="not the starting tiles"):
            play_out(NEW["mattix"]())


def test_a_move_legal_moves_forgets_is_caught():
    listed = mattix.Game.legal_moves

    def legal_moves(self):
        return listed(self)[1:] or listed(self)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(mattix.Game, "legal_moves", legal_moves)
        with pytest.raises(InvariantBroken, match="legal_moves\\(\\) does not list it"):
            play_out(NEW["mattix"]())


def test_a_listed_move_the_rules_refuse_is_caught():
    explain = smartrix.Game.explain

    def refuse_passes(self, move):
        exp = explain(self, move)
        return exp if str(move) != "pass" else explain(self, "00000000@99,99")

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(smartrix.Game, "explain", refuse_passes)
        with pytest.raises(InvariantBroken, match="lists pass but the rules refuse it"):
            checked = watch(NEW["smartrix"]())
            rng = random.Random(0)
            for _ in range(30):      # the sample of 8 soon includes the pass
                checked.check_legal_moves(rng)


def test_a_points_total_that_does_not_match_the_collected_cards_is_caught():
    apply = smartrix.Game._apply

    def _apply(self, move, exp):   # claims and challenges pay one point too many
        return apply(self, move, exp) + (1 if move.kind != "pass" else 0)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(smartrix.Game, "_apply", _apply)
        with pytest.raises(InvariantBroken, match="collected values .* but play\\(\\) returned"):
            play_out(NEW["smartrix"](), moves=400)


def test_an_undo_that_is_not_exact_is_caught():
    restore = iota.Game._restore

    def _restore(self, state):   # undo forgets the pass count
        restore(self, state)
        self.passes = 0

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(iota.Game, "_restore", _restore)
        game = NEW["iota"]()
        checked = watch(game)
        checked.play("pass")               # passes: 1
        with pytest.raises(InvariantBroken, match="undo\\(\\) of pass did not restore"):
            checked.play("pass")           # undo back to passes 1 gives 0
