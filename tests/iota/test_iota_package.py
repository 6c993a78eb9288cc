"""The package's shape: the engine without widgets, the move kinds, last_move, the split modules."""

import subprocess
import sys

from iota_helpers import worked_example_game
from kit import iota
from kit.iota import Marks, Pass, Play, Recycle
from kit.iota.draw import draw, draw_game


def test_the_engine_imports_no_widget_package():
    code = ("import sys, kit.iota\n"
            "from kit.iota import *\n"
            "g = Game.new(seed=1); analysis(g); draw(g); text_board(g); str(g); g.svg()\n"
            "bad = [m for m in ('ipywidgets', 'ipycanvas', 'IPython', 'tqdm', 'kit.ui') "
            "if m in sys.modules]\n"
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_widgets_load_on_first_use():
    assert iota.Board.__module__ == "kit.iota.board"
    assert iota.Editor.__module__ == "kit.iota.editor"
    assert iota.Replay.__module__ == "kit.iota.replay"
    assert "Board" not in iota.__all__          # a star import stays widget-free


def test_moves_name_their_kind_and_repr_round_trips():
    moves = [Play.parse("2GT@0,1 2BX@0,2"), Pass.parse("pass 1RC"), Recycle((0, 3), 5)]
    assert [m.kind for m in moves] == ["play", "pass", "recycle"]
    for move in moves:
        assert eval(repr(move), vars(iota)) == move
        assert iota.Move.parse(str(move)) == move


def test_last_move_is_the_move_played_last_and_last_play_the_last_cards_down():
    game = worked_example_game()
    assert game.last_move is None and game.last_play is None
    play = next(m for m in game.legal_moves() if isinstance(m, Play))
    game.play(play)
    assert game.last_move == play and game.last_play == play
    game.play(Pass())
    assert game.last_move == Pass() and game.last_play == play
    game.undo()
    assert game.last_move == play


def test_marks_and_the_old_flat_keywords_draw_the_same_picture():
    game = worked_example_game()
    marks = Marks(highlight=(), error_cells=[(0, 0)], notes=["a note"])
    assert draw(game, marks, box=(0, 0, 580, 400)).to_svg() == draw_game(
        game, highlight=(), error_cells=[(0, 0)], notes=["a note"], box=(0, 0, 580, 400)).to_svg()
    assert game.svg(notes=["a note"]) == draw(game, Marks(notes=["a note"])).to_svg()


def test_cell_box_takes_a_cell():
    lay = iota.layout(worked_example_game())
    x, y, w, h = iota.cell_box(lay, (0, 1))
    assert iota.cell_at(lay, x + w / 2, y + h / 2) == (0, 1)
