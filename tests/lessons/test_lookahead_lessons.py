"""Greedy's move against the look-ahead's, as IOTA 5 and Smartrix 6 show it
(kit.lessons.lookahead and each course's greedy_or_lookahead)."""

from __future__ import annotations

import random

import pytest

from kit.analysis import AnalysisRows, Expected
from kit.i18n import speaking
from kit.lessons.lookahead import greedy_against_lookahead, lookahead_story


def _rows(*values):
    return AnalysisRows([(f"m{k}", Expected(*v)) for k, v in enumerate(values)])


def test_the_table_puts_greedys_row_beside_the_lookaheads_first_row():
    rows = _rows((5.0, 2.0, 8, 0), (-1.5, 3.0, 8, 12))
    table = greedy_against_lookahead(rows, "m1")
    assert [(r["player"], r["move"], r["points now"], r["expected final margin"],
             r["± between guesses"], r["guesses"]) for r in table] == [
        ("greedy", "m1", 12, -1.5, 3.0, 8), ("lookahead", "m0", 0, 5.0, 2.0, 8)]


def test_the_story_says_what_the_table_shows():
    nothing = lookahead_story(greedy_against_lookahead(_rows((5.0, 2.0, 8, 0), (-1.5, 3.0, 7, 12)),
                                                       "m1"))
    assert nothing.startswith("Greedy scores 12 points now; the look-ahead's move scores nothing")
    assert "tried on 7 guesses" in nothing and "6.5 points better off" in nothing
    fewer = lookahead_story(greedy_against_lookahead(_rows((5.0, 2.0, 8, 3), (1.0, 3.0, 8, 9)), "m1"))
    assert fewer.startswith("Greedy scores 9 points now, the look-ahead only 3.")
    same = lookahead_story(greedy_against_lookahead(_rows((5.0, 2.0, 8, 9), (1.0, 3.0, 8, 9)), "m1"))
    assert same.startswith("Both moves score 9 points now.") and "4.0 points" in same
    agree = lookahead_story(greedy_against_lookahead(_rows((5.0, 2.0, 8, 9), (1.0, 3.0, 8, 4)), "m0"))
    assert agree == "Here the look-ahead agrees with greedy: m0, 9 points now."
    with speaking("es"):
        assert "6,5 puntos mejor" in lookahead_story(greedy_against_lookahead(
            _rows((5.0, 2.0, 8, 0), (-1.5, 3.0, 7, 12)), "m1"))


def test_a_greedy_move_the_lookahead_did_not_weigh_or_plain_rows_are_refused():
    with pytest.raises(ValueError, match="greedy's move m9 is not among the moves"):
        greedy_against_lookahead(_rows((5.0, 2.0, 8, 0)), "m9")
    with pytest.raises(ValueError, match="lookahead=True"):
        greedy_against_lookahead(AnalysisRows([("m0", 12)]), "m0")


def test_iota_lesson_5_compares_the_most_points_with_the_lookaheads_best():
    from kit.iota import analysis, rank_moves
    from kit.lessons import iota as lesson
    game = lesson.self_play_positions(seeds=(0,), every=2)[0]     # the lesson's position
    table = lesson.greedy_or_lookahead(game, playouts=24)
    assert table == lesson.greedy_or_lookahead(game, playouts=24)  # seeded
    best = analysis(game, lookahead=True, playouts=24)[0]
    assert str(table[0]["move"]) == str(rank_moves(game)[0][1])
    assert table[0]["points now"] == rank_moves(game)[0][0]
    assert (table[1]["move"], table[1]["expected final margin"]) == (best[0], round(best[1].mean, 1))
    assert table[1]["expected final margin"] >= table[0]["expected final margin"]


def test_smartrix_lesson_6_compares_greedys_move_with_the_lookaheads_best():
    from kit.lessons import smartrix as L
    from kit.smartrix.analysis import analysis
    from kit.smartrix.lookahead import greedy_move
    spot = L.lesson_position("pass_pays")                         # the lesson's position
    table = L.greedy_or_lookahead(spot, playouts=28)
    assert table == L.greedy_or_lookahead(spot, playouts=28)
    assert str(table[0]["move"]) == str(greedy_move(spot, random.Random(0)))
    assert str(table[1]["move"]) == str(analysis(spot, lookahead=True, playouts=28)[0][0])
    assert table[1]["expected final margin"] >= table[0]["expected final margin"]


def test_mattix_lesson_4_three_takes_on_its_board_say_what_the_lesson_says():
    from kit import mattix
    from kit.lessons import mattix as lesson
    board = mattix.Game.new(size=5, level=2, seed=5)                # the lesson's board
    greedy, ahead, perfect = lesson.three_takes(board)
    exact = dict(mattix.analyse(board))
    assert greedy["tile now"] == max(board.tile(m.cell) for m in exact)
    assert perfect["final margin, perfect play after"] == max(exact.values())
    assert all(row["final margin, perfect play after"] == exact[row["take"]]
               for row in (greedy, ahead, perfect))
    # The lesson's words: one reply ahead finds the perfect take here, greed does not,
    # and the biggest tile allows a bigger reply than the lookahead's take.
    assert ahead["take"] == perfect["take"] != greedy["take"]
    nets = dict(mattix.lookahead_values(board.copy()))
    reply = {row["take"]: row["tile now"] - nets[row["take"]] for row in (greedy, ahead)}
    assert reply[greedy["take"]] > reply[ahead["take"]]
    with pytest.raises(ValueError, match="game is over"):
        over = board.copy()
        while not over.is_over:
            over.play(over.legal_moves()[0])
        lesson.three_takes(over)
