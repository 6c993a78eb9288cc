"""The explorer's shells (kit/ui/replay.py, editor.py, analysis.py) on a toy game.

The toy is a take-away game small enough to read here: the shells must work
for any game that keeps the kit's contract, knowing none of them.
"""

import asyncio
import json
import re
import threading

import pytest

from kit import progress as kit_progress
from kit.errors import IllegalMove, InvalidMoveText, InvalidPosition
from kit.mattix import GreedyPlayer, RandomPlayer
from kit.mattix import tournament as mattix_tournament
from kit.scene import Scene
from kit.ui.analysis import AnalysisPanel, AnalysisRows, value_text
from kit.ui.board import BoardView
from kit.ui.editor import EditorShell, position_json
from kit.ui.replay import BadReplayMove, ReplayView, pack_frames, unpack_frame


class Take:
    """Take 1-3 counters from a pile; ``str`` is the number."""

    def __init__(self, n):
        self.n = n

    def __str__(self):
        return str(self.n)

    def __eq__(self, other):
        return isinstance(other, Take) and other.n == self.n

    def __hash__(self):
        return hash(self.n)


class Pile:
    """A toy game: two players take 1, 2 or 3 from a pile; taking the last wins."""

    def __init__(self, pile=10, to_move=0):
        self.pile, self.to_move, self.history = pile, to_move, []

    @classmethod
    def from_dict(cls, d):
        if not isinstance(d, dict) or set(d) - {"pile", "to_move"}:
            raise InvalidPosition(f"not a pile position: {d!r}")
        if not isinstance(d.get("pile"), int) or d["pile"] < 0:
            raise InvalidPosition("'pile' must be a whole number of counters", cells=[(0, 0)])
        return cls(d["pile"], d.get("to_move", 0))

    def to_dict(self):
        return {"pile": self.pile, "to_move": self.to_move}

    def copy(self):
        g = Pile(self.pile, self.to_move)
        g.history = list(self.history)
        return g

    def parse_move(self, text):
        if not text.strip().isdigit():
            raise InvalidMoveText(f"cannot read {text!r} as a number of counters")
        return Take(int(text))

    def play(self, move):
        if not 1 <= move.n <= min(3, self.pile):
            raise IllegalMove(f"take 1 to {min(3, self.pile)} counters, not {move.n}")
        self.pile -= move.n
        self.to_move = 1 - self.to_move
        self.history.append(move)
        return move.n

    @property
    def is_over(self):
        return self.pile == 0


class PileReplay(ReplayView):
    GAME = Pile

    def picture(self, game, last_move):
        s = Scene(200, 60, title=f"pile {game.pile}")
        s.text(10, 30, f"pile {game.pile}; last {last_move}", anchor="start")
        return s


# ----- replay --------------------------------------------------------------------

def replay(moves=("3", "2", "1", "3")):
    r = PileReplay(Pile(10), list(moves))
    r.view.raise_errors = True
    return r


def test_replay_keeps_every_position_and_the_start_untouched():
    start = Pile(10)
    r = PileReplay(start, ["3", "2", "1"])
    assert [r.position(i).pile for i in range(4)] == [10, 7, 5, 4]
    assert r.position(-1).pile == 4 and start.pile == 10
    r.position(2).play(Take(1))                    # a copy: the replay is not disturbed
    assert r.position(2).pile == 5
    with pytest.raises(IndexError):
        r.position(4)


def test_a_bad_move_is_refused_with_its_number_and_the_engines_rule():
    with pytest.raises(BadReplayMove) as info:
        PileReplay(Pile(10), ["3", "2", "4"])
    assert str(info.value) == "move 3 ('4'): take 1 to 3 counters, not 4"
    assert info.value.number == 3 and isinstance(info.value, ValueError)
    with pytest.raises(ValueError, match=r"move 2 \('x'\): cannot read 'x'"):
        PileReplay(Pile(10), ["1", "x"])


def test_buttons_slider_and_keys_step_through_and_the_label_follows():
    r = replay()
    assert r.index == 0 and r.buttons["back"].disabled and "Start: 4 moves" in r.message
    r.buttons["forward"].click()
    assert r.index == 1 and r.message == "Move 1 of 4: 3"
    assert "pile 7; last 3" in r.view.scene.to_svg()
    r.buttons["last"].click()
    assert r.index == 4 and r.buttons["forward"].disabled
    r.buttons["back"].click()
    assert r.index == 3 and r.message == "Move 3 of 4: 1"
    r.slider.value = 1
    assert r.index == 1 and "pile 7" in r.view.scene.to_svg()
    r._key_down("ArrowRight")
    assert r.index == 2
    r._key_down("Home")
    assert r.index == 0
    r.buttons["first"].click()                     # already there: nothing moves
    assert r.index == 0


def test_frames_html_page_and_files(tmp_path):
    r = replay()
    frames = r.frames()
    assert len(frames) == 5 and all(f.startswith("<svg") for f in frames)
    page = r.to_html(title="Pile <game>")
    assert "Pile &lt;game&gt;" in page and f"<figure id=\"frame\">{frames[0]}</figure>" in page
    assert "http" not in page.replace("http://www.w3.org/2000/svg", "")  # no network
    data = json.loads(re.search(r'type="application/json">(.*?)</script>', page, re.S)
                      .group(1))
    assert [unpack_frame(data["pieces"], runs) for runs in data["frames"]] == frames
    assert data["captions"][1:] == ["Move 1 of 4: 3", "Move 2 of 4: 2", "Move 3 of 4: 1",
                                    "Move 4 of 4: 3"]
    paths = r.save_frames(tmp_path / "frames")
    assert [p.name for p in paths][:2] == ["frame_000.svg", "frame_001.svg"]
    assert paths[4].read_text() == frames[4]
    assert r.save_html(tmp_path / "r.html", title="Pile <game>").read_text() == page


def test_packed_frames_store_each_piece_once_and_survive_a_script_end_tag():
    frames = ['<svg><text>a</text></svg>', '<svg><text>b</text></svg>',
              '<svg><text>a</text><text>x</script>y</text></svg>']
    pieces, runs = pack_frames(frames)
    assert len(pieces) == len(set(pieces)) and [unpack_frame(pieces, r) for r in runs] == frames
    assert runs[0] == [0, 4]                             # one run: the pieces in order

    class Tricky(PileReplay):
        def picture(self, game, last_move):
            s = Scene(50, 20)
            s.text(0, 0, "</script><b>")
            return s
    page = Tricky(Pile(3), ["1"]).to_html()
    assert page.count("</script>") == 2                 # the data cannot end its element


def test_json_round_trip_and_malformed_json():
    r = replay()
    again = PileReplay.from_json(r.to_json())
    assert [str(m) for m in again.moves] == ["3", "2", "1", "3"]
    assert again.position(-1).to_dict() == r.position(-1).to_dict()
    for bad in ["{", "[]", json.dumps({"start": {"pile": 5}}),
                json.dumps({"start": {"pile": 5}, "moves": "3"})]:
        with pytest.raises(InvalidPosition):
            PileReplay.from_json(bad)
    with pytest.raises(BadReplayMove, match="move 2"):
        PileReplay.from_json(json.dumps({"start": {"pile": 4}, "moves": ["3", "2"]}))


# ----- editor --------------------------------------------------------------------


class PileEditor(EditorShell):
    GAME = Pile

    def new_position(self):
        return Pile(7)

    def scene(self):
        s = Scene(120, 40)
        s.text(5, 20, f"pile {self.game.pile} marks {list(self.marks)}", anchor="start")
        return s

    def board_for(self, game):
        import ipywidgets
        board = ipywidgets.HTML(f"pile {game.pile}")
        board.game = game
        return board


def pile_editor():
    e = PileEditor()
    e.view.raise_errors = True
    return e


def test_an_accepted_edit_replaces_the_game_and_times_its_check():
    e = pile_editor()
    assert e.edit(lambda d: d.update(pile=4), "pile 4")
    assert e.game.pile == 4 and e.problems == [] and e.view.message == "Done: pile 4."
    assert 0 <= e.last_check_ms < 20 and json.loads(e.json_box.value) == {"pile": 4, "to_move": 0}
    assert e.edit(lambda d: {"pile": 2}, "a new dict")   # a change may return a new dict
    assert e.game.pile == 2


def test_a_refused_edit_keeps_the_position_says_the_engines_words_and_marks_its_cells():
    e = pile_editor()
    text = e.json_box.value
    assert not e.edit(lambda d: d.update(pile=-1), "pile -1")
    assert e.problems == ["'pile' must be a whole number of counters"]
    assert e.game.pile == 7 and e.json_box.value == text
    assert e.marks == ((0, 0),) and "marks [(0, 0)]" in e.view.scene.to_svg()
    assert "Refused (pile -1): " in e.view.message and "Not accepted" in e.problem_box.value
    assert not e.edit(lambda d: d.update(colour="red"), "a bad key", cells=[(3, 3)])
    assert e.marks == ((3, 3),)                          # the edit's own cells when the engine names none
    assert e.edit(lambda d: d.update(pile=3), "pile 3") and e.marks == ()


def test_load_json_refuses_malformed_text_and_keeps_the_position():
    e = pile_editor()
    assert not e.load_json("{pile: 3")
    assert e.problems[0].startswith("the text is not valid JSON") and e.game.pile == 7
    assert not e.load_json('{"pile": "many"}') and e.game.pile == 7
    e.json_box.value = '{"pile": 5, "to_move": 1}'
    e.buttons["load"].click()
    assert e.game.to_dict() == {"pile": 5, "to_move": 1}
    e.json_box.value = "scribbles"
    e.buttons["copy"].click()
    assert json.loads(e.json_box.value) == {"pile": 5, "to_move": 1}


class PileSizeEditor(PileEditor):
    """A pile editor with one tool: a box holding the pile's size."""

    def tools(self):
        import ipywidgets
        self.size_box = ipywidgets.IntText()
        self.edit_on_change(self.size_box, self.set_pile)    # tool_changed on each change
        self.edits = 0
        return [self.size_box]

    def sync_tools(self):
        self.size_box.value = self.game.pile      # the editor's own write: not an edit

    def set_pile(self, n):
        self.edits += 1
        self.edit(lambda d: d.update(pile=n), f"pile {n}")


def test_the_editors_own_writes_to_its_tools_are_not_edits():
    e = PileSizeEditor()
    e.view.raise_errors = True
    assert e.size_box.value == 7 and e.edits == 0      # sync_tools ran inside syncing()
    e.size_box.value = 4                                # a person's change: one edit
    assert e.game.pile == 4 and e.edits == 1
    e.load_json('{"pile": 2, "to_move": 0}')            # a load rewrites the box: no edit
    assert e.size_box.value == 2 and e.edits == 1
    with e.syncing():
        with e.syncing():
            e.size_box.value = 9
        e.size_box.value = 8                            # still syncing after the inner block
    assert e.game.pile == 2 and e.edits == 1
    e.size_box.value = 5
    assert e.game.pile == 5 and e.edits == 2


def test_play_from_here_hands_over_a_copy():
    e = pile_editor()
    e.buttons["play"].click()
    assert e.played.value == "pile 7" and e.played in e.played_box.children
    assert e.played.game is not e.game


def test_position_json_puts_each_innermost_list_on_one_line():
    text = position_json({"board": [[1, None], [3, 4]], "name": "a [b]  c", "star": [0, 1]})
    assert '  [1, null],\n  [3, 4]\n' in text and '"star": [0, 1]' in text
    assert json.loads(text)["name"] == "a [b]  c"


# ----- analysis panel ----------------------------------------------------------------


class PileBoard:
    """Just what the panel needs of a board: game, view, preview."""

    def __init__(self, pile=9):
        self.game = Pile(pile)
        self.view = BoardView(Scene(100, 40))
        self.view.raise_errors = True
        self.previews = []

    def preview(self, move, line=None):
        self.previews.append((move, line))


def pile_analysis(game, *, progress=None, stop=None):
    """Taking what leaves a multiple of 4 wins: +1, other takes -1."""
    rows = []
    takes = [Take(n) for n in (1, 2, 3) if n <= game.pile]
    for done, take in enumerate(takes, 1):
        if stop is not None and stop.is_set():
            return AnalysisRows(rows, partial=True)
        rows.append((take, 1 if (game.pile - take.n) % 4 == 0 else -1))
        if progress:
            progress(done, len(takes))
    rows.sort(key=lambda r: -r[1])
    return AnalysisRows(rows, note="toy values", remarks=["a remark"],
                        lines={rows[0][0]: [rows[0][0], Take(3)]})


def test_the_panel_ranks_rows_and_a_click_previews_then_clears():
    board = PileBoard()
    panel = AnalysisPanel(board, pile_analysis)
    panel.analyse_button.click()
    assert [b.description for b in panel.row_box.children] == ["1. +1   1", "2. -1   2", "3. -1   3"]
    assert "toy values" in panel.note.value and "a remark" in panel.note.value
    assert panel.bar is not None and panel.bar.n == 3 and not panel.running
    panel.row_box.children[0].click()
    assert board.previews[-1] == (Take(1), [Take(1), Take(3)])
    assert panel.row_box.children[0].button_style == "info"
    panel.row_box.children[1].click()                     # a row without a line: the move alone
    assert board.previews[-1] == (Take(2), None)
    panel.row_box.children[1].click()                     # the same row again clears
    assert board.previews[-1] == (None, None) and panel.selected is None


def test_rows_of_a_position_the_board_has_left_are_dropped():
    board = PileBoard()
    panel = AnalysisPanel(board, pile_analysis)
    panel.start()
    board.game.play(Take(1))
    panel.row_box.children[0].click()
    assert board.previews == [] and panel.rows == [] and "changed" in panel.note.value
    panel.start()
    panel.position_changed()
    assert panel.row_box.children == () or panel.row_box.children == []


def test_stop_returns_what_is_done_marked_partial():
    board = PileBoard()
    stopper = []

    def slow(game, *, progress=None, stop=None):
        stopper.append(stop)
        stop.set()                                        # as if Stop were pressed at once
        return pile_analysis(game, progress=progress, stop=stop)
    panel = AnalysisPanel(board, slow)
    panel.start()
    assert isinstance(stopper[0], threading.Event)
    assert panel.rows.partial and "Stopped before any move was valued" in panel.note.value


def test_in_a_running_loop_the_analysis_runs_in_a_worker_and_the_board_stays_free():
    board = PileBoard()
    release = threading.Event()
    seen = {}

    def waiting(game, *, progress=None, stop=None):
        seen["thread"] = threading.current_thread()
        release.wait(5)
        return pile_analysis(game, progress=progress, stop=stop)

    async def scenario():
        panel = AnalysisPanel(board, waiting)
        panel.start()
        await asyncio.sleep(0.05)
        assert panel.running and panel.analyse_button.disabled and not panel.stop_button.disabled
        panel.stop_button.click()
        assert panel.stop.is_set()
        release.set()
        await panel.settled()
        return panel

    panel = asyncio.run(scenario())
    assert seen["thread"] is not threading.main_thread()
    assert panel.rows.partial and not panel.running and panel.stop_button.disabled


def test_value_text_signs_integers_only():
    assert [value_text(v) for v in (3, -2, 0, "12 points", True)] == ["+3", "-2", "+0",
                                                                       "12 points", "True"]


# ----- progress of long lesson calls -------------------------------------------------


def short_tournament(**kwargs):
    return mattix_tournament([GreedyPlayer(), RandomPlayer()], games=4, size=3, **kwargs)


def test_tournament_progress_is_silent_in_tests_shown_when_asked_or_in_a_notebook(
        capsys, monkeypatch):
    quiet = short_tournament()
    assert capsys.readouterr().err == "" and not kit_progress.in_notebook()
    assert short_tournament(progress=True) == quiet
    shown = capsys.readouterr().err
    assert "games: 100%" in shown and "4/4" in shown
    monkeypatch.setattr(kit_progress, "in_notebook", lambda: True)
    short_tournament()
    assert "4/4" in capsys.readouterr().err
    short_tournament(progress=False)
    assert capsys.readouterr().err == ""


def test_tournament_progress_callable_hears_each_game():
    seen = []
    short_tournament(progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_bench_explore_quick_reports_each_registered_figure():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, str(root / "benchmarks" / "bench_explore.py"), "--quick",
                          "--game", "mattix"], capture_output=True, text=True, timeout=300, cwd=root)
    assert out.returncode == 0, out.stderr
    for figure in ("validate one edit (a whole position", "validate one edit (refused", "check < 20 ms",
                   "analysis rows, ", "first row median", "replay page"):
        assert figure in out.stdout


def test_rows_so_far_are_listed_while_the_analysis_runs():
    board = PileBoard()
    listed = []

    def growing(game, *, progress=None, stop=None):
        rows = []
        for n in (1, 2):
            rows.append((Take(n), n))
            progress(n, 2, list(rows))
            listed.append([b.description for b in panel.row_box.children])
        return AnalysisRows(rows)
    panel = AnalysisPanel(board, growing)
    panel.start()
    assert listed == [["1. +1   1"], ["1. +1   1", "2. +2   2"]]


def test_tell_passes_rows_only_to_a_callback_that_takes_them():
    from kit.ui.analysis import tell
    two, three = [], []
    tell(lambda d, t: two.append((d, t)), 1, 2, ["row"])
    tell(lambda d, t, rows: three.append(rows), 1, 2, ["row"])
    tell(None, 1, 2)
    assert two == [(1, 2)] and three == [["row"]]
