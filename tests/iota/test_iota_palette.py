"""The IOTA editor's picture without widgets (kit.iota.palette): the palette's
66 slots, which slot or card a point hits, and what the scene shows."""

from kit.iota.cards import FULL_DECK, WILD
from kit.iota.layout import cell_at, cell_box
from kit.iota.palette import editor_geometry, editor_scene, palette_order
from kit.iota.rules import Game
from kit.scene import centre


def test_editor_palette_holds_each_card_once_and_a_wild_ends_rows_one_and_two():
    rows = palette_order()
    assert [len(r) for r in rows] == [17, 17, 16, 16]
    flat = [c for r in rows for c in r]
    assert sorted(flat) == sorted(FULL_DECK)
    assert rows[0][-1] == rows[1][-1] == WILD


def test_editor_geometry_hits_each_palette_card_hand_slot_and_table_cell():
    g = Game.new(players=3, seed=4)
    geo = editor_geometry(g)
    for k, (_, _, box) in enumerate(geo.palette):
        assert geo.palette_at(*centre(box)) == k and geo.slot_at(*centre(box)) is None
    for key, box in geo.slots.items():
        assert geo.slot_at(*centre(box)) == key and geo.palette_at(*centre(box)) is None
    for cell in g.table:
        point = centre(cell_box(geo.table, cell))
        assert cell_at(geo.table, *point) == cell
        assert geo.palette_at(*point) is None and geo.slot_at(*point) is None
    assert geo.palette_box(WILD) == geo.palette[16][2]    # the first of the two wilds


def test_editor_geometry_greys_the_placed_cards():
    g = Game.new(players=2, seed=1)
    used = {card for card, is_used, _ in editor_geometry(g).palette if is_used and card != WILD}
    placed = {*g.table.values(), *(c for hand in g.hands for c in hand)} - {WILD}
    assert used == placed


def test_editor_scene_is_the_geometrys_size_and_outlines_the_picked_card():
    g = Game.new(players=2, seed=0)
    geo = editor_geometry(g)
    plain = editor_scene(g, geo)
    assert (plain.width, plain.height) == (geo.width, geo.height)
    assert f"{len(g.table)} cards on the table" in plain.to_svg()
    picked = editor_scene(g, geo, ("deck", 3))
    assert len(picked.shapes) == len(plain.shapes) + 1
