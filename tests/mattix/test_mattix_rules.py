"""Scenario tests for every Mattix rule, the position format and move text."""

import json

import pytest

from kit import IllegalMove, InvalidMoveText, InvalidPosition
from kit.mattix import Game, Move, tile_table
from kit.mattix import tiles as tile_tables

# A 3x3 position used throughout: the star at (0,2), the row player to move.
#   5  -3  *
#   1   2  7
#   4   9  6
SMALL = {"game": "mattix", "board": [[5, -3, None], [1, 2, 7], [4, 9, 6]],
         "star": [0, 2], "to_move": 0, "scores": [0, 0]}


def small():
    return Game.from_dict(SMALL)


# ----- setup -------------------------------------------------------------------

@pytest.mark.parametrize("size,level", [(8, 1), (8, 2), (6, 1), (6, 2), (5, 1), (5, 2),
                                        (4, 1), (4, 2), (7, 2), (3, 1)])
def test_new_lays_out_every_tile_once_with_the_star_in_the_empty_cell(size, level):
    g = Game.new(players=2, seed=11, size=size, level=level)
    flat = [v for row in g.board for v in row]
    assert len(g.board) == size and all(len(row) == size for row in g.board)
    assert flat.count(None) == 1
    r, c = g.star
    assert g.board[r][c] is None
    assert sorted(v for v in flat if v is not None) == sorted(tile_table(size, level))
    assert g.to_move == 0 and g.scores == [0, 0] and not g.is_over


def test_same_seed_same_layout_and_different_seeds_differ():
    assert Game.new(seed=5) == Game.new(seed=5)
    layouts = {json.dumps(Game.new(seed=s).to_dict()) for s in range(10)}
    assert len(layouts) == 10


def test_custom_tiles_and_their_validation():
    g = Game.new(size=3, tiles=[1, 2, 3, 4, 5, 6, 7, -8], seed=1)
    assert sorted(v for row in g.board for v in row if v is not None) == [-8, 1, 2, 3, 4, 5, 6, 7]
    with pytest.raises(ValueError, match="needs 8 tiles"):
        Game.new(size=3, tiles=[1, 2, 3])
    with pytest.raises(ValueError, match="integers"):
        Game.new(size=3, tiles=[1, 2, 3, 4, 5, 6, 7, 8.5])
    with pytest.raises(ValueError, match="2 players"):
        Game.new(players=3)
    with pytest.raises(ValueError, match="level"):
        Game.new(level=3)


def test_tile_tables_match_the_documented_rules():
    assert len(tile_tables.LEVEL_1) == len(tile_tables.LEVEL_2) == 63
    assert set(tile_tables.LEVEL_1) == set(range(1, 16))
    assert set(tile_tables.LEVEL_2) == set(range(-10, 0)) | set(range(1, 16))
    assert tile_tables.FOUR_LEVEL_1 == tuple(sorted(list(range(1, 8)) * 2 + [8]))
    # The smaller tables are the scaling rule's output, as the docs say.
    for level, full in ((1, tile_tables.LEVEL_1), (2, tile_tables.LEVEL_2)):
        for size in (5, 6):
            assert tile_table(size, level) == tile_tables.scaled_table(full, size * size - 1)
    assert tile_table(4, 2) == tile_tables.scaled_table(tile_tables.LEVEL_2, 15)
    assert len(tile_table(7, 2)) == 48 and len(tile_table(10, 1)) == 99


# ----- a turn --------------------------------------------------------------------

def test_row_player_takes_from_the_stars_row_and_the_star_moves_there():
    g = small()
    assert g.legal_moves() == [Move(0, 0), Move(0, 1)]
    assert g.play("0,0") == 5
    assert g.scores == [5, 0] and g.star == (0, 0) and g.board[0][0] is None
    assert g.board[0][2] is None      # the star's old cell stays empty
    assert g.to_move == 1


def test_column_player_takes_from_the_stars_column():
    g = small()
    g.play(Move(0, 1))               # row player takes -3: negatives subtract
    assert g.scores == [-3, 0]
    assert g.legal_moves() == [Move(1, 1), Move(2, 1)]
    assert g.play("2,1") == 9
    assert g.scores == [-3, 9] and g.star == (2, 1) and g.to_move == 0
    assert g.legal_moves() == [Move(2, 0), Move(2, 2)]


def test_game_ends_when_the_mover_has_no_tile_in_their_line_even_if_tiles_remain():
    g = Game.from_dict({"board": [[None, 3], [4, None]], "star": [0, 0], "to_move": 1})
    # Column 0 holds the 4; the row player's row would not matter now.
    assert not g.is_over and g.legal_moves() == [Move(1, 0)]
    g.play("1,0")
    # Row 1 is now empty except for the star; the 3 at (0,1) stays on the board.
    assert g.is_over and g.legal_moves() == [] and g.tiles_left() == 1
    assert g.scores == [0, 4] and g.winner == 1


def test_game_ends_when_the_board_is_empty():
    g = Game.from_dict({"board": [[None, 2], [None, None]], "star": [0, 0], "to_move": 0})
    g.play("0,1")
    assert g.tiles_left() == 0 and g.is_over and g.winner == 0


def test_equal_totals_are_a_draw():
    g = Game.from_dict({"board": [[None, None], [None, None]], "star": [0, 0],
                        "scores": [7, 7]})
    assert g.is_over and g.is_draw and g.winner is None
    assert not small().is_draw


# ----- illegal moves ---------------------------------------------------------------

@pytest.mark.parametrize("move,rule", [
    ("1,1", "star's row 0"),
    ("0,2", "star's cell"),
    ("3,0", "off the 3x3 board"),
    ("-1,0", "off the 3x3 board"),
])
def test_illegal_moves_name_the_rule_and_change_nothing(move, rule):
    g = small()
    before = g.to_dict()
    with pytest.raises(IllegalMove, match=rule):
        g.play(move)
    assert g.to_dict() == before and g.history == []


def test_illegal_move_cells_point_at_the_problem():
    g = small()
    with pytest.raises(IllegalMove) as err:
        g.play("2,0")
    assert err.value.cells == ((2, 0), (0, 2))
    g.play("0,0")                       # column player, star at (0,0)
    with pytest.raises(IllegalMove, match="star's column 0; \\(1,1\\) is in column 1"):
        g.play("1,1")


def test_taking_an_empty_cell_is_illegal():
    g = Game.from_dict({"board": [[None, None, 3], [1, 2, 4], [5, 6, 7]], "star": [0, 0]})
    before = g.to_dict()
    with pytest.raises(IllegalMove, match=r"\(0,1\) is empty") as err:
        g.play("0,1")
    assert err.value.cells == ((0, 1),) and g.to_dict() == before


def test_no_move_after_the_game_is_over():
    g = Game.from_dict({"board": [[None, None], [3, None]], "star": [0, 0]})
    with pytest.raises(IllegalMove, match="game is over"):
        g.play("0,1")


# ----- move text ---------------------------------------------------------------------

def test_move_text_round_trip_and_repr():
    m = Move(3, 4)
    assert str(m) == "3,4" and Move.parse(str(m)) == m
    assert repr(m) == "Move(row=3, col=4)" and eval(repr(m)) == m
    assert small().parse_move(" (2, 1) ") == Move(2, 1)


@pytest.mark.parametrize("text", ["", "3", "3;4", "a,b", "1,2,3", "3.0,4"])
def test_malformed_move_text(text):
    with pytest.raises(InvalidMoveText):
        Move.parse(text)
    with pytest.raises(InvalidMoveText):
        small().play(text)


# ----- position format ------------------------------------------------------------------

def test_round_trip_is_exact_and_json_able():
    g = Game.new(seed=3, size=5, level=2)
    g.play(g.legal_moves()[0])
    d = json.loads(json.dumps(g.to_dict()))
    assert Game.from_dict(d) == g and Game.from_dict(d).to_dict() == g.to_dict()
    assert g.view(0) == g.view(1) == g.to_dict()


@pytest.mark.parametrize("change,problem", [
    ({"board": [[5, -3, None], [1, 2], [4, 9, 6]]}, "not square: row 1 has 2 cells"),
    ({"board": [[5, -3, None], [1, 2, 7]]}, "not square"),
    ({"board": [[5, -3, None], [1, 2.5, 7], [4, 9, 6]]}, r"tile at \(1,1\) is 2.5"),
    ({"board": [[5, "x", None], [1, 2, 7], [4, 9, 6]]}, r"tile at \(0,1\)"),
    ({"board": [[5, True, None], [1, 2, 7], [4, 9, 6]]}, "not an integer"),
    ({"star": [1, 1]}, r"star \(1,1\) is on a tile \(2\)"),
    ({"star": [3, 0]}, r"star \(3,0\) is off the 3x3 board"),
    ({"star": [0, -1]}, "off the 3x3 board"),
    ({"star": "0,2"}, "'star' must be"),
    ({"to_move": 2}, "'to_move' must be 0"),
    ({"to_move": "0"}, "'to_move' must be 0"),
    ({"scores": [1]}, "'scores' must be"),
    ({"game": "iota"}, "'game' must be 'mattix'"),
    ({"stars": [0, 2]}, "unknown key"),
])
def test_from_dict_rejects_bad_data_naming_the_problem(change, problem):
    d = dict(SMALL, **change)
    with pytest.raises(InvalidPosition, match=problem):
        Game.from_dict(d)
    assert issubclass(InvalidPosition, ValueError)


def test_from_dict_needs_a_board_and_a_star():
    with pytest.raises(ValueError, match="needs 'board', 'star'"):
        Game.from_dict({})
    with pytest.raises(ValueError, match="needs 'star'"):
        Game.from_dict({"board": SMALL["board"]})
    with pytest.raises(ValueError, match="must be a dict"):
        Game.from_dict([1, 2])


# ----- undo / redo / copy -------------------------------------------------------------

def test_undo_redo_are_exact_and_a_new_play_clears_redo():
    g = small()
    start = g.to_dict()
    g.play("0,0")
    after_one = g.to_dict()
    g.play("1,0")
    assert g.undo() == Move(1, 0) and g.to_dict() == after_one
    assert g.undo() == Move(0, 0) and g.to_dict() == start
    assert g.redo() == 5 and g.to_dict() == after_one     # redo returns the points, as play
    g.play("2,0")
    with pytest.raises(IndexError):
        g.redo()
    assert g.history == [Move(0, 0), Move(2, 0)] and g.last_move == Move(2, 0)


def test_copy_is_independent():
    g = small()
    h = g.copy()
    h.play("0,0")
    assert g == Game.from_dict(SMALL) and h != g
    h.undo()
    assert h == g


# ----- explain: the non-raising form of check_move ----------------------------------

def test_explain_says_what_a_legal_take_scores_without_playing_it():
    g = small()
    before = g.to_dict()
    e = g.explain("0,1")
    assert e.legal and bool(e) and e.reason == "" and e.points == -3 and e.cells == ((0, 1),)
    assert e.move == Move(0, 1) and str(e) == "0,1: legal, scores -3"
    assert g.to_dict() == before and g.history == []
    assert g.play("0,1") == e.points


@pytest.mark.parametrize("move", ["1,1", "0,2", "3,0", "2,0"])
def test_explain_gives_the_words_and_cells_check_move_raises(move):
    g = small()
    e = g.explain(move)
    with pytest.raises(IllegalMove) as err:
        g.check_move(move)
    assert not e.legal and not e and e.points == 0
    assert e.reason == str(err.value) and e.cells == err.value.cells
    assert str(e) == f"{Move.parse(move)}: illegal: {e.reason}"


def test_explain_names_the_star_column_on_a_column_turn():
    g = small()
    g.play("0,0")                       # the column player's turn; the star at (0,0)
    e = g.explain("1,1")
    assert e.reason == "the column player takes from the star's column 0; (1,1) is in column 1"
    assert "row" not in e.reason


def test_explain_refuses_what_is_no_move_at_all():
    with pytest.raises(InvalidMoveText):
        small().explain("two, three")


def test_a_mattix_move_is_a_take():
    m = Move.parse("2,3")
    assert m.kind == "take" and str(m) == "2,3" and eval(repr(m)) == m
    assert "kind" not in repr(m)        # a class constant: not a field, equality unchanged
