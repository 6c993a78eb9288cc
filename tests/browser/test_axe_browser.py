"""axe-core over the kit's pages (issue 29): no WCAG 2.1 A/AA violation it can find.

axe-core (the npm package, installed into build/axe by npm the first time, as
the hub's proxy is) is injected into the page and run with the tags wcag2a,
wcag2aa, wcag21a and wcag21aa: over `make app` with each game started, and over
the first lesson of each course in Voila (its boards and exercises built).

Measured on main before the accessible layer: 1 violation per game in the app
(the "Notation" header, 4.45:1 at 13 px); after: 0. axe cannot see a keyboard
trap or a missing announcement: tests/browser/test_access_browser.py tries those.
"""

from __future__ import annotations

import subprocess
import time

import pytest
from playwright.sync_api import expect

from canvas_page import wait_until_drawn
from conftest import make_voila
from kit import games
from servers import ROOT, copy_notebooks
from system_tools import require, unavailable

AXE = ROOT / "build" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
RUN = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}});
  return result.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(
    n => n.target.join(' ') + ': ' + n.failureSummary.split('\\n').slice(1, 2).join(' '))}));
}"""
#: every registered game, as the app's game menu names it, and each course's first lesson
GAMES = [s.title for s in games.all()]
LESSONS = [f"{s.course}/{min(p.name for p in (ROOT / 'notebooks' / s.course).glob('01_*.ipynb'))}"
           for s in games.all() if s.course]


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        npm = require("npm", "axe-core comes from npm: sudo apt-get install npm")
        subprocess.run([npm, "install", "--prefix", str(AXE.parents[2]), "--no-audit", "--no-fund",
                        "--loglevel=error", "axe-core@4"], check=True, timeout=600)
    if not AXE.exists():
        unavailable("npm installed no axe-core", "npm install --prefix build/axe axe-core@4")
    return AXE.read_text()


def violations(page, axe_source: str) -> list[dict]:
    page.add_script_tag(content=axe_source)
    return page.evaluate(RUN, TAGS)


def test_the_app_with_each_game_started_has_no_axe_violation(app_server, page, axe_source):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(app_server)
    found = {}
    for game in GAMES:
        if game != GAMES[0]:             # the page opens on the first
            page.get_by_role("button", name="Change game or seats").click()
            page.locator("select").first.select_option(game)
            page.get_by_role("button", name="Start").click()
            expect(page.get_by_text(f"Now playing {game}, deal 1:")).to_be_visible(timeout=30_000)
        canvas = page.locator("canvas.kit-board-canvas").first
        expect(canvas).to_be_visible(timeout=90_000)
        wait_until_drawn(canvas)
        found[game] = violations(page, axe_source)
    assert not any(found.values()), found


def lesson_violations(tmp_path, page, axe_source, lesson: str, *make_args: str):
    """axe's findings on a lesson served by Voila at 1366 x 768, once its first board
    is drawn."""
    notebook = copy_notebooks(tmp_path) / "notebooks" / lesson
    server, url = make_voila(tmp_path, "voila", f"NOTEBOOK={notebook}", *make_args)
    with server:
        page.set_viewport_size({"width": 1366, "height": 768})
        page.goto(url, timeout=180_000)
        canvas = page.locator("canvas.kit-board-canvas").first
        expect(canvas).to_be_visible(timeout=180_000)
        wait_until_drawn(canvas)
        time.sleep(1)
        return violations(page, axe_source)


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_first_lesson_of_each_course_in_voila_has_no_axe_violation(
        lesson, chromium_path, tmp_path, page, axe_source):
    found = lesson_violations(tmp_path, page, axe_source, lesson)
    assert not found, found


# ----- the teacher's page, and the lessons in Spanish and Bulgarian ----------------
# The teacher's page as the class service serves it (``page_html``: its messages in the
# class's language) with the summary of a simulated class of 30 (the static page
# test's canned service: tables full, two students stuck, a hostile name).
from test_teacher_page_static import service, teacher_page  # noqa: E402, F401  (fixtures)


@pytest.mark.parametrize("view", ["teacher", "projector"])
@pytest.mark.parametrize("lang", ["en", "es", "bg"])
def test_the_teachers_page_has_no_axe_violation(service, teacher_page, axe_source,  # noqa: F811
                                                 lang, view):
    url, canned = service
    canned.lang = lang
    teacher_page.goto(url + ("?projector=1" if view == "projector" else ""))
    rows = teacher_page.locator("#grid tbody tr" if view == "teacher" else "#stats tbody tr")
    expect(rows.first).to_be_visible(timeout=10_000)
    assert rows.count() >= 8
    time.sleep(0.5)
    found = violations(teacher_page, axe_source)
    assert not found, found


TRANSLATED = ["es/iota/01_meet_iota.ipynb", "es/mattix/01_meet_mattix.ipynb",
              "es/smartrix/01_meet_smartrix.ipynb", "es/nim/01_meet_nim.ipynb",
              "bg/00_welcome.ipynb", "bg/smartrix/01_meet_smartrix.ipynb",
              "bg/nim/01_meet_nim.ipynb"]


@pytest.mark.parametrize("lesson", TRANSLATED)
def test_a_translated_lesson_in_voila_has_no_axe_violation(
        lesson, chromium_path, tmp_path, page, axe_source):
    found = lesson_violations(tmp_path, page, axe_source, lesson, f"LANG={lesson[:2]}")
    assert not found, found
