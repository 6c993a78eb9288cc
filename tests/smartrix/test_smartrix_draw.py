"""Smartrix pictures: plain string checks on the SVG, and the cell geometry."""

import re

from kit.scene import ERROR, GOOD, HIGHLIGHT
from kit.smartrix import Game, cell_at, cell_box, draw, layout, legal_cells
from kit.smartrix.draw import SPOT
from smartrix_helpers import card_not_matching, fill, setup, value


def _values_drawn(svg):
    return re.findall(r'font-weight="bold">(\d)</text>', svg)


def test_every_card_drawn_with_its_value_and_spots():
    g = Game.new(players=2, seed=3)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    svg = g._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert sorted(_values_drawn(svg)) == sorted(str(value(t)) for t in g.grid.values())
    assert svg.count(f'fill="{SPOT}"') == sum(value(t) for t in g.grid.values())
    for (r, c), card in g.grid.items():
        assert f"({r},{c}) {card}" in svg  # in the title, for screen readers


def test_window_outline_only_with_the_window():
    g = Game.new(seed=1)
    assert 'stroke-dasharray="10 6"' in g.svg()
    assert 'stroke-dasharray="10 6"' not in Game.new(seed=1, window=None).svg()


def test_mismatched_boxes_in_red():
    grid = fill([(0, 0)])
    bad = card_not_matching(grid, (0, 1))
    g = setup(grid, [[bad], ["11111111"]])
    exp = g.explain(f"{bad}@0,1")
    boxes = {p for pair in exp.mismatches for p in pair}
    svg = draw(g, move=exp.move).to_svg()
    assert len(re.findall(f'<rect[^>]*fill="none" stroke="{ERROR}" stroke-width="4"/>', svg)) \
        == len(boxes) > 0


def test_a_completed_set_in_green():
    grid = fill([(0, 4)] + [(0, c) for c in range(4)])
    card = grid.pop((0, 4))
    g = setup(grid, [[card], ["11111111"]])
    svg = g.svg(move=f"{card}@0,4")
    assert svg.count(f'stroke="{GOOD}"') == 5


def test_legal_cells_for_a_card():
    g = Game.new(players=2, seed=8)
    card = g.hand(0)[0]
    cells = legal_cells(g, card)
    listed = {m.cell for m in g.legal_moves() if m.kind == "place"
              and min(_rotations(m.card_text)) == min(_rotations(card))}
    assert set(cells) == listed
    assert g.svg(legal_for=card).count(f'stroke="{HIGHLIGHT}"') == len(cells)


def _rotations(text):
    return [text[k:] + text[:k] for k in (0, 2, 4, 6)]


def test_hand_drawn_on_request():
    g = Game.new(seed=2)
    assert len(_values_drawn(g.svg(hand=0))) == 1 + len(g.hand(0))


def test_cell_at_and_cell_box_are_inverse():
    g = Game.new(seed=5)
    for _ in range(8):
        g.play(g.legal_moves()[-2])
    lay = layout(g)
    for r in range(lay.r0, lay.r1 + 1):
        for c in range(lay.c0, lay.c1 + 1):
            x, y, w, h = cell_box(g, (r, c))
            assert cell_at(g, x + w / 2, y + h / 2) == (r, c)
            assert cell_at(lay, x + 1, y + 1) == (r, c)
    assert cell_at(g, 1, 1) is None
    assert cell_at(g, lay.width + 5, 100) is None


def test_empty_table_picture():
    grid = fill([(0, 4)] + [(0, c) for c in range(4)])
    card = grid.pop((0, 4))
    g = setup(grid, [[card, "00000000"], ["11111111"]])
    g.play(f"{card}@0,4")
    assert g.grid == {} and _values_drawn(g.svg()) == []
    assert cell_at(g, *cell_box(g, (0, 0))[:2]) == (0, 0)
