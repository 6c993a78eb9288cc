"""Scenario tests for every IOTA rule in RULES.md, each with the kit's explanation."""

import pytest

from iota_helpers import WORKED_EXAMPLE, game_at, worked_example_game
from kit import iota
from kit.errors import IllegalMove, InvalidMoveText
from kit.iota.ai import GreedyPlayer
from kit.iota.cards import VALUE, WILD, parse_card
from kit.iota.moves import Pass, Play, Recycle


def assert_illegal(game, move, words, cells=None):
    """``move`` is refused naming the rule; the game is exactly as before."""
    before = game.to_dict()
    with pytest.raises(IllegalMove) as err:
        game.play(move)
    assert words in str(err.value)
    if cells is not None:
        assert set(err.value.cells) >= set(cells)
    assert game.to_dict() == before
    why = game.explain(move)
    assert not why.legal and why.rule == str(err.value)
    return err.value


# ----- the rule sheet's worked example -----------------------------------------

def test_worked_example_scores_6_6_34_208():
    game = worked_example_game()
    for text, points in WORKED_EXAMPLE:
        assert game.play(text) == points
    assert game.scores == [6, 6, 34, 208]


def test_worked_example_explanations_name_lines_and_doublings():
    game = worked_example_game()
    for text, _ in WORKED_EXAMPLE[:2]:
        game.play(text)
    third = game.explain(WORKED_EXAMPLE[2][0])
    assert sorted(line.points for line in third.lines) == [4, 5, 8]
    assert third.base == 17 and len(third.doublings) == 1 and third.points == 34
    game.play(WORKED_EXAMPLE[2][0])
    fourth = game.explain(WORKED_EXAMPLE[3][0])
    assert sorted(line.points for line in fourth.lines) == [6, 10, 10]
    assert sum(line.is_lot for line in fourth.lines) == 2
    assert len(fourth.doublings) == 3 and "4 cards" in fourth.doublings[-1]
    assert fourth.points == 26 * 8 and "208" in str(fourth)


# ----- placing cards ------------------------------------------------------------

def test_extending_a_line_at_both_ends_makes_a_lot():
    game = game_at({(0, 0): "2RT", (0, 1): "2GX"}, [["2BC", "2YS", "1RC", "1GC"]])
    assert game.play("2BC@0,-1 2YS@0,2") == (2 * 4) * 2   # one lot of four 2s


def test_cards_need_not_touch_each_other_but_no_gap_may_stay():
    game = game_at({(0, 0): "2RT"}, [["1RT", "3RT", "4RT", "1BC"]])
    assert_illegal(game, "1RT@0,1 3RT@0,3", "unbroken run", cells=[(0, 2)])
    assert game.play("1RT@0,-1 3RT@0,1") == 1 + 2 + 3


def test_cards_must_share_one_row_or_column():
    game = game_at({(0, 0): "2RT"}, [["1RT", "3RT", "4RT", "1BC"]])
    assert_illegal(game, "1RT@0,1 3RT@1,0", "same row or the same column")


def test_a_play_must_touch_the_table():
    game = game_at({(0, 0): "2RT"}, [["1RT", "3RT", "4RT", "1BC"]])
    assert_illegal(game, "1RT@2,2", "touch a card already on the table", cells=[(2, 2)])
    assert_illegal(game, "1RT@0,2 3RT@0,3", "touch")


def test_a_line_of_five_is_refused():
    grid = {(0, c): t for c, t in enumerate(["1RC", "2RC", "3RC", "4RC"])}
    game = game_at(grid, [["1GC", "2GT", "3BS", "4YX"]])
    err = assert_illegal(game, "1GC@0,4", "longer than 4")
    assert (0, 0) in err.cells and (0, 4) in err.cells


def test_attributes_must_be_all_same_or_all_different():
    game = game_at({(0, 0): "1RC", (0, 1): "2RS"}, [["3BT", "3RT", "4GX", "1YS"]])
    assert_illegal(game, "3BT@0,2", "colours are neither all the same nor all different")
    assert game.play("3RT@0,2") == 6


def test_a_card_in_two_lines_counts_twice():
    grid = {(0, 0): "1RC", (1, 0): "1YS", (1, 1): "2YT"}
    game = game_at(grid, [["3BX", "4GX", "4RS", "2BS"]])
    why = game.explain("3BX@0,1")
    assert sorted(line.points for line in why.lines) == [4, 5]    # 1+3 and 3+2
    assert game.play("3BX@0,1") == 9


def test_single_card_forming_one_line():
    game = game_at({(0, 0): "2RT"}, [["4GS", "1BC", "3YX", "2YT"]])
    assert game.play("4GS@1,0") == 6
    assert game.scores == [6]


def test_played_cards_and_cells_must_be_yours_and_free():
    game = game_at({(0, 0): "2RT"}, [["4GS", "1BC", "3YX", "2YT"]])
    assert_illegal(game, "3GS@0,1", "not in your hand")
    assert_illegal(game, "4GS@0,0", "already holds 2RT")
    assert_illegal(game, "W@0,1", "uses 1 wild card but you hold 0")
    assert_illegal(game, "pass 4GS 4GS", "4GS is used 2 times")


# ----- wilds ----------------------------------------------------------------------

def test_a_wild_completes_a_lot_worth_zero_itself():
    grid = {(0, 0): "1RC", (0, 1): "2RC", (0, 2): "3RC"}
    game = game_at(grid, [["W", "1GS", "2YT", "4BX"]])
    why = game.explain("W@0,3")
    assert why.lines[0].is_lot and why.points == (1 + 2 + 3 + 0) * 2
    game.play("W@0,3")
    assert game.wilds() == {(0, 3): "4RC"}


def _cross_grid(n1, n2):
    # row 0: 1RC 2RC _ ; column 2 below the gap: n1 BS, n2 GT
    return {(0, 0): "1RC", (0, 1): "2RC", (1, 1): "2BS", (1, 2): f"{n1}BS", (2, 2): f"{n2}GT"}


def test_a_wild_must_be_one_card_for_its_row_and_its_column():
    game = game_at(_cross_grid(1, 1), [["W", "4YX", "4GX", "4RS"]])
    # The row needs a 3 or 4; the column (1BS, 1GT) needs a 1.
    err = assert_illegal(game, "W@0,2", "no single card can stand for the wild")
    assert "no number fits" in str(err) and (0, 2) in err.cells
    assert "needs 3 or 4 at (0,2)" in str(err) and "needs 1 at (0,2)" in str(err)
    game = game_at(_cross_grid(3, 3), [["W", "4YX", "4GX", "4RS"]])
    assert game.play("W@0,2") == (1 + 2 + 0) + (0 + 3 + 3)
    assert game.wilds() == {(0, 2): "3RC"}


def test_a_wild_may_stand_for_a_card_already_on_the_table():
    grid = {(0, 0): "1RC", (0, 1): "2RC", (1, 0): "3RC", (1, 1): "4YX"}
    game = game_at(grid, [["W", "4GS", "1BS", "2YT"]])
    # Column 0 becomes W 1RC 3RC: the wild may be 2RC or 4RC; 2RC is on the table.
    assert game.explain("W@-1,0").legal
    assert game.play("W@-1,0") == 4


def test_recycling_a_wild_keeps_the_turn_and_scores_nothing():
    grid = {(0, 0): "1RC", (0, 1): "2RC", (0, 2): "W"}
    game = game_at(grid, [["3RC", "3BS", "1YT", "2GX"], ["4GX", "4BX", "4YT", "4RT"]])
    assert Recycle((0, 2), parse_card("3RC")) in game.legal_moves()
    assert_illegal(game, "recycle 0,2 3BS", "cannot replace the wild", cells=[(0, 2)])
    assert_illegal(game, "recycle 0,1 3RC", "no wild card at (0,1)")
    assert game.play("recycle 0,2 3RC") == 0
    assert game.to_move == 0 and game.scores == [0, 0]
    assert game.table[(0, 2)] == parse_card("3RC") and WILD in game.hands[0]
    assert game.play("W@0,3") == (1 + 2 + 3) * 2          # and may play it at once


# ----- passing, drawing, the end ----------------------------------------------------

def test_pass_with_exchange_sends_cards_under_the_deck():
    game = game_at({(0, 0): "2RT"}, [["4GS", "1BC", "3YX", "2YT"], ["1RC", "1RS", "1RT", "1RX"]],
                   deck_top=["3GC", "3GS"])
    game.play("pass 1BC 3YX")
    assert sorted(game.hands[0]) == sorted(map(parse_card, ["4GS", "2YT", "3GC", "3GS"]))
    assert game.deck[-2:] == [parse_card("1BC"), parse_card("3YX")]
    assert game.to_move == 1 and game.passes == 1


def test_an_exchange_may_not_exceed_the_deck():
    game = next(g for g in (_small_deck_game(3, seed) for seed in range(20)) if g.deck)
    left = len(game.deck)
    too_many = " ".join(game.hand[:left + 1])
    assert_illegal(game, f"pass {too_many}", f"at most {left} card")
    assert all(len(m.exchange) <= left for m in game.legal_moves() if isinstance(m, Pass))
    assert game.play(f"pass {' '.join(game.hand[:left])}") == 0


def _small_deck_game(left, seed=11):
    """A seeded greedy game played until the deck holds at most ``left`` cards."""
    import random
    game, rng = iota.Game.new(players=2, seed=seed), random.Random(seed)
    while len(game.deck) > left:
        game.play(GreedyPlayer().choose(game, rng))
    return game


def test_players_draw_back_up_to_four():
    game = game_at({(0, 0): "2RT"}, [["2GX", "2BC", "1RS", "1RT"]], deck_top=["4YX", "4YT"])
    game.play("2GX@0,1 2BC@0,2")
    assert sorted(game.hands[0]) == sorted(map(parse_card, ["1RS", "1RT", "4YX", "4YT"]))


def _endgame(seed):
    """A seeded greedy game played until the mover can play out the whole hand
    with the deck empty; None if the game ends first."""
    import random
    game, rng = iota.Game.new(players=2, seed=seed), random.Random(seed)
    while not game.is_over:
        if not game.deck:
            final = [m for m in game.legal_moves()
                     if isinstance(m, Play) and len(m.cards) == len(game.hands[game.to_move])]
            if final:
                return game, final[0]
        game.play(GreedyPlayer().choose(game, rng))
    return None


def test_the_final_play_is_doubled_and_ends_the_game():
    found = [g for g in (_endgame(seed) for seed in range(1, 6)) if g]
    assert found
    for game, final in found:
        why = game.explain(final)
        assert "ends the game" in why.doublings[-1]
        assert why.points == why.base << len(why.doublings)
        seat = game.to_move
        before = game.scores[seat]
        assert game.play(final) == why.points
        assert game.is_over and game.scores[seat] == before + why.points
        assert game.legal_moves() == []
        assert_illegal(game, "pass", "game is over")


def test_everyone_passing_with_the_deck_empty_ends_the_game_without_bonus():
    game = _small_deck_game(0)
    scores = list(game.scores)
    for _ in range(game.players):
        assert not game.is_over
        assert game.legal_moves()[-1] == Pass()
        game.play("pass")
    assert game.is_over and game.scores == scores


def test_a_play_resets_the_pass_count():
    game = _small_deck_game(0)
    game.play("pass")
    assert game.passes == 1
    play = next(m for m in game.legal_moves() if isinstance(m, Play))
    game.play(play)
    assert game.passes == 0


# ----- who starts -------------------------------------------------------------------

def test_seat_zero_starts_by_default():
    assert iota.Game.new(players=3, seed=5).to_move == 0


@pytest.mark.parametrize("seed", range(12))
def test_draw_for_start_follows_the_printed_rule(seed):
    game = iota.Game.new(players=4, seed=seed, draw_for_start=True)
    rounds = game.start_draws
    assert rounds and len(rounds[0]) == 4
    for earlier, later in zip(rounds, rounds[1:], strict=False):
        best = max(VALUE[parse_card(t)] for _, t in earlier)
        assert [s for s, _ in later] == [s for s, t in earlier if VALUE[parse_card(t)] == best]
    last = rounds[-1]
    best = max(VALUE[parse_card(t)] for _, t in last)
    assert [s for s, t in last if VALUE[parse_card(t)] == best] == [game.to_move]
    assert iota.Game.new(players=4, seed=seed, draw_for_start=True) == game


def test_some_start_draw_needs_a_redraw():
    assert any(len(iota.Game.new(players=4, seed=s, draw_for_start=True).start_draws) > 1
               for s in range(30))


# ----- move text --------------------------------------------------------------------

@pytest.mark.parametrize("text", ["2GT@0,1 2BX@0,2", "W@-3,4", "pass", "pass 1RC 2GT",
                                  "recycle 0,3 3GT", "pass W W"])
def test_move_text_round_trip(text):
    game = iota.Game.new(seed=1)
    move = game.parse_move(text)
    assert game.parse_move(str(move)) == move
    assert eval(repr(move), vars(iota)) == move


def test_move_text_is_canonical():
    assert Play.parse("2BX@0,2 2GT@0,1") == Play.parse("2GT@0,1  2BX@0,2")
    assert str(Pass.parse("pass 2GT 1RC")) == "pass 1RC 2GT"


@pytest.mark.parametrize("text", ["", "2GT", "2GT@0", "5GT@0,1", "2QT@0,1", "pass 9ZZ",
                                  "recycle 0,3", "recycle x,3 2GT", "hello"])
def test_malformed_move_text(text):
    with pytest.raises(InvalidMoveText):
        iota.Game.new(seed=1).parse_move(text)
    with pytest.raises(ValueError):
        iota.Game.new(seed=1).play(text)


# ----- undo and redo ------------------------------------------------------------------

def test_undo_redo_and_a_new_play_clears_redo():
    game = worked_example_game()
    start = game.copy()
    game.play(WORKED_EXAMPLE[0][0])
    after_one = game.copy()
    game.play(WORKED_EXAMPLE[1][0])
    assert str(game.undo()) == WORKED_EXAMPLE[1][0]
    assert game == after_one
    game.undo()
    assert game == start
    assert game.redo() == 6 and game == after_one
    game.play("pass")
    with pytest.raises(IndexError):
        game.redo()
    with pytest.raises(IndexError):
        iota.Game.new(seed=2).undo()


def test_passing_round_with_cards_left_to_play_does_not_end_the_game():
    game = iota.Game.new(players=2, seed=8)
    game.play("pass")
    game.play(f"pass {' '.join(game.hand)}")
    assert game.passes == 2 and not game.is_over


def test_passing_round_on_a_blocked_table_ends_the_game(monkeypatch):
    # [decision] When no card left anywhere fits any cell (nor can replace a wild),
    # passing would go round for ever, so a full round of passes ends the game.
    # Such tables are too rare to build by hand; the blocking is simulated.
    from kit.iota import movegen
    game = iota.Game.new(players=2, seed=8)
    monkeypatch.setattr(movegen, "card_fits", lambda table, cell, card: False)
    monkeypatch.setattr(movegen, "recycles", lambda table, hand: [])
    scores = list(game.scores)
    game.play("pass")
    assert not game.is_over
    game.play("pass")
    assert game.is_over and game.scores == scores and len(game.deck) > 0
    game.undo()
    assert not game.is_over
