"""The shared window over a table bigger than its box (kit.window)."""

from kit.window import edge_strips, scrolled, sides_beyond, strip_at, window_start


def test_a_window_centres_on_its_cell_as_far_as_the_table_allows():
    assert window_start(5, 3, 0, 9) == 4          # rows 4, 5, 6
    assert window_start(0, 3, 0, 9) == 0          # no further up than the first row
    assert window_start(9, 3, 0, 9) == 7          # no further down than the last
    assert window_start(2, 10, 0, 9) == 0         # the whole table fits


def test_the_edges_shaded_are_those_past_which_the_table_goes_on():
    sides = sides_beyond((2, 4), (0, 9), (0, 9), (0, 9))
    assert sides == ["up", "down"]
    strips = edge_strips(10, 20, 100, 50, 5, sides)
    assert strips == {"up": (10, 15, 100, 5), "down": (10, 70, 100, 5)}
    assert strip_at(strips, 50, 16) == "up" and strip_at(strips, 50, 74) == "down"
    assert strip_at(strips, 50, 40) is None       # the table itself, not an edge


def test_a_scroll_moves_half_a_window_and_at_least_one_line():
    assert scrolled((0, 5), (0, 9), "down") == (5.5, 4.5)
    assert scrolled((3, 3), (0, 9), "up") == (2, 4.5)     # a one-row window still moves
