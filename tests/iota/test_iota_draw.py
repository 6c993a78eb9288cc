"""Pictures: the SVG scene, pixel <-> cell geometry, and the text board."""

import pytest

from iota_helpers import WORKED_EXAMPLE, game_at, worked_example_game
from kit import iota
from kit.iota.draw import CARD_COLOURS, draw_game, draw_hand, layout_for
from kit.scene import ERROR, GOOD, HIGHLIGHT


def played_example(turns=4):
    game = worked_example_game()
    for text, _ in WORKED_EXAMPLE[:turns]:
        game.play(text)
    return game


def test_svg_shows_every_card_number_colour_and_shape():
    game = played_example()
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<circle") == 4             # 4YC 1RC 2BC 3GC
    assert svg.count("<polygon") == 4            # triangles 2RT 2YT, crosses 2GX 3YX
    for colour in CARD_COLOURS:
        assert colour in svg
    for number in "1234":
        assert f">{number}</text>" in svg


def test_wilds_are_marked():
    game = game_at({(0, 0): "1RC", (0, 1): "W"}, [["2RC"]])
    svg = game.svg()
    assert ">W</text>" in svg and 'stroke-dasharray' in svg


def test_last_play_is_highlighted_and_other_outlines_on_request():
    game = played_example(4)
    svg = game.svg()
    assert svg.count(f'stroke="{HIGHLIGHT}" stroke-width="4"') == 4
    svg = game.svg(highlight=(), error_cells=[(0, 0)], good_cells=[(0, 1), (0, 2)])
    assert f'stroke="{HIGHLIGHT}" stroke-width="4"' not in svg
    assert svg.count(f'stroke="{ERROR}"') == 1 and svg.count(f'stroke="{GOOD}" stroke-width="4"') == 2


def test_illegal_move_cells_can_be_drawn():
    game = game_at({(0, 0): "1RC", (0, 1): "2RS"}, [["3BT"]])
    why = game.explain("3BT@0,2")
    scene = draw_game(game, error_cells=why.cells)
    assert sum(1 for s in scene.shapes if getattr(s, "stroke", None) == ERROR) == 3


def test_text_is_readable_from_the_back_of_the_room():
    sizes = [s.size for s in draw_game(played_example()).shapes if hasattr(s, "size")]
    assert min(sizes) >= 14 and max(sizes) >= 20


@pytest.mark.parametrize("cell", [(0, 0), (-2, 4), (1, 2), (-3, -1), (2, 5)])
def test_cell_at_inverts_cell_box(cell):
    game = played_example()
    x, y, w, h = iota.cell_box(game, *cell)
    assert iota.cell_at(game, x + w / 2, y + h / 2) == cell
    assert iota.cell_at(game, x + 1, y + 1) == cell and iota.cell_at(game, x + w - 1, y + h - 1) == cell


def test_cell_at_outside_the_board_is_none():
    lay = layout_for(played_example())
    assert iota.cell_at(lay, 1, 1) is None
    assert iota.cell_at(lay, lay.width - 1, lay.height - 1) is None
    assert iota.cell_at(lay, -5, 100) is None


def test_cards_are_drawn_inside_their_cell_box():
    game = played_example()
    scene = draw_game(game)
    x, y, w, h = iota.cell_box(game, -2, 4)           # 3YX, a cross
    inside = [s for s in scene.shapes if hasattr(s, "points")
              and all(x <= px <= x + w and y <= py <= y + h for px, py in s.points)]
    assert inside


def test_hand_picture():
    svg = draw_hand(["1RC", "W", "3GT"]).to_svg()
    assert svg.count("<circle") == 1 and ">W</text>" in svg


def test_text_board_lists_cards_by_row_and_column():
    game = played_example()
    text = str(game)
    lines = text.splitlines()
    assert "seat 0: 6" in lines[0] and "seat 3: 208" in lines[0] and "seat 0 to move" in lines[0]
    assert lines[1].split() == ["0", "1", "2", "3", "4"]
    assert lines[2].split() == ["-2", ".", "2YT", "4YC", "1YS", "3YX"]
    assert lines[-1].startswith("seat 0 hand: ")


def test_text_board_says_what_a_wild_stands_for():
    game = game_at({(0, 0): "1RC", (0, 1): "2RC", (0, 2): "W"}, [["2GT"]])
    assert "the wild at (0,2) can stand for 3RC" in str(game)


def test_a_pending_play_is_drawn_with_its_error():
    game = game_at({(0, 0): "1RC", (0, 1): "2RS"}, [["3BT"]])
    why = game.explain("3BT@0,2")
    svg = game.svg(pending="3BT@0,2", error_cells=why.cells)
    assert svg.count("<polygon") == 1                        # the blue triangle, not yet played
    assert svg.count('stroke-dasharray="7 5"') == 3          # error outlines are dashed, not only red
    assert draw_game(game, pending="3BT@0,2").width > draw_game(game).width   # room for it


def test_a_wild_shows_the_card_it_stands_for():
    game = game_at({(0, 0): "1RC", (0, 1): "2RC", (0, 2): "W"}, [["2GT"]])
    assert ">=3RC</text>" in game.svg()
    assert ">=3RC</text>" not in draw_game(game, show_wilds=False).to_svg()
