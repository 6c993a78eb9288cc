"""The Smartrix editor's picture without widgets (kit.smartrix.palette): the
palette of 70 cards, the hands under the table, which card a point hits, where
a card lies, and the scene's size."""

from kit.scene import centre
from kit.smartrix.cards import CANONICAL, DECK, parse_card, rotate
from kit.smartrix.palette import (PALETTE, PALETTE_COLS, PALETTE_STEP, PALETTE_X, editor_layout,
                                  editor_scene, hand_card_at, hand_card_box, palette_card_at,
                                  palette_card_box, palette_left, used_tags, where_is)
from kit.smartrix.rules import Game
from smartrix_helpers import fill, setup


def square(box):
    x, y, size = box
    return x, y, size, size


def test_editor_palette_holds_each_card_once_and_a_point_hits_its_card():
    assert sorted(PALETTE) == sorted(DECK)
    g = Game.new(3, seed=2)
    left = palette_left(g)
    for canon in PALETTE:
        assert palette_card_at(*centre(square(palette_card_box(canon, left))), left) == canon
    assert palette_card_at(left - 1, 60, left) is None                   # left of it
    assert palette_card_at(left + PALETTE_COLS * PALETTE_STEP, 60, left) is None
    assert palette_card_at(left + 1, 49, left) is None                   # above it


def test_editor_hand_cards_are_hit_where_they_are_drawn():
    g = Game.new(3, seed=5)
    for seat in range(g.players):
        for i in range(len(g.hand(seat))):
            assert hand_card_at(g, *centre(square(hand_card_box(g, seat, i)))) == (seat, i)
    assert hand_card_at(g, 1, 1) is None


def test_editor_a_long_childrens_table_pushes_the_palette_right():
    row = fill([(1 if c % 5 == 4 else 0, c) for c in range(12)])   # no 5 in a line
    g = setup(row, [["00000000"], ["11111111"]], window=None)
    assert editor_layout(g).table_right > PALETTE_X
    assert palette_left(g) == editor_layout(g).table_right + 24
    assert palette_left(Game.new(2, seed=0)) == PALETTE_X


def test_editor_tags_say_where_each_card_is():
    g = Game.new(3, seed=7)
    tags, data = used_tags(g), g.to_dict()
    for text in g.grid.values():
        canon = CANONICAL[parse_card(text)]
        assert tags[canon] == "T" and where_is(data, canon)[0] == "table"
    for seat in range(g.players):
        for text in g.hand(seat):
            canon = CANONICAL[parse_card(text)]
            assert tags[canon] == f"H{seat + 1}" and where_is(data, canon) == ("hands", seat)
    untagged = [c for c in PALETTE if c not in tags]
    assert untagged and all(where_is(data, c) == ("deck", None) for c in untagged)


def test_editor_scene_holds_the_palette_and_shows_a_picked_card_turned():
    g = Game.new(2, seed=0)
    scene = editor_scene(g)
    assert scene.width == palette_left(g) + PALETTE_COLS * PALETTE_STEP + 8
    assert "The 70 cards" in scene.to_svg()
    canon = next(c for c in PALETTE if c not in used_tags(g) and rotate(c, 1) != c)
    assert editor_scene(g, canon, 1).to_svg() != editor_scene(g, canon, 0).to_svg()
