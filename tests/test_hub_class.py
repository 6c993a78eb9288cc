"""The teacher's live view on a real class hub: students' tries reach the `class` service, theirs alone.

Three students answer IOTA's first exercises in their own kernels (right,
wrong, with hints, after Show me); the teacher's summary (what the page shows,
asked as the page asks, with the teacher's token) has each within 5 s. A
student gets 403 on the teacher's page; a kernel that names another student is
refused; the service killed comes back (JupyterHub restarts it) with every
event, and a lesson run while it was down goes on at once and its events arrive
after. The page itself in Chromium: tests/browser/test_hub_browser.py.
"""

from __future__ import annotations

import json
import signal
import time
from typing import Any

import psutil
import pytest
import requests

from hub_fixtures import (PASSWORD, RIGHT, TEACHER, TEACHER_PASSWORD, WRONG, do, lesson_kernel,
                          log_in_page, student)

pytestmark = pytest.mark.hub

#: What the teacher must see, at most this long after the student did it.
LIVE = 5.0
LESSON = "iota/Meet IOTA"
class Teacher:
    def __init__(self, hub):
        self.hub = hub
        me = student(hub, TEACHER, TEACHER_PASSWORD)        # logs in, holds an API token
        self.headers = {"Authorization": f"token {me.token}"}

    def get(self, path: str, **params: Any) -> requests.Response:
        return requests.get(f"{self.hub.teacher_page}{path}", headers=self.headers,
                            params=params, timeout=30)

    def summary(self, projector: bool = False) -> dict[str, Any]:
        r = self.get("api/summary", **({"projector": "1"} if projector else {}))
        r.raise_for_status()
        return r.json()

    def cell(self, name: str, exercise: str) -> dict[str, Any] | None:
        for lesson in self.summary()["lessons"]:
            if lesson["lesson"] == LESSON:
                return lesson["grid"].get(name, {}).get(exercise)
        return None

    def sees(self, name: str, exercise: str, **expected: Any) -> float:
        """Seconds until the teacher's summary has ``expected`` in that cell (fails past LIVE)."""
        t0 = time.monotonic()
        while True:
            cell = self.cell(name, exercise) or {}
            if all(cell.get(k) == v for k, v in expected.items()):
                return time.monotonic() - t0
            if time.monotonic() - t0 > LIVE:
                raise AssertionError(f"after {LIVE} s the teacher sees {name}'s {exercise} as {cell}, "
                                     f"not {expected}")
            time.sleep(0.2)


def service_process(hub) -> psutil.Process:
    for p in psutil.Process(hub.proc.pid).children(recursive=True):
        try:
            if "kit.classroom.service" in " ".join(p.cmdline()):
                return p
        except psutil.Error:
            continue
    raise AssertionError("no class service among the hub's processes")


def test_the_teacher_sees_each_try_as_it_happens(class_hub):
    teacher = Teacher(class_hub)
    (_, ada), (_, ben), (_, cy) = (lesson_kernel(class_hub, n) for n in ("ada", "ben", "cy"))
    took = []
    do(ada, f"ex[1].submit({WRONG[1]!r})")
    took.append(teacher.sees("ada", "line 1", state="trying", wrong=1, hints=0))
    do(ada, "ex[1].hint()")
    took.append(teacher.sees("ada", "line 1", state="trying", wrong=1, hints=1))
    do(ada, f"ex[1].submit({RIGHT[1]!r})")
    took.append(teacher.sees("ada", "line 1", state="done"))
    for n in range(1, 4):
        do(ben, f"ex[1].submit({WRONG[1]!r})")
        took.append(teacher.sees("ben", "line 1", state="trying", wrong=n))
    do(cy, f"ex[1].submit({RIGHT[1]!r})")
    took.append(teacher.sees("cy", "line 1", state="done", wrong=0))
    do(cy, "ex[2].show()")
    took.append(teacher.sees("cy", "line 2", state="trying", shown=True))
    do(cy, f"ex[2].submit({RIGHT[2]!r})")
    took.append(teacher.sees("cy", "line 2", state="done after show"))
    print(f"the teacher saw each of {len(took)} tries after {max(took):.1f} s at most")

    made = teacher.summary()
    lesson = next(x for x in made["lessons"] if x["lesson"] == LESSON)
    assert lesson["exercises"][:2] == ["line 1", "line 2"]
    assert {"ada", "ben", "cy"} <= set(made["students"]) and TEACHER not in made["students"]
    assert [(s["student"], s["exercise"], s["wrong"]) for s in made["stuck"]] == [("ben", "line 1", 3)]
    first = next(s for s in lesson["stats"] if s["exercise"] == "line 1")
    assert (first["solved"], first["wrong_first"], first["median_tries"]) == (2, 2, 1.5)
    # What ada and ben were told on their wrong answer: the same sentence, by 2 students.
    assert first["feedback"][0]["students"] == 2 and "numbers 3 3 3" in first["feedback"][0]["text"]
    assert lesson["hardest"][0] == "line 1"
    # The projector's copy names no one; the CSV has a row per student and exercise.
    projected = json.dumps(teacher.summary(projector=True))
    assert not [n for n in ("ada", "ben", "cy") if f'"{n}"' in projected]
    rows = teacher.get("class.csv").text.splitlines()
    assert rows[0].split(",")[:4] == ["student", "lesson", "exercise", "state"]
    assert any(r.startswith("cy,iota/Meet IOTA,line 2,done after show") for r in rows)


def test_only_the_teacher_may_see_the_class(class_hub):
    dan = student(class_hub, "dan")
    for path in ("", "api/summary", "class.csv"):
        r = requests.get(f"{class_hub.teacher_page}{path}", timeout=30,
                         headers={"Authorization": f"token {dan.token}"})
        assert r.status_code == 403, (path, r.status_code)
    # Logged in in a browser, a student is turned away too (by the hub's OAuth).
    page, _ = log_in_page(class_hub.url, "dan", PASSWORD)
    r = page.get(class_hub.teacher_page, timeout=60)
    assert r.status_code == 403 and "stuck-section" not in r.text
    teacher = Teacher(class_hub)
    assert teacher.get("").status_code == 200 and "stuck-section" in teacher.get("").text


def test_a_kernel_cannot_send_events_as_another_student(class_hub):
    eve, kernel = lesson_kernel(class_hub, "eve")
    printed, error = kernel.run('''
import json, os, urllib.request, urllib.error, uuid
def send(body, token=os.environ["JUPYTERHUB_API_TOKEN"]):
    request = urllib.request.Request(os.environ["KIT_CLASS_EVENTS"], data=json.dumps(body).encode(),
        headers={"Authorization": "token " + token, "Content-Type": "application/json"})
    try:
        return urllib.request.urlopen(request, timeout=10).status
    except urllib.error.HTTPError as e:
        return e.code
forged = {"id": uuid.uuid4().hex, "time": "2026-12-01T15:04:05Z", "lesson": "iota/Meet IOTA",
          "exercise": "line 1", "event": "right"}
print(json.dumps([send({"user": "ada", "events": [forged]}),
                  send({"events": [forged]}, token="not-a-token"),
                  send({"events": [forged]})]))
''', wait=60)
    assert not error, error
    assert json.loads(printed) == [403, 403, 200]
    teacher = Teacher(class_hub)
    assert teacher.sees("eve", "line 1", state="done") >= 0     # recorded as eve, her own token's owner
    assert (teacher.cell("ada", "line 1") or {}).get("state") in (None, "done", "not started")


def test_the_service_down_and_back_loses_nothing(class_hub):
    teacher = Teacher(class_hub)
    fay, kernel = lesson_kernel(class_hub, "fay")
    do(kernel, f"ex[1].submit({WRONG[1]!r})")
    teacher.sees("fay", "line 1", state="trying", wrong=1)
    before = teacher.summary()

    service = service_process(class_hub)
    service.send_signal(signal.SIGKILL)          # JupyterHub notices on its next poll and restarts it
    psutil.wait_procs([service], timeout=10)     # gone, or a zombie until the hub's poll reaps it
    with pytest.raises(requests.ConnectionError):
        requests.get(f"{class_hub.service}api/health", timeout=5)
    # The lesson goes on at once while the service is down; the tries are kept.
    took = [do(kernel, "ex[1].hint()"), do(kernel, f"ex[1].submit({RIGHT[1]!r})"),
            do(kernel, f"ex[2].submit({WRONG[2]!r})")]
    assert max(took) < 2.0, took
    printed, _ = kernel.run("print(outbox.pending())", wait=30)
    assert int(printed) >= 3

    deadline = time.monotonic() + 90             # the hub's poll (30 s), then the restart
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{class_hub.service}api/health", timeout=5).ok:
                break
        except requests.RequestException:
            pass
        time.sleep(1)
    else:
        raise AssertionError("the hub did not restart the class service within 90 s")
    assert service_process(class_hub).pid != service.pid
    # Every event from before the restart is still there, and the ones sent while it was down arrive.
    t0 = time.monotonic()
    while (teacher.cell("fay", "line 2") or {}).get("wrong") != 1 and time.monotonic() - t0 < 30:
        time.sleep(0.5)
    line1 = teacher.cell("fay", "line 1") or {}
    assert (line1.get("state"), line1.get("wrong"), line1.get("hints")) == ("done", 1, 1)
    assert teacher.cell("fay", "line 2")["wrong"] == 1
    after = teacher.summary()
    for lesson in before["lessons"]:
        kept = next(x for x in after["lessons"] if x["lesson"] == lesson["lesson"])
        for name, row in lesson["grid"].items():
            if name != "fay":
                assert kept["grid"][name] == row     # nobody else's record changed or was lost
    printed, _ = kernel.run("print(outbox.pending())", wait=30)
    assert int(printed) == 0
