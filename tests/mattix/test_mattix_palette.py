"""The Mattix editor's picture without widgets (kit.mattix.palette): the board
at the explorer's cell size, which cell a point hits, and the picked cell."""

import pytest

from kit.mattix.draw import draw
from kit.mattix.layout import explorer_cell_size
from kit.mattix.palette import EDITOR_SIZES, cell_at, cell_point, editor_layout, editor_scene
from kit.mattix.rules import Game


@pytest.mark.parametrize("size", list(EDITOR_SIZES))
def test_editor_each_cell_is_hit_at_its_centre(size):
    g = Game.new(size=size, seed=size)
    assert editor_layout(g).cell == explorer_cell_size(size)
    for r in range(size):
        for c in range(size):
            assert cell_at(g, *cell_point(g, (r, c))) == (r, c)
    assert cell_at(g, -5, -5) is None


def test_editor_scene_is_the_board_with_the_picked_cell_and_marks():
    g = Game.new(size=5, seed=2, level=2)
    cell = explorer_cell_size(5)
    assert editor_scene(g).to_svg() == draw(g, cell=cell).to_svg()
    picked = editor_scene(g, (1, 2), [(0, 0)])
    assert picked.to_svg() == draw(g, highlight=[(0, 0)], selected=(1, 2), cell=cell).to_svg()
    assert picked.to_svg() != editor_scene(g).to_svg()
