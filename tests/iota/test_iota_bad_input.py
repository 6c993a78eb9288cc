"""Hand-built IOTA moves with bad fields, and other malformed input (issue 8).

Each must raise a ValueError subclass naming the problem (InvalidMoveText for
a move that is not well formed) and leave the game exactly as it was, at
``play`` and at ``explain`` alike. The random version of these checks is
tests/test_fuzz_bad_input.py.
"""

import pytest

from kit import IllegalMove, InvalidMoveText, InvalidPosition, iota
from kit.iota.moves import Move, Pass, Play, Recycle

from iota_helpers import game_at

BAD_MOVES = [  # (move, words the message must contain)
    (Play(((99, (0, 1)),)), ["placement 0", "99", "no card"]),
    (Pass((99,)), ["exchanged card 0", "99", "no card"]),
    (Play(((-1, (0, 1)),)), ["-1", "no card"]),
    (Play(((1.5, (0, 1)),)), ["card of placement 0", "integer", "1.5"]),
    (Play(((True, (0, 1)),)), ["card of placement 0", "integer", "True"]),
    (Play((("2GT", (0, 1)),)), ["card of placement 0", "integer", "'2GT'"]),
    (Play(((None, None),)), ["card of placement 0", "None"]),
    (Play(((5, (0, "1")),)), ["column of the cell of placement 0", "'1'"]),
    (Play(((5, (0.0, 1)),)), ["row of the cell of placement 0", "0.0"]),
    (Play(((5, (0, 1, 2)),)), ["cell of placement 0", "(row, col) pair"]),
    (Play(((5, 7),)), ["cell of placement 0", "(row, col) pair"]),
    (Play((5, (0, 1))), ["placement 0", "not a (card, (row, col)) pair"]),
    (Play(None), ["Play.placements", "None"]),
    (Play("2GT@0,1"), ["Play.placements", "'2GT@0,1'"]),
    (Pass(None), ["Pass.exchange", "None"]),
    (Pass((1.0,)), ["exchanged card 0", "integer"]),
    (Recycle([0], 5), ["Recycle.cell", "(row, col) pair"]),
    (Recycle((0, 0), 64.0), ["Recycle.card", "integer"]),
    (Recycle((0, 0), 65), ["Recycle.card", "65", "no card"]),
    (Move(), ["bare Move", "Play, Pass or Recycle"]),
    (None, ["not an IOTA move", "None"]),
    (17, ["not an IOTA move", "17"]),
    ([(5, (0, 1))], ["not an IOTA move"]),
]


@pytest.fixture
def game():
    g = iota.Game.new(players=2, seed=3)
    g.play(g.legal_moves()[0])
    return g


@pytest.mark.parametrize("method", ["play", "explain"])
@pytest.mark.parametrize("move, words", BAD_MOVES, ids=lambda x: type(x).__name__)
def test_bad_move_object_is_refused_by_name_and_changes_nothing(game, method, move, words):
    before, before_dict, history = game.copy(), game.to_dict(), game.history
    with pytest.raises(InvalidMoveText) as err:
        getattr(game, method)(move)
    for word in words:
        assert word in str(err.value)
    assert game == before and game.to_dict() == before_dict and game.history == history


def test_hand_built_moves_in_any_order_and_with_lists_are_read_as_the_same_move():
    game = iota.Game.new(players=2, seed=3)
    play = next(m for m in game.legal_moves() if isinstance(m, Play) and len(m.placements) > 1)
    shuffled = [[card, list(cell)] for card, cell in reversed(play.placements)]
    assert game.explain(Play(shuffled)).move == play
    game.play(Play(shuffled))
    assert game.history == [play]   # the canonical value object, not the hand-built one


class Index:
    """An integer type that is not int (as numpy.int64 is not): it has __index__."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


def test_any_integer_type_is_read_as_an_int():
    game = iota.Game.new(players=2, seed=3)
    pass_move = next(m for m in game.legal_moves() if isinstance(m, Pass) and m.exchange)
    explained = game.explain(Pass(tuple(Index(c) for c in pass_move.exchange)))
    assert explained.legal and explained.move == pass_move


def test_a_play_spanning_a_billion_cells_is_refused_at_once():
    game = game_at({(0, 0): "1RC"}, [["2RC", "3RC", "4RC", "1GS"], ["1YT"]])
    before = game.copy()
    for text in ["2RC@0,1 3RC@0,1000000000000", "2RC@1,0 3RC@-1000000000000,0"]:
        with pytest.raises(IllegalMove) as err:
            game.play(text)
        assert "unbroken run" in str(err.value)
        assert len(err.value.cells) <= 16
        assert game == before


def test_parse_move_and_from_dict_refuse_non_text_and_non_dict():
    game = iota.Game.new(players=2, seed=3)
    for thing in [None, 3, b"pass", ["pass"], Pass()]:
        with pytest.raises(InvalidMoveText, match="must be a string"):
            game.parse_move(thing)
    for thing in [None, [], "iota", 3]:
        with pytest.raises(InvalidPosition, match="must be a dict"):
            iota.Game.from_dict(thing)


def test_unknown_keys_of_mixed_types_are_named():
    d = iota.Game.new(players=2, seed=3).to_dict()
    with pytest.raises(InvalidPosition, match=r"unknown key\(s\) \[1, 'x'\]"):
        iota.Game.from_dict({**d, 1: 2, "x": 3})


@pytest.mark.parametrize("players", ["2", 2.0, True, 0, 5])
def test_new_refuses_a_player_count_that_is_not_1_to_4(players):
    with pytest.raises(ValueError, match="1 to 4 players"):
        iota.Game.new(players=players, seed=1)


@pytest.mark.parametrize("seat", [-1, 2, "0", None, True])
def test_view_refuses_a_seat_that_is_not_at_the_table(seat):
    with pytest.raises(ValueError, match="no seat"):
        iota.Game.new(players=2, seed=1).view(seat)


@pytest.mark.parametrize("text", ["1RC@0," + "1" * 5000, "recycle 0," + "1" * 5000 + " 1RC"])
def test_a_number_too_long_to_read_is_malformed_text(text):
    with pytest.raises(InvalidMoveText, match="too long a number"):
        iota.Game.new(players=2, seed=1).play(text)


def test_new_refuses_a_seed_random_cannot_take():
    with pytest.raises(ValueError, match="a seed is"):
        iota.Game.new(seed=[1])


def test_a_bare_move_can_still_be_shown_in_a_message():
    assert repr(Move()) == str(Move()) == "Move()"   # both used to recurse for ever
