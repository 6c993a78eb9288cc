"""IOTA's explorer: the position editor by clicks, the replay, the analysis panel."""

import json
import random
import re
import threading

import pytest

from iota_helpers import WORKED_EXAMPLE, full_position, random_game, worked_example_game
from kit import IllegalMove, InvalidPosition, iota
from kit.iota import Board, Game, Replay
from kit.iota.ai import best_turn, rank_moves
from kit.iota.moves import Play, Recycle
from kit.players import play_game
from kit.ui.replay import BadReplayMove, unpack_frame
from kit.testing.events import click


def before_the_208():
    """The worked example after its first three turns: seat 4 to play for 208."""
    g = worked_example_game()
    for text, _ in WORKED_EXAMPLE[:3]:
        g.play(text)
    return g


def editor(game=None):
    e = iota.Editor(game)
    e.view.raise_errors = True
    return e


def at(e, point):
    click(e.canvas, *e.view.canvas_xy(point))


def from_palette(e, card, target):
    at(e, e.palette_point(card))
    at(e, target)


def engine_says(d):
    with pytest.raises(InvalidPosition) as info:
        Game.from_dict(d)
    return info.value


# ----- editor ----------------------------------------------------------------------

def test_the_worked_example_built_by_clicks_equals_from_dict():
    want = before_the_208().to_dict()
    e = editor(Game.new(players=2, seed=5))
    e.tool_buttons["clear"].click()
    assert len(e.game.table) == 1 and e.game.hands == [[], []]
    e.players_box.value = 4
    from_palette(e, "2RT", e.cell_point((0, 0)))        # swaps out the starter left by Start over
    order = [(0, 1), (0, 2), (-1, 2), (1, 2), (0, 3), (-1, 3)]   # each step a legal table
    grid = {(r, c): t for r, c, t in want["grid"]}
    for cell in order:
        from_palette(e, grid[cell], e.cell_point(cell))
    for seat, hand in enumerate(want["hands"]):
        for i, card in enumerate(hand):
            from_palette(e, card, e.slot_point(seat, i))
    e.deck_box.value = " ".join(want["deck"])
    e.tool_buttons["deck"].click()
    for seat, score in enumerate(want["scores"]):
        e.score_boxes[seat].value = score
    e.mover_box.value = 3
    assert e.game == Game.from_dict(want) and e.game.to_dict() == want
    assert e.problems == [] and "valid position" in e.problem_box.value
    assert e.json_box.value == e.to_json()
    assert e.view.scene.to_svg() == e.scene().to_svg()
    used = sum(1 for _, is_used, _ in e.geometry.palette if is_used)
    assert used == len(want["grid"]) + sum(map(len, want["hands"]))


def test_a_card_is_moved_swapped_and_removed_by_clicks():
    e = editor(before_the_208())
    at(e, e.slot_point(3, 0))                            # 2YT in seat 4's hand
    assert e.picked == ("hand", 3, 0)
    at(e, e.slot_point(0, 1))                            # swaps with seat 1's second card
    assert e.game.hands[3][0] == before_the_208().hands[0][1]
    assert e.game.hands[0][1] == iota.parse_card("2YT")
    at(e, e.palette_point("2YT"))                        # a greyed card: picked where it is
    assert e.picked == ("hand", 0, 1) and "in Seat 1's hand" in e.view.message
    e.tool_buttons["remove"].click()
    assert e.game.deck[-1] == iota.parse_card("2YT") and len(e.game.hands[0]) == 3
    at(e, e.cell_point((-1, 3)))                         # 3YS on the table, moved to (1,3)
    at(e, e.cell_point((1, 3)))
    assert e.game.table[(1, 3)] == iota.parse_card("3YS") and (-1, 3) not in e.game.table


def test_a_bad_edit_is_refused_with_the_engines_message_and_changes_nothing():
    e = editor(before_the_208())
    before, text = e.game.to_dict(), e.json_box.value
    from_palette(e, "4RT", e.cell_point((0, -1)))        # row 0 would hold five cards
    d = json.loads(json.dumps(before))
    d["deck"].remove("4RT")
    d["grid"].append([0, -1, "4RT"])
    exc = engine_says(d)
    assert e.problems == [str(exc)] and str(exc) in e.view.message
    assert e.marks == exc.cells and (0, -1) in e.marks
    assert e.game.to_dict() == before and e.json_box.value == text
    assert 'stroke="#D55E00"' in e.view.scene.to_svg()
    at(e, e.cell_point((2, -1)))                         # still picked: a cell touching nothing
    assert "not one connected group" in e.problems[0] and e.marks == ((2, -1),)
    e.deck_box.value = "2RT"                              # on the table already
    e.tool_buttons["deck"].click()
    assert e.problems == ["card 2RT appears twice: in the grid at (0,0) and in the deck"]
    assert e.marks == ((0, 0),)
    e.deck_box.value = "5ZZ"
    e.tool_buttons["deck"].click()
    assert e.problems[0].startswith("the deck: unknown card text '5ZZ'")
    e.score_boxes[0].value = 7                           # still editable afterwards
    assert e.game.scores[0] == 7 and e.problems == [] and e.marks == ()
    assert {k: v for k, v in e.game.to_dict().items() if k != "scores"} == \
        {k: v for k, v in before.items() if k != "scores"}


def test_players_deck_seed_and_start_over():
    e = editor(Game.new(players=3, seed=2))
    dropped = e.game.hands[2]
    e.players_box.value = 2
    assert e.game.players == 2 and e.game.deck[-4:] == dropped
    e.seed_box.value = 9
    e.deck_box.value = "W"
    e.tool_buttons["shuffle"].click()
    rest = sorted(c for c in e.game.deck[1:])
    again = rest[:]
    random.Random(9).shuffle(again)
    assert e.game.deck[0] == iota.WILD and e.game.deck[1:] == again
    e.mover_box.value = 1
    assert e.game.to_move == 1
    e.tool_buttons["clear"].click()
    assert e.game.to_move == 0 and e.game.scores == [0, 0] and len(e.game.deck) == 65


def test_save_then_load_is_exact_and_a_malformed_file_keeps_the_position(tmp_path):
    e = editor(before_the_208())
    path = e.save(tmp_path / "example.json")
    other = editor()
    assert other.load(path) and other.game == e.game and other.problems == []
    assert other.to_json() + "\n" == path.read_text()
    before = other.game.to_dict()
    (tmp_path / "broken.json").write_text('{"game": "iota", "grid": [[0, 0, ')
    assert not other.load(tmp_path / "broken.json")
    assert other.problems[0].startswith("the text is not valid JSON")
    bad = full_position({(0, 0): "2RT", (0, 1): "3RT", (0, 2): "3GT"}, [["1RC"], []])
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    assert not other.load(tmp_path / "bad.json")
    assert other.problems == [str(engine_says(bad))] and other.marks == ((0, 0), (0, 1), (0, 2))
    assert other.game.to_dict() == before


def test_play_from_here_hands_the_position_to_a_board():
    e = editor(before_the_208())
    e.buttons["play"].click()
    assert isinstance(e.played, Board) and e.played.game == e.game
    assert e.played.game is not e.game and e.played in e.played_box.children


def test_one_edit_is_checked_in_well_under_20_ms():
    e = editor(mid_game(seed=4, turns=24))
    assert e.set_score(0, 5)
    assert 0 < e.last_check_ms < 20


# ----- replay ----------------------------------------------------------------------

def seeded_game(seed=11):
    g = Game.new(players=2, seed=seed)
    play_game(g, [iota.GreedyPlayer(), iota.PlannerPlayer()], random.Random(seed))
    return g


def test_a_replay_of_a_whole_seeded_game_ends_in_the_games_position():
    g = seeded_game()
    texts = [str(m) for m in g.history]
    r = Replay(Game.new(players=2, seed=11), texts)
    assert r.position(len(texts)) == g and r.position(-1).is_over
    r.last()
    assert r.message == f"Move {len(texts)} of {len(texts)}: {texts[-1]}"
    page = r.to_html("IOTA")
    data = json.loads(re.search(r'type="application/json">(.*?)</script>', page, re.S).group(1))
    assert [unpack_frame(data["pieces"], runs) for runs in data["frames"]] == r.frames()
    again = Replay.from_json(r.to_json())
    assert again.moves == r.moves and again.position(-1) == g


def test_a_tampered_move_list_is_rejected_with_its_number_and_the_rule():
    texts = [str(m) for m in seeded_game().history]
    k = next(i for i, t in enumerate(texts) if i >= 3 and "@" in t)
    tampered = texts[:k + 2] + [texts[k]] + texts[k + 3:]   # a play onto cards already there
    with pytest.raises(BadReplayMove) as info:
        Replay(Game.new(players=2, seed=11), tampered)
    assert info.value.number == k + 3 and isinstance(info.value.reason, IllegalMove)
    assert str(info.value).startswith(f"move {k + 3} ('{texts[k]}'): ")
    with pytest.raises(BadReplayMove, match=r"move 2 \('2GT@0;1'\)"):
        Replay(Game.new(players=2, seed=11), [texts[0], "2GT@0;1"])


def test_each_step_marks_the_last_play_and_explains_its_score():
    g = worked_example_game()
    r = Replay(g, [text for text, _ in WORKED_EXAMPLE])
    r.go(3)
    svg = r.view.scene.to_svg()
    assert svg.count('stroke="#0072B2" stroke-width="3"') == 2      # the two cards of turn 3
    assert "Seat 3 played: 34 points" in svg and "x 2 for a lot: row 0" in svg
    r.last()
    assert "Seat 4 played: 208 points" in r.view.scene.to_svg()
    assert "The start of the game." in r.frames()[0]


def test_a_board_hands_over_its_replay_from_the_deal():
    b = Board(seats=["greedy", "greedy", "human"], players=3, delay=0, seed=3)
    r = b.replay()
    assert r.start == Game.new(players=3, seed=3)
    assert r.position(-1) == b.game and len(r.moves) == len(b.game.history) == 2


# ----- analysis --------------------------------------------------------------------

def mid_game(seed=4, turns=24):
    g = Game.new(players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(turns):
        g.play(iota.GreedyPlayer().choose(g, rng))
    return g


def test_rows_are_every_legal_play_best_first_with_the_best_turn():
    g = before_the_208()
    seen = []
    rows = iota.analysis(g, progress=lambda done, total: seen.append((done, total)))
    assert [(m, v) for m, v in rows] == [(m, p) for p, m in rank_moves(g)]
    assert rows[0][1] == 208 and (Play.parse(WORKED_EXAMPLE[3][0]), 208) in rows
    assert not rows.partial
    assert sorted(map(str, (m for m, _ in rows))) == sorted(str(m) for m in g.legal_moves()
                                                        if isinstance(m, Play))
    assert seen == [(1, 1)]
    assert rows.remarks[0].startswith(f"Best turn by exhaustive search: {rows[0][0]} for 208 points")


def test_a_recycle_row_is_worth_the_best_play_after_it():
    g = random_game(6, 12, wild_bias=0.9)                # a wild on the table worth taking back
    rows = iota.analysis(g)
    recycles = [(m, v) for m, v in rows if isinstance(m, Recycle)]
    assert recycles and [v for _, v in rows] == sorted((v for _, v in rows), reverse=True)
    for move, value in recycles:
        line, h = rows.lines[move], g.copy()
        assert line[0] == move and isinstance(line[-1], Play)
        assert sum(h.play(m) for m in line) == value
    best = best_turn(g)
    assert best.points == rows[0][1] > max(v for m, v in rows if isinstance(m, Play))
    assert list(best.moves) == rows.lines[rows[0][0]]
    assert "then" in rows.remarks[0]


def test_stop_gives_the_rows_so_far_marked_partial():
    g = random_game(11, 12, wild_bias=0.9)
    stop = threading.Event()
    rows = iota.analysis(g, stop=stop, progress=lambda done, total: stop.set())
    assert rows.partial and not any(isinstance(m, Recycle) for m, _ in rows)
    assert "so far" in rows.remarks[0]


def test_a_board_with_analysis_previews_a_clicked_row_and_a_move_clears_it():
    b = Board(before_the_208(), seats=["human"] * 4, analysis=True, delay=0)
    b.view.raise_errors = True
    panel = b.analysis_panel
    panel.analyse_button.click()
    rows = panel.row_box.children
    assert [r.move for r in rows] == [m for m, _ in panel.rows[:len(rows)]]
    assert panel.rows[0][1] == 208 and str(rows[0].move) in rows[0].description
    rows[1].click()
    move = rows[1].move
    assert b.previewed == [move] and b.game == before_the_208()
    svg = b.view.scene.to_svg()
    points = before_the_208().explain(move).points
    assert f"Pending play: {points} points" in svg and 'fill="#DCEBF7"' in svg
    assert b.view.message.startswith(f"Showing, not played: {move}: {points} points")
    click(b.canvas, *b.xy((5, 5)))                       # a click on the board clears it
    assert b.previewed == [] and panel.selected is None and "Pending" not in b.view.scene.to_svg()
    rows[0].click()
    assert b.previewed == [rows[0].move]
    rows[0].click()                                      # the same row again clears it
    assert b.previewed == []
    rows[0].click()
    b.submit(Play.parse(WORKED_EXAMPLE[3][0]))
    assert b.previewed == [] and panel.row_box.children == () and b.game.scores[3] == 208


def test_a_replay_shows_the_whole_table_in_every_frame():
    """A replay page cannot scroll a window: a fixed 580 x 560 box around the last
    play left 24 cards of a 64-card game off the last frame."""
    from kit.iota.layout import fit_layout, plan
    from kit.iota.replay import REPLAY_BOX, REPLAY_MIN_CELL
    g = seeded_game()
    r = Replay(Game.new(players=2, seed=11), [str(m) for m in g.history])
    final = r.position(-1)
    assert len(final.table) >= 40
    assert fit_layout(final.table, REPLAY_BOX, min_cell=48).is_cut   # the old picture was cut
    box = r.table_box()
    sizes = set()
    for i in (0, len(r.moves) // 2, len(r.moves)):
        game = r.position(i)
        lay = plan(game, box=box, cell=72, shown=set(range(game.players))).table
        assert not lay.is_cut and lay.cell >= REPLAY_MIN_CELL
        for (row, col) in game.table:
            assert lay.min_row <= row < lay.min_row + lay.rows
            assert lay.min_col <= col < lay.min_col + lay.cols
        r.go(i)
        sizes.add((r.view.scene.width, r.view.scene.height))
        assert "Shaded edges" not in r.view.scene.to_svg()
    assert len(sizes) == 1          # one box for every frame: the picture never jumps


def test_the_analysis_note_speaks_to_a_player_not_a_developer():
    # The app's and the sandbox's Analyse panels show it under the rows (it said
    # "legal_moves() lists ... brute-force enumeration").
    from kit.iota.analysis import analysis
    rows = analysis(Game.new(players=2, seed=1))
    assert "legal_moves" not in rows.note and "enumeration" not in rows.note
    assert rows.note.startswith("Every play you could make now, best first")
