"""Nim played by keys alone: arrow keys and Enter (simulated key events, no browser)."""

from kit.nim import Board, Game
from kit.nim.keys import column
from kit.testing.events import cursor_to, make_by_keys, press


def board(**kwargs):
    b = Board(**{"delay": 0, "seed": 3, **kwargs})
    b.view.raise_errors = True
    return b


def test_a_whole_game_against_the_perfect_player_by_keys():
    b = board(seats=["human", "perfect"])
    while not b.game.is_over:
        assert b.human_to_move
        move = b.game.legal_moves()[-1]           # the biggest take of the last heap
        before = len(b.game.history)
        cursor_to(b, cell=(move.heap, column(move.count)))
        press(b.canvas, "Enter" if before % 2 else " ")
        assert b.game.history[before] == move
    g = Game.new(seed=3)
    for m in b.game.history:
        g.play(m)
    assert g.to_dict() == b.game.to_dict() and sum(b.game.heaps) == 0
    assert "Game over" in b.view.message


def test_make_by_keys_plays_every_kind_of_take():
    b = board(seats=["human", "human"])
    for move in ("0:1", str(b.game.legal_moves()[-1])):
        if b.game.is_over:
            break
        n = len(b.game.history)
        make_by_keys(b, move)
        assert str(b.game.history[n]) == move


def test_the_cursor_starts_on_the_first_heaps_last_stone_and_says_what_enter_takes():
    b = board(seats=["human", "human"])
    assert b.cursor_keys.shown is False
    assert 'stroke="#FFFFFF" stroke-width="2"' not in b.view.scene.to_svg()
    press(b.canvas, "ArrowLeft")   # the first arrow only shows it, where it starts
    first = next(i for i, size in enumerate(b.game.heaps) if size)
    assert b.cursor_keys.current(b).cell == (first, column(1))
    assert "Cursor on row" in b.view.message and f"takes 1 of heap {first}" in b.view.message
    svg = b.view.scene.to_svg()
    assert 'stroke="#000000" stroke-width="4"' in svg and 'stroke="#FFFFFF" stroke-width="2"' in svg
    assert 'stroke="#FFFFFF" stroke-width="2"' not in b.saved_scene().to_svg()
    press(b.canvas, "ArrowLeft")
    assert b.cursor_keys.current(b).cell == (first, column(2))


def test_enter_left_of_the_stones_is_refused_and_marked_as_a_click_is():
    b = board(seats=["human", "human"])
    heap = min(range(len(b.game.heaps)), key=lambda i: b.game.heaps[i])
    too_many = b.game.heaps[heap] + 1
    before = b.game.to_dict()
    cursor_to(b, cell=(heap, column(too_many)))
    assert "no stone" in b.view.message
    press(b.canvas, "Enter")
    assert b.game.to_dict() == before
    assert (heap, too_many) in b.marks


def test_edges_stop_the_cursor_and_ctrl_keys_are_left_alone():
    b = board(seats=["human", "human"])
    press(b.canvas, "ArrowUp")
    for _ in range(12):
        press(b.canvas, "ArrowDown")
        press(b.canvas, "ArrowRight")
    assert b.cursor_keys.current(b).cell == (len(b.game.heaps) - 1, column(1))
    before = b.game.to_dict()
    press(b.canvas, "Enter", ctrl=True)
    assert b.game.to_dict() == before


def test_the_notation_key_lists_the_keys():
    b = board(seats=["human", "human"])
    assert "arrow keys" in b._notation_html() and "your hand" not in b._notation_html()
