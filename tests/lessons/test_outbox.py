"""A lesson's events reach the class hub's service, and the lesson never waits for it.

Against a real HTTP server in the test (``Service``): events arrive with the
student's token and their lessons' exercise lists; outside a hub nothing is
sent and no thread starts; a hung or stopped service never slows the lesson,
and gets the events once it is back; a refused batch is skipped and the next
ones go; two kernels on one file lose nothing; the mark of what was sent
survives a reload; a progress file from before event ids still works.
"""

from __future__ import annotations

import json
import logging
import os
import re
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from kit.lessons import eventshape, outbox, record
from kit.lessons.exercise import Exercise, Help, Progress, Verdict

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "student-token"
THREAD_NAME = "kit-class-outbox"


class Service:
    """A stand-in for the hub's ``class`` service: keeps every request, answers
    the statuses queued in ``answers`` (then 200), or ``answer(n)`` for the n-th request."""

    def __init__(self, port: int = 0):
        self.requests: list[dict] = []      # {"status", "headers", "body"}
        self.answers: list[int] = []
        self.answer = lambda n: 200
        self.lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with service.lock:
                    status = (service.answers.pop(0) if service.answers
                              else service.answer(len(service.requests)))
                    service.requests.append({"status": status, "headers": dict(self.headers),
                                             "body": body})
                reply = ({"received": len(body["events"]), "duplicates": 0} if status == 200
                         else {"error": f"the test service answers {status}"})
                data = json.dumps(reply).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,),
                                       daemon=True)
        self.thread.start()

    @property
    def port(self) -> int:
        return self.server.server_address[1]

    def taken(self) -> list[dict]:
        """Every event in a request answered 200, in arrival order."""
        with self.lock:
            return [e for r in self.requests if r["status"] == 200 for e in r["body"]["events"]]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def url(port: int) -> str:
    return f"http://127.0.0.1:{port}/services/class/api/events"


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(condition, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def sender_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == THREAD_NAME and t.is_alive()]


@pytest.fixture(autouse=True)
def fresh_sender(monkeypatch):
    """A new sender per test (as a new kernel has), with short waits so tests are fast."""
    monkeypatch.setattr(outbox, "RETRY_FIRST", 0.05)
    monkeypatch.setattr(outbox, "RETRY_MAX", 0.2)
    monkeypatch.setattr(outbox, "TIMEOUT", 1.0)
    monkeypatch.delenv(outbox.URL_VARIABLE, raising=False)
    monkeypatch.delenv(outbox.TOKEN_VARIABLE, raising=False)
    outbox.reset()
    yield
    monkeypatch.delenv(outbox.URL_VARIABLE, raising=False)   # the old thread sends nowhere
    outbox.reset()


@pytest.fixture
def service():
    running = Service()
    yield running
    running.close()


def on_the_hub(monkeypatch, port: int) -> None:
    monkeypatch.setenv(outbox.URL_VARIABLE, url(port))
    monkeypatch.setenv(outbox.TOKEN_VARIABLE, TOKEN)


class Course(Progress):
    COURSE = "sums"


def is_seven(answer) -> Verdict:
    n = int(str(answer).strip())
    return Verdict(n == 7, "Yes." if n == 7 else f"{n} is not 6 + 1.")


def sum_exercise(progress):
    return Exercise("What is 6 + 1?",
                    is_seven,
                    help=Help(hints=["Count on from 6."], show="7"),
                    progress=progress,
                    key="six plus one")


def file_ids() -> list[str]:
    return [e["id"] for e in record.load()["events"]]


# ----- on the hub ----------------------------------------------------------------------

def test_events_go_with_the_token_the_feedback_and_their_lessons_exercise_lists(monkeypatch, service):
    on_the_hub(monkeypatch, service.port)
    progress = Course("Lesson")
    ex = sum_exercise(progress)
    Exercise("Another", is_seven, progress=progress, key="another")
    ex.attempt("6")
    ex.hint()
    ex.attempt("7")
    assert outbox.flush(5)

    taken = service.taken()
    assert [e["id"] for e in taken] == file_ids()
    assert [(e["event"], e.get("answer"), e.get("feedback")) for e in taken] == [
        ("wrong", "6", "6 is not 6 + 1."), ("hint", None, None), ("right", "7", "Yes.")]
    assert all(re.fullmatch(r"[0-9a-f]{32}", e["id"]) and e["lesson"] == "sums/Lesson" for e in taken)
    for request in service.requests:
        assert request["headers"]["Authorization"] == f"token {TOKEN}"
        assert request["headers"]["Content-Type"] == "application/json"
        if request["body"]["events"]:      # a batch carries its lessons' exercises, in order
            assert request["body"]["seen"]["sums/Lesson"] == ["six plus one", "another"]
    assert outbox.pending() == 0 and record.load()["sent"] == 3


def test_a_lesson_opened_sends_its_exercise_list_before_any_event(monkeypatch, service):
    on_the_hub(monkeypatch, service.port)
    sum_exercise(Course("Opened"))
    assert wait_for(lambda: any(r["body"]["seen"].get("sums/Opened") == ["six plus one"]
                                for r in list(service.requests)))
    assert service.taken() == []


def test_batches_hold_at_most_BATCH_events(monkeypatch, service):
    monkeypatch.setattr(outbox, "BATCH", 2)
    for _ in range(5):
        record.event("sums/Big", "x", "hint")
    on_the_hub(monkeypatch, service.port)
    assert outbox.flush(5)
    assert [len(r["body"]["events"]) for r in service.requests] == [2, 2, 1]
    assert [e["id"] for e in service.taken()] == file_ids()


# ----- outside a hub -------------------------------------------------------------------

@pytest.mark.parametrize("only", [outbox.URL_VARIABLE, outbox.TOKEN_VARIABLE])
def test_without_both_hub_variables_nothing_is_sent_and_no_thread_starts(monkeypatch, service, only):
    monkeypatch.setenv(only, url(service.port) if only == outbox.URL_VARIABLE else TOKEN)
    assert not outbox.configured()
    Course("Off hub")
    record.event("sums/Off hub", "x", "wrong", "3", feedback="No.")
    assert outbox.flush(1)
    assert sender_threads() == [] and service.requests == []
    assert record.load()["events"][0]["feedback"] == "No."     # kept all the same


def test_the_record_and_outbox_import_and_work_without_ipywidgets_or_a_thread(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in (outbox.URL_VARIABLE, outbox.TOKEN_VARIABLE)}
    env.update(PYTHONPATH=str(ROOT), KIT_PROGRESS=str(tmp_path / "p.json"))
    script = ("import sys, threading\n"
              "from kit.lessons import outbox, record\n"
              "record.seen('l', ['x']); record.event('l', 'x', 'right', '1', feedback='Yes.')\n"
              "assert outbox.flush(1) and not outbox.configured()\n"
              "print('ipywidgets' in sys.modules, threading.active_count(), outbox.pending())\n")
    done = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "1", "1"]


# ----- the service down, hung, refusing ---------------------------------------------------

def test_a_hung_service_never_slows_the_lesson_and_gets_the_events_once_back(monkeypatch):
    hung = socket.socket()            # takes connections, never answers
    hung.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    hung.bind(("127.0.0.1", 0))
    hung.listen(16)
    port = hung.getsockname()[1]
    on_the_hub(monkeypatch, port)
    monkeypatch.setattr(outbox, "TIMEOUT", 0.5)
    progress = Course("Hung")
    ex = sum_exercise(progress)
    slowest = 0.0
    for answer in ("5", "6", "8", "7"):
        started = time.monotonic()
        ex.attempt(answer)
        record.event(progress.lesson, ex.key, "hint")
        slowest = max(slowest, time.monotonic() - started)
    assert slowest < 0.5
    assert outbox.pending() == 8 and len(sender_threads()) == 1

    hung.close()
    back = Service(port)              # the service is back, at the same address
    try:
        assert wait_for(lambda: len(back.taken()) >= 8, timeout=10), back.requests
        assert [e["id"] for e in back.taken()] == file_ids()
        assert wait_for(lambda: outbox.pending() == 0)
    finally:
        back.close()


def test_failures_keep_the_events_retry_and_warn_once_per_outage(monkeypatch, service, caplog):
    service.answers = [500, 403, 503, 500]
    on_the_hub(monkeypatch, service.port)
    with caplog.at_level(logging.DEBUG, logger=outbox.__name__):
        record.event("sums/Down", "x", "wrong", "1", feedback="No.")
        record.event("sums/Down", "x", "right", "7", feedback="Yes.")
        assert wait_for(lambda: outbox.pending() == 0, timeout=10)
    assert [e["id"] for e in service.taken()] == file_ids()
    statuses = [r["status"] for r in service.requests]
    assert statuses[:4] == [500, 403, 503, 500] and set(statuses[4:]) == {200}
    warnings = [r for r in caplog.records if r.name == outbox.__name__ and r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "500" in warnings[0].getMessage()


def test_flush_gives_up_at_its_timeout_while_the_service_is_down(monkeypatch):
    on_the_hub(monkeypatch, closed_port())
    record.event("sums/Down", "x", "hint")
    started = time.monotonic()
    assert not outbox.flush(0.3)
    assert time.monotonic() - started < 1.5
    assert outbox.pending() == 1 and "sent" not in record.load()


@pytest.mark.parametrize("status", [400, 413])     # 413: over the service's caps, as final as 400
def test_a_malformed_batch_is_skipped_with_the_services_error_and_the_next_events_arrive(
        monkeypatch, service, caplog, status):
    monkeypatch.setattr(outbox, "BATCH", 2)
    for n in range(3):
        record.event("sums/Bad", f"x{n}", "hint")
    service.answers = [status]
    on_the_hub(monkeypatch, service.port)
    assert outbox.flush(5)
    ids = file_ids()
    assert [e["id"] for e in service.taken()] == ids[2:]       # the first batch was skipped
    assert any(f"the test service answers {status}" in r.getMessage() and r.levelno == logging.WARNING
               for r in caplog.records)
    record.event("sums/Bad", "x3", "hint")
    record.event("sums/Bad", "x4", "hint")
    assert outbox.flush(5)
    assert [e["id"] for e in service.taken()] == file_ids()[2:]
    assert record.load()["sent"] == 5


# ----- the file: two kernels, a reload, old files ----------------------------------------

KERNEL = """
import sys
from kit.lessons import outbox, record
outbox.RETRY_FIRST, outbox.RETRY_MAX = 0.02, 0.1
for n in range(int(sys.argv[1])):
    record.event("two/Lesson " + sys.argv[2], "exercise %d" % (n % 3), "wrong", str(n), feedback="No.")
print(outbox.flush(20))
"""


def test_two_kernels_on_one_file_lose_nothing(tmp_path, service):
    service.answer = lambda n: 500 if n % 3 == 1 else 200    # every third request fails
    env = dict(os.environ, PYTHONPATH=str(ROOT), KIT_PROGRESS=str(tmp_path / "p.json"),
               **{outbox.URL_VARIABLE: url(service.port), outbox.TOKEN_VARIABLE: TOKEN})
    kernels = [subprocess.Popen([sys.executable, "-c", KERNEL, "30", name], env=env, cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for name in "AB"]
    outputs = [kernel.communicate(timeout=60) for kernel in kernels]
    assert [k.returncode for k in kernels] == [0, 0], outputs
    assert [out.strip() for out, _err in outputs] == ["True", "True"]
    saved = record.load(tmp_path / "p.json")
    ids = [e["id"] for e in saved["events"]]
    assert len(ids) == len(set(ids)) == 60 and saved["sent"] == 60
    assert set(ids) <= {e["id"] for e in service.taken()}     # every event got at least once


def test_the_sent_mark_survives_a_reload(monkeypatch, service):
    on_the_hub(monkeypatch, service.port)
    for kind in ("wrong", "hint", "right"):
        record.event("sums/Kept", "x", kind)
    assert outbox.flush(5) and record.load()["sent"] == 3
    outbox.reset()                    # a new kernel: a new sender, the same file
    assert outbox.pending() == 0
    record.seen("sums/Kept", ["x"])
    record.event("sums/Kept", "x", "show")
    assert outbox.flush(5)
    assert [e["event"] for e in service.taken()] == ["wrong", "hint", "right", "show"]


def test_an_old_progress_file_without_ids_still_works(monkeypatch, service):
    old_events = [{"time": "2026-11-30T10:00:00Z", "lesson": "sums/Old", "exercise": "x",
                   "event": "wrong", "answer": "6"},
                  "not an event",
                  {"time": "yesterday", "lesson": "sums/Old", "exercise": "x", "event": "hint"},
                  {"time": "2026-11-30T10:01:00Z", "lesson": "sums/Old", "exercise": "x",
                   "event": "right", "answer": "7"}]
    where = record.path()
    where.write_text(json.dumps({"version": 1, "events": old_events,
                                 "lessons": {"sums/Old": {"done": ["x"], "seen": ["x"]}}}))
    assert record.outgoing(where, 10).ids == record.outgoing(where, 10).ids   # the same on every read
    on_the_hub(monkeypatch, service.port)
    record.event("sums/Old", "y", "hint")
    assert outbox.flush(5)

    taken = service.taken()
    assert [(e["event"], e.get("answer")) for e in taken] == [("wrong", "6"), ("right", "7"), ("hint", None)]
    assert all(re.fullmatch(r"[0-9a-f]{32}", e["id"]) for e in taken) and len({e["id"] for e in taken}) == 3
    saved = record.load()
    assert saved["events"][:4] == old_events and saved["sent"] == 5     # the file's past is untouched
    assert taken[0]["id"] == record.event_id(old_events[0], 0)


def test_what_the_service_would_refuse_is_never_sent_so_the_events_beside_it_arrive(monkeypatch, service):
    """A hand-edited file: events and lists whose names or times break the service's rules
    (kit.lessons.eventshape) stay in the file, unsent, instead of making it refuse their batch."""
    good = {"time": "2026-11-30T10:00:00Z", "lesson": "sums/Edited", "exercise": "x", "event": "wrong"}
    bad = [{**good, "exercise": ""}, {**good, "exercise": "two\nlines"}, {**good, "lesson": "x" * 201},
           {**good, "time": "0001-01-01T00:00:00+05:00"}, {**good, "time": "2999-01-01T00:00:00Z"}]
    where = record.path()
    where.write_text(json.dumps({"version": 1, "events": [good, *bad, {**good, "event": "right"}],
                                 "lessons": {"sums/Edited": {"done": [], "seen": ["x", "", "a\u0000b", "y"]},
                                             "": {"seen": ["x"]},
                                             "sums/Many": {"seen": [f"e{n}" for n in range(300)]}}}))
    on_the_hub(monkeypatch, service.port)
    record.event("sums/Edited", "y", "hint")
    record.start_over("sums/Edited")
    assert outbox.flush(5)
    assert [(e["event"], e["exercise"]) for e in service.taken()] == [
        ("wrong", "x"), ("right", "x"), ("hint", "y"), ("start over", "")]
    seen = next(r["body"]["seen"] for r in service.requests if r["body"]["events"])
    assert seen["sums/Edited"] == ["x", "y"] and "" not in seen
    assert seen["sums/Many"] == [f"e{n}" for n in range(eventshape.SEEN_EXERCISES)]
    assert record.load()["sent"] == 9 and record.load()["events"][1:6] == bad     # kept in the file


def test_a_file_changed_under_the_sender_is_not_marked_and_a_wrong_mark_is_not_trusted():
    record.event("sums/M", "x", "hint")
    record.event("sums/M", "x", "show")
    where = record.path()
    out = record.outgoing(where, 500)
    assert (out.start, out.end, out.unsent) == (0, 2, 2)
    assert not record.acknowledge(where, 1, 2, out.ids[1:])      # the first is not marked yet

    replaced = record.load()
    replaced["events"] = list(reversed(replaced["events"]))      # not the events that were sent
    where.write_text(json.dumps(replaced))
    assert not record.acknowledge(where, 0, 2, out.ids) and "sent" not in record.load()

    replaced["sent"] = 99                                        # cannot be right: read as 0
    where.write_text(json.dumps(replaced))
    assert record.outgoing(where, 500).start == 0
    assert record.acknowledge(where, 0, 2, record.outgoing(where, 500).ids)
    assert record.load()["sent"] == 2 and record.outgoing(where, 500).unsent == 0
