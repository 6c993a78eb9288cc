"""The teacher's page in Chromium while a simulated class works: screenshots, and whether it is right.

``python -m kit.classroom.loadtest --students 30 --watch DIR`` logs the teacher in
on the hub's own log-in page, opens ``/services/class/`` on the class service's
own host (through the hub's OAuth, as a teacher's browser does), and while the students work saves a screenshot
(1366 x 768) every ``every`` seconds into DIR. When every student is done it
times how long the page takes to show the whole class as done, then checks
each grid cell against what the simulated students did (kit.classroom.students'
EXERCISES: line 1 done, line 2 done after Show me, line 3 done), and saves the
teacher's and the projector's page.

Needs Playwright and a Chromium (the test extra; ``/usr/bin/chromium`` if
present). Not covered: the load itself (``kit.classroom.loadtest``).
"""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path
from typing import Any

from kit.classroom.hub import teacher_page

#: What each simulated student's IOTA lesson 1 ends as (kit.classroom.students.EXERCISES).
EXPECTED = {"line 1": "done", "line 2": "done after show", "line 3": "done"}


def watch(url: str, teacher: str, password: str, folder: Path, class_done: threading.Event,
          students: list[str], every: float = 15.0) -> dict[str, Any]:
    """Watch until ``class_done`` is set; the figures (see the module's docstring)."""
    from playwright.sync_api import sync_playwright

    folder.mkdir(parents=True, exist_ok=True)
    shots: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium") or None,
                                     args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        # The page is on the class service's own host: the hub's log-in keeps only
        # the path of a next= there, so log in first, then open it.
        where = teacher_page(url)
        page.goto(f"{url}/hub/login?next=%2Fhub%2Fhome")
        page.fill("#username_input", teacher)
        page.fill("#password_input", password)
        page.click("#login_submit")
        page.wait_for_url("**/hub/home", timeout=60_000)
        page.goto(where)
        page.wait_for_url("**/services/class/", timeout=60_000)
        t0 = time.monotonic()
        while not class_done.wait(every):
            shot = folder / f"class-{round(time.monotonic() - t0):04d}s.png"
            page.screenshot(path=str(shot))
            shots.append(shot.name)
        # Everyone is done and every event acknowledged: how soon the page says so.
        done_at = time.monotonic()
        expected = len(students) * len(EXPECTED)
        seen = 0
        while time.monotonic() - done_at < 30:
            seen = sum(page.locator(f'td[data-exercise="{x}"][data-state="{state}"]').count()
                       for x, state in EXPECTED.items())
            if seen == expected:
                break
            time.sleep(0.1)
        shows_all_after = round(time.monotonic() - done_at, 2) if seen == expected else None
        wrong = []
        for name in students:
            for x, state in EXPECTED.items():
                cell = page.locator(f'td[data-student="{name}"][data-exercise="{x}"]')
                shown = cell.get_attribute("data-state") if cell.count() else "missing"
                if shown != state:
                    wrong.append(f"{name} {x}: {shown}")
        page.screenshot(path=str(folder / "class-teacher-end.png"))
        page.goto(f"{where}?projector=1")
        page.wait_for_selector("#stats table", timeout=30_000)
        names_on_projector = [n for n in students if n in page.locator("body").inner_text()]
        page.screenshot(path=str(folder / "class-projector-end.png"))
        browser.close()
    return {"screenshots": shots + ["class-teacher-end.png", "class-projector-end.png"],
            "cells_right": seen, "cells_expected": expected, "cells_wrong": wrong[:10],
            "page_shows_all_after_s": shows_all_after, "names_on_projector": names_on_projector}
