"""make hub in a real browser: a student follows the lesson link to a board that answers;
the teacher watches the class live on /services/class/, which a student cannot open.

Uses pytest-playwright's page (the system Chromium, see conftest.py) rather
than a Playwright of its own: the browser pass already runs one.
"""

import os
import re
import time

import pytest
from playwright.sync_api import expect

from canvas_page import click_scene_point, wait_until_drawn
from hub_fixtures import (LESSON, PASSWORD, RIGHT, TEACHER, TEACHER_PASSWORD, WRONG, do,
                          lesson_kernel)
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
    # .first: the board's live region (kit.ui.access) holds the same words as its status
    expect(page.get_by_text("You chose row 2, column 3").first).to_be_visible(timeout=60_000)
    assert (class_hub.home("eve") / hub.TARGET / LESSON).is_file()


def test_the_teacher_watches_the_class_live_in_chromium(class_hub, page):
    """The teacher logs in, opens /services/class/ (the hub's OAuth in between); three
    students' tries show on the page within 5 s each, with the right state; projector
    mode shows no name. KIT_SCREENSHOTS=<folder> keeps both pages at 1366 x 768."""
    url = class_hub.url
    page.set_viewport_size({"width": 1366, "height": 768})
    # The class page is on its own host: the hub's log-in keeps only the path of a
    # next= there, so log in first, then open it.
    page.goto(f"{url}/hub/login?next=%2Fhub%2Fhome")
    page.fill("#username_input", TEACHER)
    page.fill("#password_input", TEACHER_PASSWORD)
    page.click("#login_submit")
    page.wait_for_url(re.compile(r"/hub/home"), timeout=60_000)
    page.goto(class_hub.teacher_page)
    page.wait_for_url(re.compile(r"/services/class/$"), timeout=60_000)
    expect(page.locator("#status")).to_contain_text("updated", timeout=10_000)

    kernels = {name: lesson_kernel(class_hub, name)[1] for name in ("gil", "hope", "ivan")}

    def shows(name: str, exercise: str, state: str, text: str) -> float:
        cell = page.locator(f'td[data-student="{name}"][data-exercise="{exercise}"]')
        t0 = time.monotonic()
        expect(cell).to_contain_text(text, timeout=5_000)
        expect(cell).to_have_attribute("data-state", state, timeout=max(1, 5_000 - 1000 * (time.monotonic() - t0)))
        return time.monotonic() - t0

    took = []
    do(kernels["gil"], f"ex[1].submit({WRONG[1]!r})")
    page.get_by_role("tab", name="iota/Meet IOTA").click(timeout=5_000)
    took.append(shows("gil", "line 1", "trying", "✘ 1"))
    do(kernels["gil"], "ex[1].hint()")
    took.append(shows("gil", "line 1", "trying", "hint 1"))
    do(kernels["hope"], f"ex[1].submit({RIGHT[1]!r})")
    took.append(shows("hope", "line 1", "done", "✔"))
    do(kernels["ivan"], "ex[2].show()")
    do(kernels["ivan"], f"ex[2].submit({RIGHT[2]!r})")
    took.append(shows("ivan", "line 2", "done after show", "S"))
    for _ in range(3):
        do(kernels["gil"], f"ex[2].submit({WRONG[2]!r})")
    took.append(shows("gil", "line 2", "trying", "✘ 3"))
    expect(page.locator("#stuck")).to_contain_text("gil", timeout=5_000)
    print(f"the page showed each try within {max(took):.1f} s")
    shots = os.environ.get("KIT_SCREENSHOTS")
    if shots:
        page.screenshot(path=f"{shots}/class-teacher.png")

    page.get_by_role("link", name=re.compile("Projector mode")).click()
    expect(page.locator("#stats")).to_contain_text("line 1", timeout=10_000)
    body = page.locator("body").inner_text()
    assert not [n for n in ("gil", "hope", "ivan") if n in body]
    if shots:
        page.screenshot(path=f"{shots}/class-projector.png")


def test_a_student_is_turned_away_from_the_teachers_page_in_chromium(class_hub, page):
    page.goto(f"{class_hub.url}/hub/login?next=%2Fhub%2Fhome")
    page.fill("#username_input", "jon")
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit")
    page.wait_for_url(re.compile(r"/hub/home"), timeout=60_000)
    page.goto(class_hub.teacher_page)
    page.wait_for_load_state()
    expect(page.get_by_text("403")).to_be_visible(timeout=60_000)
    assert page.locator("#stuck-section").count() == 0
