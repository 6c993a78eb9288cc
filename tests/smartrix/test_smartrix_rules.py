"""Smartrix rules, one scenario per rule: matching, window, sets, turns, the end."""

import pytest

from kit import IllegalMove, InvalidMoveText
from kit.smartrix import PASS, Game, Move, parse_card
from kit.smartrix.cards import FACING, ORIENTATIONS, TEXT
from smartrix_helpers import (card_matching, card_not_matching, conserved, fill, setup,
                              value)


def test_new_deal():
    g = Game.new(players=4, seed=3)
    assert [len(g.hand(s)) for s in range(4)] == [6, 5, 5, 5]  # seat 0 has drawn
    assert list(g.grid) == [(0, 0)] and g.deck_size == 70 - 20 - 1 - 1
    assert g.to_move == 0 and not g.is_over and conserved(g)
    assert Game.new(players=4, seed=3) == g and Game.new(players=4, seed=4) != g


@pytest.mark.parametrize("players", [1, 8])
def test_player_count(players):
    with pytest.raises(ValueError, match="2-7 players"):
        Game.new(players=players)


# --- matching, in each of the 8 directions --------------------------------

NEIGHBOUR = "10110100"


def _one_card_table(direction_index):
    """The neighbour at (0,0); the new card goes where (0,0) lies in the direction."""
    (dr, dc), side, pairs = FACING[direction_index]
    cell = (-dr, -dc)
    return {(0, 0): NEIGHBOUR}, cell, side, pairs


@pytest.mark.parametrize("k", range(8))
def test_matching_card_is_legal_in_each_direction(k):
    grid, cell, side, pairs = _one_card_table(k)
    card = card_matching(grid, cell)
    g = setup(grid, [[card], ["00000000"]])
    exp = g.explain(f"{card}@{cell[0]},{cell[1]}")
    assert exp.legal and not exp.mismatches


@pytest.mark.parametrize("k", range(8))
def test_each_facing_box_must_match_in_each_direction(k):
    grid, cell, side, pairs = _one_card_table(k)
    good = parse_card(card_matching(grid, cell))
    for own, theirs in pairs:
        bad = good ^ (1 << own)   # this one facing box differs, the others match
        g = setup(grid, [[TEXT[bad]], ["11111111"]])
        before = g.to_dict()
        with pytest.raises(IllegalMove) as err:
            g.play(f"{TEXT[bad]}@{cell[0]},{cell[1]}")
        assert side in str(err.value) and "(0,0)" in str(err.value)
        assert set(err.value.cells) == {cell, (0, 0)}
        exp = g.explain(f"{TEXT[bad]}@{cell[0]},{cell[1]}")
        assert exp.mismatches == (((cell, own), ((0, 0), theirs)),)
        assert g.to_dict() == before


def test_corner_neighbour_checks_only_the_corner_box():
    # new card at (1,1), neighbour at (0,0): only its top-left box faces that
    # card's bottom-right box (a spot); its other seven boxes are free.
    g = setup({(0, 0): "00011000"}, [["10000000", "01111111", "11111110"], ["11111111"]])
    assert g.explain("10000000@1,1").legal
    assert not g.explain("00100000@1,1").legal      # the same card turned: top-left empty
    assert not g.explain("01111111@1,1").legal      # only the top-left box is empty
    assert g.explain("11111110@1,1").legal          # only the left box is empty


def test_every_touching_card_must_match():
    grid = fill([(0, 0), (0, 2)])
    cell = (0, 1)
    card = card_not_matching(grid, cell)
    g = setup(grid, [[card], ["11111111"]])
    for o in ORIENTATIONS[parse_card(card)]:
        assert not g.explain(Move.place(o, *cell)).legal


def test_hand_card_in_any_orientation():
    grid = {(0, 0): "00000000"}
    g = setup(grid, [["10000000"], ["11111111"]])  # in hand one way, placed another
    assert g.explain("00100000@0,-1").legal is False  # TR faces the empty TL: mismatch
    assert g.play("00000010@-1,-1") == 0          # a spot bottom-left faces nothing
    assert g.grid[(-1, -1)] == "00000010"


def test_must_touch_and_cell_empty_and_card_in_hand():
    g = setup({(0, 0): "00000000"}, [["10000000"], ["11111111"]])
    with pytest.raises(IllegalMove, match="touch no card"):
        g.play("10000000@0,2")
    with pytest.raises(IllegalMove, match="is taken"):
        g.play("10000000@0,0")
    with pytest.raises(IllegalMove, match="not in player 1's hand"):
        g.play("11000000@0,1")


# --- the window -------------------------------------------------------------

def test_window_limits_the_table_and_names_the_cards_outside():
    grid = fill([(0, c) for c in range(4)] + [(1, 4)])   # columns 0..4
    inside = card_matching(grid, (1, 3))
    assert setup(grid, [[inside], ["11111111"]]).explain(f"{inside}@1,3").legal
    card = card_matching(grid, (1, -1))                  # columns -1..4: six
    g = setup(grid, [[card], ["11111111"]])
    exp = g.explain(f"{card}@1,-1")
    assert not exp.legal and "5 x 5 window" in exp.reason
    assert exp.outside == ((1, 4),)
    before = g.to_dict()
    with pytest.raises(IllegalMove) as err:
        g.play(exp.move)
    assert (1, 4) in err.value.cells and g.to_dict() == before


def test_collected_cards_free_the_window():
    grid = fill([(4, 0), (0, 0), (1, 0), (2, 0), (3, 0), (3, 4)])
    completer = grid.pop((4, 0))
    right = card_matching({(3, 4): grid[(3, 4)]}, (3, 5), exclude=[completer, *grid.values()])
    hands = [[completer, "00000000"], [right, "11111111"]]
    # Before the column is collected, (3,5) makes 6 columns.
    assert not setup(grid, hands, to_move=1).explain(f"{right}@3,5").legal
    g = setup(grid, hands)
    assert g.play(f"{completer}@4,0") > 0
    assert list(g.grid) == [(3, 4)] and g.to_move == 1
    assert g.explain(f"{right}@3,5").legal


# --- sets ---------------------------------------------------------------------

def _line_position(cells, missing):
    grid = fill([missing] + cells)
    card = grid.pop(missing)
    return grid, card


@pytest.mark.parametrize("cells, missing, name", [
    ([(0, 0), (0, 1), (0, 3), (0, 4)], (0, 2), "row"),
    ([(0, 0), (1, 0), (2, 0), (3, 0)], (4, 0), "column"),
    ([(0, 0), (1, 1), (2, 2), (4, 4)], (3, 3), "diagonal"),
    ([(0, 4), (1, 3), (3, 1), (4, 0)], (2, 2), "anti-diagonal"),
])
def test_a_line_of_five_is_collected(cells, missing, name):
    grid, card = _line_position(cells, missing)
    g = setup(grid, [[card, "00000000"], ["11111111"]])
    exp = g.explain(f"{card}@{missing[0]},{missing[1]}")
    total = sum(value(t) for t in grid.values()) + value(card)
    assert exp.legal and name in exp.reason and exp.points == total
    assert g.play(exp.move) == total
    assert g.grid == {} and len(g.collected(0)) == 5
    assert g.scores[0] == total - value(g.hand(0)[0])


def test_several_sets_at_once():
    row = [(2, c) for c in (0, 1, 3, 4)]
    col = [(r, 2) for r in (0, 1, 3, 4)]
    grid, card = _line_position(row + col, (2, 2))
    g = setup(grid, [[card, "00000000"], ["11111111"]])
    pts = g.play(f"{card}@2,2")
    assert len(g.collected(0)) == 9 and pts == sum(value(t) for t in grid.values()) + value(card)


def test_one_card_collects_17():
    star = [(2, c) for c in (0, 1, 3, 4)] + [(r, 2) for r in (0, 1, 3, 4)]
    star += [(i, i) for i in (0, 1, 3, 4)] + [(i, 4 - i) for i in (0, 1, 3, 4)]
    grid, card = _line_position(star, (2, 2))
    g = setup(grid, [[card], ["00000000"]])
    g2 = g.copy()
    exp = g.explain(f"{card}@2,2")
    assert len(exp.sets) == 4 and "17 cards collected" in exp.reason
    g.play(exp.move)
    assert len(g.collected(0)) == 17 and g.grid == {}
    assert g2.play(f"{card}@2,2") == sum(value(t) for t in grid.values()) + value(card)


def test_empty_table_accepts_a_card_anywhere():
    grid, card = _line_position([(0, 0), (0, 1), (0, 2), (0, 3)], (0, 4))
    g = setup(grid, [[card, "00000000"], ["11111111"]])
    g.play(f"{card}@0,4")
    assert g.grid == {} and g.to_move == 1
    assert g.explain("11111111@7,-3").legal
    assert [m for m in g.legal_moves() if m.kind == "place"][0].cell == (0, 0)
    g.play("11111111@7,-3")
    assert g.grid == {(7, -3): "11111111"}


# --- turns, the end phase, the end ---------------------------------------------

def test_each_turn_the_next_player_draws():
    g = Game.new(players=3, seed=1)
    top = g.to_dict()["deck"][0]
    g.play(PASS)
    assert g.to_move == 1 and g.hand(1)[-1] == top and len(g.hand(1)) == 6
    g.undo()
    assert g.to_dict()["deck"][0] == top and len(g.hand(1)) == 5


def _end_phase(players=3, **kw):
    """Empty pile; every player holds one card that fits somewhere."""
    grid = {(0, 0): "00000000"}
    hands = [["10000000", "01000000"], ["11000000"], ["10100000"], ["11100000"]][:players]
    g = setup(grid, hands, **kw)
    # Move the rest of the pile into the collected piles: the pile is out.
    d = g.to_dict()
    d["collected"][1] = d["deck"]
    d["deck"] = []
    return Game.from_dict(d)


def test_end_phase_a_pass_puts_the_player_out():
    g = _end_phase()
    g.play(PASS)
    assert g.out == [True, False, False] and g.to_move == 1 and not g.is_over
    g.play(PASS)
    assert g.to_move == 2
    g.play(PASS)
    assert g.is_over and g.out == [True, True, True]
    assert g.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        g.play(PASS)


def _a_placement(g):
    return next(m for m in g.legal_moves() if m.kind == "place")


def test_out_players_are_skipped():
    g = _end_phase()
    g.play(PASS)                      # 0 out
    g.play(PASS)                      # 1 out
    assert g.to_move == 2
    g.play(_a_placement(g))           # 2 places its last card: the game ends
    assert g.is_over


def test_play_goes_round_the_players_still_in():
    g = _end_phase(players=4)
    g.play(PASS)                      # 0 out
    g.play(PASS)                      # 1 out
    g.play(PASS)                      # 2 out
    assert g.to_move == 3
    g.play(PASS)
    assert g.is_over


def test_placing_the_last_card_ends_the_game():
    g = _end_phase()
    g.play(PASS)
    g.play(_a_placement(g))
    assert g.is_over and g.hand(1) == [] and g.out == [True, False, False]
    pile = sum(value(t) for t in g.collected(1))
    assert g.scores == [-2, pile, -2]


def test_score_is_collected_minus_hand():
    g = _end_phase()
    assert g.scores == [-2, sum(value(t) for t in g.collected(1)) - 2, -2]


# --- text, errors, views ----------------------------------------------------------

def test_move_text_round_trip():
    for text in ["01000000@0,1", "01000000@-3,12 claim", "pass", "claim 0,0 0,1 0,2 0,3 0,4",
                 "challenge -1,2 3,4"]:
        m = Move.parse(text)
        assert str(m) == text and eval(repr(m)) == m
    assert Move.parse("  PASS ") == PASS and str(Move.parse("claim 0,1 0,0")) == "claim 0,0 0,1"


@pytest.mark.parametrize("text", ["", "place", "0100000@0,1", "01000000@0", "01000000 0,1",
                                  "claim", "challenge x", "claim 0,0 0,0", "01000000@0,1 grab"])
def test_malformed_move_text(text):
    with pytest.raises(InvalidMoveText):
        Game.new(seed=1).parse_move(text)


def test_view_hides_other_hands_and_the_pile():
    g = Game.new(players=3, seed=2)
    v = g.view(1)
    assert v["hands"][1] == g.hand(1) and v["hands"][0] is None and v["deck"] is None
    assert v["deck_size"] == g.deck_size and v["hand_sizes"] == [6, 5, 5]
    hidden = {parse_card(t) for t in v["unseen"]}
    assert len(hidden) == 70 - 1 - 5
    assert all(g.to_dict()["deck"]) and all(
        min(ORIENTATIONS[parse_card(t)]) in hidden for t in g.to_dict()["deck"] + g.hand(0))


def test_text_board_lists_every_card():
    g = Game.new(players=2, seed=5)
    g.play(g.legal_moves()[0])
    text = str(g)
    for (r, c), card in g.grid.items():
        assert f"({r},{c}) {card}" in text
    assert "Player 2 (to move)" in text and "Draw pile" in text


def test_a_move_built_with_cells_in_any_order_is_the_same_move():
    from kit.smartrix import Move
    a = Move("claim", cells=((0, 2), (0, 0), (0, 1)))
    b = Move.take("claim", [(0, 1), (0, 2), (0, 0)])
    assert a == b and hash(a) == hash(b) and str(a) == "claim 0,0 0,1 0,2"
