"""Position data: to_dict / from_dict round trips and every kind of bad data refused."""

import json

import pytest

from iota_helpers import full_position, worked_example_game
from kit import iota
from kit.errors import InvalidPosition


def test_new_game_deals_four_each_and_turns_a_starter():
    game = iota.Game.new(players=3, seed=7)
    assert [len(h) for h in game.hands] == [4, 4, 4]
    assert list(game.table) == [(0, 0)] and len(game.deck) == 66 - 12 - 1
    assert game.scores == [0, 0, 0] and game.to_move == 0 and not game.is_over
    assert iota.Game.new(players=3, seed=7) == game
    assert iota.Game.new(players=3, seed=8) != game


def test_to_dict_is_json_and_round_trips():
    game = worked_example_game()
    game.play("2GX@0,1 2BC@0,2")
    d = json.loads(json.dumps(game.to_dict()))
    again = iota.Game.from_dict(d)
    assert again == game and again.to_dict() == d


def test_view_hides_other_hands_and_the_deck():
    game = iota.Game.new(players=2, seed=4)
    view = game.view(1)
    assert view["hand"] == game.to_dict()["hands"][1]
    assert view["hand_sizes"] == [4, 4] and view["deck_size"] == len(game.deck)
    assert "deck" not in view and "hands" not in view


def _bad(mutate, words):
    d = full_position({(0, 0): "2RT", (0, 1): "2GX"}, [["1RC", "2BC", "3YS", "4GT"], ["W", "1RS"]])
    mutate(d)
    with pytest.raises(InvalidPosition) as err:
        iota.Game.from_dict(d)
    assert words in str(err.value)
    assert isinstance(err.value, ValueError)


def test_unknown_card_text():
    _bad(lambda d: d["hands"][0].__setitem__(0, "5RC"), "unknown card text '5RC'")
    _bad(lambda d: d["grid"][0].__setitem__(2, "2RQ"), "grid cell (0,0)")


def test_a_card_twice():
    _bad(lambda d: d["deck"].__setitem__(0, "2RT"), "card 2RT appears twice")


def test_cards_not_adding_up_to_66():
    _bad(lambda d: d["deck"].pop(), "not the 66")
    d = full_position({(0, 0): "2RT"}, [["W", "W"]])
    assert iota.Game.from_dict(d).hand == ["W", "W"]       # both wilds in one hand is fine
    _bad(lambda d: d["deck"].__setitem__(d["deck"].index("1YC"), "W"), "3 wild cards")


def test_a_line_breaking_the_rules():
    def bad_line(d):
        d["grid"].append([0, 2, "2BS"])     # 2RT 2GX 2BS: shapes T X S ok, colours ok ...
        d["deck"].remove("2BS")
        d["grid"].append([0, 3, "3YC"])     # ... but 2 2 2 3 is neither same nor different
        d["deck"].remove("3YC")
    _bad(bad_line, "a line on the table breaks the rules")


def test_a_line_of_five_on_the_table():
    def five(d):
        for c, t in enumerate(["2BC", "2YS"], start=2):
            d["grid"].append([0, c, t])
            d["hands"][0].remove(t) if t in d["hands"][0] else d["deck"].remove(t)
        d["grid"].append([0, 4, "W"])
        d["hands"][1].remove("W")
    _bad(five, "longer than 4")


def test_a_table_in_pieces():
    def apart(d):
        d["grid"].append([5, 5, "1RC"])
        d["hands"][0].remove("1RC")
    _bad(apart, "not one connected group")


def test_bad_to_move_and_scores():
    _bad(lambda d: d.__setitem__("to_move", 2), "'to_move' must be a seat number from 0 to 1")
    _bad(lambda d: d.__setitem__("to_move", "0"), "'to_move'")
    _bad(lambda d: d.__setitem__("scores", [0]), "'scores'")


def test_malformed_structure():
    _bad(lambda d: d.__setitem__("grid", []), "non-empty list")
    _bad(lambda d: d["grid"].append([1, "a", "1YC"]), "integer row and col")
    _bad(lambda d: d["grid"].append([0, 0, "1YC"]), "listed twice")
    _bad(lambda d: d.__setitem__("game", "mattix"), "'game' must be 'iota'")
    _bad(lambda d: d.pop("deck"), "needs 'deck'")
    _bad(lambda d: d["hands"][1].extend(["1YC", "1YS", "1YT"]), "hand 1 holds 5 cards")
    _bad(lambda d: d.__setitem__("hands", []), "1 to 4 hands")
    with pytest.raises(InvalidPosition):
        iota.Game.from_dict([1, 2])
