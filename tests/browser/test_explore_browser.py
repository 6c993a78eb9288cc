"""The explorer in a real JupyterLab: an edit by click shows; a clicked analysis row draws.

Mattix's editor and its board with the analysis panel, each from a one-cell
notebook in a temporary folder. What the page must say is worked out on the
same widgets built here (same position, same clicks), not written by hand.
"""

from __future__ import annotations

import re
import sys

import pytest
from playwright.sync_api import expect

from canvas_page import checksum, click_canvas_point, open_and_run, wait_for_checksum
from servers import free_port, lab_command, running, write_notebook

WAIT = 60_000  # ms: a cold kernel on a busy 2-core machine
NOTEBOOKS = {
    "editor": "from kit import mattix\nmattix.Editor(mattix.Game.new(size=4, seed=3, level=2))",
    "analysis": ("from kit import mattix\n"
                 "mattix.Board(size=4, seed=2, seats=['human', 'human'], analysis=True)"),
}


@pytest.fixture(scope="module")
def explore_lab(chromium_path, tmp_path_factory):
    site = tmp_path_factory.mktemp("explore") / "site"
    for name, source in NOTEBOOKS.items():
        write_notebook(site / f"{name}.ipynb", source)
    tmp, port = tmp_path_factory.mktemp("explore-lab"), free_port()
    url = f"http://127.0.0.1:{port}"
    with running(lab_command(sys.executable, port, tmp), site, url + "/lab",
                 env={"JUPYTER_DATA_DIR": str(tmp / "data")}, log=tmp / "lab.log"):
        yield url


def test_an_edit_by_click_shows_on_the_board_and_in_the_json(explore_lab, page):
    from kit import mattix

    editor = mattix.Editor(mattix.Game.new(size=4, seed=3, level=2))
    cell = next((r, c) for r in range(4) for c in range(4) if (r, c) != editor.game.star)
    canvas = open_and_run(page, explore_lab, "editor.ipynb", WAIT)
    before = checksum(canvas)
    click_canvas_point(canvas, *editor.xy(cell))
    expect(page.get_by_text(f"Cell {cell[0]},{cell[1]} picked")).to_be_visible(timeout=WAIT)
    picked = wait_for_checksum(canvas, lambda v: v != before)       # the purple ring
    page.get_by_placeholder("e.g. 7 or -3").fill("-9")
    page.get_by_role("button", name="Set tile").click()
    expect(page.get_by_text(f"Done: tile -9 at {cell[0]},{cell[1]}.").first).to_be_visible(
        timeout=WAIT)
    wait_for_checksum(canvas, lambda v: v != picked)
    assert editor.set_tile(cell, -9)
    row = editor.to_json().splitlines()[3 + cell[0]].strip().rstrip(",")
    expect(page.locator("textarea")).to_have_value(re.compile(re.escape(row)))


def test_a_clicked_analysis_row_draws_its_line_on_the_board(explore_lab, page):
    from kit import mattix
    from kit.mattix.analysis import analysis

    game = mattix.Board(size=4, seed=2, seats=["human", "human"]).game
    rows = analysis(game)
    move, value = rows[0]
    canvas = open_and_run(page, explore_lab, "analysis.ipynb", WAIT)
    page.get_by_role("button", name="Analyse").click()
    first = page.get_by_role("button", name=f"1. {value:+d}   {move}")
    expect(first).to_be_visible(timeout=WAIT)
    before = checksum(canvas)
    first.click()
    line = " → ".join(map(str, rows.lines[move]))
    expect(page.get_by_text(f"Showing, not played: {line}")).to_be_visible(timeout=WAIT)
    shown = wait_for_checksum(canvas, lambda v: v != before)        # the numbered takes
    first.click()                                                    # again: cleared
    wait_for_checksum(canvas, lambda v: v == before)
    assert shown != before
