"""How many events a second the class service takes, and how long the teacher's summary takes.

    python -m kit.classroom.service_bench [--students 30] [--events 200]
        [--store sqlite|postgresql] [--runs 1] [--json out.json]

Starts the service (``kit.classroom.service.make_app``) on a free port with a fresh
store, beside a stand-in for the hub's API (``standin_hub``: it answers
``GET /hub/api/user`` for one token per student and ``GET /hub/api/users``), so
it needs no JupyterHub and measures the service alone. The real hub is asked
once per token a minute (HubAuth's cache), which is why a stand-in changes
little. Then ``--students`` threads each send ``--events`` events, one request
per event (as a lesson sends them, one Check at a time), over a kept-alive
connection, while a teacher's page asks for the summary every 2 s.

First, 100 Checks of a lesson exercise in this process, with the outbox off (no
hub) and on (sending to the service): what a student waits for at Check.

Prints: events a second the service stored (all students together), each
request's median and worst time, and the summary's median and worst time,
once with the events still arriving and once after (30 students' whole
lesson in the store). Nothing is sent anywhere but 127.0.0.1.

``--store sqlite`` (the default, ``make hub``'s) is a fresh SQLite file;
``--store postgresql`` a fresh database of a throwaway PostgreSQL server started
for the run (``kit.testing.pgserver``: Debian's PostgreSQL on a Unix socket, fsync
off, so its figures are the service's and the store's code, not a school's disk).
``--runs N`` repeats the whole measurement N times, each on its own fresh store,
and prints each run and the median of each figure over the runs.

The same stand-in hub serves tests/test_class_service.py.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import statistics
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from tornado import web

from kit.classroom import overview, service
from kit.classroom.eventstore import Store

PREFIX = "/services/class/"
TEACHER_TOKEN = "teacher-token"


def standin_hub(tokens: dict[str, str]) -> web.Application:
    """The two calls of the hub's API the service makes: whose token, and who is in the class."""

    class User(web.RequestHandler):
        def get(self) -> None:
            token = self.request.headers.get("Authorization", "").split()[-1]
            if token == TEACHER_TOKEN:      # the teacher: an admin with the service's access scope
                self.finish({"name": "teacher", "kind": "user", "admin": True,
                             "scopes": ["access:services"]})
            elif token in tokens:
                self.finish({"name": tokens[token], "kind": "user", "admin": False, "scopes": []})
            else:
                raise web.HTTPError(403)

    class Users(web.RequestHandler):
        def get(self) -> None:
            self.finish(json.dumps([{"name": n, "admin": False} for n in sorted(tokens.values())]
                                   + [{"name": "teacher", "admin": True}]))

    return web.Application([("/hub/api/user", User), ("/hub/api/users", Users)])


@dataclass
class Running:
    """A service on 127.0.0.1, in a thread of its own, beside its stand-in hub."""
    base: str                          # http://127.0.0.1:N/services/class/
    port: int
    loop: asyncio.AbstractEventLoop
    room: service.Classroom

    def call(self, coroutine: Any) -> Any:
        """Run ``coroutine`` on the service's own loop; its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(60)


@contextmanager
def serving(store: Store, tokens: dict[str, str], state: Path) -> Iterator[Running]:
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    made: dict[str, Any] = {}

    def port_of(server: Any) -> int:
        return int(next(iter(server._sockets.values())).getsockname()[1])

    async def start() -> None:
        hub_port = port_of(standin_hub(tokens).listen(0, "127.0.0.1"))
        app = service.make_app(store, PREFIX, f"http://127.0.0.1:{hub_port}/hub/api",
                               "service-token", state)
        made["port"] = port_of(app.listen(0, "127.0.0.1", max_body_size=service.BODY_BYTES))
        made["room"] = app.settings["room"]
        ready.set()

    thread = threading.Thread(target=lambda: (loop.run_until_complete(start()), loop.run_forever()),
                              daemon=True)
    thread.start()
    if not ready.wait(30):
        raise TimeoutError("the class service did not start")
    try:
        yield Running(f"http://127.0.0.1:{made['port']}{PREFIX}", made["port"], loop, made["room"])
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


def lesson_events(n: int, start: datetime) -> list[dict[str, Any]]:
    """A student's ``n`` events through a lesson of 8 exercises: wrong, hint, right, ..."""
    kinds = ("wrong", "hint", "wrong", "right")
    return [{"id": uuid.uuid4().hex, "time": (start + timedelta(seconds=i)).strftime("%Y-%m-%dT%H:%M:%SZ"),
             "lesson": "iota/Meet IOTA", "exercise": f"line {1 + (i // 4) % 8}", "event": kinds[i % 4],
             **({"feedback": "Look again at the numbers"} if kinds[i % 4] == "wrong" else {})}
            for i in range(n)]


def send_all(port: int, token: str, events: list[dict[str, Any]], times: list[float]) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Authorization": f"token {token}", "Content-Type": "application/json"}
    for event in events:
        t = time.perf_counter()
        connection.request("POST", PREFIX + "api/events", json.dumps({"events": [event]}), headers)
        reply = connection.getresponse()
        reply.read()
        if reply.status != 200:
            raise RuntimeError(f"the service answered {reply.status}")
        times.append(time.perf_counter() - t)
    connection.close()


def ask_summary(port: int) -> float:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    t = time.perf_counter()
    connection.request("GET", PREFIX + "api/summary", headers={"Authorization": f"token {TEACHER_TOKEN}"})
    reply = connection.getresponse()
    reply.read()
    took = time.perf_counter() - t
    connection.close()
    if reply.status != 200:
        raise RuntimeError(f"the summary answered {reply.status}")
    return took


def lesson_submits(n: int, folder: Path, events_url: str | None, token: str = "") -> list[float]:
    """Seconds each of ``n`` Checks of a lesson exercise takes in this process, with the
    outbox sending to ``events_url`` (None: not on a hub, nothing sent)."""
    import os

    from kit.lessons import iota as lesson
    from kit.lessons import outbox

    saved = {k: os.environ.get(k) for k in ("KIT_PROGRESS", outbox.URL_VARIABLE, outbox.TOKEN_VARIABLE)}
    os.environ["KIT_PROGRESS"] = str(folder / f"progress-{bool(events_url)}.json")
    for key, value in ((outbox.URL_VARIABLE, events_url), (outbox.TOKEN_VARIABLE, token or None)):
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
    outbox.reset()
    try:
        exercise = lesson.exercise("line 1", lesson.Progress("Bench"))
        times = []
        for i in range(n):
            t = time.perf_counter()
            exercise.submit("invalid" if i % 2 else "valid")
            times.append(time.perf_counter() - t)
        if events_url and not outbox.flush(30):
            raise RuntimeError("the lesson's events were not all sent")
        return times
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        outbox.reset()


def figures(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"median_ms": round(1000 * statistics.median(ordered), 2),
            "worst_ms": round(1000 * ordered[-1], 2)} if ordered else {}


@contextmanager
def fresh_store(kind: str, folder: Path) -> Iterator[Store]:
    """An empty store of ``kind`` ("sqlite" or "postgresql"), gone afterwards."""
    if kind == "sqlite":
        yield Store(f"sqlite:///{folder}/class.sqlite")
        return
    if kind != "postgresql":
        raise ValueError(f"no store {kind!r}: sqlite or postgresql")
    from kit.testing import pgserver

    with pgserver.running() as server:
        store = Store(server.database())
        try:
            yield store
        finally:
            store.engine.dispose()


def run(students: int, events: int, every: float = 2.0, checks: int = 100,
        store_kind: str = "sqlite") -> dict[str, Any]:
    tokens = {f"token-{i}": f"student{i:02d}" for i in range(students)}
    tokens["lesson-token"] = "lesson"   # the Checks measured below
    start = datetime.now(timezone.utc) - timedelta(minutes=10)
    with tempfile.TemporaryDirectory() as tmp, fresh_store(store_kind, Path(tmp)) as store:
        # Not limited here: the benchmark measures how fast the service can go.
        limits, (service.RATE, service.BURST) = (service.RATE, service.BURST), (1e9, 1e9)
        with serving(store, tokens, Path(tmp)) as running:
            ask_summary(running.port)           # the hub's list of students, asked once
            # The lesson's side: a Check with the outbox off (no hub) and on (sending here).
            checks_off = lesson_submits(checks, Path(tmp), None)
            checks_on = lesson_submits(checks, Path(tmp), running.base + "api/events", "lesson-token")
            sends: list[float] = []
            during: list[float] = []
            done = threading.Event()

            def teacher() -> None:
                while not done.wait(every):
                    during.append(ask_summary(running.port))

            watcher = threading.Thread(target=teacher, daemon=True)
            senders = [threading.Thread(target=send_all, args=(running.port, token,
                                                                lesson_events(events, start), sends))
                       for token in tokens if token != "lesson-token"]
            t = time.perf_counter()
            watcher.start()
            for s in senders:
                s.start()
            for s in senders:
                s.join()
            took = time.perf_counter() - t
            done.set()
            watcher.join()
            stored = store.count() - len(checks_on)     # the flood's events only
            after = [ask_summary(running.port) for _ in range(5)]
            # The summary made afresh from the store (the page's cache is per second).
            class_list = sorted(tokens.values())
            made = []
            for _ in range(5):
                t = time.perf_counter()
                overview.summary(store.events(), class_list, store.lessons(), datetime.now(timezone.utc))
                made.append(time.perf_counter() - t)
        service.RATE, service.BURST = limits
    return {"store": store_kind, "students": students, "events_each": events, "events_stored": stored,
            "events_lost": students * events - stored,
            "events_per_s": round(stored / took), "seconds": round(took, 2),
            "request": figures(sends), "summary_while_sending": figures(during),
            "summary_after": figures(after), "summary_made_afresh": figures(made),
            "lesson_check_outbox_off": figures(checks_off), "lesson_check_outbox_on": figures(checks_on)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--events", type=int, default=200, help="events each student sends")
    ap.add_argument("--store", choices=("sqlite", "postgresql"), default="sqlite",
                    help="the store: a SQLite file (make hub's default) or a PostgreSQL server started here")
    ap.add_argument("--runs", type=int, default=1, help="repeat the measurement, each on a fresh store")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    runs = [run(args.students, args.events, store_kind=args.store) for _ in range(max(1, args.runs))]
    out = runs[0] if len(runs) == 1 else {"store": args.store, "runs": runs, "median": medians(runs)}
    text = json.dumps(out, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text)
    return 0 if all(r["events_stored"] == args.students * args.events for r in runs) else 1


def medians(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each number of the runs' figures, its median over the runs (nested dicts alike)."""
    def over(values: list[Any]) -> Any:
        if all(isinstance(v, dict) for v in values):
            return {k: over([v[k] for v in values]) for k in values[0] if all(k in v for v in values)}
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
            middle = statistics.median(values)
            whole = all(isinstance(v, int) for v in values) and middle == int(middle)
            return int(middle) if whole else round(middle, 2)
        return values[0]
    merged: dict[str, Any] = over(runs)
    return merged


if __name__ == "__main__":
    raise SystemExit(main())
