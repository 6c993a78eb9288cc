"""The cursor keys' shared logic (kit.ui.keys), pure: where an arrow key goes; and
every registered game's key map, from the registry, on its live board."""

import pytest

from kit import games
from kit.testing.events import make_by_keys, press
from kit.ui.keys import HAND, TABLE, Area, Spot, clamp, cursor_shapes, keys_html, step

AREA = Area((0, 2), (-1, 1), hand=3)


def test_arrows_move_over_the_cells_and_stop_at_the_edges():
    s = Spot(TABLE, (0, -1))
    assert step(s, "ArrowUp", AREA) == s
    assert step(s, "ArrowLeft", AREA) == s
    assert step(s, "ArrowRight", AREA).cell == (0, 0)
    assert step(s, "ArrowDown", AREA).cell == (1, -1)


def test_down_past_the_last_row_enters_the_hand_and_up_returns_to_the_cell_left():
    s = Spot(TABLE, (2, 1), index=1)
    inside = step(s, "ArrowDown", AREA)
    assert inside.zone == HAND and inside.index == 1
    assert step(inside, "ArrowRight", AREA).index == 2
    assert step(step(inside, "ArrowRight", AREA), "ArrowRight", AREA).index == 2
    assert step(inside, "ArrowLeft", AREA).index == 0
    back = step(inside, "ArrowUp", AREA)
    assert back.zone == TABLE and back.cell == (2, 1)


def test_no_hand_no_entering_it_and_a_stale_spot_is_clamped():
    bare = Area((0, 3), (0, 3))
    assert step(Spot(TABLE, (3, 0)), "ArrowDown", bare).zone == TABLE
    assert clamp(Spot(HAND, (9, -9), index=5), bare) == Spot(TABLE, (3, 0), 0)
    assert clamp(Spot(HAND, (0, 0), index=5), AREA).index == 2


def test_the_cursor_is_a_black_ring_round_a_white_one():
    outer, inner = cursor_shapes((10, 10, 50, 50))
    assert (outer.stroke, inner.stroke) == ("#000000", "#FFFFFF")
    assert outer.x < inner.x and outer.w > inner.w


def test_the_keys_paragraph_names_each_letter():
    text = keys_html({"c": "Confirm", "p": "Pass"}, hand=True)
    assert "<b>C</b> Confirm, <b>P</b> Pass." in text and "your hand" in text
    assert "your hand" not in keys_html({}, hand=False)


# Every registered game, from the registry (a new game is covered by registering it).


@pytest.mark.parametrize("name", [s.name for s in games.all()])
def test_every_game_has_a_key_map_and_plays_by_keys_alone(name):
    spec = games.get(name)
    keymap = spec.load_keys()
    assert keymap is not None, f"{name} registers no keys= (kit/{name}/keys.py)"
    b = spec.load_board()(seats=["human", "human"], delay=0, seed=5)
    b.view.raise_errors = True
    assert b.cursor_keys is not None and b.cursor_keys.keymap is keymap
    press(b.canvas, "ArrowUp")
    assert b.cursor_keys.shown and "Cursor on" in b.view.message
    for _turn in range(3):
        if b.game.is_over:
            break
        n = len(b.game.history)
        move = b.game.legal_moves()[-1]
        make_by_keys(b, move)
        assert b.game.history[n] == move, (name, move, b.view.message)
