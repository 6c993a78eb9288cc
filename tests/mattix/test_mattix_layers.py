"""Mattix's layers: the engine imports no widget; layout, pictures and words apart."""

import subprocess
import sys

from kit.mattix import Game, cell_at, cell_box, draw, layout, text_board


def test_the_engine_imports_without_widgets():
    code = ("import sys, kit.mattix, kit.mattix.rules, kit.mattix.solver, kit.mattix.ai, "
            "kit.mattix.analysis, kit.mattix.draw, kit.mattix.layout, kit.mattix.text; "
            "assert not {'ipywidgets', 'ipycanvas'} & set(sys.modules), sorted(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_cell_box_takes_a_cell_and_cell_at_reads_it_back():
    lay = layout(Game.new(size=5, seed=2), cell=70)
    for cell in [(0, 0), (2, 3), (4, 4)]:
        x, y, w, h = cell_box(lay, cell)
        assert (w, h) == (70, 70) and cell_at(lay, x + w / 2, y + h / 2) == cell


def test_str_is_the_text_board_and_the_picture_draws_the_same_game():
    g = Game.new(size=4, seed=3)
    assert str(g) == text_board(g)
    assert g._repr_svg_() == draw(g).to_svg()
