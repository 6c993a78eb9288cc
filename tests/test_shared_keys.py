"""The cursor keys' shared logic (kit.ui.keys), pure: where an arrow key goes."""

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
