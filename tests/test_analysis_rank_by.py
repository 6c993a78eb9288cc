"""The analysis panel's "Rank by: This turn / Look ahead" choice (issue 33), by
simulated clicks on its ToggleButtons, for IOTA and Smartrix."""

import sys
from pathlib import Path

import pytest

from kit.analysis import Expected
from kit.i18n import speaking

sys.path.insert(0, str(Path(__file__).parent / "iota"))
from iota_helpers import worked_example_game


def iota_board():
    from kit.iota import Board
    b = Board(worked_example_game(), seats=["human"] * 4, analysis=True, delay=0)
    b.view.raise_errors = True
    return b


def smartrix_board():
    import random

    from kit import smartrix
    from kit.smartrix import Board, Game
    g = Game.new(2, seed=4)
    rng = random.Random(4)
    for _ in range(10):
        g.play(smartrix.GreedyPlayer().choose(g, rng))
    b = Board(g, seats=["human", "human"], analysis=True, delay=0)
    b.view.raise_errors = True
    return b


BOARDS = {"iota": iota_board, "smartrix": smartrix_board}


def look_ahead(panel):
    panel.rank_by.value = True          # what a click on "Look ahead" does


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_choosing_look_ahead_reranks_by_expected_margin(game):
    b = BOARDS[game]()
    p = b.analysis_panel
    p.start()
    assert p.rows and not any(isinstance(v, Expected) for _, v in p.rows)
    look_ahead(p)
    assert b.lookahead_analysis is True
    looked = [v for _, v in p.rows if isinstance(v, Expected)]
    assert looked, "Look ahead ranked no move by its expected margin"
    means = [v.mean for v in looked if v.n]
    assert means == sorted(means, reverse=True)
    assert "±" in p.row_box.children[len(p.rows) - len(looked)].description
    p.rank_by.value = False             # back to this turn's points
    assert b.lookahead_analysis is False
    assert not any(isinstance(v, Expected) for _, v in p.rows)


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_look_ahead_rows_are_the_same_each_time(game):
    def rows():
        p = BOARDS[game]().analysis_panel
        look_ahead(p)
        return [(str(m), repr(v)) for m, v in p.rows]
    assert rows() == rows()


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_stop_keeps_the_rows_valued_so_far(game):
    b = BOARDS[game]()
    p = b.analysis_panel
    analyse = p.analyse

    def stopping(g, *, progress=None, stop=None):
        def told(done, total, rows=None):
            if done >= 3:
                p.stop.set()            # as the Stop button does
            progress(done, total, rows)
        return analyse(g, progress=told, stop=stop)
    p.analyse = stopping
    look_ahead(p)
    assert p.rows.partial
    assert p.rows, "Stop lost the rows valued so far"
    tried = [v for _, v in p.rows if isinstance(v, Expected) and v.n]
    assert tried and sum(v.n for v in tried) < 20
    assert p.bar is not None and p.bar.state == "stopped"


@pytest.mark.parametrize("code, this_turn, ahead", [("es", "Este turno", "Mirar adelante"),
                                                    ("bg", "Този ход", "Поглед напред")])
def test_rank_by_is_translated(code, this_turn, ahead):
    with speaking(code):
        p = iota_board().analysis_panel
        labels = [label for label, _ in p.rank_by.options]
        assert labels == [this_turn, ahead]
        assert p.rank_by.description not in ("", "Rank by:")


def test_the_rank_by_buttons_are_the_panels_size():
    import ipywidgets as widgets

    from kit.ui.style import BUTTON_FONT, CHOICE_CLASS
    p = iota_board().analysis_panel
    assert CHOICE_CLASS in p.rank_by._dom_classes
    row = next(w for w in p.children if isinstance(w, widgets.HBox) and p.rank_by in w.children)
    css = [w.value for w in row.children if isinstance(w, widgets.HTML) and CHOICE_CLASS in w.value]
    assert len(css) == 1, "the Rank by class has no style beside it"
    assert f"font-size: {BUTTON_FONT}" in css[0] and "height: 40px" in css[0]


def test_the_sandbox_names_the_best_move_of_the_ranking_chosen():
    """The explorer's best move (the IOTA sandbox's remark under the rows) follows Rank by:
    the best turn's points by this turn, the look-ahead's pick when looking ahead."""
    from html import unescape

    from kit.lessons.iota import Sandbox
    b = Sandbox(seed=2, delay=0).board
    b.view.raise_errors = True
    p = b.analysis_panel
    p.start()
    points = p.rows[0][1]
    assert p.rows.remarks == [f"The best turn scores {points} points."]
    look_ahead(p)
    move, value = p.rows[0]
    assert isinstance(value, Expected) and value.n > 0
    assert p.rows.remarks == [f"The look-ahead's best move here: {move} ({value})."]
    assert p.rows.remarks[0] in unescape(p.note.value)
    assert value.mean == max(v.mean for _, v in p.rows if isinstance(v, Expected) and v.n)
    p.rank_by.value = False
    assert p.rows.remarks == [f"The best turn scores {p.rows[0][1]} points."]
