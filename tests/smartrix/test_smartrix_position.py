"""Smartrix positions: from_dict validation (each problem named) and round trips."""

import json

import pytest

from kit import InvalidPosition
from kit.smartrix import Game
from smartrix_helpers import card_not_matching, fill, setup


def _position():
    return Game.new(players=3, seed=9).to_dict()


def test_round_trip_is_exact_and_json_able():
    d = _position()
    assert Game.from_dict(json.loads(json.dumps(d))).to_dict() == d


def test_the_design_example_shape_is_accepted_once_complete():
    g = Game.setup(grid={(0, 0): "10100000"}, hands=[["01000000"], ["11000000"]])
    d = g.to_dict()
    assert d["grid"] == [[0, 0, "10100000"]] and d["hands"] == [["01000000"], ["11000000"]]
    assert len(d["deck"]) == 67 and d["options"] == {"window": 5, "teams": False,
                                                     "auto_collect": True}


def _broken(change):
    d = _position()
    change(d)
    with pytest.raises(InvalidPosition) as err:
        Game.from_dict(d)
    return str(err.value)


def test_rejects_a_text_that_is_no_card():
    msg = _broken(lambda d: d["hands"][1].__setitem__(0, "1010002"))
    assert "hands[1][0]" in msg and "not a Smartrix card" in msg


def test_rejects_a_card_twice_even_turned():
    def twice(d):
        card = d["hands"][0][0]
        d["deck"][0] = card[6:] + card[:6]  # the same card, a quarter turn on
    msg = _broken(twice)
    assert "appears twice" in msg


def test_rejects_cards_not_adding_up_to_70():
    msg = _broken(lambda d: d["deck"].pop())
    assert "70" in msg and "missing" in msg


@pytest.mark.parametrize("change, words", [
    (lambda d: d.pop("deck"), "needs 'deck'"),
    (lambda d: d.__setitem__("colour", 1), "unknown key"),
    (lambda d: d.__setitem__("game", "iota"), "'game' must be 'smartrix'"),
    (lambda d: d.__setitem__("to_move", 3), "to_move"),
    (lambda d: d.__setitem__("out", [True, False, False]), "draw pile is empty"),
    (lambda d: d["options"].__setitem__("window", "5"), "window"),
    (lambda d: d["options"].__setitem__("teams", True), "4 players"),
    (lambda d: d["options"].__setitem__("speed", 1), "options"),
    (lambda d: d["grid"].append([0, 0, d["deck"].pop()]), "two cards at (0,0)"),
    (lambda d: d["grid"].__setitem__(0, [0, "a", d["grid"][0][2]]), "not a cell"),
    (lambda d: d.__setitem__("collected", [[]]), "one pile per player"),
    (lambda d: d.__setitem__("unclaimed", [{"cells": [[0, 0]], "formed_by": 0}]),
     "free-table"),
])
def test_rejects_malformed_data(change, words):
    assert words in _broken(change)


def _table_position(grid):
    return setup(grid, [["00000000"], ["11111111"]], auto_collect=False).to_dict()


def _expect_rejected(grid, words):
    d = _table_position(grid)
    Game.from_dict(d)                       # fine on the free table
    d["options"]["auto_collect"] = True
    with pytest.raises(InvalidPosition, match=words):
        Game.from_dict(d)


def test_rejects_a_mismatched_table_outside_the_free_mode():
    grid = fill([(0, 0)])
    grid[(0, 1)] = card_not_matching(grid, (0, 1))
    _expect_rejected(grid, r"\(0,0\).*\(0,1\).*do not match")


def test_rejects_a_table_outside_the_window():
    _expect_rejected(fill([(0, c) for c in range(4)] + [(1, 5)]), "6 columns")


def test_rejects_a_set_lying_on_the_table():
    _expect_rejected(fill([(r, 2) for r in range(5)]), r"column \(0,2\)-\(4,2\).*set")


def test_rejects_unclaimed_records_that_are_not_sets():
    d = _table_position(fill([(0, c) for c in range(5)]))
    d["unclaimed"] = [{"cells": [[0, c] for c in range(5)], "formed_by": 1}]
    assert Game.from_dict(d).unclaimed_sets == [(tuple((0, c) for c in range(5)), 1)]
    d["unclaimed"] = [{"cells": [[0, c] for c in range(4)], "formed_by": 1}]
    with pytest.raises(InvalidPosition, match="not a set"):
        Game.from_dict(d)


def test_rejects_a_non_dict():
    with pytest.raises(InvalidPosition):
        Game.from_dict([1, 2])
