"""A teacher's own puzzles (issue 34): made by clicks in each game's Editor, saved,
loaded fresh and walked with the tutor; the bad files refused, naming puzzle and field."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kit import games
from kit.lessons import puzzleset
from kit.lessons.mattix.puzzles import load_puzzles as mattix_puzzles

ROOT = Path(__file__).resolve().parents[2]


def _editor(name: str):
    spec = games.get(name)
    if name == "mattix":      # a small position: the exact solver answers who wins
        game = spec.load_game().from_dict(mattix_puzzles()[0].position)
    else:
        game = spec.load_game().new(players=2, seed=3)
    return spec.load_editor()(game)


def _make(editor, kind: str, move: str = "") -> bool:
    maker = editor.make_puzzle()
    maker.kind.value = kind
    maker.move.value = move
    maker.buttons["propose"].click()
    assert maker.draft is not None, maker.message.value
    return True


def build_set(name: str, path: Path) -> Path:
    """A set of every kind the game has, made by clicking the Editor's buttons."""
    editor = _editor(name)
    editor.buttons["puzzle"].click()
    maker = editor.maker
    assert maker is not None and maker in editor.maker_box.children
    game = editor.game
    legal = [str(m) for m in game.legal_moves()]
    _make(editor, "best_move")
    maker.hints.value = "My own first hint.\n" + maker.hints.value   # the teacher's words
    maker.buttons["add"].click()
    _make(editor, "score", legal[-1])
    maker.task.value = "How much does " + legal[-1] + " make?"
    maker.buttons["add"].click()
    _make(editor, "legal", legal[0])
    maker.buttons["add"].click()
    if name == "mattix":
        _make(editor, "who_wins")
        maker.buttons["add"].click()
    maker.title.value = "Friday " + name
    maker.path.value = str(path)
    maker.buttons["save"].click()
    assert path.exists(), maker.message.value
    return path


@pytest.mark.parametrize("name", ["iota", "mattix", "smartrix"])
def test_a_set_made_in_the_editor_is_saved_loaded_and_walked(name, tmp_path):
    path = build_set(name, tmp_path / "my_puzzles.json")
    data = json.loads(path.read_text())
    assert data["format"] == puzzleset.FORMAT and data["version"] == puzzleset.VERSION
    assert data["game"] == name and data["title"] == f"Friday {name}"
    assert data["puzzles"][0]["hints"][0] == "My own first hint."
    assert data["puzzles"][1]["task"].startswith("How much does")
    box = puzzleset.puzzle_set(path)
    assert len(box.exercises) == (4 if name == "mattix" else 3)
    for ex, p in zip(box.exercises, box.puzzles.puzzles, strict=True):
        ex.raise_errors = True
        for wrong in p.wrong:                              # wrong: told what is wrong
            verdict = ex.submit(wrong.answer)
            assert verdict is not None and not verdict.correct
            assert verdict.why == wrong.feedback
        assert not ex.solved
        if ex.hints:                                       # hints climb, one per click
            ex.buttons["hint"].click()
            assert ex.hints_shown == 1
        verdict = ex.submit(p.answer if p.kind != "who_wins"
                            else puzzleset.seat_words(name, int(p.answer))
                            if p.answer != "draw" else "draw")
        assert verdict is not None and verdict.correct, verdict
        assert ex.solved
    assert box.progress.count == len(box.exercises)
    from kit.lessons import record          # the events the teacher's page is sent
    events = [e for e in record.load()["events"] if e["lesson"] == f"Puzzles/{name}/Friday {name}"]
    kinds = [e["event"] for e in events]
    assert kinds.count("right") == len(box.exercises) and "wrong" in kinds and "hint" in kinds
    assert ({e["feedback"] for e in events if e["event"] == "wrong"}
            == {w.feedback for p in box.puzzles.puzzles for w in p.wrong})
    # a fresh kernel keeps what was done (the progress file) ...
    again = puzzleset.puzzle_set(path)
    assert again.progress.count == len(box.exercises)
    # ... and Show me says the answer
    again.progress.start_over()
    first = again.exercises[0]
    first.buttons["show"].click()
    assert box.puzzles.puzzles[0].answer in first.message


def _live_board(name: str):
    """A teacher's live board of ``name``, a person against the greedy player."""
    spec = games.get(name)
    board = spec.load_board()(_editor(name).game, seats=["human", "greedy"], delay=0,
                              teacher=True)
    board.view.raise_errors = True
    return board


@pytest.mark.parametrize("name", ["iota", "mattix", "smartrix"])
def test_a_set_is_made_from_a_paused_live_board(name, tmp_path):
    from kit.testing.events import make_by_keys
    board = _live_board(name)
    make_by_keys(board, board.game.legal_moves()[0])   # play on a little, by keys
    assert len(board.game.history) >= 1 and board.human_to_move
    board.teacher_controls["puzzle"].click()           # pauses and opens the panel
    maker = board.maker
    assert board.paused and maker is not None and maker in board.maker_box.children
    assert board.teacher_controls["pause"].description == "▶ Resume"
    shown = board.game.to_dict()
    legal = [str(m) for m in board.game.legal_moves()]
    board.submit(legal[0])                             # paused: no move taken
    assert board.game.to_dict() == shown and "Paused" in board.view.message
    for kind, move in [("best_move", ""), ("score", legal[-1]), ("legal", legal[0])]:
        maker.kind.value, maker.move.value = kind, move
        maker.buttons["propose"].click()
        assert maker.draft is not None, maker.message.value
        maker.buttons["add"].click()
    maker.path.value = str(tmp_path / "live.json")
    maker.buttons["save"].click()
    saved = puzzleset.load(tmp_path / "live.json")     # the engine confirms every answer
    assert [p.kind for p in saved.puzzles] == ["best_move", "score", "legal"]
    assert all(p.position == shown for p in saved.puzzles)
    board.teacher_controls["pause"].click()            # Resume: the game goes on
    assert not board.paused and board.submit(legal[0]) is not None
    maker.kind.value = "best_move"                     # not paused: the panel will not ask
    maker.buttons["propose"].click()
    assert maker.draft is None and "pause the board first" in maker.message.value


WALK = """import json, kit.lessons
from kit.lessons import puzzleset
box = kit.lessons.puzzle_set({file!r})
steps = []
for ex, p in zip(box.exercises, box.puzzles.puzzles):
    steps += [["wrong", v.correct, v.why] for v in (ex.submit(w.answer) for w in p.wrong)]
    ex.buttons["hint"].click()
    steps.append(["hint", ex.hint_message])
    steps.append(["right", ex.submit(puzzleset.typed_answer({game!r}, p)).correct])
    ex.buttons["show"].click()
    steps.append(["show", ex.message])
print(json.dumps({{"done": box.progress.count, "steps": steps}}))
"""


def test_a_fresh_jupyter_kernel_loads_and_walks_each_games_set(tmp_path, monkeypatch):
    """Made by clicks here, played in a real kernel (ipykernel, its loop and comms)."""
    import nbformat
    from nbclient import NotebookClient
    nb = nbformat.v4.new_notebook()
    made = {}
    for name in ["iota", "mattix", "smartrix"]:
        build_set(name, tmp_path / f"{name}.json")
        made[name] = puzzleset.load(tmp_path / f"{name}.json").puzzles
        nb.cells.append(nbformat.v4.new_code_cell(WALK.format(file=f"{name}.json", game=name)))
    monkeypatch.setenv("PYTHONPATH", str(ROOT))       # this checkout's kit in the kernel
    monkeypatch.setenv("KIT_PROGRESS", str(tmp_path / "kernel-progress.json"))
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    for cell, name in zip(nb.cells, made, strict=True):
        out = json.loads(cell.outputs[-1]["text"])
        puzzles = made[name]
        assert out["done"] == len(puzzles)
        expected = []
        for p in puzzles:
            expected += [["wrong", False, w.feedback] for w in p.wrong]
            expected.append(["hint", f"Hint 1 of {len(p.hints)}: {p.hints[0]}"])
            expected += [["right", True],
                         ["show", f"Solution: {puzzleset.shown_answer(name, p)}"]]
        assert out["steps"] == expected


def test_the_maker_refuses_what_the_engine_cannot_ask():
    editor = _editor("mattix")
    maker = editor.make_puzzle()
    maker.kind.value = "score"
    maker.move.value = "0,1"      # off the row player's line: not legal, so no score
    maker.propose()
    assert maker.draft is None and "not legal" in maker.message.value
    assert not maker.add() and not maker.puzzles.puzzles


def _saved(tmp_path) -> tuple[Path, dict]:
    path = build_set("mattix", tmp_path / "good.json")
    return path, json.loads(path.read_text())


@pytest.mark.parametrize("tamper, words", [
    (lambda d: d.update(version=2), "'version'"),
    (lambda d: d.update(format="other"), "'format'"),
    (lambda d: d.update(game="chess"), "'game'"),
    (lambda d: d["puzzles"][1].pop("move"), "puzzle 2 ('2'): field 'move' is missing"),
    (lambda d: d["puzzles"][0].update(kind="mate_in_2"), "puzzle 1 ('1'): field 'kind'"),
    (lambda d: d["puzzles"][0].update(hints="one"), "puzzle 1 ('1'): field 'hints'"),
    (lambda d: d["puzzles"][2].update(wrong=[{"answer": 1}]), "puzzle 3 ('3'): field 'wrong'"),
    (lambda d: d["puzzles"][0]["position"].update(board="x"), "puzzle 1 ('1'): field 'position'"),
    (lambda d: d["puzzles"][1].update(answer="99"), "puzzle 2 ('2'): field 'answer'"),
    (lambda d: d["puzzles"][0].update(answer="2,1"), "puzzle 1 ('1'): field 'answer'"),
    (lambda d: d["puzzles"][3].update(answer="1"), "puzzle 4 ('4'): field 'answer'"),
    (lambda d: d["puzzles"][1].update(name="1"), "field 'name' is used twice"),
])
def test_a_bad_or_tampered_file_is_refused_naming_puzzle_and_field(tmp_path, tamper, words):
    path, data = _saved(tmp_path)
    tamper(data)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(ValueError) as caught:
        puzzleset.load(bad)
    assert words in str(caught.value)


def test_a_file_that_is_not_json_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "kit-puzzle-set", ')
    with pytest.raises(ValueError, match="bad.json: not JSON"):
        puzzleset.load(bad)


def test_an_answer_the_engine_no_longer_gives_is_refused_when_the_position_changes(tmp_path):
    path, data = _saved(tmp_path)
    position = data["puzzles"][1]["position"]        # "how many points": change the tile
    move = data["puzzles"][1]["move"]
    r, c = (int(x) for x in move.split(","))
    position["board"][r][c] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match=r"puzzle 2 \('2'\): field 'answer'"):
        puzzleset.load(path)


@pytest.mark.parametrize("lang", ["es", "bg"])
@pytest.mark.parametrize("name", ["iota", "mattix", "smartrix"])
def test_a_set_made_in_spanish_or_bulgarian_is_shown_in_it(name, lang, tmp_path, speak):
    speak(lang)                                   # the teacher's kit speaks the language
    from kit.i18n import _
    path = build_set(name, tmp_path / "set.json")
    box = puzzleset.puzzle_set(path)
    made = box.puzzles.puzzles
    assert made[0].task == _("Find the best move.") != "Find the best move."
    for ex, p in zip(box.exercises, made, strict=True):
        ex.raise_errors = True
        assert [b.description for b in ex.buttons.values()] == [_("Check"), _("Hint"),
                                                                 _("Show me")]
        assert ex.buttons["check"].description != "Check"
        assert ex.text.description.startswith(_("Puzzle {number}.").format(number=p.name))
    legal = box.exercises[2]
    yes_no = [_("yes"), _("no")]
    assert all(word in made[2].task for word in yes_no)     # the words the task names ...
    verdict = legal.submit(_(made[2].answer))               # ... are the words it reads
    assert verdict is not None and verdict.correct
    assert _("Right! {why}").split("{")[0] in legal.message
    score = box.exercises[1]                      # the engine's own words, in the language
    verdict = score.submit(str(int(made[1].answer) + 7))
    assert verdict is not None and verdict.why == _("That is too many.") != "That is too many."
    first = box.exercises[0]
    first.buttons["show"].click()
    assert _("Solution: {solution}").split("{")[0] in first.message
    if name == "mattix":                          # who wins: the seats and draw in words
        who = box.exercises[3]
        assert _("draw") in made[3].task
        verdict = who.submit(puzzleset.shown_answer(name, made[3]))
        assert verdict is not None and verdict.correct
    board = _live_board(name)                     # a teacher's live board speaks it too
    assert [b.description for b in board.teacher_controls.values()] == [_("⏸ Pause"),
                                                                         _("Make a puzzle")]
    board.teacher_controls["pause"].click()
    assert board.teacher_controls["pause"].description == _("▶ Resume") != "▶ Resume"
    assert board.view.message.startswith(_("Paused. Make a puzzle from this position, or "
                                           "press ▶ Resume to play on.")[:5])


@pytest.mark.parametrize("name", ["iota", "mattix", "smartrix"])
def test_the_graded_set_command_makes_an_nbgrader_set_the_kit_checks(name, tmp_path):
    from kit.classroom import grading
    path = build_set(name, tmp_path / "friday.json")
    made = puzzleset.load(path).puzzles
    assert grading.main([str(tmp_path / "course"), "--set", str(path)]) == 0
    target = tmp_path / "course" / "source" / "friday" / "friday.ipynb"
    import nbformat
    nb = nbformat.read(target, as_version=4)
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    assert (tmp_path / "course" / "nbgrader_config.py").exists()
    assert len(code) == 1 + 2 * len(made)        # the setup, then answer and check per puzzle
    graded = [c for c in nb.cells if c.get("metadata", {}).get("nbgrader", {}).get("grade")]
    assert len(graded) == len(made)               # one point per puzzle
    scope: dict = {}
    exec(code[0], scope)
    for answer, check in zip(code[1::2], code[2::2], strict=True):
        exec(answer, scope)           # the solution nbgrader strips from the student's copy
        exec(check, scope)            # passes
    legal = made[2]                   # the "is it legal" puzzle, answered the other way
    scope["answer"] = "no" if legal.answer == "yes" else "yes"
    with pytest.raises(grading.WrongAnswer, match=re.escape(legal.wrong[0].feedback[:40])):
        exec(code[2 + 2 * 2], scope)
    grading.main([str(tmp_path / "course"), "--set", str(path), "--lang", "bg"])
    bg = nbformat.read(tmp_path / "course" / "source" / "friday_bg" / "friday_bg.ipynb", 4)
    assert "kit.set_language('bg')" in bg.cells[1].source
    assert "Задача" in bg.cells[2].source
    code = [c.source for c in bg.cells if c.cell_type == "code"]
    scope = {}
    for cell in code:                 # in Bulgarian, its own solutions pass its checks too
        exec(cell, scope)


@pytest.mark.parametrize("name", ["iota", "mattix", "smartrix"])
def test_the_handout_command_writes_student_and_teacher_copies(name, tmp_path):
    from kit.classroom import handouts
    path = build_set(name, tmp_path / "friday.json")
    made = puzzleset.load(path).puzzles
    assert handouts.main([str(tmp_path / "out"), "--set", str(path), "--no-pdf"]) == 0
    student = (tmp_path / "out" / "student" / "friday.html").read_text()
    teacher = (tmp_path / "out" / "teacher" / "friday.html").read_text()
    for copy in (student, teacher):               # every task, with its picture
        assert all(html.escape(p.task, quote=False) in copy for p in made)
        assert copy.count("<img") + copy.count("<svg") >= len(made)
    assert "Answer:" in teacher and "Answer:" not in student
    assert all(f"<code>{puzzleset.shown_answer(name, p)}</code>" in teacher for p in made)
    feedback = [html.escape(w.feedback, quote=False) for p in made for w in p.wrong]
    assert feedback and all(f in teacher for f in feedback)
    assert "My own first hint." in teacher and "My own first hint." not in student
    assert not any(f in student for f in feedback)


@pytest.mark.parametrize("name", ["iota", "mattix", "smartrix"])
def test_sharing_a_set_writes_a_lesson_the_hub_link_opens(name, tmp_path):
    import nbformat
    from urllib.parse import parse_qs, urlparse
    root = tmp_path / "class"
    root.mkdir()
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    path = build_set(name, tmp_path / "friday.json")
    link = puzzleset.share(path, root=root, lang="es")
    query = parse_qs(urlparse(link).query)
    assert query["urlpath"] == ["lab/tree/kit-lessons/notebooks/puzzles/friday_es.ipynb"]
    nb = nbformat.read(root / "notebooks" / "puzzles" / "friday_es.ipynb", 4)
    assert "kit.set_language('es')" in nb.cells[0].source
    assert "kit.lessons.puzzle_set('friday.json')" in nb.cells[0].source
    tracked = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True,
                             text=True, check=True).stdout.split()
    assert tracked == ["notebooks/puzzles/friday.json", "notebooks/puzzles/friday_es.ipynb"]
    bad = tmp_path / "bad.json"
    bad.write_text(path.read_text().replace('"version": 1', '"version": 7'))
    with pytest.raises(ValueError, match="version"):
        puzzleset.share(bad, root=root)


def test_the_check_command_names_the_bad_puzzle(tmp_path):
    path, data = _saved(tmp_path)
    data["puzzles"][2]["answer"] = "no" if data["puzzles"][2]["answer"] == "yes" else "yes"
    path.write_text(json.dumps(data))
    out = subprocess.run([sys.executable, "-m", "kit.lessons.puzzleset", "check", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 1
    assert "puzzle 3 ('3'): field 'answer'" in out.stderr


def test_only_a_mattix_position_is_given_the_solvers_margins():
    iota = games.get("iota").load_game().new(seed=1)
    assert not puzzleset._solver_fits(iota)
    with pytest.raises(TypeError, match="only a Mattix game"):
        puzzleset._margins(iota)
