"""Pictures (SVG, text, geometry) and players (random, greedy, lookahead, search)."""

import random
import re

import pytest

from kit.mattix import (Game, GreedyPlayer, LookaheadPlayer, Move, RandomPlayer, SearchPlayer,
                        analyse, board_svg, draw, cell_at, cell_box, layout,
                        lookahead_values, standings_table, tournament)
from kit.scene import GOOD, HIGHLIGHT, ERROR, Polygon, Rect, Text

POSITION = {"board": [[9, 1, None], [15, -2, None], [None, None, None]],
            "star": [0, 2], "to_move": 0, "scores": [3, -4]}


def texts(scene):
    return [s.text for s in scene.shapes if isinstance(s, Text)]


# ----- pictures -----------------------------------------------------------------------

def test_svg_shows_every_number_and_marks_negatives_differently():
    g = Game.from_dict(POSITION)
    svg = g._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    scene = draw(g)
    words = texts(scene)
    for shown in ("9", "1", "15", "\u22122"):
        assert shown in words
    neg = [s for s in scene.shapes if isinstance(s, Text) and s.text == "\u22122"][0]
    pos = [s for s in scene.shapes if isinstance(s, Text) and s.text == "15"][0]
    assert neg.fill != pos.fill
    dashed = [s for s in scene.shapes if isinstance(s, Rect) and s.dash and s.stroke != HIGHLIGHT]
    assert len(dashed) == 1          # only the one negative tile has a dashed border
    assert words[0] == "Row player: 3 points · Column player: -4 points"


def test_star_and_the_movers_line_are_drawn_where_they_are():
    g = Game.from_dict(POSITION)
    scene = draw(g)
    stars = [s for s in scene.shapes if isinstance(s, Polygon)]
    assert len(stars) == 1
    x, y, w, h = cell_box(layout(g), (0, 2))
    xs = [p[0] for p in stars[0].points]
    ys = [p[1] for p in stars[0].points]
    assert x < min(xs) < max(xs) < x + w and y < min(ys) < max(ys) < y + h
    ring = [s for s in scene.shapes if isinstance(s, Rect) and s.stroke == HIGHLIGHT]
    x0, y0, _, _ = cell_box(layout(g), (0, 0))
    assert (ring[0].x, ring[0].y, ring[0].w, ring[0].h) == (x0, y0, 3 * w, h)   # row 0
    g.play("0,1")
    ring = [s for s in draw(g).shapes if isinstance(s, Rect) and s.stroke == HIGHLIGHT]
    x1, y1, _, _ = cell_box(layout(g), (0, 1))
    assert (ring[0].x, ring[0].y, ring[0].w, ring[0].h) == (x1, y1, w, 3 * h)   # column 1


def test_best_last_and_problem_highlights():
    g = Game.from_dict(POSITION)
    best = analyse(g)[0][0]
    scene = draw(g, best=best, highlight=[(1, 0)])
    greens = [s for s in scene.shapes if isinstance(s, Rect) and s.stroke == GOOD]
    reds = [s for s in scene.shapes if isinstance(s, Rect) and s.stroke == ERROR]
    assert cell_at(layout(g), greens[0].x + 20, greens[0].y + 20) == best.cell
    assert cell_at(layout(g), reds[0].x + 20, reds[0].y + 20) == (1, 0)
    g.play(best)
    scene = draw(g, last=True, show_line=False)
    dashed_blue = [s for s in scene.shapes if isinstance(s, Rect) and s.stroke == HIGHLIGHT]
    assert len(dashed_blue) == 1 and dashed_blue[0].dash
    assert cell_at(layout(g), dashed_blue[0].x + 20, dashed_blue[0].y + 20) == best.cell
    assert "last move 0,1" in " ".join(texts(scene))


def test_svg_is_deterministic_and_text_is_large():
    g = Game.new(seed=1, size=8, level=2)
    assert board_svg(g) == board_svg(Game.new(seed=1, size=8, level=2))
    sizes = [float(v) for v in re.findall(r'font-size="([\d.]+)"', board_svg(g))]
    assert min(sizes) >= 16 and max(sizes) >= 24


def test_cell_at_and_cell_box_are_inverse():
    g = Game.new(seed=0, size=6)
    lay = layout(g)
    for r in range(6):
        for c in range(6):
            x, y, w, h = cell_box(lay, (r, c))
            assert cell_at(lay, x + w / 2, y + h / 2) == (r, c)
            assert cell_at(layout(g), x + 0.01, y + h - 0.01) == (r, c)
    x, y, w, h = cell_box(lay, (0, 0))
    assert cell_at(lay, x - 1, y + 5) is None and cell_at(lay, x + 5, y - 1) is None
    x, y, w, h = cell_box(lay, (5, 5))
    assert cell_at(lay, x + w + 1, y) is None and cell_at(lay, x, y + h + 1) is None


def test_text_board_lists_numbers_star_line_and_moves():
    g = Game.from_dict(POSITION)
    text = str(g)
    assert "Row player: 3 points; Column player: -4 points" in text
    row0 = [line for line in text.splitlines() if line.strip().startswith("0 >")]
    assert row0 and row0[0].split()[2:] == ["9", "1", "*", "<"]
    assert "Row player to move, from row 0: 0,0 (9), 0,1 (1)" in text
    g.play("0,1")
    text = str(g)
    assert "v" in text.splitlines()[2]
    assert "Column player to move, from column 1: 1,1 (-2)" in text
    assert "." in text


def test_text_board_of_a_finished_game_names_the_winner():
    g = Game.from_dict({"board": [[None, None], [None, None]], "star": [0, 0], "scores": [4, 9]})
    assert "the column player wins" in str(g)
    assert "Game over" in " ".join(texts(draw(g)))


# ----- players ------------------------------------------------------------------------

def test_greedy_takes_the_biggest_tile_and_lookahead_sees_the_reply():
    g = Game.from_dict(POSITION)
    rng = random.Random(0)
    assert GreedyPlayer().choose(g, rng) == Move(0, 0)
    # 9 lets the column player answer 15: 9 - 15 = -6; 1 leaves them only -2: 1 + 2 = 3.
    assert dict(lookahead_values(g.copy())) == {Move(0, 0): -6, Move(0, 1): 3}
    assert LookaheadPlayer().choose(g, rng) == Move(0, 1)
    assert SearchPlayer(time_limit=None, depth=10).choose(g, rng) == Move(0, 1)
    assert g == Game.from_dict(POSITION)


def test_players_break_ties_with_the_rng():
    g = Game.from_dict({"board": [[5, 5, None], [1, 1, 1], [1, 1, 1]], "star": [0, 2]})
    picks = {GreedyPlayer().choose(g, random.Random(s)) for s in range(20)}
    assert picks == {Move(0, 0), Move(0, 1)}
    picks = {RandomPlayer().choose(g, random.Random(s)) for s in range(20)}
    assert picks == set(g.legal_moves())


def test_players_always_return_legal_moves_and_leave_the_game_alone():
    rng = random.Random(1)
    players = [RandomPlayer(), GreedyPlayer(), LookaheadPlayer(), SearchPlayer(0.02, depth=3)]
    g = Game.new(seed=9, size=5, level=2)
    while not g.is_over:
        for p in players:
            before = g.to_dict()
            assert p.choose(g, rng) in g.legal_moves()
            assert g.to_dict() == before
        g.play(players[len(g.history) % 4].choose(g, rng))


def test_tournament_is_seeded_and_the_stronger_player_wins_more():
    args = dict(games=30, seed=4, size=6, level=2)
    first = tournament([GreedyPlayer(), RandomPlayer()], **args)
    again = tournament([GreedyPlayer(), RandomPlayer()], **args)
    assert first == again
    greedy, rand = first
    assert greedy.games == rand.games == 30
    assert greedy.win_rate + rand.win_rate == pytest.approx(1.0)
    assert greedy.mean_margin == pytest.approx(-rand.mean_margin)
    assert greedy.win_rate > rand.win_rate and greedy.mean_margin > 0
    assert "greedy" in standings_table(first)


def test_exact_search_beats_lookahead_on_small_boards():
    search_player = SearchPlayer(time_limit=None)          # exact on 4x4
    s, look = tournament([search_player, LookaheadPlayer()], games=20, seed=1, size=4, level=2)
    assert s.mean_margin > 0 and s.win_rate > look.win_rate


def test_tournament_needs_two_players():
    with pytest.raises(ValueError, match="2 players"):
        tournament([GreedyPlayer()], games=1)


def test_greedy_vs_best_says_what_greed_costs():
    from kit.mattix import greedy_vs_best
    g = Game.from_dict(POSITION)
    assert greedy_vs_best(g) == ("Greedy takes 9 at 0,0 and ends 9 behind; best is 0,1 "
                                 "(1 now), ending 9 ahead: greed costs 18 points.")
    g2 = Game.from_dict({"board": [[None, 4], [3, None]], "star": [0, 0], "to_move": 1})
    assert greedy_vs_best(g2) == "Greedy takes 3 at 1,0 and ends 3 ahead; that is a best move."
    g2.play("1,0")
    assert "game is over" in greedy_vs_best(g2)


@pytest.mark.parametrize("size", [4, 8])
def test_row_and_column_numbers_sit_centred_on_their_tiles(size):
    # The status lines' font size once overwrote the cell size these are placed
    # by, and every number sat near the tiles' top-left corner.
    from kit.mattix import cell_box, draw, layout
    game = Game.new(size=size, seed=1)
    scene = draw(game)
    labels = [s for s in scene.shapes if isinstance(s, Text) and s.text.isdigit()
              and s.size == 16]
    for i in range(size):
        x, y, w, h = cell_box(layout(game), (i, i))
        assert any(abs(t.x - (x + w / 2)) < 1 and t.text == str(i) for t in labels), i   # column
        assert any(abs(t.y - (y + h / 2)) < 1 and t.text == str(i) for t in labels), i   # row


def test_a_refused_tile_is_marked_by_a_shape_not_by_colour_alone():
    # Vermillion and the line's blue look alike in greyscale: the cross tells them apart.
    from kit.mattix.draw import draw as draw_board
    from kit.scene import ERROR, Circle, Line
    g = Game.new(seed=1, size=4)
    plain = draw_board(g).shapes
    marked = draw_board(g, highlight=[(0, 0)]).shapes
    new = [s for s in marked if s not in plain]
    assert any(isinstance(s, Circle) and s.fill == ERROR for s in new)
    assert sum(isinstance(s, Line) for s in new) == 2       # the two strokes of the cross
