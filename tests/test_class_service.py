"""The class service without a hub: its store, and its events API against a stand-in hub API.

The stand-in answers JupyterHub's ``GET /hub/api/user`` for two tokens (ada's, ben's)
and ``GET /hub/api/users`` as the real one does; the teacher's pages (OAuth) are
tested against a real hub in tests/test_hub_class.py.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import requests

from kit.classroom import service, service_bench as bench
from kit.classroom.service_bench import Running
from kit.classroom.eventstore import BATCH, Store, validate

# Every test of the store and the service runs on SQLite and PostgreSQL (the store fixture).
from pg_fixtures import class_store, pg_server, pg_url  # noqa: F401 (fixtures)

TOKENS = {"ada-token": "ada", "ben-token": "ben"}


def event(kind: str = "wrong", exercise: str = "legal play", **more: Any) -> dict[str, Any]:
    return {"id": uuid.uuid4().hex, "time": "2026-12-01T15:04:05Z", "lesson": "iota/Making a play",
            "exercise": exercise, "event": kind, **more}


@contextmanager
def serving(store: Store, tmp_path: Path) -> Iterator[Running]:
    with bench.serving(store, TOKENS, tmp_path) as running:
        yield running


def post(base: str, body: Any, token: str | None = "ada-token") -> requests.Response:
    headers = {"Authorization": f"token {token}"} if token else {}
    return requests.post(base + "api/events", data=json.dumps(body), headers=headers, timeout=10)


def test_events_are_recorded_as_the_tokens_owner(store, tmp_path):
    with serving(store, tmp_path) as running:
        base = running.base
        sent = [event("wrong", answer="4RC@1,1", feedback="a line holds at most four cards"),
                event("hint"), event("right")]
        reply = post(base, {"events": sent, "seen": {"iota/Making a play": ["legal play", "best play"]}})
        assert reply.status_code == 200 and reply.json() == {"received": 3, "duplicates": 0}
        # Sent again (after an outage, or by a second kernel): kept once.
        assert post(base, {"events": sent}).json() == {"received": 0, "duplicates": 3}
        assert post(base, {"events": sent[:1]}, token="ben-token").json()["received"] == 1
    rows = store.events()
    assert [(r["user"], r["event"]) for r in rows] == [
        ("ada", "wrong"), ("ada", "hint"), ("ada", "right"), ("ben", "wrong")]
    assert rows[0]["feedback"] == "a line holds at most four cards" and rows[0]["answer"] == "4RC@1,1"
    assert store.lessons() == {"iota/Making a play": ["legal play", "best play"]}


def test_a_kernel_cannot_send_as_another_student(store, tmp_path):
    with serving(store, tmp_path) as running:
        base = running.base
        forged = post(base, {"user": "ben", "events": [event("right")]})
        unknown = post(base, {"events": [event("right")]}, token="made-up")
        none = post(base, {"events": [event("right")]}, token=None)
        as_itself = post(base, {"user": "ada", "events": [event("right")]})
    assert forged.status_code == 403 and "ada's" in forged.json()["error"]
    assert unknown.status_code == 403 and "does not know this token" in unknown.json()["error"]
    assert none.status_code == 401
    assert as_itself.status_code == 200
    assert [r["user"] for r in store.events()] == ["ada"]


@pytest.mark.parametrize("bad, said", [
    (event(kind="won"), "'event' must be one of"),
    (event(time="yesterday"), "not an ISO time"),
    (event(time="2026-12-01T15:04:05"), "needs a time zone"),
    ({**event(), "id": "../../etc"}, "'id' must be"),
    (event(lesson=7), "'lesson' must be text"),
    ("an event", "must be a JSON object"),
])
def test_a_malformed_event_is_refused_with_its_batch(store, tmp_path, bad, said):
    with serving(store, tmp_path) as running:
        reply = post(running.base, {"events": [event(), bad]})
    assert reply.status_code == 400 and said in reply.json()["error"], reply.text
    assert store.count() == 0          # the good event of the batch was not kept either


@pytest.mark.parametrize("body, said", [
    ("not json", "not JSON"),
    ('["a list"]', "the body must be"),
    (json.dumps({"events": {"a": 1}}), "'events' must be a list"),
    (json.dumps({"events": [event() for _ in range(BATCH + 1)]}), f"at most {BATCH} events"),
    (json.dumps({"events": [event()], "seen": ["x"]}), "'seen' must map"),
])
def test_a_malformed_body_is_refused(store, tmp_path, body, said):
    with serving(store, tmp_path) as running:
        reply = requests.post(running.base + "api/events", data=body, timeout=10,
                              headers={"Authorization": "token ada-token"})
    assert reply.status_code == 400 and said in reply.json()["error"], reply.text
    assert store.count() == 0


def test_a_flood_is_slowed_and_nothing_is_lost(store, tmp_path, monkeypatch):
    monkeypatch.setattr(service, "BURST", 50.0)
    with serving(store, tmp_path) as running:
        base = running.base
        first = post(base, {"events": [event() for _ in range(40)]})
        flood = post(base, {"events": [event() for _ in range(40)]})
    assert first.status_code == 200 and flood.status_code == 429
    assert "events a second" in flood.json()["error"]
    assert store.count() == 40


def test_events_survive_a_restart_of_the_service(store, tmp_path):
    with serving(store, tmp_path) as running:
        base = running.base
        post(base, {"events": [event("wrong"), event("right")]})
    again = Store(str(store.engine.url))
    with serving(again, tmp_path) as running:
        base = running.base
        assert post(base, {"events": [event("hint")]}).status_code == 200
    assert [r["event"] for r in again.events()] == ["wrong", "right", "hint"]


def test_long_text_is_cut_not_refused():
    row = validate(event(answer="x" * 5000, feedback="y" * 5000))
    assert len(row["answer"]) == 200 and len(row["feedback"]) == 300
    assert row["time"] == datetime(2026, 12, 1, 15, 4, 5)                     # stored as UTC
    assert validate(event(time="2026-12-01T16:04:05+01:00"))["time"] == datetime(2026, 12, 1, 15, 4, 5)


def test_the_summary_lists_the_hubs_students_not_its_admins(store, tmp_path):
    with serving(store, tmp_path) as running:
        post(running.base, {"events": [event("right")], "seen": {"iota/Making a play": ["legal play"]}})
        made = running.call(running.room.summary(names=True))
        projected = running.call(running.room.summary(names=False))
    grid = made["lessons"][0]["grid"]
    assert sorted(grid) == ["ada", "ben"]                  # the teacher (an admin) is not a student
    assert grid["ada"]["legal play"]["state"] == "done"
    assert grid["ben"]["legal play"]["state"] == "not started"
    assert "ada" not in json.dumps(projected) and "ben" not in json.dumps(projected)


def test_the_summary_leaves_the_hubs_staff_off_the_grid(store, tmp_path, monkeypatch):
    # The teacher's everyday account is no admin (issue 35): the hub names it to the
    # service in KIT_CLASS_STAFF, and it is not listed as a student.
    monkeypatch.setenv("KIT_CLASS_STAFF", "ben,boss")
    with serving(store, tmp_path) as running:
        post(running.base, {"events": [event("right")], "seen": {"iota/Making a play": ["legal play"]}})
        made = running.call(running.room.summary(names=True))
    assert sorted(made["lessons"][0]["grid"]) == ["ada"]


def test_the_teachers_pages_are_the_teachers_alone(store, tmp_path):
    with serving(store, tmp_path) as running:
        post(running.base, {"events": [event("wrong", feedback="=cmd|' /C calc'!A0")]})

        def get(path: str, token: str) -> requests.Response:
            return requests.get(running.base + path, headers={"Authorization": f"token {token}"},
                                timeout=10, allow_redirects=False)
        for path in ("", "api/summary", "api/summary?projector=1", "class.csv"):
            assert get(path, "ada-token").status_code == 403, path      # a student
            assert get(path, bench.TEACHER_TOKEN).status_code == 200, path
        assert get("", "made-up").status_code in (302, 403)   # unknown: sent to log in, never the page
        page = get("", bench.TEACHER_TOKEN)
        csv_text = get("class.csv", bench.TEACHER_TOKEN).text
    assert "text/html" in page.headers["Content-Type"] and "<script" in page.text
    assert csv_text.splitlines()[0].startswith("student,lesson,exercise,state")
    assert "ada,iota/Making a play,legal play,trying" in csv_text


def test_the_service_as_the_hub_runs_it_keeps_its_files_private_and_stops_quietly(tmp_path):
    """`python -m kit.classroom.service` with the environment JupyterHub gives a service."""
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}",
           "JUPYTERHUB_SERVICE_PREFIX": "/services/class/", "JUPYTERHUB_SERVICE_NAME": "class",
           "JUPYTERHUB_API_URL": "http://127.0.0.1:9/hub/api", "JUPYTERHUB_API_TOKEN": "service-token",
           "KIT_CLASS_STATE": str(tmp_path), "KIT_CLASS_DB": ""}
    proc = subprocess.Popen([sys.executable, "-m", "kit.classroom.service"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if requests.get(f"http://127.0.0.1:{port}/services/class/api/health", timeout=2).ok:
                    break
            except requests.RequestException:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, proc.stdout.read().decode()
            time.sleep(0.2)
        # Names and typed answers: readable by the hub's account alone.
        for name in ("class.sqlite", "class_cookie_secret"):
            assert (tmp_path / name).stat().st_mode & 0o077 == 0, name
    finally:
        proc.send_signal(signal.SIGINT)              # how JupyterHub stops a service
        said = proc.communicate(timeout=30)[0].decode()
    assert proc.returncode == 0 and "class service stopped" in said and "Traceback" not in said, said


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_the_benchmark_stores_every_event_on_either_store(kind, request):
    if kind == "postgresql":
        # Skips (fails under KIT_REQUIRE_BROWSER=1) without PostgreSQL; the benchmark
        # starts its own server, as `--store postgresql` does.
        request.getfixturevalue("pg_server")
    out = bench.run(students=3, events=8, every=0.2, checks=2, store_kind=kind)
    assert (out["store"], out["events_stored"], out["events_lost"]) == (kind, 24, 0)
    assert out["events_per_s"] > 0 and out["summary_made_afresh"]["median_ms"] > 0


def test_the_benchmarks_medians_are_per_figure_over_the_runs():
    runs = [{"store": "sqlite", "events_per_s": n, "request": {"median_ms": m}}
            for n, m in ((400, 1.0), (300, 3.5), (500, 2.0))]
    assert bench.medians(runs) == {"store": "sqlite", "events_per_s": 400, "request": {"median_ms": 2.0}}
def test_a_summary_is_made_anew_once_the_classroom_records_an_event(store, monkeypatch):
    import asyncio
    from types import SimpleNamespace

    monkeypatch.setattr(service, "time", SimpleNamespace(monotonic=lambda: 100.0))   # one second
    room = service.Classroom(store, "http://127.0.0.1:9/hub/api", "token")

    async def students() -> list[str]:
        return ["ada"]

    room.students = students   # type: ignore[method-assign]
    first = asyncio.run(room.summary(names=True))
    assert asyncio.run(room.summary(names=True)) is first     # the same second, nothing new: cached
    assert room.record("ada", [event("right")], None).received == 1
    again = asyncio.run(room.summary(names=True))
    assert again is not first and again != first
    assert room.record("ada", [], None).received == 0          # nothing stored: the cache stands
    assert asyncio.run(room.summary(names=True)) is again


def test_the_teachers_page_fills_every_named_slot():
    page = service.page_html('to"k<en', "es")
    assert '<meta name="kit-xsrf" content="to&quot;k&lt;en">' in page
    assert '<html lang="es">' in page and '<html lang="en">' not in page
    messages = page.split('id="kit-messages">', 1)[1].split("</script>", 1)[0]
    assert json.loads(messages)["Class: teacher's view"] == "Clase: vista del profesor"


@pytest.mark.parametrize("slot", sorted(service.PAGE_SLOTS))
def test_a_page_missing_a_slot_is_refused_not_served_half_filled(slot, tmp_path, monkeypatch):
    text = service.PAGE.read_text(encoding="utf-8")
    empty = service.PAGE_SLOTS[slot][0]
    assert text.count(empty) == 1
    edited = tmp_path / "teacher.html"
    edited.write_text(text.replace(empty, "<!-- lost -->"), encoding="utf-8")
    monkeypatch.setattr(service, "PAGE", edited)
    with pytest.raises(service.MissingSlot, match=repr(slot)):
        service.page_html("tok", "en")
    edited.write_text(text.replace(empty, empty + empty), encoding="utf-8")
    with pytest.raises(service.MissingSlot, match="2 places"):
        service.page_html("tok", "en")


def test_filling_a_slot_the_page_does_not_have_is_refused():
    with pytest.raises(service.MissingSlot, match="'title'"):
        service.fill_slots("<html></html>", {"title": "x"})
