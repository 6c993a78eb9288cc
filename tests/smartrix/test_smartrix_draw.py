"""Smartrix pictures: plain string checks on the SVG, and the geometry."""

import re
from html import unescape

from kit.scene import ERROR, GOOD, HIGHLIGHT
from kit.smartrix import (Game, cell_at, cell_box, draw, fitting_cells, hand_at, hand_box, layout,
                          legal_cells, threats)
from kit.smartrix.draw import BACK, EMPTY_BOX, GHOST_SPOT, SPOT
from smartrix_helpers import card_not_matching, fill, setup, value

FRAME = 'stroke-dasharray="10 6"'   # the window's edge
FITS = f'stroke="{HIGHLIGHT}" stroke-width="4" stroke-dasharray="8 5"'


def _values_drawn(svg, size="30"):
    """Card values drawn at ``size`` (30: table cards; hand cards are smaller)."""
    return re.findall(rf'font-size="{size}"[^>]*font-weight="bold">(\d)</text>', svg)


def _words(svg):
    """The picture's title: the position and every caption, unwrapped."""
    return unescape(re.search(r"<title>(.*?)</title>", svg).group(1))


def _hand_values(svg):
    return re.findall(r'font-size="27.91"[^>]*font-weight="bold">(\d)</text>', svg)


def _played(seed=3, moves=6, **options):
    g = Game.new(players=2, seed=seed, **options)
    for _ in range(moves):
        g.play(g.legal_moves()[0])
    return g


def _mover_row(svg):
    """The name on the seat line marked ▶ (the next text after the mark)."""
    return re.search(r">▶</text><text [^>]*>([^<]*)</text>", svg).group(1)


def _collecting_game():
    """A position where the mover completes the row (0,0)-(0,4) with its card."""
    grid = fill([(0, 4)] + [(0, c) for c in range(4)])
    card = grid.pop((0, 4))
    return setup(grid, [[card, "00000000"], ["11111111"]]), card


def test_every_table_card_drawn_with_its_value_spots_and_faint_empty_boxes():
    g = _played()
    svg = draw(g, hands=()).to_svg()   # hands face down: only the table's spots
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert sorted(_values_drawn(svg)) == sorted(str(value(t)) for t in g.grid.values())
    spots = sum(value(t) for t in g.grid.values())
    assert svg.count(f'fill="{SPOT}"') == spots
    # Every empty box is a faint hollow ring, so "empty matches empty" shows.
    assert svg.count(f'stroke="{EMPTY_BOX}"') == 8 * len(g.grid) - spots
    for (r, c), card in g.grid.items():
        assert f"({r},{c}) {card}" in svg  # in the title, for screen readers


def test_a_one_card_table_is_three_by_three_cells_not_the_whole_window():
    g = Game.new(seed=1)
    lay = layout(g)
    assert (lay.r0, lay.r1, lay.c0, lay.c1) == (-1, 1, -1, 1)
    scene = draw(g)
    assert scene.width < 1000 and scene.height < 500
    assert cell_at(g, *cell_box(lay, (-1, -1))[:2]) == (-1, -1)
    assert cell_at(lay, lay.left - 1, lay.top + 1) is None
    svg = scene.to_svg()
    assert FRAME not in svg  # the window does not bind yet: no edge drawn
    assert "Window 5 x 5: 4 more rows, 4 more columns" in _words(svg)


#: Tables spanning 5 columns (and 5 rows) with no line of 5, which would be collected.
FIVE_COLUMNS = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 4)]
FIVE_BY_FIVE = FIVE_COLUMNS + [(2, 4), (3, 4), (4, 3), (4, 2), (4, 1), (4, 0)]


def test_the_window_edge_is_drawn_where_the_table_spans_five():
    grid = fill(FIVE_COLUMNS)
    g = setup(grid, [["00000000"], ["11111111"]])
    lay = layout(g)
    # Five columns: no cell beyond them, and their two edges dashed.
    assert (lay.c0, lay.c1, lay.r0, lay.r1) == (0, 4, -1, 2)
    svg = g.svg()
    assert svg.count(FRAME) == 2
    assert "no more columns" in _words(svg) and "3 more rows" in _words(svg)
    full = setup(fill(FIVE_BY_FIVE), [["00000000"], ["11111111"]])
    assert full.svg().count(FRAME) == 4   # rows and columns: the whole window


def test_the_childrens_variant_has_no_window_frame():
    g = setup(fill(FIVE_COLUMNS), [["00000000"], ["11111111"]], window=None)
    svg = g.svg()
    assert FRAME not in svg and "no window" in _words(svg)
    assert (layout(g).c0, layout(g).c1) == (-1, 5)


def test_the_hand_of_the_seat_to_move_is_drawn_face_up_the_others_face_down():
    g = _played(moves=3)
    svg = g.svg()
    assert sorted(_hand_values(svg)) == sorted(str(value(t)) for t in g.hand(g.to_move))
    other = 1 - g.to_move
    assert f"Hand of Player {other + 1}" not in svg
    hidden = draw(g, hands=()).to_svg()
    assert _hand_values(hidden) == []
    assert hidden.count(f'fill="{BACK}"') == len(g.hand(g.to_move))
    opened = draw(g, open_hands=True).to_svg()
    assert f"Hand of Player {other + 1}" in opened
    small = re.findall(r'font-size="17.44"[^>]*font-weight="bold">(\d)</text>', opened)
    assert sorted(small) == sorted(str(value(t)) for t in g.hand(other))


def test_turn_pile_and_collected_points_are_written_out():
    g, card = _collecting_game()
    svg = g.svg()
    assert "Player 1 to move" in svg and _mover_row(svg) == "Player 1"
    assert f"Draw pile: {g.deck_size} cards" in svg
    points = g.play(f"{card}@0,4")
    svg = g.svg()
    assert _mover_row(svg) == "Player 2"
    assert re.search(rf'anchor="end"[^>]*>{points}</text>', svg)  # player 1's collected
    assert "Draw pile: " in svg


def test_a_collected_set_stays_in_the_picture_faded_until_the_next_move():
    g, card = _collecting_game()
    points = g.play(f"{card}@0,4")
    assert g.grid == {}
    svg = g.svg()
    collected = g.collected(0)
    assert svg.count(f'fill="{GHOST_SPOT}"') == sum(value(t) for t in collected) > 0
    assert svg.count(f'stroke="{GOOD}"') == 5
    assert f"Player 1 collected 5 cards, {points} points" in _words(svg)
    assert "The table is empty" in _words(svg)
    plain = draw(g, recent=0).to_svg()
    assert GHOST_SPOT not in plain and _values_drawn(plain) == []


def test_mismatched_boxes_ringed_in_vermillion():
    grid = fill([(0, 0)])
    bad = card_not_matching(grid, (0, 1))
    g = setup(grid, [[bad], ["11111111"]])
    exp = g.explain(f"{bad}@0,1")
    boxes = {p for pair in exp.mismatches for p in pair}
    svg = draw(g, move=exp.move).to_svg()
    assert len(re.findall(f'<rect[^>]*fill="none" stroke="{ERROR}" stroke-width="4"/>', svg)) \
        == len(boxes) > 0


def test_a_completed_set_outlined_in_green():
    g, card = _collecting_game()
    svg = g.svg(move=f"{card}@0,4")
    assert svg.count(f'stroke="{GOOD}"') == 5


def test_cells_where_a_card_fits():
    g = Game.new(players=2, seed=8)
    card = g.hand(0)[0]
    cells = legal_cells(g, card)
    listed = {m.cell for m in g.legal_moves() if m.kind == "place"
              and min(_rotations(m.card_text)) == min(_rotations(card))}
    assert set(cells) == listed
    assert g.svg(legal_for=card).count(FITS) == len(cells)
    # As it lies: the cells for one orientation, which together make the above.
    per_turn = [set(fitting_cells(g, t)) for t in _rotations(card)]
    assert set().union(*per_turn) == set(cells)
    assert all(m.cell in per_turn[_rotations(card).index(m.card_text)]
               for m in g.legal_moves() if m.kind == "place" and m.card_text in _rotations(card))
    assert g.svg(fits=_rotations(card)[1]).count(FITS) == len(per_turn[1])


def _rotations(text):
    return [text[k:] + text[:k] for k in (0, 6, 4, 2)]  # 0, 1, 2, 3 quarter turns clockwise


def test_selected_hand_card_drawn_turned_and_raised():
    g = Game.new(seed=2)
    card = g.hand(0)[1]
    turned = _rotations(card)[1]
    from kit.smartrix import parse_card
    svg = draw(g, selected=(1, parse_card(turned))).to_svg()
    x, y, _, _ = hand_box(g, 1)
    assert f'<rect x="{x}" y="{y - 4}" width="80" height="80" rx="5.6" fill="#FFFFFF" ' \
           f'stroke="{HIGHLIGHT}" stroke-width="6"/>' in svg


def test_hints_threats_and_free_table_marks():
    g = _played(seed=4, moves=8)
    moves = [m for m in g.legal_moves() if m.kind == "place"][:2]
    svg = draw(g, hints=[(moves[0], "best"), (moves[1], "next")],
               threats=threats(g)).to_svg()
    assert "Hint 1: best" in _words(svg) and "Hint 2: next" in _words(svg)
    assert 'fill="#FFFFFF" font-weight="bold">1</text>' in svg  # the rank badge
    for t in threats(g):
        assert f'fill="#FFFFFF" font-weight="bold">{t.value}</text>' in svg


class _Offending(Game):
    """A free-table game whose engine names (0,1) as placed against the rules."""

    offending = frozenset({(0, 1)})


def test_free_table_unclaimed_sets_lettered_and_offending_cards_marked():
    grid = fill([(0, c) for c in range(5)])
    base = setup(grid, [["00000000"], ["11111111"]], auto_collect=False)
    g = _Offending.from_dict(base.to_dict())
    svg = g.svg()
    assert "Set A unclaimed: 5 cards" in _words(svg)
    assert "1 card placed against the rules" in _words(svg)
    assert f'fill="{ERROR}" stroke="#FFFFFF" stroke-width="2"/>' in svg  # the "!" badge
    assert "placed against" not in draw(g, offending=False).to_svg()


def test_game_over_heading_and_scores():
    g, card = _collecting_game()
    g.play(f"{card}@0,4")
    g.play(g.legal_moves()[0])
    while not g.is_over:
        g.play(g.legal_moves()[0])
    svg = g.svg()
    assert "Game over" in svg and ">score</text>" in svg
    for seat in range(2):   # every hand face up once the game is over
        assert f"Hand of Player {seat + 1}" in svg


def test_cell_and_hand_geometry_are_inverse():
    g = _played(seed=5, moves=8)
    lay = layout(g)
    for r in range(lay.r0, lay.r1 + 1):
        for c in range(lay.c0, lay.c1 + 1):
            x, y, w, h = cell_box(g, (r, c))
            assert cell_at(g, x + w / 2, y + h / 2) == (r, c)
            assert cell_at(lay, x + 1, y + 1) == (r, c)
    assert cell_at(g, 1, 1) is None
    assert cell_at(g, lay.width + 5, 100) is None
    n = len(g.hand(g.to_move))
    for i in range(n):
        x, y, w, h = hand_box(lay, i)
        assert hand_at(lay, x + w / 2, y + h / 2, n) == i
        assert cell_at(lay, x + w / 2, y + h / 2) is None
    assert hand_at(lay, 1, 1, n) is None


def test_the_hand_card_a_hint_places_carries_its_rank_and_a_dashed_green_edge():
    from kit.smartrix import parse_card
    g = _played(seed=4, moves=8)
    hand = g.hand(g.to_move)
    move = next(m for m in g.legal_moves() if m.kind == "place")
    i = next(k for k, c in enumerate(hand) if any(t == move.card for t in
                                                  map(parse_card, _rotations(c))))
    scene = draw(g, hints=[(move, "best")])
    x, y, w, _ = hand_box(g, i)
    edges = [s for s in scene.shapes if getattr(s, "stroke", None) == GOOD and s.dash
             and (getattr(s, "x", None), getattr(s, "y", None)) == (x, y)]
    assert len(edges) == 1
    ranks = [s for s in scene.shapes if getattr(s, "text", None) == "1"
             and x <= s.x <= x + w and s.y > y + w - 10]
    assert len(ranks) == 1
    assert "the hand card it places" in _words(scene.to_svg())


def test_hints_saying_the_same_share_a_caption():
    g = _played(seed=4, moves=8)
    moves = [m for m in g.legal_moves() if m.kind == "place"][:3]
    words = _words(draw(g, hints=[(moves[0], "same"), (moves[1], "other"),
                                  (moves[2], "same")]).to_svg())
    assert "Hints 1, 3: same" in words and "Hint 2: other" in words


def test_a_live_board_puts_the_hand_beside_a_table_that_fits_and_under_a_wide_one():
    """Issue 30: with the hand always under the table, an exercise's live board was
    620-710 px tall, more than Lab's 647 px notebook panel at 1366 x 768. A 5 x 5
    window's table (every exercise's) keeps its 66 px cells (spots of 12 px) with the
    hand in two columns beside it, and the picture is short; a table too wide for that
    has its hand under it, in one row. Either way a click on a hand card finds it."""
    from kit.lessons.smartrix import short_game
    from kit.smartrix.layout import LIVE_BESIDE_CELL, LIVE_TABLE_H
    g = _played(seed=5, moves=12)
    lay = layout(g, live=True)
    assert (lay.r1 - lay.r0, lay.c1 - lay.c0) == (4, 4) and not lay.is_cut
    assert lay.beside and lay.cell >= LIVE_BESIDE_CELL
    scene = draw(g, live=True)
    assert scene.height <= 560, scene.height
    big = short_game(0)
    wide = layout(big, live=True)
    assert not wide.beside and wide.cell - 2 * 5 >= 42
    for game, where in ((g, lay), (big, wide)):
        n = len(game.hand(game.to_move))
        boxes = [hand_box(where, i) for i in range(n)]
        assert all(x + w <= where.width for x, _y, w, _h in boxes)
        for i, (x, y, w, h) in enumerate(boxes):
            assert hand_at(where, x + w / 2, y + h / 2, n) == i
            assert cell_at(where, x + w / 2, y + h / 2) is None
    # Beside: level with the table, right of it; under: below the table's box, one row.
    x, y, _w, _h = hand_box(lay, 0)
    assert x > lay.table_right and y == lay.top
    x, y, _w, _h = hand_box(wide, len(big.hand(big.to_move)) - 1)
    assert y > wide.top + LIVE_TABLE_H and y == hand_box(wide, 0)[1]
