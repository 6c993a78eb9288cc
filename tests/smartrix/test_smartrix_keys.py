"""Smartrix played by keys alone: arrows, Enter or Space, and the letters R, P, C, X
(simulated key events, no browser)."""

import random

from kit.smartrix import CANONICAL, Board, GreedyPlayer
from kit.smartrix.cards import rotate
from kit.testing.events import cursor_to, make_by_keys, press
from smartrix_helpers import card_not_matching, fill, setup
from test_smartrix_board import replay_is_legal


def board(game=None, **kwargs):
    b = Board(game, **{"delay": 0, "seed": 3, **kwargs})
    b.view.raise_errors = True
    return b


def play_by_keys(b, move):
    """Make ``move`` as a keyboard player does (the card, R to turn it, the cell: the
    key map's ``make``); returns the quarter turns it needed."""
    turns = 0
    if move.kind == "place":
        hand = b.game.hand_cards(b.game.to_move)
        card = next(c for c in hand if CANONICAL[c] == CANONICAL[move.card])
        turns = next(t for t in range(4) if rotate(card, t) == move.card)
    make_by_keys(b, move)
    return turns


def test_a_whole_game_against_the_computer_by_keys():
    b = board(seats=["human", "cautious"])
    me, rng = GreedyPlayer(), random.Random(1)
    turns = 0
    while not b.game.is_over:
        assert b.human_to_move
        before = len(b.game.history)
        move = me.choose(b.game.copy(), rng)
        turns += play_by_keys(b, move)
        assert b.game.history[before] == move
    assert turns > 0
    replay_is_legal(b)
    assert "Game over" in b.view.message


def test_a_refused_placement_by_keys_says_the_rule_as_a_click_does():
    grid = fill([(0, 0)])
    bad = card_not_matching(grid, (0, 1))
    b = board(setup(grid, [[bad, "11111111"], ["00000000"]]), seats=["human", "human"])
    before = b.game.to_dict()
    cursor_to(b, hand=0)
    press(b.canvas, "Enter")
    assert "Cursor on hand card 1 of 2" not in b.view.message and b.selected == 0
    cursor_to(b, cell=(0, 1))
    assert "empty" in b.view.message
    press(b.canvas, "Enter")
    assert b.game.to_dict() == before and "does not match" in b.view.message


def test_free_table_challenge_and_claim_by_keys():
    grid = fill([(0, c) for c in range(4)], exclude=["01000000"])
    grid[(1, 0)] = card_not_matching(grid, (1, 0), exclude=["01000000"])
    g = setup(grid, [["00000000", "11111111"], ["01000000"]], auto_collect=False)
    b = board(g, seats=["human", "human"])
    removal = b.game.smallest_removal()
    for cell in removal:
        cursor_to(b, cell=cell)
        press(b.canvas, "Enter")             # picks the card on the table
        assert "picked" in b.cursor_keys.words(b)
    press(b.canvas, "x")

    assert str(b.game.history[-1]) == "challenge " + " ".join(f"{r},{c}" for r, c in removal)

    grid = fill([(0, c) for c in range(5)], exclude=["01000000"])
    b = board(setup(grid, [["00000000", "11111111"], ["01000000"]], auto_collect=False),
              seats=["human", "human"])
    cursor_to(b, cell=(0, 3))
    press(b.canvas, "Enter")
    press(b.canvas, "c")
    assert str(b.game.history[-1]) == "claim 0,0 0,1 0,2 0,3 0,4"


def test_the_key_map_makes_a_claim_and_a_place_and_claim():
    grid = fill([(0, c) for c in range(5)], exclude=["01000000"])
    b = board(setup(grid, [["00000000", "11111111"], ["01000000"]], auto_collect=False),
              seats=["human", "human"])
    make_by_keys(b, "claim 0,0 0,1 0,2 0,3 0,4")
    assert str(b.game.history[-1]) == "claim 0,0 0,1 0,2 0,3 0,4"
    grid = fill([(0, 1), (0, 2), (0, 3), (0, 4), (0, 0)], exclude=["01000000"])
    card = grid.pop((0, 0))
    b = board(setup(grid, [[card, "11111111"], ["01000000"]], auto_collect=False),
              seats=["human", "human"])
    make_by_keys(b, f"{card}@0,0 claim")
    assert str(b.game.history[-1]) == f"{card}@0,0 claim"


def test_covered_hands_are_shown_by_enter_too():
    b = board(seats=["human", "human"], cover_hands=True)
    assert b.hand_hidden
    press(b.canvas, "ArrowDown")
    press(b.canvas, "Enter")
    assert not b.hand_hidden


def test_one_key_press_sends_one_canvas_message(canvas_messages):
    b = board(seats=["human", "human"])
    press(b.canvas, "ArrowUp")
    canvas_messages.clear()
    press(b.canvas, "ArrowRight")
    press(b.canvas, "Enter")
    press(b.canvas, "r")
    assert len(canvas_messages) == 3


def test_the_notation_key_lists_the_letters_of_the_buttons_there_are():
    key = board(seats=["human", "human"])._notation_html()
    assert "<b>R</b>" in key and "<b>P</b> Pass" in key and "Challenge" not in key
    free = board(seats=["human", "human"], auto_collect=False)._notation_html()
    assert "<b>C</b> Claim" in free and "<b>X</b> Challenge" in free
