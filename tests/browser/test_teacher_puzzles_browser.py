"""A teacher's puzzle set in a real JupyterLab (issue 34): made in the Editor (by the
plain-Python clicks of tests/lessons/test_teacher_puzzles.py), played from a one-cell
notebook: a wrong try told what is wrong, a hint, the right answer by the keyboard
(Enter), Show me; and the Editor's Make a puzzle panel opened by a click."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from servers import free_port, lab_command, running, write_notebook

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lessons"))
from test_teacher_puzzles import build_set

WAIT = 90_000  # ms: a cold kernel on a busy 2-core machine
SET = None     # the set the fixture made: what the page must say is read from it
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


@pytest.fixture(scope="module")
def puzzle_lab(chromium_path, tmp_path_factory):
    site = tmp_path_factory.mktemp("puzzles") / "site"
    site.mkdir(parents=True, exist_ok=True)
    build_set("mattix", site / "friday.json")
    global SET
    from kit.lessons import puzzleset
    SET = puzzleset.load(site / "friday.json")
    write_notebook(site / "play.ipynb", "import kit.lessons\nkit.lessons.puzzle_set('friday.json')")
    write_notebook(site / "make.ipynb",
                   "from kit import mattix\nfrom kit.lessons.mattix import load_puzzles\n"
                   "ed = mattix.Editor(mattix.Game.from_dict(load_puzzles()[0].position))\ned")
    tmp, port = tmp_path_factory.mktemp("puzzles-lab"), free_port()
    url = f"http://127.0.0.1:{port}"
    with running(lab_command(sys.executable, port, tmp), site, url + "/lab",
                 env={"JUPYTER_DATA_DIR": str(tmp / "data"),
                      "KIT_PROGRESS": str(tmp / "progress.json")}, log=tmp / "lab.log"):
        yield url


def _run(page, url: str, notebook: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{url}/lab/workspaces/{notebook[:-6]}/tree/{notebook}")
    expect(page.get_by_text(re.compile(r"\| Idle"))).to_be_visible(timeout=WAIT)
    page.get_by_role("menuitem", name=re.compile(r"^Run$")).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells$")).click()


def test_a_teacher_set_is_walked_wrong_hint_right_show_me(puzzle_lab, page):
    _run(page, puzzle_lab, "play.ipynb")
    exercises = page.locator(".kit-exercise")
    expect(exercises).to_have_count(4, timeout=WAIT)
    score = exercises.nth(1)                    # "how many points": typed answers
    box = score.locator(".kit-answer input")
    assert SET is not None
    truth = int(SET.puzzles[1].answer)
    box.fill(str(truth + 1))
    box.press("Enter")                          # by the keyboard
    expect(score.locator(".kit-feedback")).to_contain_text("That is too many.", timeout=WAIT)
    score.get_by_role("button", name="Hint").click()    # by the mouse
    expect(score.locator(".kit-hint")).to_contain_text("Count what the move makes",
                                                       timeout=WAIT)
    box.fill(str(truth))
    box.press("Enter")
    expect(score.locator(".kit-feedback")).to_contain_text("Right!", timeout=WAIT)
    expect(page.locator(".kit-progress").first).to_contain_text("1 of 4", timeout=WAIT)
    best = exercises.nth(0)
    best.get_by_role("button", name="Show me").focus()
    page.keyboard.press("Enter")
    expect(best.locator(".kit-feedback")).to_contain_text(f"Solution: {SET.puzzles[0].answer}",
                                                             timeout=WAIT)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "teacher-puzzles-play.png"))


def test_the_editor_opens_make_a_puzzle(puzzle_lab, page):
    _run(page, puzzle_lab, "make.ipynb")
    page.get_by_role("button", name="Make a puzzle").click(timeout=WAIT)
    panel = page.locator(".kit-puzzle-maker")
    expect(panel).to_be_visible(timeout=WAIT)
    panel.get_by_role("button", name="Ask the engine").click()
    assert SET is not None
    expect(panel).to_contain_text(f"The engine's answer: {SET.puzzles[0].answer}", timeout=WAIT)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "teacher-puzzles-make.png"), full_page=True)
