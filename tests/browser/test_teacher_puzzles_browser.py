"""A teacher's puzzle sets in a real JupyterLab (issue 34). Each game's set is made in
its Editor (by the plain-Python clicks of tests/lessons/test_teacher_puzzles.py), saved,
loaded in the Lab's fresh kernel from a one-cell notebook and walked: a wrong try told
what is wrong, hints, the right answer and Show me, each by the mouse and by the keys.
And the two ways into Make a puzzle: the Editor's button, and a paused live board's."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from servers import ROOT, free_port, lab_command, running, write_notebook

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lessons"))
from test_teacher_puzzles import build_set

WAIT = 90_000  # ms: a cold kernel on a busy 2-core machine
GAMES = ["iota", "mattix", "smartrix"]
SETS: dict = {}      # the sets the fixture made: what the page must say is read from them
LIVE: dict = {}      # the live board's best move, as the engine gives it
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
MATTIX = ("from kit import mattix\nfrom kit.lessons.mattix import load_puzzles\n"
          "game = mattix.Game.from_dict(load_puzzles()[0].position)\n")
LIVE_BOARD = "mattix.Board(game, seats=['human', 'greedy'], delay=0, teacher=True)"


@pytest.fixture(scope="module")
def puzzle_lab(chromium_path, tmp_path_factory):
    from kit.lessons import puzzleset
    site = tmp_path_factory.mktemp("puzzles") / "site"
    site.mkdir(parents=True, exist_ok=True)
    for name in GAMES:
        build_set(name, site / f"{name}.json")
        SETS[name] = puzzleset.load(site / f"{name}.json")
        write_notebook(site / f"play_{name}.ipynb",
                       f"import kit.lessons\nkit.lessons.puzzle_set('{name}.json')")
    write_notebook(site / "make.ipynb", MATTIX + "ed = mattix.Editor(game)\ned")
    write_notebook(site / "live.ipynb", MATTIX + f"board = {LIVE_BOARD}\nboard")
    scope: dict = {}
    exec(MATTIX + f"board = {LIVE_BOARD}", scope)       # the same board, here
    LIVE["answer"] = puzzleset.engine_answer("mattix", "best_move",
                                             scope["board"].game.to_dict())
    tmp, port = tmp_path_factory.mktemp("puzzles-lab"), free_port()
    url = f"http://127.0.0.1:{port}"
    # PYTHONPATH: the kernel imports this checkout's kit, not the one the venv names.
    with running(lab_command(sys.executable, port, tmp), site, url + "/lab",
                 env={"JUPYTER_DATA_DIR": str(tmp / "data"), "PYTHONPATH": str(ROOT),
                      "KIT_PROGRESS": str(tmp / "progress.json")}, log=tmp / "lab.log"):
        yield url


def _run(page, url: str, notebook: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{url}/lab/workspaces/{notebook[:-6]}/tree/{notebook}")
    expect(page.get_by_text(re.compile(r"\| Idle"))).to_be_visible(timeout=WAIT)
    page.get_by_role("menuitem", name=re.compile(r"^Run$")).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells$")).click()


def _words(text: str) -> str:
    """The start of a feedback's first line: what the page shows of it, unfolded."""
    return text.splitlines()[0][:40]


@pytest.mark.parametrize("name", GAMES)
def test_a_teacher_set_is_walked_wrong_hint_right_show_me(puzzle_lab, page, name):
    _run(page, puzzle_lab, f"play_{name}.ipynb")
    made = SETS[name].puzzles
    exercises = page.locator(".kit-exercise")
    expect(exercises).to_have_count(len(made), timeout=WAIT)
    progress = page.locator(".kit-progress").first
    # "How many points": all by the keyboard but the hint
    score, p = exercises.nth(1), made[1]
    box = score.locator(".kit-answer input")
    box.fill(p.wrong[0].answer)
    box.press("Enter")
    expect(score.locator(".kit-feedback")).to_contain_text(_words(p.wrong[0].feedback),
                                                           timeout=WAIT)
    score.get_by_role("button", name="Hint").click()                    # by the mouse
    expect(score.locator(".kit-hint")).to_contain_text(p.hints[0], timeout=WAIT)
    box.fill(p.answer)
    box.press("Enter")
    expect(score.locator(".kit-feedback")).to_contain_text("Right!", timeout=WAIT)
    expect(progress).to_contain_text(f"1 of {len(made)}", timeout=WAIT)
    # "Is it legal": all by the mouse but the hint
    legal, p = exercises.nth(2), made[2]
    box = legal.locator(".kit-answer input")
    box.fill(p.wrong[0].answer)
    legal.get_by_role("button", name="Check").click()
    expect(legal.locator(".kit-feedback")).to_contain_text(_words(p.wrong[0].feedback),
                                                           timeout=WAIT)
    legal.get_by_role("button", name="Hint").focus()
    page.keyboard.press("Enter")                                        # by the keys
    expect(legal.locator(".kit-hint")).to_contain_text(p.hints[0], timeout=WAIT)
    box.fill(p.answer)
    legal.get_by_role("button", name="Check").click()
    expect(legal.locator(".kit-feedback")).to_contain_text("Right!", timeout=WAIT)
    expect(progress).to_contain_text(f"2 of {len(made)}", timeout=WAIT)
    # Show me: by the keys on "the best move", by the mouse on "how many points"
    best = exercises.nth(0)
    best.get_by_role("button", name="Show me").focus()
    page.keyboard.press("Enter")
    expect(best.locator(".kit-feedback")).to_contain_text(f"Solution: {made[0].answer}",
                                                          timeout=WAIT)
    score.get_by_role("button", name="Show me").click()
    expect(score.locator(".kit-feedback")).to_contain_text(f"Solution: {made[1].answer}",
                                                           timeout=WAIT)
    best.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / ("teacher-puzzles-play.png" if name == "mattix"
                                      else f"teacher-puzzles-play-{name}.png")))


def test_the_editor_opens_make_a_puzzle(puzzle_lab, page):
    _run(page, puzzle_lab, "make.ipynb")
    page.get_by_role("button", name="Make a puzzle").click(timeout=WAIT)
    panel = page.locator(".kit-puzzle-maker")
    expect(panel).to_be_visible(timeout=WAIT)
    panel.get_by_role("button", name="Ask the engine").click()
    expect(panel).to_contain_text(f"The engine's answer: {SETS['mattix'].puzzles[0].answer}",
                                  timeout=WAIT)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "teacher-puzzles-make.png"), full_page=True)


def test_a_paused_live_board_makes_a_puzzle(puzzle_lab, page):
    _run(page, puzzle_lab, "live.ipynb")
    page.get_by_role("button", name="Pause").click(timeout=WAIT)
    expect(page.get_by_role("button", name="Resume")).to_be_visible(timeout=WAIT)
    expect(page.locator(".kit-game-board")).to_contain_text("Paused.", timeout=WAIT)
    page.get_by_role("button", name="Make a puzzle").click()
    panel = page.locator(".kit-puzzle-maker")
    expect(panel).to_be_visible(timeout=WAIT)
    panel.get_by_role("button", name="Ask the engine").click()
    expect(panel).to_contain_text(f"The engine's answer: {LIVE['answer']}", timeout=WAIT)
    panel.get_by_text("The engine's answer").scroll_into_view_if_needed()   # for the guide
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "teacher-puzzles-live.png"))
