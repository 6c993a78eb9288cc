"""The explorer's shells (kit/ui/replay.py, editor.py, analysis.py) on a toy game.

The toy is a take-away game small enough to read here: the shells must work
for any game that keeps the kit's contract, knowing none of them.
"""

import html
import json
import re

import pytest

from kit.errors import IllegalMove, InvalidMoveText, InvalidPosition
from kit.scene import Scene
from kit.ui.replay import BadReplayMove, ReplayView


class Take:
    """Take 1-3 counters from a pile; ``str`` is the number."""

    def __init__(self, n):
        self.n = n

    def __str__(self):
        return str(self.n)

    def __eq__(self, other):
        return isinstance(other, Take) and other.n == self.n


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
    assert r.index == 0 and r.buttons["back"].disabled and "Start: 4 moves" in r.view.message
    r.buttons["forward"].click()
    assert r.index == 1 and r.view.message == "Move 1 of 4: 3"
    assert "pile 7; last 3" in r.view.scene.to_svg()
    r.buttons["last"].click()
    assert r.index == 4 and r.buttons["forward"].disabled
    r.buttons["back"].click()
    assert r.index == 3 and r.view.message == "Move 3 of 4: 1"
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
    assert page.count("<figure") == 5 and page.count(" hidden>") == 4
    assert "Pile &lt;game&gt;" in page
    assert "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")  # no network
    captions = [html.unescape(c) for c in re.findall(r'data-caption="([^"]*)"', page)]
    assert captions[1:] == ["Move 1 of 4: 3", "Move 2 of 4: 2", "Move 3 of 4: 1",
                            "Move 4 of 4: 3"]
    paths = r.save_frames(tmp_path / "frames")
    assert [p.name for p in paths][:2] == ["frame_000.svg", "frame_001.svg"]
    assert paths[4].read_text() == frames[4]
    assert r.save_html(tmp_path / "r.html", title="Pile <game>").read_text() == page


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
