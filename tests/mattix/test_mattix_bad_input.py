"""Hand-built Mattix moves with bad fields, and other malformed input (issue 8).

Each must raise a ValueError subclass naming the problem (InvalidMoveText for
a move that is not well formed) and leave the game exactly as it was, at
``play`` and at ``check_move`` alike. The random version of these checks is
tests/test_fuzz_bad_input.py.
"""

import pytest

from kit import IllegalMove, InvalidMoveText, InvalidPosition, mattix
from kit.mattix import Game, Move

BAD_MOVES = [  # (move, words the message must contain)
    (Move("1", "0"), ["row of the move", "integer", "'1'"]),
    (Move(1, "0"), ["column of the move", "integer", "'0'"]),
    (Move(1.0, 0), ["row of the move", "1.0"]),
    (Move(True, 0), ["row of the move", "True"]),
    (Move(0, False), ["column of the move", "False"]),
    (Move(None, None), ["row of the move", "None"]),
    (Move((0, 1), 2), ["row of the move", "(0, 1)"]),
    ((1.5, 2), ["row of the move", "1.5"]),
    ((True, 2), ["row of the move", "True"]),
    ((1, 2, 3), ["not a Mattix move"]),
    ([1, 2], ["not a Mattix move"]),
    (None, ["not a Mattix move", "None"]),
    (3, ["not a Mattix move", "3"]),
]


def game():
    g = Game.new(seed=4, size=5, level=2)
    g.play(g.legal_moves()[0])
    return g


@pytest.mark.parametrize("method", ["play", "check_move"])
@pytest.mark.parametrize("move, words", BAD_MOVES, ids=repr)
def test_bad_move_object_is_refused_by_name_and_changes_nothing(method, move, words):
    g = game()
    before, before_dict, history = g.copy(), g.to_dict(), g.history
    with pytest.raises(InvalidMoveText) as err:
        getattr(g, method)(move)
    for word in words:
        assert word in str(err.value)
    assert g == before and g.to_dict() == before_dict and g.history == history


class Index:
    """An integer type that is not int (as numpy.int64 is not): it has __index__."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


def test_any_integer_type_is_read_as_an_int_and_kept_as_one():
    g = game()
    legal = g.legal_moves()[0]
    g.play(Move(Index(legal.row), Index(legal.col)))
    assert g.history[-1] == legal and type(g.history[-1].row) is int


def test_well_formed_but_off_the_board_is_an_illegal_move():
    g = game()
    before = g.copy()
    with pytest.raises(IllegalMove, match="off the 5x5 board"):
        g.play(Move(10 ** 30, 0))
    assert g == before


def test_parse_move_and_from_dict_refuse_non_text_and_non_dict():
    g = game()
    for thing in [None, 3, b"1,2", (1, 2), Move(1, 2)]:
        with pytest.raises(InvalidMoveText, match="must be a string"):
            g.parse_move(thing)
    for thing in [None, [], "mattix", 3]:
        with pytest.raises(InvalidPosition, match="must be a dict"):
            Game.from_dict(thing)


def test_unknown_keys_of_mixed_types_are_named():
    d = game().to_dict()
    with pytest.raises(InvalidPosition, match=r"unknown key\(s\) \[1, 'x'\]"):
        Game.from_dict({**d, 1: 2, "x": 3})


@pytest.mark.parametrize("tiles", [5, 2.5, "abc", {1: 2}])
def test_new_refuses_tiles_that_are_not_a_list_of_ints(tiles):
    with pytest.raises(ValueError, match="tiles must be"):
        mattix.Game.new(size=2, tiles=tiles)


def test_a_number_too_long_to_read_is_malformed_text():
    with pytest.raises(InvalidMoveText, match="too long a number"):
        game().play("1," + "1" * 5000)


def test_new_refuses_a_seed_random_cannot_take():
    with pytest.raises(ValueError, match="a seed is"):
        Game.new(seed={})


@pytest.mark.parametrize("seat", [-1, 2, "0", None, True])
def test_view_refuses_a_seat_that_is_not_at_the_table(seat):
    with pytest.raises(ValueError, match="no seat"):
        game().view(seat)
