"""make hub in a real browser: a student follows the lesson link to a board that answers.

Uses pytest-playwright's page (the system Chromium, see conftest.py) rather
than a Playwright of its own: the browser pass already runs one.
"""

import re

import pytest
from playwright.sync_api import expect

from canvas_page import click_scene_point, wait_until_drawn
from hub_fixtures import LESSON, PASSWORD
from kit.classroom import hub
from kit.lessons.welcome import CELL, MARGIN

pytestmark = pytest.mark.hub


def test_a_student_follows_the_link_in_chromium_and_the_board_answers(class_hub, page):
    """The page path: log-in form, spawn page, nbgitpuller's page, Lab, Run All, a click."""
    url = class_hub.url
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(hub.lesson_link(LESSON, url))
    page.fill("#username_input", "eve")
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit")
    page.wait_for_url(re.compile(r"/user/eve/lab/tree/kit-lessons/"), timeout=300_000)
    expect(page.get_by_text(re.compile(r"\| Idle"))).to_be_visible(timeout=120_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    canvas = page.locator(".jp-OutputArea-output canvas").first
    expect(canvas).to_be_visible(timeout=120_000)
    assert wait_until_drawn(canvas) > 1000
    click_scene_point(canvas, MARGIN + 3 * CELL + CELL / 2, MARGIN + 2 * CELL + CELL / 2)
    expect(page.get_by_text("You clicked row 2, column 3")).to_be_visible(timeout=60_000)
    assert (class_hub.home("eve") / hub.TARGET / LESSON).is_file()
