"""The teacher's page (kit/classroom/page/teacher.html) in Chromium, against a canned api/summary.

No hub: a tiny local HTTP server serves the page at /services/class/ and a summary that the test
changes, built by kit/classroom/overview.py from a simulated class of 30. Checks the grid, the
stuck list, projector mode (no name on the page), live updates, a failing service shown as such,
a hostile student name drawn as text, the empty class and the remembered lesson.
KIT_SCREENSHOTS=<folder> saves both modes at 1366 x 768.
"""

from __future__ import annotations

import json
import os
import random
import re
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from kit.classroom.overview import summary
from kit.classroom.service import page_html
from kit.lessons.translation import english_sentences

PAGE = Path(__file__).resolve().parents[2] / "kit" / "classroom" / "page" / "teacher.html"
NOW = datetime(2026, 12, 1, 14, 30, tzinfo=timezone.utc)
LESSON = "iota/Making a play"
EXERCISES = ["legal play", "score a line", "the lot rule", "two lines at once", "a full square",
             "best play on a crowded board", "count the points", "which card fits"]
HOSTILE = "<img src=x onerror=alert(1)>"
FIRST_NAMES = ["Amara", "Ben", "Chloé", "Dmitri", "Elif", "Farah", "Gus", "Hana", "Ivo", "Jules", "Kemal",
               "Lena", "Mateo", "Nour", "Oskar", "Priya", "Quinn", "Rosa", "Sami", "Tomás", "Uma", "Viktor",
               "Wen", "Xavi", "Yara", "Zeno", "Aiko", "Bruno", "Cleo"]
STUDENTS = [f"{name.lower()}_{i:02d}" for i, name in enumerate(FIRST_NAMES)] + [HOSTILE]
FEEDBACK = {"legal play": "A line has at most 4 cards", "the lot rule": "Each of colour, shape, number: all the "
            "same or all different", "two lines at once": "Both lines must be legal"}


def ev(user: str, kind: str, minute: float, exercise: str, lesson: str = LESSON,
       feedback: str | None = None) -> dict[str, Any]:
    return {"user": user, "lesson": lesson, "exercise": exercise, "event": kind,
            "time": NOW + timedelta(minutes=minute), "feedback": feedback, "answer": None}


#: How often an exercise is got wrong at a try: the lot rule is the one this class finds hard.
DIFFICULTY = {"legal play": 0.2, "score a line": 0.25, "the lot rule": 0.6, "two lines at once": 0.45,
              "a full square": 0.3, "best play on a crowded board": 0.35, "count the points": 0.2,
              "which card fits": 0.3}
#: Who is stuck now, where, since how many minutes before now.
STUCK = {STUDENTS[3]: ("the lot rule", -9.0), HOSTILE: ("score a line", -7.0)}
NOT_STARTED = STUDENTS[-4:-1]


def simulated_class(seed: int = 21) -> list[dict[str, Any]]:
    """30 students 30 minutes into a lesson: some ahead, most midway, three not started, two stuck now."""
    rng = random.Random(seed)
    events = []
    for user in (s for s in STUDENTS if s not in STUCK and s not in NOT_STARTED):
        minute = -30.0 + rng.random() * 6
        pace = 1.0 + rng.random() * 2.0                   # minutes per try
        for exercise in EXERCISES:
            tries = 0
            while minute < 0 and rng.random() < DIFFICULTY[exercise] and tries < 4:
                events.append(ev(user, "wrong", minute, exercise, feedback=FEEDBACK.get(exercise, "Not that one")))
                tries += 1
                minute += pace * (0.5 + rng.random())
                if rng.random() < 0.25:
                    events.append(ev(user, "hint", minute - 0.2, exercise))
            if minute >= 0:
                break
            if tries >= 2 and rng.random() < 0.5:
                events.append(ev(user, "show", minute, exercise))
                minute += 0.5
            if minute >= 0:
                break
            events.append(ev(user, "right", minute, exercise, feedback="Right"))
            minute += pace * (1 + 2 * rng.random())
    for user, (exercise, since) in STUCK.items():       # the first exercise done, then wrong, wrong, wrong
        events += [ev(user, "right", -25, EXERCISES[0]), ev(user, "hint", -5, exercise)]
        events += [ev(user, "wrong", m, exercise, feedback=FEEDBACK.get(exercise)) for m in (since, -4, -1.5)]
    return events


def lessons() -> dict[str, list[str]]:
    return {LESSON: EXERCISES, "iota/Scoring": ["count a line", "count a square"]}


class Canned:
    """What the fake service answers: the summary's inputs, or an HTTP error status."""

    def __init__(self) -> None:
        self.events = simulated_class()
        self.students = list(STUDENTS)
        self.lessons = lessons()
        self.status = 200
        self.lang: str | None = None     # None: the page as committed (English)
        self.lock = threading.Lock()

    def body(self, projector: bool) -> bytes:
        with self.lock:
            return json.dumps(summary(self.events, self.students, self.lessons, NOW, names=not projector)).encode()


@pytest.fixture
def service(chromium_path) -> Iterator[tuple[str, Canned]]:
    canned = Canned()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            url = urlsplit(self.path)
            if url.path == "/services/class/":
                page = PAGE.read_bytes() if canned.lang is None else \
                    page_html("canned-xsrf", canned.lang).encode()
                self._send(200, "text/html; charset=utf-8", page)
            elif url.path == "/services/class/api/summary":
                if canned.status != 200:
                    self._send(canned.status, "application/json", b'{"error": "down"}')
                else:
                    self._send(200, "application/json", canned.body("projector=1" in url.query))
            else:
                self._send(404, "text/plain", b"no")

        def _send(self, status: int, kind: str, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/services/class/", canned
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def teacher_page(page):
    page.set_viewport_size({"width": 1366, "height": 768})
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.dialogs = dialogs
    return page


def _shot(page, name: str) -> None:
    folder = os.environ.get("KIT_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def test_teacher_mode_shows_the_grid_the_stuck_list_and_the_stats(service, teacher_page):
    url, canned = service
    page = teacher_page
    page.goto(url)
    expect(page.locator("#status")).to_have_text(re.compile(r"^updated \d\d:\d\d:\d\d$"), timeout=5000)
    expect(page.get_by_role("tab", name=LESSON)).to_have_attribute("aria-selected", "true")   # latest activity
    rows = page.locator("#grid tbody tr")
    expect(rows).to_have_count(len(STUDENTS))
    expect(page.locator("#grid thead th")).to_have_count(1 + len(EXERCISES))
    head = page.locator("#grid thead th .trunc").nth(5)
    assert head.get_attribute("title") == "6. best play on a crowded board"
    stuck = page.locator("#stuck li")
    expect(stuck.first).to_contain_text("the lot rule")
    expect(page.locator("#stuck")).to_contain_text(f"{STUDENTS[3]} on the lot rule — ✘ 3 wrong in a row")
    expect(page.locator("#grid td.stuck")).to_have_count(stuck.count())     # each stuck student framed
    assert stuck.count() >= len(STUCK)
    done = page.locator("#grid td.done").first
    expect(done).to_have_text("✔")
    expect(page.locator("#hardest p").first).to_contain_text("Most got wrong first:")
    expect(page.locator("#hardest")).to_contain_text("the feedback they saw most: ‘")
    expect(page.locator("#stats tbody tr")).to_have_count(len(EXERCISES))
    expect(page.locator("#stats-title")).to_have_text(f"The class, per exercise ({len(STUDENTS)} students)")
    expect(page.get_by_role("link", name="Download CSV")).to_have_attribute("href", "class.csv")
    _shot(page, "teacher_mode")
    page.locator("#stats-section").scroll_into_view_if_needed()
    _shot(page, "teacher_mode_stats")


def test_a_hostile_name_is_drawn_as_text(service, teacher_page):
    url, _ = service
    page = teacher_page
    page.goto(url)
    expect(page.locator("#grid tbody th", has_text=HOSTILE)).to_have_count(1)
    expect(page.locator("#stuck")).to_contain_text(HOSTILE)
    assert page.locator("img").count() == 0
    page.wait_for_timeout(500)
    assert page.dialogs == []


def test_projector_mode_shows_counts_and_no_name(service, teacher_page):
    url, _ = service
    page = teacher_page
    page.goto(url + "?projector=1")
    expect(page.locator("#status")).to_contain_text("updated", timeout=5000)
    expect(page.locator("#mode")).to_have_text("Projector mode: no names")
    expect(page.locator("#grid-section")).to_be_hidden()
    expect(page.locator("#stats tbody tr")).to_have_count(len(EXERCISES))
    expect(page.locator("#stuck li").first).to_contain_text("student")
    expect(page.get_by_role("link", name="Teacher mode")).to_be_visible()
    expect(page.get_by_role("link", name="Download CSV")).to_be_hidden()
    text = page.locator("body").inner_text() + page.content()
    for student in STUDENTS:
        assert student not in text and json.dumps(student)[1:-1] not in text
    _shot(page, "projector_mode")


def test_the_page_follows_the_class_and_says_when_it_cannot(service, teacher_page):
    url, canned = service
    page = teacher_page
    page.goto(url)
    cell = page.locator("#grid tbody tr", has_text=STUDENTS[3]).locator("td").nth(2)
    expect(cell).to_contain_text("✘ 3")
    with canned.lock:
        canned.events.append(ev(STUDENTS[3], "right", 0, "the lot rule"))
    expect(cell).to_have_text("✔", timeout=5000)
    expect(page.locator("#stuck")).not_to_contain_text(STUDENTS[3], timeout=5000)
    canned.status = 503
    expect(page.locator("#error")).to_contain_text("not updating: the class service answered HTTP 503", timeout=5000)
    expect(page.locator("#error")).to_contain_text("last update")
    _shot(page, "not_updating")
    canned.status = 403
    expect(page.locator("#error")).to_contain_text("this page is for the teacher only", timeout=5000)
    canned.status = 200
    expect(page.locator("#error")).to_be_hidden(timeout=5000)


def test_an_empty_class_says_so(service, teacher_page):
    url, canned = service
    canned.events, canned.students = [], ["amara_00", "ben_01"]
    page = teacher_page
    page.goto(url)
    expect(page.locator("#empty")).to_have_text("No student has started yet (2 students on the hub)", timeout=5000)
    expect(page.locator("#grid-section")).to_be_hidden()
    assert page.locator("#grid table").count() == 0
    _shot(page, "empty_class")


def test_the_chosen_lesson_is_remembered_across_a_reload(service, teacher_page):
    url, canned = service
    with canned.lock:
        canned.events.append(ev("amara_00", "wrong", -20, "count a line", "iota/Scoring"))
    page = teacher_page
    page.goto(url)
    page.get_by_role("tab", name="iota/Scoring").click()
    expect(page.locator("#grid thead th")).to_have_count(3)
    page.reload()
    expect(page.get_by_role("tab", name="iota/Scoring")).to_have_attribute("aria-selected", "true", timeout=5000)
    expect(page.locator("#grid tbody tr", has_text="amara_00").locator("td").first).to_have_text("✘ 1")


def test_fifteen_exercises_fit_the_projector_width_with_their_names_upright(service, teacher_page):
    url, canned = service
    many = EXERCISES + [f"extra exercise number {i}" for i in range(7)]
    with canned.lock:
        canned.lessons = {LESSON: many}
        canned.events.append(ev("amara_00", "wrong", -1, many[-1]))
    page = teacher_page
    page.goto(url)
    expect(page.locator("#grid table")).to_have_class("narrow", timeout=5000)
    heads = page.locator("#grid thead th")
    expect(heads).to_have_count(1 + len(many))
    last = heads.last.bounding_box()
    assert last is not None and last["x"] + last["width"] <= 1366
    name = heads.nth(3).locator(".trunc").bounding_box()
    assert name is not None and name["height"] > 2 * name["width"]          # written upwards
    expect(page.locator("#grid tbody tr", has_text="amara_00").locator("td").last).to_have_text("✘ 1")


@pytest.mark.parametrize(("lang", "heading", "english"), [
    ("es", "Clase", ["Stuck now", "Students", "Download CSV", "not started"]),
    ("bg", "Клас", ["Stuck now", "Students", "Download CSV", "not started"])])
def test_the_page_speaks_the_class_language(service, teacher_page, lang, heading, english):
    url, canned = service
    canned.lang = lang
    teacher_page.goto(url)
    expect(teacher_page.locator("h1")).to_have_text(heading)
    expect(teacher_page.locator("html")).to_have_attribute("lang", lang)
    expect(teacher_page.locator("[data-student]").first).to_be_visible()
    # The lesson's title in the class's language; its key stays the English one.
    expect(teacher_page.get_by_role("tab").first).to_have_text(
        {"es": "iota/Hacer una jugada", "bg": "iota/Как се прави ход"}[lang])
    _shot(teacher_page, f"class_teacher_{lang}")
    shown = teacher_page.locator("body").inner_text()
    # Students' feedback is shown as recorded (English here): the page's own words are not.
    # (quoted: ‘...’), and so are the canned lesson and exercise names.
    own = "\n".join(line for line in shown.splitlines()
                    if "‘" not in line and not any(x in line for x in EXERCISES))
    assert not [w for w in english if w in own], own
    assert english_sentences(own, markdown=False) == []
    teacher_page.goto(url + "?projector=1")
    expect(teacher_page.locator("h1")).to_have_text(heading)
    _shot(teacher_page, f"class_projector_{lang}")
    assert teacher_page.dialogs == []
