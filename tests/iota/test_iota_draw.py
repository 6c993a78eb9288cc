"""Pictures: the SVG scene (table, seats, hands, pending play), geometry, the text board."""

import random

import pytest

from iota_helpers import WORKED_EXAMPLE, game_at, worked_example_game
from kit import iota
from kit.iota.draw import CARD_COLOURS, GHOST_FILL, OUTLINES, PENDING_FILL, Marks, draw, draw_hand
from kit.iota.layout import fit_layout, layout, plan
from kit.scene import Circle, Polygon, Rect, Text


def played_example(turns=4):
    game = worked_example_game()
    for text, _ in WORKED_EXAMPLE[:turns]:
        game.play(text)
    return game


def texts(scene):
    return [s.text for s in scene.shapes if isinstance(s, Text)]


def card_numbers(scene):
    """How many cards show their number (bold digits; the coordinates are not bold)."""
    return sum(1 for s in scene.shapes if isinstance(s, Text) and s.bold and s.text in "1234")


def outlines(scene, kind):
    colour, dash, width = OUTLINES[kind]
    return [s for s in scene.shapes if isinstance(s, Rect) and s.stroke == colour
            and s.stroke_width == width and s.dash == dash]


def on_table(scene, game, kinds=(Circle, Polygon)):
    """Shapes of the given kinds left of the side panel (on the table)."""
    right = plan(game).panel_x
    return [s for s in scene.shapes if isinstance(s, kinds)
            and (s.cx if isinstance(s, Circle) else s.points[0][0]) < right]


def test_svg_shows_every_card_number_colour_and_shape():
    game = played_example()
    scene = draw(game)
    shapes = on_table(scene, game)
    assert sum(isinstance(s, Circle) for s in shapes) == 4        # 4YC 1RC 2BC 3GC
    assert sum(isinstance(s, Polygon) for s in shapes) == 4       # 2RT 2YT triangles, 2GX 3YX crosses
    svg = scene.to_svg()
    assert svg.startswith("<svg") and svg.endswith("</svg>") and svg == game._repr_svg_()
    for colour in CARD_COLOURS:
        assert colour in svg
    for number in "1234":
        assert f">{number}</text>" in svg
    assert {"R", "Y", "G", "B"} <= set(texts(scene))               # colour letters, not colour alone


def test_wilds_are_marked():
    game = game_at({(0, 0): "1RC", (0, 1): "W"}, [["2RC"]])
    svg = game.svg()
    assert ">W</text>" in svg and 'stroke-dasharray' in svg


def test_the_picture_says_whose_turn_the_deck_and_every_score():
    game = played_example(3)                         # seat index 3 to move: "Seat 4"
    words = texts(draw(game))
    assert "\u25B6 Seat 4 to move" in words and f"Deck: {len(game.deck)} cards" in words
    for seat, score in enumerate(game.scores):       # numbered from 1, as on the boards
        assert any(w.startswith(f"Seat {seat + 1}: {score} points") or
                   w.startswith(f"\u25B6 Seat {seat + 1}: {score} points") for w in words)
    assert "\u25B6 Seat 4: 0 points" in words
    named = texts(draw(game, seat_names=["Ann", "Bo", "Cy", "You"]))
    assert "\u25B6 You to move" in named and "\u25B6 You: 0 points" in named


def test_only_the_movers_hand_is_face_up_unless_open_hands():
    game = played_example(3)
    scene = draw(game)
    assert texts(scene).count("4 cards, hidden") == 3
    assert card_numbers(scene) == len(game.table) + 4               # the table and one hand
    opened = draw(game, open_hands=True)
    assert not any("hidden" in t for t in texts(opened))
    assert card_numbers(opened) == len(game.table) + 16
    only_seat_1 = draw(game, shown={1})
    assert texts(only_seat_1).count("4 cards, hidden") == 3        # the mover's hand too


def test_the_game_over_line_names_the_winner():
    game = iota.Game.new(players=2, seed=5)
    rng = random.Random(5)
    while not game.is_over:
        game.play(iota.GreedyPlayer().choose(game.copy(), rng))
    best = max(game.scores)
    assert game.scores.count(best) == 1                        # this seed has a winner
    winner = game.scores.index(best)
    words = texts(draw(game))
    assert "Game over" in words and f"Seat {winner + 1} wins: {best} points" in words
    assert not any("to move" in w for w in words)


def test_last_play_is_highlighted_and_other_outlines_on_request():
    game = played_example(4)
    assert len(outlines(draw(game), "highlight")) == 4
    scene = draw(game, Marks(highlight=(), error_cells=[(0, 0)], good_cells=[(0, 1), (0, 2)]))
    assert not outlines(scene, "highlight")
    assert len(outlines(scene, "error")) == 1 and len(outlines(scene, "good")) == 2


def test_a_pending_play_is_drawn_apart_with_its_score_line_by_line():
    game = played_example(3)
    play = WORKED_EXAMPLE[3][0]
    scene = draw(game, Marks(pending=play))
    assert len(outlines(scene, "pending")) == 4 and not outlines(scene, "highlight")
    assert len([s for s in scene.shapes if isinstance(s, Rect) and s.fill == PENDING_FILL]) == 4
    words = texts(scene)
    assert game.explain(play).points == 208
    assert "Pending play: 208 points" in words
    assert "row -2: 2+4+1+3 = 10, a lot" in words and "column 3: 1+3+2 = 6" in words
    assert "lines 26 x 2 x 2 x 2 = 208" in words
    assert "x 2 for a lot: row -2" in words and "x 2 for a lot: column 2" in words
    assert "x 2 for all 4 cards played" in words
    assert words.count("placed") == 4                              # the hand's slots are empty


def test_a_single_pending_card_shows_its_lines():
    game = game_at({(0, 0): "1RC", (0, 1): "2RC"}, [["3RC", "1GT"]])
    words = texts(draw(game, Marks(pending="3RC@0,2")))
    assert "Pending play: 6 points" in words and "row 0: 1+2+3 = 6" in words
    assert not any(w.startswith("x 2") for w in words)
    assert words.count("placed") == 1


def test_an_illegal_pending_play_marks_the_cells_and_says_the_rule():
    game = game_at({(0, 0): "1RC", (0, 1): "2RS"}, [["3BT"]])
    why = game.explain("3BT@0,2")
    scene = draw(game, Marks(pending="3BT@0,2"))
    assert len(outlines(scene, "error")) == len(why.cells) == 3
    words = texts(scene)
    at = words.index("Not allowed:")
    said = " ".join(words[at + 1:at + 6])
    assert "colours are neither all the same nor all different" in said
    assert draw(game, Marks(pending="3BT@0,2")).width > draw(game).width   # room for it


def test_a_pending_wild_shows_what_it_would_stand_for():
    game = game_at({(0, 0): "1RC", (0, 1): "2RC"}, [["W"]])
    assert ">=?RC</text>" in draw(game, Marks(pending="W@0,2")).to_svg()   # 3 or 4: open


def test_hand_marks_are_words_as_well_as_outlines():
    game = game_at({(0, 0): "1RC"}, [["2RC", "3GT", "4BX", "1YS"]])
    words = texts(draw(game, Marks(selected=1, exchange=(2, 3))))
    assert words.count("chosen") == 1 and words.count("swap") == 2


def test_a_ghost_play_is_drawn_faint_with_green_dashes():
    game = game_at({(0, 0): "1RC", (0, 1): "2RC"}, [["3RC", "1GT"]])
    scene = draw(game, Marks(ghost="3RC@0,2", notes=["Hint: 3RC@0,2 for 6 points"]))
    assert len([s for s in scene.shapes if isinstance(s, Rect) and s.fill == GHOST_FILL]) == 1
    assert len(outlines(scene, "good")) == 1
    assert "Hint: 3RC@0,2 for 6 points" in texts(scene)


def test_text_is_readable_from_the_back_of_the_room():
    game = played_example(3)
    scene = draw(game, Marks(pending=WORKED_EXAMPLE[3][0]))
    sizes = [s.size for s in scene.shapes if isinstance(s, Text)]
    assert min(sizes) >= 14 and max(sizes) >= 20
    header = next(s for s in scene.shapes if isinstance(s, Text) and s.text.endswith("to move"))
    assert header.size >= 18 and header.bold


@pytest.mark.parametrize("cell", [(0, 0), (-2, 4), (1, 2), (-3, -1), (2, 5)])
def test_cell_at_inverts_cell_box(cell):
    game = played_example()
    x, y, w, h = iota.cell_box(game, cell)
    assert iota.cell_at(game, x + w / 2, y + h / 2) == cell
    assert iota.cell_at(game, x + 1, y + 1) == cell and iota.cell_at(game, x + w - 1, y + h - 1) == cell


def test_cell_at_outside_the_board_is_none():
    lay = layout(played_example())
    assert iota.cell_at(lay, 1, 1) is None
    assert iota.cell_at(lay, lay.width - 1, lay.height - 1) is None
    assert iota.cell_at(lay, -5, 100) is None


def test_cards_are_drawn_inside_their_cell_box():
    game = played_example()
    scene = draw(game)
    x, y, w, h = iota.cell_box(game, (-2, 4))           # 3YX, a cross
    inside = [s for s in scene.shapes if isinstance(s, Polygon)
              and all(x <= px <= x + w and y <= py <= y + h for px, py in s.points)]
    assert inside


def test_a_small_table_fits_its_box_at_full_size():
    table = {(0, 0): 1, (0, 1): 2}
    lay = fit_layout(table, (0, 50, 600, 500))
    assert lay.cell == 72 and not lay.is_cut and (lay.rows, lay.cols) == (3, 4)
    assert lay.width <= 600 and lay.height <= 550


def test_a_large_table_is_cut_at_the_smallest_cell_round_the_centre():
    table = {(r, 0): 1 for r in range(-12, 13)} | {(0, c): 1 for c in range(-12, 13)}
    box = (0, 50, 600, 500)
    lay = fit_layout(table, box, centre=(5, -7), min_cell=48)
    assert lay.cell == 48 and lay.is_cut
    assert lay.shows(5, -7) and not lay.shows(-12, 0)
    assert lay.width <= 600 and lay.height <= 550
    x, y, w, h = iota.cell_box(lay, (5, -7))
    assert iota.cell_at(lay, x + w / 2, y + h / 2) == (5, -7)
    edge = fit_layout(table, box, centre=(100, 100))               # clamped to the table's edge
    assert edge.shows(13, 13) and edge.is_cut


def test_a_cut_table_has_scroll_strips_on_the_sides_it_goes_on():
    game = iota.Game.new(seed=1)
    table = {(r, 0): 1 for r in range(-12, 13)}
    geo = plan(game, table=table, box=(0, 52, 600, 500), centre=(-12, 0))
    assert set(geo.pans) == {"down"}
    x, y, w, h = geo.pans["down"]
    assert geo.pan_at(x + w / 2, y + h / 2) == "down" and geo.pan_at(1, 1) is None
    assert not plan(game, box=(0, 52, 600, 500)).pans


def test_hand_boxes_map_back_to_their_index():
    game = game_at({(0, 0): "1RC"}, [["2RC", "3GT", "4BX"], ["1YS"]])
    geo = plan(game)
    assert len(geo.hand) == 3
    for i in range(3):
        assert geo.hand_at(*geo.hand_point(i)) == i
    assert geo.hand_at(1, 1) is None
    assert geo.hand_point(0)[0] > geo.table.width               # the hand is beside the table


def test_hand_picture():
    svg = draw_hand(["1RC", "W", "3GT"]).to_svg()
    assert svg.count("<circle") == 1 and ">W</text>" in svg


def test_text_board_lists_cards_by_row_and_column():
    game = played_example()
    text = str(game)
    lines = text.splitlines()
    assert "seat 0: 6" in lines[0] and "seat 3: 208" in lines[0] and "seat 0 to move" in lines[0]
    assert lines[1].split() == ["0", "1", "2", "3", "4"]
    assert lines[2].split() == ["-2", ".", "2YT", "4YC", "1YS", "3YX"]
    assert lines[-1].startswith("seat 0 hand: ")


def test_text_board_says_what_a_wild_can_stand_for_and_only_that():
    # 1RC 2RC W: red circle for sure, the number 3 or 4 (a line of 3 can grow to 4).
    game = game_at({(0, 0): "1RC", (0, 1): "2RC", (0, 2): "W"}, [["2GT"]])
    assert "the wild at (0,2) can stand for 3RC or 4RC" in str(game)
    # A line of four decides it all.
    full = game_at({(0, 0): "1RC", (0, 1): "2RC", (0, 2): "3RC", (0, 3): "W"}, [["2GT"]])
    assert "the wild at (0,3) stands for 4RC" in str(full)
    # A lone wild (the first card of a game), or one in lines of two, can be any card:
    # the text board said "can stand for 1RC", the first card that fitted.
    lone = game_at({(0, 0): "W"}, [["2GT"]])
    assert "the wild at (0,0) can stand for any card" in str(lone)
    pair = game_at({(0, 0): "W", (0, 1): "2GT"}, [["3GT"]])
    assert "the wild at (0,0) can stand for any card" in str(pair)


def test_a_wild_shows_what_its_lines_decide_and_a_lone_wild_shows_nothing():
    game = game_at({(0, 0): "1RC", (0, 1): "2RC", (0, 2): "W"}, [["2GT"]])
    assert ">=?RC</text>" in game.svg()
    assert "=?RC</text>" not in draw(game, show_wilds=False).to_svg()
    full = game_at({(0, 0): "1RC", (0, 1): "2RC", (0, 2): "3RC", (0, 3): "W"}, [["2GT"]])
    assert ">=4RC</text>" in full.svg()
    lone = game_at({(0, 0): "W"}, [["2GT"]])
    assert "</text>" in lone.svg() and ">=" not in lone.svg()


def test_a_small_table_sits_in_the_middle_of_its_box_with_cells_up_to_the_maximum():
    table = {(0, 0): 1, (0, 1): 2}
    box = (0, 0, 580, 420)
    lay = fit_layout(table, box, max_cell=96)
    assert lay.cell == 96
    x, y, w, h = iota.cell_box(lay, (lay.min_row, lay.min_col))
    right, bottom = x + lay.cols * w, y + lay.rows * h
    assert abs(x - (580 - right)) <= lay.cell * 0.5         # as much room left as right
    assert abs(y - (420 - bottom)) <= lay.cell * 0.5        # and above as below


def test_colour_letters_are_at_least_16_px_and_a_fifth_of_a_full_size_card():
    game = played_example()
    letters = [s for s in draw(game).shapes if isinstance(s, Text) and s.text in "RYGB"]
    assert letters and min(s.size for s in letters) >= 16
    hand = [s for s in draw_hand(["1RC"], cell=72).shapes if isinstance(s, Text) and s.text == "R"]
    assert hand[0].size >= 18


def test_without_the_side_panel_the_picture_is_narrow_and_keeps_the_mover_and_deck():
    game = played_example()
    scene = draw(game, box=(0, 0, 580, 420), side=False)
    words = texts(scene)
    assert scene.width == 580
    assert "\u25B6 Seat 1: 6 points" in words and f"Deck: {len(game.deck)} cards" in words
    assert not any(w.startswith("Seat 4") for w in words)      # the shell's panel lists the seats
    geo = plan(game, box=(0, 0, 580, 420), side=False)
    assert geo.hand and all(y >= 420 for _, y, _, _ in geo.hand)   # the hand is under the table
    for i in range(len(geo.hand)):
        assert geo.hand_at(*geo.hand_point(i)) == i
    full = texts(draw(game))                              # a saved picture keeps them
    assert any(w.startswith("Seat 4: 208 points") for w in full)


def test_a_cut_table_says_click_to_scroll_only_on_a_live_board():
    game = played_example(3)
    small = (0, 0, 300, 200)                     # too small for the table: edges shaded
    printed = " ".join(texts(draw(game, box=small)))
    live = " ".join(texts(draw(game, box=small, live=True)))
    assert "the table goes on" in printed and "click" not in printed
    assert "click to scroll" in live


def test_a_narrow_boards_score_lines_wrap_inside_its_notes():
    # Beside a live board's hand the notes are narrow: a line of four that is a
    # lot ran past their box ("... = 9  lot"); every line now wraps to fit.
    from kit.iota.draw import NOTES_SIZE, _breakdown
    game = played_example(3)
    why = game.explain(WORKED_EXAMPLE[3][0])
    geo = plan(game, box=(0, 0, 580, 400), side=False)
    lines = [t for t, _ in _breakdown(why, geo.notes_width, NOTES_SIZE)]
    assert any("a lot" in t for t in lines)
    assert all(len(t) <= int(geo.notes_width / (0.53 * NOTES_SIZE)) for t in lines)
