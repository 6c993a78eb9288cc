"""IOTA played by keys alone: arrows, Enter or Space, and the letters C, T, P
(simulated key events, no browser)."""

import pytest

from kit.iota import Board, Game, Pass, Play, Recycle
from kit.iota.cards import WILD
from kit.testing.events import cursor_to, make_by_keys, press
from test_iota_board import human_choice, replay_is_legal


def board(game=None, **kwargs):
    b = Board(game, **{"delay": 0, "seed": 3, **kwargs})
    b.view.raise_errors = True
    return b


def move_by_keys(b, move):
    """Make ``move`` the way a keyboard player does: arrows, Enter, the letters
    (the key map's ``make``; the clicks' test makes the same moves by clicks)."""
    make_by_keys(b, move)


@pytest.mark.parametrize("computer", ["greedy", "planner"])
def test_a_whole_game_against_the_computer_by_keys(computer):
    # Seed 2 (as the clicks' test): this person gets to recycle, exchange and play a wild.
    b = board(seats=["human", computer], seed=2)
    start = Game.new(players=2, seed=2)
    mine, turn = [], 0
    while not b.game.is_over:
        assert b.human_to_move
        move = human_choice(b.game, turn)
        before = len(b.game.history)
        move_by_keys(b, move)
        assert b.game.history[before] == move        # the keys made exactly that move
        mine.append(move)
        turn += 1
    replay_is_legal(b, start)
    assert "Game over" in b.view.message
    assert any(isinstance(m, Recycle) for m in mine)
    assert any(isinstance(m, Pass) and len(m.exchange) == 2 for m in mine)
    assert any(isinstance(m, Play) and WILD in m.cards for m in mine)


def test_the_cursor_starts_on_the_hand_and_names_each_card_and_cell():
    b = board(seats=["human", "human"])
    press(b.canvas, "ArrowRight")
    assert b.cursor_keys.current(b).zone == "hand"
    assert "Cursor on hand card 1 of 4" in b.view.message
    press(b.canvas, "ArrowRight")
    assert "hand card 2 of 4" in b.view.message
    press(b.canvas, "Enter")
    assert b.selected == 1 and "picked" in b.view.message
    press(b.canvas, "ArrowUp")      # back to the table
    assert b.cursor_keys.current(b).zone == "table" and "Cursor on row" in b.view.message


def test_take_back_by_key_and_a_refused_confirm_change_nothing():
    b = board(seats=["human", "human"])
    before = b.game.to_dict()
    cursor_to(b, hand=0)
    press(b.canvas, "Enter")
    press(b.canvas, "t")
    assert b.selected is None and "Taken back" in b.view.message
    press(b.canvas, "c")
    assert "Nothing to confirm" in b.view.message
    assert b.game.to_dict() == before


def test_the_window_follows_the_cursor_over_a_big_table():
    b = board(seats=["human", "human"], seed=5)
    # A long game makes the table bigger than its window.
    while not b.geometry.table.is_cut and not b.game.is_over:
        b.submit(human_choice(b.game, 5))
    lay = b.geometry.table
    assert lay.is_cut
    r0, c0, rows, cols = lay.extent
    far = (r0, c0)                     # the table's top-left corner, out of the window
    cursor_to(b, cell=far)
    assert b.geometry.table.shows(*far)


def test_one_key_press_sends_one_canvas_message(canvas_messages):
    b = board(seats=["human", "human"])
    press(b.canvas, "ArrowUp")
    canvas_messages.clear()
    press(b.canvas, "ArrowRight")
    assert len(canvas_messages) == 1
    canvas_messages.clear()
    press(b.canvas, "Enter")
    assert len(canvas_messages) == 1


def test_the_notation_key_lists_the_letters():
    b = board(seats=["human", "human"])
    key = b._notation_html()
    assert "<b>C</b> Confirm" in key and "<b>T</b> Take back" in key and "<b>P</b> Pass" in key
