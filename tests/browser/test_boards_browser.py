"""Each game's live board in a real browser, in JupyterLab and in Voila.

For every game: the board draws; a click the engine refuses shows its rule
in the status line; a legal click changes the picture, lands in the move
list, and the computer's reply (an asyncio task in the kernel) arrives and
is named; a hint is shown; a reload redraws the board.

What the page should say is not written here by hand: the test builds the
same board (same seed, same seats) in this process and gives it the same
clicks (board_plans.py, which also works out what to click). Without an event loop its computer seats answer at
once, with the same moves, so its status line is what the page must show.

Each game runs from a one-cell notebook written into a temporary folder, so
the lessons can change without touching these tests. One Lab server and one
Voila server serve every game of the module.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from kit import games
from playwright.sync_api import expect

from board_plans import AFTER_REFUSAL, ILLEGAL, LEGAL, build_offline, do, offline, point
from canvas_page import (checksum, click_canvas_point, open_and_run, wait_for_checksum,
                         wait_until_drawn)
from servers import free_port, lab_command, running, write_notebook

# game -> the expression the notebook cell shows (after `from kit import <game>`): every
# registered game (its click plans are in board_plans.py or named by its registration;
# tests/test_board_plans.py fails for a game without any), against its default computer.
BOARDS = {s.name: f'{s.name}.Board(seats=["human", "{s.opponent}"], delay=0, seed=3)'
          for s in games.all() if s.name in LEGAL}
WAIT = 60_000  # ms: a cold kernel on a busy 2-core machine
# Smartrix 1's first game: a children's table of 13 x 13 cells with its ring.
BIG_TABLE = ("from kit.lessons.smartrix import short_game\nfrom kit import smartrix\n"
             "smartrix.Board(short_game(0), seats=['human', 'random'], delay=0)")
SCROLLED = "mattix"  # the game of the partly-scrolled-out board test


def notebook_source(game: str) -> str:
    return f"from kit import {game}\n{BOARDS[game]}"


def local_board(game: str):
    """The notebook's board, built here: it predicts what the page shows."""
    return build_offline(BOARDS[game], game)


# ----- driving the page and the local board together ---------------------

def status(page, text: str):
    return page.get_by_text(text, exact=False).first


def act(page, canvas, board, action) -> str:
    """Do ``action`` in the page and on the local board; return the expected status."""
    kind, what = action
    if kind == "button":
        page.get_by_role("button", name=board.controls[what].description).click()
    else:
        click_canvas_point(canvas, *point(board, action))
    offline(do, board, action)
    return board.view.message


def act_all(page, canvas, board, actions) -> str:
    """Do each action, waiting for the page to say what the local board says."""
    said = board.view.message
    for action in actions:
        said = act(page, canvas, board, action)
        expect(status(page, said)).to_be_visible(timeout=WAIT)
    return said


def play_through(page, canvas, game: str) -> int:
    """The checks every frontend shares; returns the final picture's checksum."""
    board = local_board(game)
    drawn_at_start = checksum(canvas)
    expect(status(page, board.view.message)).to_be_visible(timeout=WAIT)

    actions, rule = ILLEGAL[game](board)
    before = board.game.to_dict()
    said = act_all(page, canvas, board, actions)
    more = board.view.more       # a long rule folds under "Why?" (a short verdict above it)
    assert board.game.to_dict() == before and rule.lower() in (said + more).lower(), said
    if more:
        page.get_by_text("Why?", exact=True).first.click()
        expect(page.get_by_text(re.compile(re.escape(rule[:60]), re.IGNORECASE)).first
               ).to_be_visible(timeout=WAIT)
    refused = wait_for_checksum(canvas, lambda v: v != drawn_at_start)  # the marks

    actions, move_text = LEGAL[game](board)
    act_all(page, canvas, board, AFTER_REFUSAL.get(game, []) + actions[:-1])
    said = act(page, canvas, board, actions[-1])
    reply = board.game.history[-1]
    assert board.seats[board.game.to_move] == "human" and str(reply) in said, said
    # The computer's reply ran as a task in the kernel and was announced.
    expect(status(page, said)).to_be_visible(timeout=WAIT)
    expect(page.get_by_text(move_text, exact=True).first).to_be_visible()
    moved = wait_for_checksum(canvas, lambda v: v != refused)

    said = act(page, canvas, board, ("button", "hint"))
    assert said.startswith("Hint:"), said
    expect(status(page, said)).to_be_visible(timeout=WAIT)
    return wait_for_checksum(canvas, lambda v: v != moved)


# ----- servers -------------------------------------------------------------

@pytest.fixture(scope="module")
def board_site(tmp_path_factory):
    """A folder with one notebook per game."""
    site = tmp_path_factory.mktemp("boards") / "site"
    for game in BOARDS:
        write_notebook(site / f"{game}_board.ipynb", notebook_source(game))
    write_notebook(site / "scrolled_board.ipynb", notebook_source(SCROLLED))
    write_notebook(site / "big_table.ipynb", BIG_TABLE)
    return site


@pytest.fixture(scope="module")
def boards_lab(chromium_path, board_site, tmp_path_factory):
    tmp, port = tmp_path_factory.mktemp("boards-lab"), free_port()
    url = f"http://127.0.0.1:{port}"
    with running(lab_command(sys.executable, port, tmp), board_site, url + "/lab",
                 env={"JUPYTER_DATA_DIR": str(tmp / "data")}, log=tmp / "lab.log"):
        yield url


@pytest.fixture(scope="module")
def boards_voila(chromium_path, board_site, tmp_path_factory):
    """Voila serving the folder: each notebook at /voila/render/<name>."""
    tmp, port = tmp_path_factory.mktemp("boards-voila"), free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "voila", str(board_site), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--show_tracebacks=True"]
    with running(cmd, board_site, url, log=tmp / "voila.log"):
        yield url


def save_and_reload(page) -> None:
    # Save first: the reloaded page shows the saved outputs, which name the live board.
    page.get_by_role("menuitem", name="File", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Save Notebook(?! As)")).click()
    expect(page.locator(".jp-mod-dirty")).to_have_count(0, timeout=WAIT)
    page.reload()


# ----- the tests -------------------------------------------------------------

@pytest.mark.parametrize("game", BOARDS)
def test_board_plays_in_jupyterlab(boards_lab, page, game):
    canvas = open_and_run(page, boards_lab, f"{game}_board.ipynb", WAIT)
    assert wait_until_drawn(canvas) > 1000
    last = play_through(page, canvas, game)

    # A reloaded tab rebuilds the board from the live kernel: the same picture.
    save_and_reload(page)
    canvas = page.locator(".jp-OutputArea-output canvas").first
    expect(canvas).to_be_visible(timeout=WAIT)
    wait_for_checksum(canvas, lambda v: v == last)


@pytest.mark.parametrize("game", BOARDS)
def test_board_plays_in_voila(boards_voila, page, game):
    page.goto(f"{boards_voila}/voila/render/{game}_board.ipynb")
    canvas = page.locator("canvas").first
    expect(canvas).to_be_visible(timeout=WAIT)
    # Voila runs the notebook before the page connects: the client-ready
    # redraw in kit.ui.board is what puts these pixels there.
    assert wait_until_drawn(canvas) > 1000
    start = checksum(canvas)
    play_through(page, canvas, game)

    # A reload runs the notebook again in a new kernel: the same first picture.
    page.reload()
    canvas = page.locator("canvas").first
    expect(canvas).to_be_visible(timeout=WAIT)
    wait_for_checksum(canvas, lambda v: v == start)


def test_a_click_on_a_board_partly_out_of_view_lands_where_it_was_made(boards_lab, page):
    """ipycanvas focuses the canvas on a press before it reads the canvas'
    place; unless kit.ui.board stops that focus from scrolling, the notebook
    scrolls first and the click lands on the tile below."""
    page.set_viewport_size({"width": 1366, "height": 520})
    canvas = open_and_run(page, boards_lab, "scrolled_board.ipynb", WAIT)
    board = local_board(SCROLLED)
    box = canvas.bounding_box()
    assert box["y"] + box["height"] > 520, "the board must reach below the window"
    width, height = canvas.evaluate("el => [el.width, el.height]")
    r, c = board.game.star
    cell = ((r - 1) % board.game.size, c)   # a tile above the star, out of the row
    x, y = board.xy(cell)
    x, y = box["x"] + x * box["width"] / width, box["y"] + y * box["height"] / height
    assert y < 480, "the tile must be in view"
    page.mouse.click(x, y)   # not locator.click(): that would scroll the board into view
    offline(do, board, ("cell", cell))
    assert f"({cell[0]},{cell[1]}) is in row {cell[0]}" in board.view.message
    expect(status(page, board.view.message)).to_be_visible(timeout=WAIT)



def big_table_board():
    from kit.lessons.smartrix import short_game
    from kit.smartrix import Board
    return Board(short_game(0), seats=["human", "random"], delay=0)


def click_twin(board, x, y):
    from kit.testing.events import click
    click(board.canvas, x, y)


def test_a_big_smartrix_table_reads_at_1366_x_768_and_its_edges_scroll(boards_lab, page):
    """Its cards were about 22 px wide on screen (the picture beside the panel was
    scaled to 62 %): now the picture is never scaled in Lab's output with the file
    browser open, the cards are at least 40 px on screen, and a shaded edge scrolls."""
    from kit.smartrix.layout import pans
    page.set_viewport_size({"width": 1366, "height": 768})
    canvas = open_and_run(page, boards_lab, "big_table.ipynb", WAIT)
    board = offline(big_table_board)
    box = canvas.bounding_box()
    scale = box["width"] / (canvas.evaluate("el => el.width") / board.view.pixel_ratio)
    assert scale > 0.99, scale                                   # drawn at full size
    assert (board._layout().cell - 10) * scale >= 40             # a table card, on screen
    before = checksum(canvas)
    direction = next(iter(pans(board._layout())))
    x, y = board.pan_point(direction)
    click_canvas_point(canvas, x * board.view.pixel_ratio, y * board.view.pixel_ratio)
    offline(click_twin, board, x * board.view.pixel_ratio, y * board.view.pixel_ratio)
    assert board.view.message == f"Scrolled the table {direction}."
    expect(status(page, board.view.message)).to_be_visible(timeout=WAIT)
    wait_for_checksum(canvas, lambda v: v != before)
    folder = os.environ.get("KIT_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / "smartrix_big_table.png"))
