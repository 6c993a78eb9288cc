"""The welcome notebook in a real browser: the board draws and answers a click,
and the same by keys alone (Tab to it, arrows, Enter; its Move box; Tab on).

Only a browser shows these: that the widget and canvas extensions load, that
pixels reach the screen, and that a click travels to the kernel and back.
"""

import re

from playwright.sync_api import expect

from canvas_page import click_scene_point, wait_until_drawn
from kit.lessons.welcome import CELL, MARGIN

ROW, COL = 2, 3
CENTRE = (MARGIN + COL * CELL + CELL / 2, MARGIN + ROW * CELL + CELL / 2)
ANSWER = f"You chose row {ROW}, column {COL}"


def test_lab_runs_welcome_and_board_answers_a_click(lab_server, page):
    page.goto(f"{lab_server}/lab/tree/notebooks/00_welcome.ipynb")
    expect(page.get_by_text(re.compile(r"\| Idle"))).to_be_visible(timeout=90_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    canvas = page.locator(".jp-OutputArea-output canvas").first
    expect(canvas).to_be_visible(timeout=90_000)
    assert wait_until_drawn(canvas) > 1000
    # .first: the status line; the live region (kit.ui.access) holds the same words for screen readers
    expect(page.get_by_text("Click or tap any square on the board, or move with the arrow keys "
                            "and press Enter.").first).to_be_visible()
    click_scene_point(canvas, *CENTRE)
    expect(page.get_by_text(ANSWER).first).to_be_visible(timeout=30_000)
    # A reloaded tab keeps the kernel and rebuilds the board from it; the
    # board must redraw, not stay blank. (Save first: the reloaded page shows
    # the saved outputs, which must name the live board.)
    page.get_by_role("menuitem", name="File", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Save Notebook(?! As)")).click()
    expect(page.locator(".jp-mod-dirty")).to_have_count(0, timeout=30_000)
    page.reload()
    canvas = page.locator(".jp-OutputArea-output canvas").first
    expect(canvas).to_be_visible(timeout=90_000)
    assert wait_until_drawn(canvas) > 1000


def test_voila_app_draws_the_board_and_answers_a_click(voila_server, page):
    page.goto(voila_server)
    canvas = page.locator("canvas").first
    expect(canvas).to_be_visible(timeout=90_000)
    # Voila executes before the page connects: without the client-ready
    # redraw in kit.ui.board the canvas would stay blank here.
    assert wait_until_drawn(canvas) > 1000
    click_scene_point(canvas, *CENTRE)
    expect(page.get_by_text(ANSWER).first).to_be_visible(timeout=30_000)


def test_voila_welcome_board_by_keys_alone(voila_server, page):
    """Issue 29: the first board a student meets, with no mouse: Tab reaches it,
    the arrows move its cursor, Enter chooses, the Move box takes "row,column",
    and Tab leaves it (no trap). No click and no script moves the focus."""
    from keys_play import tab_to
    page.goto(voila_server)
    canvas = page.locator("canvas.kit-board-canvas").first
    expect(canvas).to_be_visible(timeout=90_000)
    assert wait_until_drawn(canvas) > 1000
    tab_to(page, canvas)
    for key in ("ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight", "ArrowRight"):
        page.keyboard.press(key)
    expect(page.get_by_text("Row 2, column 3: press Enter to choose it.").first).to_be_visible(
        timeout=30_000)
    page.keyboard.press("Enter")
    expect(page.get_by_text(ANSWER).first).to_be_visible(timeout=30_000)
    box = page.get_by_role("textbox", name="Move").first
    tab_to(page, box)                      # the board lets Tab go on, to its Move box
    page.keyboard.type("4,0")
    page.keyboard.press("Enter")
    expect(page.get_by_text("You chose row 4, column 0").first).to_be_visible(timeout=30_000)
