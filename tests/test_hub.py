"""make hub: three students log in, open a lesson through the link, run it, click a board.

Starts JupyterHub with deploy/jupyterhub_config.py on free loopback ports (the
proxy from npm, installed into build/hub on first use), runs three students at
once through kit.classroom.loadtest (the same path as the load test), and
checks the nbgitpuller link as a page follows it. Stops the hub, its proxy and
every server and kernel by PID.
"""

import time

import pytest
import requests

from kit.classroom import hub
from kit.classroom.loadtest import Student, memory, run_class

from hub_fixtures import LESSON, PASSWORD

pytestmark = pytest.mark.hub


def test_the_link_pulls_the_lesson_and_opens_it(class_hub):
    url, _, _ = class_hub
    link = hub.lesson_link(LESSON, url)
    page = requests.Session()
    page.get(f"{url}/hub/login", timeout=60)
    r = page.post(f"{url}/hub/login", timeout=120, data={
        "username": "zoe", "password": PASSWORD, "_xsrf": page.cookies.get("_xsrf")})
    assert r.ok, r.status_code
    # Spawn on login, then the link lands on nbgitpuller's page inside zoe's server.
    deadline = time.monotonic() + 300
    while True:
        r = page.get(link, timeout=120)
        if "/user/zoe/git-pull" in r.url or time.monotonic() > deadline:
            break
        time.sleep(2)
    assert r.status_code == 200 and "/user/zoe/git-pull" in r.url, r.url
    assert "nbgitpuller" in r.text.lower()


def test_a_wrong_password_is_refused(class_hub):
    url, _, _ = class_hub
    s = requests.Session()
    s.get(f"{url}/hub/login", timeout=60)
    r = s.post(f"{url}/hub/login", allow_redirects=False, timeout=60, data={
        "username": "mallory", "password": "not-the-class-password", "_xsrf": s.cookies.get("_xsrf")})
    assert r.status_code == 403


def test_three_students_run_the_lesson_and_the_board_answers(class_hub):
    url, proc, state = class_hub
    started = time.monotonic()
    results = run_class(url, 3, PASSWORD, LESSON, repo=hub.default_repo(),
                        branch=hub.default_branch(), timeout=400)
    elapsed = time.monotonic() - started
    assert [r.error for r in results] == ["", "", ""]
    assert all(r.ok for r in results)
    for r in results:
        assert "You clicked row 2, column 3" in r.answer   # the welcome board's words
        steps = list(r.steps)
        assert steps == ["logged in", "server ready", "lessons pulled", "first board drawn",
                         "board answered"]
        assert r.steps["first board drawn"] < r.steps["board answered"]
        # The lesson landed in the student's own home, from git.
        assert (state / "users" / r.name / hub.TARGET / LESSON).is_file()
    mem = memory(proc.pid)
    assert len(mem["server"]) >= 3 and len(mem["kernel"]) >= 3
    print(f"3 students in {elapsed:.0f} s; first board at "
          f"{sorted(r.first_board for r in results)} s")


def test_pulling_again_keeps_a_students_own_edit(class_hub):
    url, _, state = class_hub
    ada = Student(url, "ada", PASSWORD, LESSON, repo=hub.default_repo(),
                  branch=hub.default_branch())
    ada.t0 = time.monotonic()
    ada.log_in()
    ada.start_server()
    ada.pull_lessons()
    lesson = state / "users" / "ada" / hub.TARGET / LESSON
    edited = lesson.read_text().replace("Welcome", "Welcome, says Ada", 1)
    lesson.write_text(edited)
    ada.pull_lessons()                       # the link clicked again next lesson
    assert lesson.read_text() == edited
