"""Smartrix's explorer: the replay, the position editor and the analysis panel."""

import json
import random
import re
import threading
from html import unescape

import pytest

from kit import IllegalMove, InvalidPosition, smartrix
from kit.smartrix import Board, Game, Replay, analysis
from kit.smartrix.analysis import cautious_hints, in_words
from kit.smartrix.cards import CANONICAL, TEXT, parse_card, rotate
from kit.players import play_game
from kit.ui.replay import BadReplayMove, unpack_frame
from kit.testing.events import click
from smartrix_helpers import card_not_matching, fill, setup

# The set of 17: a row, a column and both diagonals of a 5 x 5 square, all
# but their common centre on the table; the centre card, in hand, takes all 4.
STAR = ([(2, c) for c in (0, 1, 3, 4)] + [(r, 2) for r in (0, 1, 3, 4)]
        + [(i, i) for i in (0, 1, 3, 4)] + [(i, 4 - i) for i in (0, 1, 3, 4)])


def star_position():
    grid = fill([(2, 2)] + STAR)
    centre = grid.pop((2, 2))
    return grid, centre


def seeded_game(seed=5, players=2):
    g = Game.new(players, seed=seed)
    play_game(g, [smartrix.GreedyPlayer(), smartrix.CautiousPlayer()][:players]
              + [smartrix.RandomPlayer()] * (players - 2), random.Random(seed))
    return g


def words(scene):
    return unescape(re.search(r"<title>(.*?)</title>", scene.to_svg()).group(1))


# ----- replay --------------------------------------------------------------------

def test_a_replay_of_a_whole_seeded_game_ends_in_the_games_position():
    g = seeded_game()
    assert g.is_over
    texts = [str(m) for m in g.history]
    r = Replay(Game.new(2, seed=5), texts)
    assert r.position(len(texts)) == g and r.position(-1).is_over
    assert r.moves == g.history
    r.last()
    assert "Game over" in words(r.view.scene)
    last = "passes" if texts[-1] == "pass" else f"places {texts[-1]}"
    assert r.message.startswith(f"Move {len(texts)} of {len(texts)}: Player ")
    assert last in r.message


def test_a_tampered_move_list_is_rejected_with_its_number_and_the_rule():
    g = seeded_game()
    texts = [str(m) for m in g.history]
    k = next(i for i, m in enumerate(g.history) if m.kind == "place" and i > 3)
    texts[k] = texts[k - 2]       # that card has left the mover's hand, or the cell is taken
    with pytest.raises(BadReplayMove) as info:
        Replay(Game.new(2, seed=5), texts)
    assert info.value.number == k + 1
    assert str(info.value).startswith(f"move {k + 1} ('{texts[k]}'): ")
    assert isinstance(info.value.reason, IllegalMove)
    with pytest.raises(BadReplayMove, match=r"move 2 \('10100000@0;1'\): "):
        Replay(Game.new(2, seed=5), [texts[0], "10100000@0;1"])


def test_each_step_outlines_the_card_just_placed_and_hands_are_open():
    g = seeded_game()
    r = Replay(Game.new(2, seed=5), g.history)
    k = next(i for i, m in enumerate(g.history) if m.kind == "place")
    r.go(k + 1)
    before = r.position(k)
    points = before.copy().play(g.history[k])
    assert r.message == (f"Move {k + 1} of {len(g.history)}: Player {before.to_move + 1} places "
                         f"{g.history[k]} ({points} point{'s' if points != 1 else ''})")
    assert f"the card Player {k % 2 + 1} placed" in words(r.view.scene)
    assert "Blue outline" not in words(r.picture(r.position(0), None))
    assert "Hand of Player 2" in r.frames()[0]             # every hand face up


def test_a_board_hands_over_its_replay_from_the_deal():
    b = Board(seats=["greedy", "cautious"], delay=0, seed=3)
    assert b.game.is_over
    r = b.replay()
    assert r.start == Game.new(2, seed=3)
    assert r.position(-1) == b.game and r.moves == b.game.history


def test_replay_json_round_trip_and_page_size():
    g = seeded_game(seed=8, players=3)
    r = Replay(Game.new(3, seed=8), g.history)
    again = Replay.from_json(r.to_json())
    assert again.moves == r.moves and again.position(-1) == g
    page = r.to_html("Smartrix, 3 players")
    data = json.loads(re.search(r'type="application/json">(.*?)</script>', page, re.S).group(1))
    assert [unpack_frame(data["pieces"], runs) for runs in data["frames"]] == r.frames()
    assert len(page) < 1_000_000          # a whole 3-player game as one page, for an e-mail


# ----- editor --------------------------------------------------------------------

def editor(game=None):
    e = smartrix.Editor(game)
    e.view.raise_errors = True
    return e


def put(e, text, cell):
    """Click the card in the palette, turn it until it lies as ``text``, click ``cell``."""
    card = parse_card(text)
    click(e.canvas, *e.palette_xy(card))
    for _ in range(4):
        if e.picked_card() == card:
            break
        e.tool_buttons["rotate"].click()
    assert e.picked_card() == card
    click(e.canvas, *e.xy(cell))


def to_hand(e, text, seat):
    click(e.canvas, *e.palette_xy(text))
    e.seat_box.value = seat
    e.tool_buttons["hand"].click()


def in_view(e, cell):
    lay = e._layout()
    return lay.r0 <= cell[0] <= lay.r1 and lay.c0 <= cell[1] <= lay.c1


def test_a_set_of_17_built_by_clicks_equals_from_dict_and_collects_17():
    grid, centre = star_position()
    e = editor()
    e.tool_buttons["clear"].click()
    left = list(STAR)
    while left:                               # each card on a cell the editor shows
        cell = next(c for c in left if in_view(e, c))
        put(e, grid[cell], cell)
        assert e.problems == [], e.problems
        left.remove(cell)
    to_hand(e, centre, 0)
    to_hand(e, "00000000", 1)
    canonical_centre = TEXT[CANONICAL[parse_card(centre)]]
    assert e.game == Game.setup(grid, [[canonical_centre], ["00000000"]])
    assert e.json_box.value == e.to_json() and "valid position" in e.problem_box.value
    assert e.view.scene.to_svg() == e.scene().to_svg()
    svg = e.view.scene.to_svg()
    assert svg.count(">T</text>") == 16 and ">H1</text>" in svg and ">H2</text>" in svg
    e.buttons["play"].click()
    b = e.played
    assert isinstance(b, Board) and b.game == e.game and b.game is not e.game
    assert b.submit(b.game.parse_move(f"{centre}@2,2")) == sum(
        t.count("1") for t in [*grid.values(), centre])
    assert len(b.game.collected(0)) == 17 and b.game.grid == {}
    assert len(e.game.grid) == 16                           # the editor's position is its own


def refusal(grid):
    """The engine's words refusing ``grid`` with the test's hands, or None."""
    try:
        setup(grid, [["01000000"], ["11111111"]])
    except InvalidPosition as exc:
        return str(exc)
    return None


def test_a_mismatch_is_refused_with_the_engines_message_and_marked():
    grid = fill([(0, 0), (0, 1)], exclude=["01000000"])
    g = setup(grid, [["01000000"], ["11111111"]])
    e = editor(g)
    before, text = e.game.to_dict(), e.json_box.value
    bad = card_not_matching(grid, (0, 2), exclude=["01000000"])
    put(e, bad, (0, 2))
    expected = refusal({**grid, (0, 2): bad})
    assert e.problems == [expected] and "touch but do not match" in expected
    assert expected in e.view.message
    assert set(e.marks) == {(0, 1), (0, 2)}
    assert e.game.to_dict() == before and e.json_box.value == text
    assert 'stroke="#D55E00" stroke-width="6"' in e.view.scene.to_svg()
    cell = next(c for c in grid if refusal({**grid, c: TEXT[rotate(parse_card(grid[c]))]}))
    click(e.canvas, *e.xy(cell))          # a table card turned in place
    e.tool_buttons["rotate"].click()
    assert e.problems == [refusal({**grid, cell: TEXT[rotate(parse_card(grid[cell]))]})]
    assert "touch but do not match" in e.problems[0] and e.game.to_dict() == before
    click(e.canvas, *e.palette_xy("01000000"))
    e.tool_buttons["remove"].click()          # the hand card back to the pile: accepted
    assert e.problems == [] and e.marks == () and e.game.hand(0) == []


def test_other_refusals_name_the_engines_rule():
    e = editor(Game.new(2, seed=1))
    before = e.game.to_dict()
    e.teams_box.value = True
    assert e.problems == ["the team variant is for 4 players, not 2"]
    assert e.game.to_dict() == before and e.teams_box.value is False
    e.players_box.value = 4
    e.teams_box.value = True
    assert e.game.teams and e.game.players == 4 and e.problems == []
    e.tool_buttons["shuffle"].click()
    deck = e.game.to_dict()["deck"]
    assert sorted(deck) == sorted(before["deck"]) and deck != before["deck"]
    # a line of 5 lying on the table
    row = fill([(0, c) for c in range(5)])
    e = editor(setup({c: row[c] for c in list(row)[:4]}, [["00000000"], ["11111111"]]))
    put(e, row[(0, 4)], (0, 4))
    assert "is a set of 5 lying on the table" in e.problems[0]
    assert set(e.marks) == set(row) and len(e.game.grid) == 4


def test_a_card_twice_in_loaded_text_is_refused_with_its_cells():
    e = editor()
    before = e.game.to_dict()
    data = e.game.to_dict()
    data["hands"][1].append(data["grid"][0][2])
    assert not e.load_json(json.dumps(data))
    assert e.problems[0].startswith(f"card {data['grid'][0][2]} appears twice")
    assert e.marks == ((0, 0),) and e.game.to_dict() == before


def test_save_then_load_is_exact_and_a_malformed_file_keeps_the_position(tmp_path):
    e = editor(seeded_game(seed=2).copy())
    g = Game.new(3, seed=4, window=None)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    e = editor(g)
    path = e.save(tmp_path / "position.json")
    other = editor()
    assert other.load(path) and other.game == Game.from_dict(g.to_dict()) and other.problems == []
    before = other.game.to_dict()
    (tmp_path / "broken.json").write_text('{"game": "smartrix", "grid": [[0, 0, ')
    assert not other.load(tmp_path / "broken.json")
    assert other.problems[0].startswith("the text is not valid JSON")
    (tmp_path / "bad.json").write_text(json.dumps({**before, "to_move": 5}))
    assert not other.load(tmp_path / "bad.json")
    assert other.problems == ["'to_move' must be a seat 0..2, not 5"]
    assert not other.load(tmp_path / "missing.json") and "cannot read" in other.problems[0]
    assert other.game.to_dict() == before


def test_free_table_puzzle_with_offending_cards():
    grid = fill([(0, 0), (0, 1)], exclude=["01000000"])
    e = editor(setup(grid, [["01000000"], ["11111111"]]))
    e.free_box.value = True
    assert not e.game.auto_collect and not e.game.offending_known
    e.known_box.value = True
    assert e.game.offending_known and e.game.offending == frozenset()
    bad = card_not_matching(grid, (0, 2), exclude=["01000000"])
    put(e, bad, (0, 2))                       # placed against the rules: listed as in play
    assert e.problems == [] and e.game.offending == {(0, 2)}
    assert "1 card placed against the rules" in words(e.view.scene)
    click(e.canvas, *e.xy((0, 2)))
    e.tool_buttons["offending"].click()       # unlisting it breaks the engine's rule
    assert e.problems[0].startswith("'offending' must list every card placed against the rules")
    assert e.game.offending == {(0, 2)}
    e.tool_buttons["remove"].click()          # off the table: no longer offending
    assert e.game.offending == frozenset() and (0, 2) not in e.game.grid
    e.free_box.value = False
    assert e.game.auto_collect and "offending" not in e.game.to_dict()


def test_players_collected_piles_mover_and_deal():
    e = editor(Game.new(2, seed=0))
    e.players_box.value = 3
    assert e.game.players == 3 and e.game.hand(2) == []
    card = e.game.hand(0)[0]
    click(e.canvas, *e.hand_xy(0, 0))         # a hand card picked under the table
    assert e.picked == CANONICAL[parse_card(card)] and "in player 1's hand" in e.view.message
    click(e.canvas, *e.hand_xy(1, 2))
    assert e.picked == CANONICAL[parse_card(e.game.hand(1)[2])]
    assert "in player 2's hand" in e.view.message   # seat 1 counts from 1: player 2
    click(e.canvas, *e.hand_xy(0, 0))
    e.seat_box.value = 2
    e.tool_buttons["collected"].click()
    assert e.game.collected(2) == [card] and card not in e.game.hand(0)
    assert ">C3</text>" in e.view.scene.to_svg()   # seat 2 is player 3
    assert [label for label, _ in e.seat_box.options] == ["1", "2", "3"]
    assert "player 3" in e.view.message
    e.mover_box.value = 2
    assert e.game.to_move == 2
    e.players_box.value = 2                   # seat 2 leaves: its cards go back to the pile
    assert e.game.players == 2 and e.game.to_move == 0 and card in e.game.to_dict()["deck"]
    e.seed_box.value = 11
    e.tool_buttons["deal"].click()
    assert e.game == Game.new(2, seed=11)


def test_clicks_follow_the_palette_a_long_childrens_table_pushes_right():
    row = fill([(1 if c % 5 == 4 else 0, c) for c in range(12)])   # no 5 in a line
    e = editor(setup(row, [["00000000"], ["11111111"]], window=None))
    # where the palette goes: test_smartrix_palette.py; here, that the clicks follow it
    click(e.canvas, *e.xy((0, 11)))
    assert e.picked == CANONICAL[parse_card(row[(0, 11)])]
    click(e.canvas, *e.palette_xy("00000000"))
    assert e.picked == CANONICAL[parse_card("00000000")]


def test_a_click_with_nothing_picked_says_so():
    e = editor()
    click(e.canvas, *e.xy((0, 1)))
    assert e.problems == ["pick a card first: click it in the palette, on the table or in a hand"]


def test_one_edit_is_checked_in_well_under_20_ms():
    e = editor(mid_game(seed=6, moves=14))
    e.seed_box.value = 3
    e.tool_buttons["shuffle"].click()
    assert e.problems == [] and 0 < e.last_check_ms < 20


def test_invalid_position_names_the_cells():
    grid = fill([(0, 0), (0, 1)])
    grid[(1, 1)] = card_not_matching(grid, (1, 1))
    with pytest.raises(InvalidPosition) as info:
        setup(grid, [["00000000"], ["11111111"]])
    assert len(info.value.cells) == 2 and (1, 1) in info.value.cells
    with pytest.raises(InvalidPosition) as info:   # too wide for the window: its edge cards
        setup({(0, 0): "00000000", (0, 5): "00000010"}, [["11111111"], ["01000000"]])
    assert set(info.value.cells) == {(0, 0), (0, 5)}


# ----- analysis --------------------------------------------------------------------

def mid_game(seed=4, moves=10, **options):
    g = Game.new(2, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        g.play(smartrix.GreedyPlayer().choose(g, rng))
    return g


def test_rows_are_every_move_best_first_with_points_and_risk():
    g = mid_game()
    seen = []
    rows = analysis(g, progress=lambda done, total: seen.append((done, total)))
    assert not rows.partial and seen[-1] == (len(rows), len(rows))
    assert sorted(map(str, (m for m, _ in rows))) == sorted(map(str, g.legal_moves()))
    values = [v.value for _, v in rows]
    assert values == sorted(values, reverse=True)
    for move, v in rows[:5]:
        assert v.points == g.copy().play(move)
    best = smartrix.CautiousPlayer().choose(g.copy(), random.Random(0))
    assert dict(rows)[best].value == pytest.approx(rows[0][1].value)
    top = rows[0][1]
    assert str(top) == f"{top.value:+.1f}"
    assert top.explain() == f"value {top.value:+.1f} = {top.points} now - {top.risk:.1f} risk"
    assert cautious_hints(g) == [(m, in_words(v)) for m, v in rows[:3]]


def test_stop_gives_the_moves_valued_so_far_marked_partial():
    g = mid_game()
    stop = threading.Event()
    rows = analysis(g, stop=stop, progress=lambda done, total: stop.set() if done >= 3 else None)
    assert rows.partial and len(rows) == 3


def test_free_table_claims_come_first_and_an_over_game_has_no_rows():
    grid = fill([(0, c) for c in range(5)])
    g = setup(grid, [["00000000"], ["11111111"]], auto_collect=False)
    rows = analysis(g)
    assert rows[0][0].kind == "claim" and rows[0][1].points == sum(
        t.count("1") for t in grid.values())
    assert rows.remarks and "do not use up the turn" in rows.remarks[0]
    over = seeded_game()
    assert analysis(over) == [] and "over" in analysis(over).note


def test_a_board_with_analysis_previews_a_clicked_row_and_a_move_clears_it():
    b = Board(mid_game(seed=9, moves=6), seats=["human", "human"], analysis=True, delay=0)
    b.view.raise_errors = True
    panel = b.analysis_panel
    panel.analyse_button.click()
    rows = panel.row_box.children
    assert [r.move for r in rows] == [m for m, _ in analysis(b.game)][:panel.max_rows]
    risky = next(r for r in rows if r.move.kind == "place" and panel.rows[
        [m for m, _ in panel.rows].index(r.move)][1].risk > 0)
    before = b.game.to_dict()
    risky.click()
    assert b.previewed == risky.move and b.game.to_dict() == before
    svg = b.view.scene.to_svg()
    assert f"Not played: {risky.move} (blue)" in svg.replace("\n", " ")
    assert "Blue outline: the card" not in words(b.view.scene)    # the last moves step aside
    assert b.preview_threats and 'stroke="#E69F00" stroke-width="5"' in svg   # the orange lines
    value = dict(panel.rows)[risky.move]
    assert b.view.message.startswith(f"Showing, not played: {risky.move} ({value.explain()})")
    risky.click()                                 # the same row again: cleared
    assert b.previewed is None and b.preview_threats == []
    rows[0].click()
    b.submit(b.game.legal_moves()[0])
    assert b.previewed is None and panel.rows == [] and panel.row_box.children == ()


def test_bench_explore_quick_reports_smartrix_figures():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, str(root / "benchmarks" / "bench_explore.py"), "--quick",
                          "--game", "smartrix"], capture_output=True, text=True, timeout=300,
                         cwd=root)
    assert out.returncode == 0, out.stderr
    # The bench measures every registered game alike (kit.games), Smartrix among them.
    for figure in ("smartrix  validate one edit (a whole position", "smartrix  validate one edit "
                   "(refused", "check < 20 ms: met", "smartrix  analysis rows",
                   "smartrix  replay page, a whole seeded game"):
        assert figure in out.stdout
