"""Mattix played by keys alone: arrow keys and Enter (simulated key events, no browser)."""

import pytest

from kit.mattix import Board, Game
from kit.testing.events import cursor_to, press


def board(**kwargs):
    b = Board(**{"delay": 0, "seed": 3, **kwargs})
    b.view.raise_errors = True
    return b


@pytest.mark.parametrize("computer", ["greedy", "search"])
def test_a_whole_game_against_the_computer_by_keys(computer):
    b = board(seats=["human", computer], player_options={"time_limit": 0.05})
    while not b.game.is_over:
        assert b.human_to_move
        move = b.game.legal_moves()[-1]
        before = len(b.game.history)
        cursor_to(b, cell=move.cell)
        press(b.canvas, "Enter" if before % 2 else " ")
        assert b.game.history[before] == move
    g = Game.new(seed=3, size=4)
    for m in b.game.history:
        g.play(m)
    assert g.to_dict() == b.game.to_dict()
    assert "Game over" in b.view.message


def test_the_cursor_starts_on_the_star_shows_at_the_first_key_and_says_where_it_is():
    b = board(seats=["human", "human"])
    assert b.cursor_keys.shown is False and "#FFFFFF\" stroke-width=\"2\"" not in b.view.scene.to_svg()
    press(b.canvas, "ArrowRight")   # the first arrow only shows it, where it starts
    assert b.cursor_keys.current(b).cell == b.game.star
    assert "Cursor on row" in b.view.message and "the star" in b.view.message
    svg = b.view.scene.to_svg()
    assert 'stroke="#000000" stroke-width="4"' in svg and 'stroke="#FFFFFF" stroke-width="2"' in svg
    # The saved picture has no cursor: it is the live board's only.
    assert 'stroke="#FFFFFF" stroke-width="2"' not in b.saved_scene().to_svg()
    r, c = b.game.star
    press(b.canvas, "ArrowDown" if r < 3 else "ArrowUp")
    cell = b.cursor_keys.current(b).cell
    assert cell == (r + 1 if r < 3 else r - 1, c)
    assert str(b.game.board[cell[0]][cell[1]]) in b.view.message


def test_enter_on_a_tile_outside_the_line_is_refused_as_a_click_is():
    b = board(seats=["human", "human"])
    before = b.game.to_dict()
    r, c = b.game.star
    wrong = ((r + 1) % 4, (c + 1) % 4)
    cursor_to(b, cell=wrong)
    press(b.canvas, "Enter")
    assert b.game.to_dict() == before
    assert "the row player takes from the star's row" in b.view.message
    assert wrong in b.marks


def test_keys_with_ctrl_or_meta_are_left_alone_and_edges_stop_the_cursor():
    b = board(seats=["human", "human"])
    press(b.canvas, "ArrowUp")
    for _ in range(6):
        press(b.canvas, "ArrowUp")
        press(b.canvas, "ArrowLeft")
    assert b.cursor_keys.current(b).cell == (0, 0)
    before = b.game.to_dict()
    press(b.canvas, "Enter", ctrl=True)
    assert b.game.to_dict() == before


def test_one_key_press_sends_one_canvas_message(canvas_messages):
    b = board(seats=["human", "human"])
    press(b.canvas, "ArrowUp")
    canvas_messages.clear()
    press(b.canvas, "ArrowLeft")
    assert len(canvas_messages) == 1
    move = b.game.legal_moves()[0]
    cursor_to(b, cell=move.cell)
    canvas_messages.clear()
    press(b.canvas, "Enter")
    assert b.game.history == [move] and len(canvas_messages) == 1


def test_the_notation_key_lists_the_keys():
    b = board(seats=["human", "human"])
    assert "arrow keys" in b._notation_html() and "Enter" in b._notation_html()
