"""Every exercise of every course fits one screen of JupyterLab at 1366 x 768 (issue 30).

A student at a classroom's 1366 x 768 screen must see an exercise's task, its
board, its Check/Hint/Show me buttons and the verdict and hint without scrolling
inside it: each ``.kit-exercise`` box (and each live board with its side panel,
``.kit-game-board``, outside an exercise) must be at most as tall as Lab's
notebook panel (what is left of the window under Lab's menus, tabs and toolbar,
measured in the page) and no wider than the notebook's cell output area.

One Lab server, one page, the lessons in sequence: each is opened, run all, and
each box scrolled to the top of the panel and measured twice: as it first shows,
the whole box; after Check (on the untouched answer) and Hint, from its top to the
bottom of its task, board or picture, buttons, verdict and first hint (a live
board's move list and notation key, under them in its side panel, may then go
on below the fold). The test fails listing each lesson and box that does not fit,
with its size against the panel's. Screenshots of each box tried, at the top of
the panel, when KIT_SCREENSHOTS names a folder.

Unset, ``KIT_IN_VIEW`` walks one lesson per course in each language it has
(``ONE_EACH``); ``KIT_IN_VIEW=all`` walks every lesson of every course and language
(``LESSONS``, 53 lessons); else the lessons whose path contains one of its
comma-separated words ("iota/02,es/mattix/03").
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import expect

from course_walk import LAB_TIMEOUT, RUN_ALL, RUN_MENU
from servers import ROOT

COURSES = ("iota", "mattix", "smartrix", "nim")
# Every lesson of every course, in English and in each translation there is.
LESSONS = sorted(str(p.relative_to(ROOT)) for lang in ("", "es/", "bg/") for course in COURSES
                 for p in (ROOT / "notebooks" / lang / course).glob("[0-9][0-9]_*.ipynb"))
# By default one lesson per course and language, the one with the most boards (the
# whole walk takes about 15 minutes on two loaded cores; the pictures' sizes of every
# IOTA exercise are checked without a browser: tests/lessons/test_exercise_pictures_fit.py).
ONE_EACH = ("iota/02", "mattix/03", "smartrix/03", "nim/01")
WANTED = [w for w in os.environ.get("KIT_IN_VIEW", "").split(",") if w]
WALKED = [n for n in LESSONS if "all" in WANTED
          or any(w in n for w in (WANTED or ONE_EACH))]
SLACK = 1      # px: sub-pixel rounding of Lab's layout

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
# The boxes measured: an exercise, and a live board (with its side panel) of its own.
BOXES = f"{PANEL} .kit-exercise, {PANEL} .kit-game-board:not(.kit-exercise .kit-game-board)"

MEASURE = """([selector, k]) => {
    const box = document.querySelectorAll(selector)[k];
    box.scrollIntoView({block: 'start'});
    const panel = box.closest('.jp-WindowedPanel-outer, .jp-Notebook').getBoundingClientRect();
    const area = box.closest('.jp-OutputArea-output').getBoundingClientRect();
    const own = box.getBoundingClientRect();
    // Its widest and lowest part: a canvas or a row wider than the box itself (and cut
    // by it) does not fit either.
    let right = own.right, bottom = own.bottom, needed = own.top;
    for (const el of box.querySelectorAll('canvas, .widget-box, .widget-html, .widget-button')) {
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        // (scrollWidth: words or a row running on past an element that cuts them off)
        right = Math.max(right, r.right, r.left + el.scrollWidth);
        bottom = Math.max(bottom, r.bottom);
    }
    // What a student must see at once: the task, the board or picture, the buttons,
    // the verdict and the hint (not the move list or the notation key under them).
    let lowest = '';
    for (const el of box.querySelectorAll('canvas, img, button, .kit-feedback, .kit-hint')) {
        // (The lesson's progress line and its Start over, under the hint, can wait.)
        if (el.parentElement.querySelector(':scope > .kit-progress')) continue;
        const r = el.getBoundingClientRect();
        if (r.width && r.height && r.bottom > needed) {
            needed = r.bottom;
            lowest = el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ' ' +
                (el.textContent || '').trim().slice(0, 30);
        }
    }
    const first = (box.innerText || '').trim().split('\\n')[0].slice(0, 60);
    return {what: box.classList.contains('kit-exercise') ? 'exercise' : 'live board',
            first, width: Math.round(right - own.left), height: Math.round(bottom - own.top),
            needed: Math.round(needed - own.top), lowest,
            room_w: Math.round(area.right - own.left), room_h: Math.round(panel.height)};
}"""


def run_lesson_in_page(page, lab_url: str, notebook: str) -> None:
    """Open ``notebook``, run all its cells, and wait until the last has run."""
    name = notebook.removesuffix(".ipynb").replace("/", "-")
    page.goto(f"{lab_url}/lab/workspaces/{name}/tree/{notebook}")
    expect(page.get_by_text(re.compile(r"\| Idle"))).to_be_visible(timeout=LAB_TIMEOUT)
    page.get_by_role("menuitem", name=RUN_MENU).click()
    page.get_by_role("menuitem", name=RUN_ALL).click()
    # Every code cell with code has its execution count (none "[*]" or "[ ]").
    page.wait_for_function(f"""() => {{
        const cells = [...document.querySelectorAll('{PANEL} .jp-CodeCell')].filter(
            c => c.querySelector('.jp-InputArea-editor').textContent.trim());
        return cells.length && cells.every(c => /\\[\\d+\\]/.test(
            c.querySelector('.jp-InputPrompt').textContent));
    }}""", timeout=LAB_TIMEOUT)
    expect(page.get_by_text(re.compile(r"\| Idle"))).to_be_visible(timeout=LAB_TIMEOUT)


def try_once(page, k: int) -> None:
    """Check (on the answer as it stands) and Hint on the k-th box, as a first try does:
    its verdict and first hint then take their room in it."""
    box = page.locator(BOXES).nth(k)
    check = box.get_by_role("button", name=re.compile(r"^(Check|Comprobar|Провери)$"))
    if not check.count():
        return
    check.first.click()
    expect(box.locator(".kit-feedback")).not_to_have_text("", timeout=30_000)
    hint = box.get_by_role("button", name=re.compile(r"^(Hint|Pista|Подсказка)$"))
    if hint.count():
        hint.first.click()
        expect(box.locator(".kit-hint")).not_to_have_text("", timeout=30_000)


def misfit(size: dict, tried: bool) -> str:
    """Why ``size`` does not fit its room ("" if it does): at rest the whole box, after a
    try the parts a student reads at once (``needed``)."""
    height = size["needed"] if tried else size["height"]
    if size["width"] <= size["room_w"] + SLACK and height <= size["room_h"] + SLACK:
        return ""
    what = "task to hint" if tried else "whole"
    return f"{what} {size['width']} x {height} px in {size['room_w']} x {size['room_h']}"


def measure_lesson(page, lab_url: str, notebook: str) -> list[str]:
    """What does not fit in ``notebook``: one line per box, at rest or after a try."""
    run_lesson_in_page(page, lab_url, notebook)
    out = []
    for k in range(page.locator(BOXES).count()):
        rest = page.evaluate(MEASURE, [BOXES, k])
        if rest["what"] == "exercise":
            try_once(page, k)
        tried = page.evaluate(MEASURE, [BOXES, k])
        print(f"  {notebook} {k + 1} {rest['what']}: {rest['width']} x {rest['height']}, "
              f"tried: task to hint {tried['needed']} ({tried['lowest']}), whole {tried['height']}; "
              f"room {tried['room_w']} x {tried['room_h']}")
        if os.environ.get("KIT_SCREENSHOTS"):      # the box at the top of the panel, tried
            folder = Path(os.environ["KIT_SCREENSHOTS"])
            folder.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(folder / f"in_view_{notebook.replace('/', '-')}_{k + 1:02d}.png"))
        why = misfit(rest, tried=False) or misfit(tried, tried=True)
        if why:
            out.append(f"{notebook} {rest['what']} {k + 1} ({rest['first']!r}): {why}")
    return out


def shut_kernels(page, lab_url: str) -> None:
    """Shut the lesson's kernel down: 53 lessons' kernels left running load the machine."""
    xsrf = next((c["value"] for c in page.context.cookies() if c["name"] == "_xsrf"), "")
    for kernel in page.request.get(f"{lab_url}/api/kernels").json():
        gone = page.request.delete(f"{lab_url}/api/kernels/{kernel['id']}",
                                   headers={"X-XSRFToken": xsrf})
        assert gone.ok, f"kernel {kernel['id']} not shut down: {gone.status} {gone.text()}"


def test_every_exercise_fits_the_notebook_panel_at_1366_x_768(lab_server, lab_page):
    assert WALKED, f"KIT_IN_VIEW={WANTED} names no lesson of {LESSONS}"
    misfits = []
    for notebook in WALKED:
        found = measure_lesson(lab_page, lab_server, notebook)
        print(notebook, "fits" if not found else f"{len(found)} do not fit", flush=True)
        misfits += found
        shut_kernels(lab_page, lab_server)
    assert not misfits, "\n".join(misfits)
