"""The analysis panel's "Rank by" choice on the games with a look-ahead (IOTA,
Smartrix), driven by simulated clicks: this turn's value, then the look-ahead
with its progress and Stop, a row previewed, and the Hint following the choice."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("ipywidgets")

from kit.analysis import Expected


def _iota_board():
    from kit.iota import Board, Game, GreedyPlayer, LookaheadPlayer
    for seed in range(12, 40):
        game, rng = Game.new(2, seed=seed), random.Random(seed)
        for _ in range(6):
            game.play(GreedyPlayer().choose(game, rng))
        if len(LookaheadPlayer().candidates(game, random.Random(0))) > 2:
            return Board(game, seats=["human", "greedy"], analysis=True, delay=0)
    raise AssertionError("no IOTA position with three candidates")


def _smartrix_board():
    from kit.smartrix import Board, Game, GreedyPlayer
    game, rng = Game.new(2, seed=10), random.Random(10)
    for _ in range(10):
        game.play(GreedyPlayer().choose(game, rng))
    return Board(game, seats=["human", "greedy"], analysis=True, delay=0)


def _stop_after(panel, playouts: int) -> None:
    """Press Stop once ``playouts`` are done, as a person would mid-way."""
    shown = panel._progress

    def progress(done, total, rows=None):
        shown(done, total, rows)
        if done >= playouts:
            panel.stop_button.click()
    panel._progress = progress


@pytest.mark.parametrize("make_board", [_iota_board, _smartrix_board], ids=["iota", "smartrix"])
def test_the_panel_offers_the_lookahead_with_progress_stop_and_the_hint_follows(make_board):
    b = make_board()
    b.view.raise_errors = True
    panel = b.analysis_panel
    assert panel.ranking is not None and panel.ranking.value is False
    assert [label for label, _ in panel.ranking.options] == ["This turn", "Look ahead"]

    panel.analyse_button.click()                       # this turn's value: no Expected rows
    assert "valued" in panel.bar.label.value and "guess" not in panel.bar.label.value
    assert panel.rows and not any(isinstance(v, Expected) for _, v in panel.rows)
    plain_hint = b.hints(b.game)

    panel.ranking.value = True                         # the person picks "Look ahead"
    assert b.lookahead_analysis is True
    assert panel.rows == [] and panel.row_box.children == ()   # rows made the other way dropped
    assert "Press Analyse" in panel.note.value

    _stop_after(panel, 5)
    panel.analyse_button.click()
    rows = panel.rows
    assert rows.partial and rows and all(isinstance(v, Expected) for _, v in rows)
    assert sum(v.n for _, v in rows) == 5              # stopped after the fifth playout
    assert panel.bar.state == "stopped" and panel.bar.n == 5
    assert "guesses played (stopped early)" in panel.bar.label.value
    assert "Stopped early" in panel.note.value
    assert not panel.ranking.disabled and not panel.analyse_button.disabled
    first = panel.row_box.children[0]
    assert "±" in first.description and "now" in first.description

    first.click()                                      # the row is drawn, the game untouched
    assert panel.selected == first.move
    assert "Showing, not played" in b.view.message
    panel.ranking.value = False                        # back: the preview goes with the rows
    assert b.lookahead_analysis is False and panel.selected is None and panel.rows == []
    assert b.hints(b.game) == plain_hint

    panel.ranking.value = True
    b.controls["hint"].click()                         # the Hint now looks ahead
    assert b.hint_rows and all("±" in label for _, label in b.hint_rows)
    assert b.hint_rows != plain_hint
    assert "Looked ahead" in b.hint_panel.value


def test_a_game_without_lookahead_has_no_choice():
    from kit.mattix import Board
    b = Board(seats=["human", "greedy"], analysis=True, delay=0)
    assert b.lookahead_analysis is None and b.analysis_panel.ranking is None


def test_an_expected_margin_is_written_with_the_languages_decimal_comma():
    from kit.i18n import speaking
    value = Expected(-2.24, 3.5, 12, 7)
    assert str(value) == "-2.2 ± 3.5 over 12, now +7" == value.explain()
    with speaking("es"):
        assert str(value) == "-2,2 ± 3,5 en 12, ahora +7"
