"""Mattix's explorer: the replay, the position editor and the analysis panel."""

import json
import random
import re
import threading
import time

import pytest

from kit import IllegalMove, InvalidPosition, mattix
from kit.mattix import Board, Game, Replay
from kit.mattix.analysis import analysis
from kit.players import play_game
from kit.ui.replay import BadReplayMove, unpack_frame
from kit.testing.events import click


def seeded_game(seed=5, size=6, level=2):
    g = Game.new(seed=seed, size=size, level=level)
    play_game(g, [mattix.GreedyPlayer(), mattix.LookaheadPlayer()], random.Random(seed))
    return g


# ----- replay --------------------------------------------------------------------

def test_a_replay_of_a_whole_seeded_game_ends_in_the_games_position():
    g = seeded_game()
    texts = [str(m) for m in g.history]
    r = Replay(Game.new(seed=5, size=6, level=2), texts)
    assert r.position(len(texts)) == g and r.position(-1).is_over
    assert r.moves == g.history
    r.last()
    assert f"Row player: {g.scores[0]} points" in r.view.scene.to_svg()
    before = r.position(-2)
    value = before.board[g.history[-1].row][g.history[-1].col]
    side = ("row player", "column player")[before.to_move]
    assert r.message == f"Move {len(texts)} of {len(texts)}: the {side} takes {texts[-1]} ({value:+d})"


def test_a_tampered_move_list_is_rejected_with_its_number_and_the_rule():
    g = seeded_game()
    texts = [str(m) for m in g.history]
    texts[6] = texts[4]                       # a tile already taken
    with pytest.raises(BadReplayMove) as info:
        Replay(Game.new(seed=5, size=6, level=2), texts)
    assert info.value.number == 7
    assert str(info.value).startswith(f"move 7 ('{texts[4]}'): ")
    assert isinstance(info.value.reason, IllegalMove)
    with pytest.raises(BadReplayMove, match=r"move 2 \('2;3'\): cannot read"):
        Replay(Game.new(seed=5, size=6), [texts[0], "2;3"])


def test_each_step_rings_the_last_take():
    g = seeded_game(size=4, level=1)
    r = Replay(Game.new(seed=5, size=4, level=1), g.history)
    r.go(3)
    svg = r.view.scene.to_svg()
    assert f"last move {g.history[2]}" in svg and 'stroke-dasharray="8 5"' in svg
    assert "last move" not in r.frames()[0]


def test_a_board_hands_over_its_replay_from_the_deal():
    b = Board(seats=["human", "greedy"], delay=0, seed=3)
    for _ in range(3):
        click(b.canvas, *b.xy(b.game.legal_moves()[0].cell))
    r = b.replay()
    assert r.start == Game.new(seed=3, size=4)
    assert r.position(-1) == b.game and len(r.moves) == len(b.game.history) == 6


def test_replay_json_round_trip_and_page_size():
    g = seeded_game(size=8, level=2)
    r = Replay(Game.new(seed=5, size=8, level=2), g.history)
    again = Replay.from_json(r.to_json())
    assert again.moves == r.moves and again.position(-1) == g
    page = r.to_html("Mattix 8 x 8")
    data = json.loads(re.search(r'type="application/json">(.*?)</script>', page, re.S).group(1))
    assert [unpack_frame(data["pieces"], runs) for runs in data["frames"]] == r.frames()
    assert len(page) < 250_000          # an 8 x 8 game as one page, for an e-mail


# ----- editor --------------------------------------------------------------------

PUZZLE = {"game": "mattix", "board": [[3, -2, 7, None], [5, None, 9, 1], [-4, 8, 2, 6],
                                      [None, 4, -1, 10]],
          "star": [1, 1], "to_move": 1, "scores": [2, -1]}


def editor(game=None):
    e = mattix.Editor(game)
    e.view.raise_errors = True
    return e


def click_cell(e, cell):
    click(e.canvas, *e.xy(cell))


def type_tile(e, cell, text):
    click_cell(e, cell)
    e.value_box.value = text
    e.tool_buttons["set"].click()


def test_a_4x4_puzzle_built_by_clicks_equals_from_dict():
    e = editor(Game.new(size=6, seed=9, level=2))
    e.size_box.value = 4
    e.tool_buttons["empty"].click()
    click_cell(e, (1, 1))
    e.tool_buttons["star"].click()                       # first: the empty board's star is at 0,0
    for r, row in enumerate(PUZZLE["board"]):
        for c, value in enumerate(row):
            if value is not None:
                type_tile(e, (r, c), str(value).replace("-", "\u2212" if value == -4 else "-"))
    e.mover_box.value = 1
    e.score_boxes[0].value, e.score_boxes[1].value = 2, -1
    assert e.game == Game.from_dict(PUZZLE)
    assert e.problems == [] and "valid position" in e.problem_box.value
    assert e.json_box.value == e.to_json()
    assert e.view.scene.to_svg() == e.scene().to_svg()


def test_a_bad_edit_is_refused_with_the_engines_message_and_changes_nothing():
    e = editor(Game.from_dict(PUZZLE))
    before, text = e.game.to_dict(), e.json_box.value
    type_tile(e, (1, 1), "5")                            # a tile on the star
    expected = None
    try:
        Game.from_dict({**PUZZLE, "board": [[3, -2, 7, None], [5, 5, 9, 1], *PUZZLE["board"][2:]]})
    except InvalidPosition as exc:
        expected = str(exc)
    assert e.problems == [expected] and expected in e.view.message
    assert e.game.to_dict() == before and e.json_box.value == text
    assert e.marks == ((1, 1),) and "#D55E00" in e.view.scene.to_svg()
    click_cell(e, (0, 0))
    e.tool_buttons["star"].click()                       # the star onto a tile
    assert "the star (0,0) is on a tile (3)" in e.problems[0]
    type_tile(e, (0, 1), "seven")                        # not a number at all
    assert "'seven' is not a whole number" in e.problems[0]
    assert e.game.to_dict() == before
    type_tile(e, (0, 3), "11")                           # still editable afterwards
    assert e.game.board[0][3] == 11 and e.problems == [] and e.marks == ()


def test_a_button_with_no_cell_picked_says_so():
    e = editor()
    e.tool_buttons["clear"].click()
    assert e.problems == ["choose a cell of the board first"]


def test_resize_keeps_the_overlap_and_deal_fills_from_a_seed():
    e = editor(Game.from_dict(PUZZLE))
    e.size_box.value = 3
    assert e.game.board == [[3, -2, 7], [5, None, 9], [-4, 8, 2]] and e.game.star == (1, 1)
    e.size_box.value = 5
    assert e.game.size == 5 and e.game.board[4] == [None] * 5
    e.seed_box.value = 12
    e.tool_buttons["fill2"].click()
    assert e.game == Game.new(size=5, level=2, seed=12)
    e.tool_buttons["fill1"].click()
    assert e.game == Game.new(size=5, level=1, seed=12)


def test_save_then_load_is_exact_and_a_malformed_file_keeps_the_position(tmp_path):
    e = editor(Game.from_dict(PUZZLE))
    path = e.save(tmp_path / "puzzle.json")
    other = editor()
    assert other.load(path) and other.game == e.game and other.problems == []
    before = other.game.to_dict()
    (tmp_path / "broken.json").write_text('{"game": "mattix", "board": [[1, 2], ')
    assert not other.load(tmp_path / "broken.json")
    assert other.problems[0].startswith("the text is not valid JSON")
    (tmp_path / "bad.json").write_text('{"board": [[1, 2], [3, null]], "star": [0, 0]}')
    assert not other.load(tmp_path / "bad.json")
    assert other.problems == ["the star (0,0) is on a tile (1); its cell must be null"]
    assert not other.load(tmp_path / "missing.json")
    assert "cannot read" in other.problems[0]
    assert other.game.to_dict() == before


def test_the_text_area_loads_by_button_and_play_from_here_hands_over_a_board():
    e = editor()
    e.json_box.value = Game.from_dict(PUZZLE).to_dict().__repr__().replace("None", "null") \
        .replace("'", '"')
    e.buttons["load"].click()
    assert e.game == Game.from_dict(PUZZLE)
    e.buttons["play"].click()
    assert isinstance(e.played, Board) and e.played.game == e.game
    assert e.played.game is not e.game and e.played in e.played_box.children
    click(e.played.canvas, *e.played.xy(e.played.game.legal_moves()[0].cell))
    assert e.game == Game.from_dict(PUZZLE)              # the editor's position is its own


def test_one_edit_is_checked_in_well_under_20_ms():
    e = editor(Game.new(size=8, seed=1, level=2))
    e.set_tile((0, 0) if e.game.star != (0, 0) else (0, 1), 4)
    assert 0 < e.last_check_ms < 20


# ----- analysis --------------------------------------------------------------------

@pytest.mark.parametrize("size,seed,level", [(3, 1, 2), (4, 2, 1), (4, 3, 2), (5, 4, 2)])
def test_exact_rows_are_analyse_and_each_line_is_a_best_line(size, seed, level):
    g = Game.new(size=size, seed=seed, level=level)
    for _ in range(2):
        g.play(g.legal_moves()[0])
    seen = []
    rows = analysis(g, progress=lambda done, total: seen.append((done, total)))
    assert list(rows) == mattix.analyse(g) and not rows.partial
    assert seen[0] == (0, len(rows)) and seen[-1] == (len(rows), len(rows))
    assert rows.remarks == [mattix.greedy_vs_best(g)]
    for move, value in rows:
        line = rows.lines[move]
        assert line[0] == move and 1 <= len(line) <= 8
        h = g.copy()
        for k, take in enumerate(line):
            best = mattix.analyse(h)[0][1]
            worth = dict(mattix.analyse(h))[take]
            assert worth == (value if k == 0 else best)  # after the first take, best play
            h.play(take)
        assert len(line) == 8 or h.is_over


def test_beyond_6x6_a_timed_search_labelled_with_its_depth():
    g = Game.new(size=8, seed=3, level=2)
    rows = analysis(g, time_limit=0.3)
    assert sorted(m for m, _ in rows) == sorted(g.legal_moves())
    depth = int(rows.note.split("depth ")[1].split()[0])
    assert depth >= 1 and rows.note.startswith(f"Search to depth {depth}")
    assert list(rows) == mattix.analyse(g, depth=depth)
    assert rows.remarks[0].startswith(f"At depth {depth}: greedy takes")


def test_a_late_7x7_position_is_analysed_exactly_a_fresh_one_is_searched():
    from kit.i18n import _
    from kit.mattix.analysis import EXACT_NOTE, EXACT_TILES_LEFT
    g = Game.new(size=7, seed=1000, level=2)
    assert "depth" in analysis(g, time_limit=0.2).note      # 48 tiles: a timed search
    greedy, rng = mattix.GreedyPlayer(), random.Random(3)
    while g.tiles_left() > 26:
        g.play(greedy.choose(g, rng))
    assert g.tiles_left() <= EXACT_TILES_LEFT
    rows = analysis(g, time_limit=0.2)
    assert list(rows) == mattix.analyse(g) and not rows.partial
    assert rows.note == _(EXACT_NOTE) and rows.remarks == [mattix.greedy_vs_best(g)]


def test_stop_gives_the_moves_valued_so_far_marked_partial():
    g = Game.new(size=5, seed=1, level=2)
    stop = threading.Event()
    rows = analysis(g, stop=stop, progress=lambda done, total: stop.set() if done else None)
    assert rows.partial and len(rows) == 1 and rows.remarks == []
    stop.clear()
    rows = analysis(Game.new(size=8, seed=1), stop=stop,
                    progress=lambda done, total: stop.set() if done >= 2 else None)
    assert rows.partial


def test_over_game_has_no_rows():
    g = seeded_game(size=3)
    assert analysis(g) == [] and "over" in analysis(g).note


def test_a_board_with_analysis_draws_a_clicked_row_and_a_move_clears_it():
    b = Board(size=4, seed=2, seats=["human", "human"], analysis=True, delay=0)
    b.view.raise_errors = True
    panel = b.analysis_panel
    assert panel in b.children[1].children
    panel.analyse_button.click()
    rows = panel.row_box.children
    assert [r.description.split()[2] for r in rows] == [str(m) for m, _ in mattix.analyse(b.game)]
    rows[1].click()
    line = panel.rows.lines[rows[1].move]
    assert b.preview_line == line and b.game.history == []
    svg = b.view.scene.to_svg()
    assert svg.count('fill="#0072B2"') >= (len(line) + 1) // 2     # numbered badges of the mover
    assert " → ".join(map(str, line)) in b.view.message
    take(b, b.game.legal_moves()[0])
    assert b.preview_line == [] and panel.rows == [] and panel.row_box.children == ()


def take(b, move):
    click(b.canvas, *b.xy(move.cell))


def test_stop_ends_even_one_long_exact_search_at_once():
    g = Game.new(size=6, seed=1, level=2)                # a take here costs tens of seconds
    stop = threading.Event()
    threading.Timer(0.3, stop.set).start()
    start = time.perf_counter()
    rows = analysis(g, stop=stop)
    assert time.perf_counter() - start < 5
    assert rows.partial and len(rows) < len(g.legal_moves())
    start = time.perf_counter()
    threading.Timer(0.3, stop.set).start()
    stop.clear()
    rows = analysis(Game.new(size=8, seed=1), stop=stop, time_limit=30)
    assert time.perf_counter() - start < 5 and rows.partial


def test_the_analysis_bar_never_turns_red():
    """tqdm's bar ended red at 19/20 (stopped early, or a timed search): it read as an error."""
    from kit.ui.analysis import BAR_COLOURS, ProgressBar
    bar = ProgressBar(20)
    bar.update(19)
    assert bar.progress.style.bar_color == BAR_COLOURS["running"]
    bar.close()
    assert bar.progress.style.bar_color == BAR_COLOURS["running"] != BAR_COLOURS["done"]
    assert "19 of 20 moves valued (stopped early)" in bar.label.value
    assert "blue" in bar.label.value and "green" in bar.label.value   # the legend
    bar.update(1)
    bar.close()
    assert bar.progress.style.bar_color == BAR_COLOURS["done"]
    assert all(c.lower() not in ("#d55e00", "#ff0000", "red") for c in BAR_COLOURS.values())
    b = mattix.Board(seats=["human", "human"], size=4, seed=3, delay=0, analysis=True)
    b.analysis_panel.start()
    assert b.analysis_panel.bar.state == "done"
