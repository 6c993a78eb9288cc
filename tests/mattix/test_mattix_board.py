"""The live Mattix board, driven by simulated clicks (no kernel, no browser)."""

import pytest

from kit import mattix
from kit.mattix import Board, Game, Move
from kit.mattix.text import points_text
from kit.testing.events import click


def board(**kwargs):
    b = Board(**{"delay": 0, "seed": 3, **kwargs})
    b.view.raise_errors = True
    return b


def take(b, move):
    click(b.canvas, *b.xy((move.row, move.col)))


def replay_is_legal(b, **options):
    """The board's history is a sequence of legal moves from the same deal."""
    g = Game.new(seed=b.seed, **{"size": 4, **options})
    for m in b.game.history:
        assert m in g.legal_moves()
        g.play(m)
    assert g.to_dict() == b.game.to_dict()


@pytest.mark.parametrize("computer", ["random", "greedy", "lookahead", "search"])
def test_a_whole_game_against_each_computer_by_clicks(computer):
    b = board(seats=["human", computer], player_options={"time_limit": 0.05})
    while not b.game.is_over:
        assert b.human_to_move
        before = len(b.game.history)
        take(b, b.game.legal_moves()[-1])
        assert len(b.game.history) > before
    replay_is_legal(b)
    assert "Game over" in b.view.message
    assert b.scene().to_svg() == b.view.scene.to_svg()  # the picture is in step


def test_a_click_outside_the_line_is_refused_with_the_rule_and_marked():
    b = board(seats=["human", "human"])
    before = b.game.to_dict()
    r, c = b.game.star
    wrong = Move((r + 1) % 4, (c + 1) % 4)
    take(b, wrong)
    assert b.game.to_dict() == before
    assert "the row player takes from the star's row" in b.view.message
    assert (wrong.row, wrong.col) in b.marks
    # The mark is drawn: a vermillion ring around that cell.
    assert "#D55E00" in b.view.scene.to_svg()


def test_clicks_off_the_board_and_on_the_star_change_nothing():
    b = board(seats=["human", "human"])
    before = b.game.to_dict()
    click(b.canvas, 2, 2)
    assert "Choose a tile" in b.view.message
    take(b, Move(*b.game.star))
    assert "star's cell" in b.view.message
    assert b.game.to_dict() == before


def test_a_double_click_takes_one_tile_and_explains_the_second():
    b = board(seats=["human", "human"])
    m = b.game.legal_moves()[0]
    take(b, m)
    take(b, m)
    assert b.game.history == [m]
    assert "star's cell" in b.view.message or "empty" in b.view.message


def test_one_take_sends_one_canvas_message(canvas_messages):
    b = board(seats=["human", "human"])
    canvas_messages.clear()
    take(b, b.game.legal_moves()[0])
    assert len(canvas_messages) == 1


def test_the_last_take_is_ringed_and_the_scores_shown():
    b = board(seats=["human", "greedy"])
    take(b, b.game.legal_moves()[0])
    svg = b.view.scene.to_svg()
    assert "last move" in svg
    assert f"Row player: {points_text(b.game.scores[0])} · Column player" in svg
    assert b.last_move == b.game.history[-1]


def test_hint_on_a_small_board_gives_exact_values_drawn_on_the_board():
    b = board(seats=["human", "human"])
    b.controls["hint"].click()
    best_value = mattix.analyse(b.game)[0][1]
    assert b.hint_rows[0][1] == f"exact value {best_value:+d}"
    assert "Hint:" in b.view.message and "exact value" in b.hint_panel.value
    take(b, b.hint_rows[0][0])
    assert b.hint_rows == [] and b.hint_panel.value == ""  # a move clears the hint


def test_hint_on_a_big_board_is_a_timed_search_labelled_with_its_depth():
    b = board(seats=["human", "human"], size=6, hint_time=0.2)
    b.controls["hint"].click()
    (move, label), = b.hint_rows
    assert move in b.game.legal_moves()
    assert "search to depth" in label or "exact" in label


def test_new_game_keeps_the_options_and_takes_the_next_seed():
    b = board(seats=["human", "greedy"], size=5, level=2)
    take(b, b.game.legal_moves()[0])
    b.controls["new"].click()
    assert b.seed == 4 and b.game.history == []
    assert b.game.to_dict() == Game.new(seed=4, size=5, level=2).to_dict()


def test_the_computer_moves_first_when_it_has_the_first_seat():
    b = board(seats=["greedy", "human"])
    assert len(b.game.history) == 1 and b.human_to_move


def test_seat_names_are_the_row_and_column_player():
    b = board(seats=["human", "lookahead"])
    assert "Row player (you)" in b.seat_panel.value
    assert "Column player (lookahead)" in b.seat_panel.value


def test_scores_are_written_as_points_never_as_bare_numbers_beside_numbered_rows():
    b = board(seats=["human", "greedy"])
    take(b, b.game.legal_moves()[0])
    s0, s1 = b.game.scores
    assert f"Row player (you): {points_text(s0)}" in b.seat_panel.value
    assert f"Column player (greedy): {points_text(s1)}" in b.seat_panel.value
    words = [t.text for t in b.view.scene.shapes if hasattr(t, "text")]
    assert words[0] == f"Row player: {points_text(s0)} · Column player: {points_text(s1)}"
    assert points_text(1) == "1 point" and points_text(-3) == "-3 points"


def test_two_seats_at_one_screen_are_told_apart_never_both_human():
    b = board(seats=["human", "human"])
    assert "(human)" not in b.seat_panel.value and b.seat_panel.value.count("(you)") == 1
    assert b.seat_label(0) == "Row player (you)" and b.seat_label(1) == "Column player"
    take(b, b.game.legal_moves()[0])
    assert b.seat_label(0) == "Row player" and b.seat_label(1) == "Column player (you)"
    assert b.view.message.endswith("Column player (you) to move.")


def test_the_picture_keeps_its_width_so_the_side_panel_never_jumps():
    """The status line widened the picture after a take ("last move 2,3"): the
    side panel beside it jumped about 75 px to the right."""
    from kit.mattix.draw import PICTURE_WIDTH
    for size in (4, 6, 8):
        b = board(seats=["human", "greedy"], size=size)
        widths = {b.view.scene.width}
        for _ in range(3):
            if b.game.is_over:
                break
            take(b, max(b.game.legal_moves(), key=lambda m: b.game.board[m.row][m.col]))
            widths.add(b.view.scene.width)
        b.hint()
        widths.add(b.view.scene.width)
        assert len(widths) == 1 and widths.pop() >= PICTURE_WIDTH
        assert b.view.layout.width == f"{b.view.scene.width:g}px"


def _badges_clear_the_numbers(scene, lay):
    from kit.mattix.layout import cell_at
    from kit.scene import PAPER
    numbers = {cell_at(lay, t.x, t.y): t for t in scene.shapes
               if type(t).__name__ == "Text" and t.anchor == "middle"
               and t.text.lstrip("\u2212").isdigit() and t.fill != PAPER}   # not a badge's
    badges = [c for c in scene.shapes if type(c).__name__ == "Circle" and c.r < lay.cell / 4]
    assert badges
    for c in badges:
        number = numbers.get(cell_at(lay, c.cx, c.cy))
        if number is not None:
            assert c.cy + c.r < number.y - 0.36 * number.size, (c, number)


def test_numbered_badges_never_cover_a_digit_of_a_two_digit_tile():
    from kit.mattix.analysis import analysis
    from kit.mattix.draw import draw
    from kit.mattix.layout import layout
    for size, cell in ((8, 65), (8, 56), (5, 96)):
        g = Game.new(seed=4, size=size)
        lay = layout(g, cell)
        rows = analysis(g, time_limit=0.5)
        move = rows[0][0]
        line = rows.lines.get(move, [move])
        _badges_clear_the_numbers(draw(g, cell=cell, line=line), lay)
        _badges_clear_the_numbers(draw(g, cell=cell, hints=[m for m, _ in rows[:3]]), lay)


def test_a_5x5_board_fits_under_a_task_line_in_lab_at_768_px():
    """At 96 px tiles a 5 x 5 board's bottom row fell off a 1366 x 768 screen (Lab
    shows ~645 px of it; the task line or the sandbox's choices take ~75 px). Tiles
    stay at least 40 px (62 on 7 x 7 and 8 x 8, whose pictures alone fit the window),
    numbers readable from the back of a room."""
    from kit.mattix.board import cell_size
    from kit.mattix.draw import number_size
    for size in range(3, 9):
        b = board(seats=["human", "human"], size=size)
        assert b.view.scene.height + (75 if size <= 6 else 0) <= 645, (size, b.view.scene.height)
        assert b.cell_size == cell_size(size) >= 62
        assert number_size(b.cell_size, 2) >= 26
    assert cell_size(4) == 96 and cell_size(5) == 80


def test_the_side_panel_holds_one_seat_on_one_line():
    """ "▶ Column player (you): 51 points" wrapped in a 320 px panel: it is wider now,
    and with the picture it still fits a 934 px Lab output."""
    from kit.mattix.board import PANEL_WIDTH
    from kit.mattix.draw import PICTURE_WIDTH
    b = board(seats=["human", "human"], size=5)
    panel = b._side_panel()
    assert panel.layout.width == PANEL_WIDTH
    width = int(PANEL_WIDTH.removesuffix("px"))
    # 17 px text: ~9.5 px a character in bold, and the "▶ " before it.
    assert len("▶ Column player (you): 105 points") * 9.5 <= width - 16
    assert PICTURE_WIDTH + 16 + width <= 934
