"""The strategy lessons' look-ahead sections (issue 33): on each lesson's seeded
position greedy and the look-ahead (Mattix: the exact search) still choose
differently, the numbers are the same each time, and the words say the numbers
the table shows."""

import pytest

from kit.i18n import speaking
from kit.lessons.iota import lookahead as iota_look
from kit.lessons.lookahead import Choice, Comparison, mean_replies
from kit.lessons.mattix import lookahead as mattix_look
from kit.lessons.smartrix import lookahead as smartrix_look

COURSES = {"iota": iota_look, "smartrix": smartrix_look, "mattix": mattix_look}


@pytest.fixture(scope="module", params=sorted(COURSES))
def compared(request):
    return request.param, COURSES[request.param].comparison()


def test_greedy_and_the_look_ahead_part_ways_on_the_lessons_position(compared):
    game, c = compared
    assert c.differ, f"{game}: greedy and the look-ahead now agree on the lesson's position"
    assert c.ahead.margin > c.greedy.margin
    # Greedy takes the most points now; the look-ahead gives some up for later.
    assert c.greedy.points > c.ahead.points
    assert c.greedy.svg.startswith("<svg") and c.ahead.svg.startswith("<svg")


def test_the_numbers_are_the_same_each_time(compared):
    game, c = compared
    again = COURSES[game].comparison()
    assert repr(again) == repr(c) and again.why() == c.why()


def test_the_words_say_the_tables_numbers(compared):
    _game, c = compared
    why = c.why()
    for number in (c.greedy.points, c.ahead.points):
        assert str(number) in why
    for choice in (c.greedy, c.ahead):
        margin = f"{abs(choice.margin):.0f}" if isinstance(choice.margin, int) else f"{abs(choice.margin):.1f}"
        assert margin in why and margin in repr(c)
    html = c._repr_html_()
    assert html.count("<img ") == 2 and str(c.ahead.move) in html


def test_the_section_speaks_the_lesson_language():
    with speaking("es"):
        c = mattix_look.comparison()
        assert "glotón" in repr(c) and "buscador" in repr(c)
        assert c.why().startswith("La toma del glotón vale")


def _choice(reply, next_turn, points=5, margin=1.0, n=10, move="m"):
    return Choice("greedy", move, points, margin, 2.0, n, reply, next_turn, "<svg/>")


def test_why_names_only_the_reasons_the_numbers_show():
    leaves = Comparison(_choice(9.0, 3.0), _choice(2.0, 3.0, points=1, margin=4.0, move="k"), 20, 10)
    assert "leaves them more" in leaves.why() and "keeps something" not in leaves.why()
    keeps = Comparison(_choice(2.0, 3.0), _choice(2.0, 8.0, points=1, margin=4.0, move="k"), 20, 10)
    assert "keeps something" in keeps.why() and "leaves them more" not in keeps.why()
    same = Comparison(_choice(2.0, 3.0), _choice(2.0, 3.0), 20, 10)
    assert same.why() == "Here both players choose the same move, m."


def test_mean_replies_refuses_no_samples():
    with pytest.raises(ValueError, match="at least one sample"):
        mean_replies(lambda r: None, lambda g, r: (0, 0), 0, 1)


def test_a_finished_game_has_nothing_to_compare():
    from kit import mattix
    g = mattix.Game.new(size=3, level=1, seed=0)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    with pytest.raises(ValueError, match="over"):
        mattix_look.comparison(g)
