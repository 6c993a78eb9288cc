"""A student's lesson progress, kept in one small JSON file in their home.

Where: ``$KIT_PROGRESS`` if set, else ``~/.kit/progress.json`` (on the class
hub each student has their own home, so their own file). What::

    {"version": 1,
     "lessons": {"iota/Making a play": {"done": ["legal play", ...], "seen": [...]}},
     "events": [{"id": "9f0c...(32 hex)", "time": "2026-12-01T15:04:05Z",
                 "lesson": "iota/Making a play", "exercise": "legal play",
                 "event": "wrong", "answer": "4RC@1,1",
                 "feedback": "A line of 4 needs 4 different colours."}, ...],
     "sent": 12}

``seen`` lists every exercise the lesson showed (so a course overview can say
"3 of 8"); ``done`` the ones answered right without Show me first. Every event
(an answer judged right or wrong, a hint, Show me, starting a lesson over) is
kept with its time, a unique ``id`` and, on right or wrong, the ``feedback``
the student was given (the verdict's ``why``), for the teacher's view.

Sending to the class hub (``kit.lessons.outbox``). Events are only ever
appended, under the file lock, so an event's place in the list never changes;
``sent`` counts the events from the start of the list that the hub has
acknowledged (a 200, or a 400 that skipped them). A sender reads the events
from ``sent`` on, posts them, and on the answer calls :func:`acknowledge`,
which, under the lock and on the file read again, checks that those places
still hold the events it sent (by id) and only then raises ``sent`` to their
end, never lowers it. So with two kernels of one student sending from one
file, whichever is acknowledged first moves ``sent`` and the other's mark is
a no-op; a file changed in between (replaced, restored from a copy) is not
marked and its events are sent again, which the service de-duplicates by id.
A ``sent`` that cannot be right (not a count, or more than the events) is
read as 0: everything is sent again rather than anything lost.

Files written before events had ids (or by hand) still work: an event
without an id is left as it is in the file and sent with an id made from its
place and content (:func:`event_id`; the same on every read and in every
kernel, so the service sees one event). An entry that is not an event (not
a dict, an unknown kind, no time with its zone) is not sent, and is counted
as sent with its batch, so it never makes the service refuse the good ones.

Two kernels of one student (two lessons open) write the same file: each write
takes a lock, re-reads the file and replaces it in one step (``os.replace``),
so neither loses the other's work. A file that cannot be read is moved aside to
``progress.json.broken`` (kept for the teacher, never silently wiped) and a new
one started; a file that cannot be written is logged and the lesson goes on.
After each event, and each time a lesson lists its exercises, the outbox is
woken (nothing happens outside the class hub); writing never waits on it.

Not covered: the exercises themselves (``kit.lessons.exercise``), showing
progress (the ``Progress`` widget and ``kit.lessons.welcome``), the sending
(``kit.lessons.outbox``).
"""

from __future__ import annotations

from typing import Any, TypeGuard

import hashlib
import json
import logging
import os
import re
import tempfile
import uuid
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from collections.abc import Callable, Iterator

from kit.lessons import eventshape, outbox

try:                      # POSIX; elsewhere writes are atomic but unlocked
    import fcntl
except ImportError:       # pragma: no cover -- Windows
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

VERSION = 1
EVENTS = ("right", "wrong", "hint", "show", "start over")
#: A typed answer is kept up to this many characters (a pasted essay is not progress).
ANSWER_CHARS = 200
#: The feedback kept with a right or wrong answer is cut to this many characters.
FEEDBACK_CHARS = 300
#: What an event id looks like (``uuid4().hex``).
ID = re.compile(r"[0-9a-f]{32}")


def path() -> Path:
    """The progress file: ``$KIT_PROGRESS``, else ``~/.kit/progress.json``."""
    chosen = os.environ.get("KIT_PROGRESS")
    return Path(chosen).expanduser() if chosen else Path.home() / ".kit" / "progress.json"


def empty() -> dict[str, Any]:
    return {"version": VERSION, "lessons": {}, "events": []}


def _valid(data: object) -> TypeGuard[dict[str, Any]]:
    return (isinstance(data, dict) and isinstance(data.get("lessons"), dict)
            and isinstance(data.get("events"), list)
            and all(isinstance(v, dict) for v in data["lessons"].values()))


def load(where: Path | None = None) -> dict[str, Any]:
    """The whole record (an empty one if there is no file yet)."""
    where = where or path()
    try:
        data = json.loads(where.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return empty()
    except (OSError, ValueError) as exc:
        data = exc
    if _valid(data):
        return data
    broken = where.with_name(where.name + ".broken")
    log.warning("progress file %s cannot be read (%s); kept as %s, starting a new one",
                where, data if isinstance(data, Exception) else "not a progress record", broken)
    try:
        os.replace(where, broken)
    except OSError:
        pass
    return empty()


@contextmanager
def _locked(where: Path) -> Iterator[None]:
    where.parent.mkdir(parents=True, exist_ok=True)
    if fcntl is None:
        yield
        return
    with open(where.with_name(where.name + ".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def update(change: Callable[[dict[str, Any]], None], where: Path | None = None) -> dict[str, Any] | None:
    """Apply ``change`` to the record on disk under the lock; the new record, or
    None (logged) if it could not be written: a read-only home never stops a lesson."""
    where = where or path()
    try:
        with _locked(where):
            data = load(where)
            change(data)
            handle, tmp = tempfile.mkstemp(dir=where.parent, prefix=".progress-", suffix=".json")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(data, out, indent=1, sort_keys=True)
            os.replace(tmp, where)
            return data
    except OSError as exc:
        log.warning("progress not saved to %s: %s", where, exc)
        return None


def now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def lesson_entry(data: dict[str, Any], lesson: str) -> dict[str, Any]:
    entry: dict[str, Any] = data["lessons"].setdefault(lesson, {})
    entry.setdefault("done", [])
    entry.setdefault("seen", [])
    return entry


def done(lesson: str, where: Path | None = None) -> list[str]:
    """The exercises of ``lesson`` done so far, in the order they were done."""
    return list(load(where)["lessons"].get(lesson, {}).get("done", []))


def event(lesson: str, exercise: str, kind: str, answer: object = None, feedback: str | None = None,
          where: Path | None = None) -> None:
    """Keep one event; a right answer also marks the exercise done, unless Show me
    came first (``shown``). ``feedback``
    (right or wrong only): what the student was told, the verdict's ``why``."""
    if kind not in EVENTS:
        raise ValueError(f"unknown progress event {kind!r}; one of {', '.join(EVENTS)}")
    if feedback is not None and kind not in ("right", "wrong"):
        raise ValueError(f"feedback is kept with a right or wrong answer, not with {kind!r}")
    item = _new_event(lesson, exercise, kind)
    if answer is not None:
        item["answer"] = str(answer)[:ANSWER_CHARS]
    if feedback is not None:
        item["feedback"] = str(feedback)[:FEEDBACK_CHARS]

    def change(data: dict[str, Any]) -> None:
        entry = lesson_entry(data, lesson)
        if kind == "right" and exercise not in entry["done"] and not shown(data, lesson, exercise):
            entry["done"].append(exercise)
        data["events"].append(item)
    where = where or path()
    update(change, where)
    outbox.wake(where)


def shown(data: dict[str, Any], lesson: str, exercise: str) -> bool:
    """Whether the student pressed Show me on ``exercise`` since the lesson's latest
    start over. A right answer after that is the solution copied, not the exercise
    done: it is kept as an event (the teacher's page calls it "done after show",
    kit.classroom.overview) but never marks the exercise done, so the welcome and a
    reopened lesson do not count it either."""
    for item in reversed(data["events"]):
        if item.get("lesson") != lesson:
            continue
        if item.get("event") == "start over":
            return False
        if item.get("exercise") == exercise and item.get("event") == "show":
            return True
    return False


def _new_event(lesson: str, exercise: str, kind: str) -> dict[str, Any]:
    # The id only names the event (the service keeps one per student and id);
    # it is an identifier, not game randomness, so uuid4 and not the game's seed.
    return {"id": uuid.uuid4().hex, "time": now(), "lesson": lesson, "exercise": exercise,
            "event": kind}


def seen(lesson: str, exercises: list[str], where: Path | None = None) -> None:
    """Note that ``lesson`` shows these exercises (its total, for an overview)."""
    def change(data: dict[str, Any]) -> None:
        entry = lesson_entry(data, lesson)
        entry["seen"] = list(dict.fromkeys(list(entry["seen"]) + list(exercises)))
    where = where or path()
    current = load(where)["lessons"].get(lesson, {}).get("seen", [])
    if not set(exercises) <= set(current):
        update(change, where)
    # Also when nothing changed: a lesson opened again sends what an earlier
    # session could not (the service was down when its kernel stopped).
    outbox.wake(where)


def start_over(lesson: str, where: Path | None = None) -> None:
    """Forget what was done in ``lesson`` (its events stay: they happened)."""
    def change(data: dict[str, Any]) -> None:
        lesson_entry(data, lesson)["done"] = []
        data["events"].append(_new_event(lesson, "", "start over"))
    where = where or path()
    update(change, where)
    outbox.wake(where)


# ----- what the outbox reads and marks ---------------------------------------------------

def event_id(item: object, index: int) -> str:
    """The id of the event at ``index``: its own, or for an event without one
    (a file from before ids), one made from its place and content, the same on every read."""
    own = item.get("id") if isinstance(item, dict) else None
    if isinstance(own, str) and ID.fullmatch(own):
        return own
    content = json.dumps([index, item], sort_keys=True, ensure_ascii=True, default=str)
    return hashlib.sha256(content.encode()).hexdigest()[:32]


def sent_count(data: dict[str, Any]) -> int:
    """How many events, from the first, the class hub has acknowledged (see the module doc)."""
    sent = data.get("sent", 0)
    if isinstance(sent, bool) or not isinstance(sent, int) or not 0 <= sent <= len(data["events"]):
        return 0    # cannot be right: send everything again rather than lose anything
    return sent


def _outgoing_form(item: object, index: int) -> dict[str, Any] | None:
    """The event as the service takes it, or None if the service would refuse it
    (not an event, or its names or time break ``kit.lessons.eventshape``'s rules):
    sent, it would make the service refuse its whole batch."""
    if not (isinstance(item, dict) and item.get("event") in EVENTS
            and all(isinstance(item.get(key), str) for key in ("time", "lesson", "exercise"))
            and _utc_time(item["time"], datetime.now(timezone.utc))
            and eventshape.name_problem(item["lesson"], "lesson") is None
            and (eventshape.name_problem(item["exercise"], "exercise") is None
                 or (item["event"] == "start over" and item["exercise"] == ""))):
        return None
    out = {"id": event_id(item, index), "time": item["time"], "lesson": item["lesson"],
           "exercise": item["exercise"], "event": item["event"]}
    for key, limit in (("answer", ANSWER_CHARS), ("feedback", FEEDBACK_CHARS)):
        if item.get(key) is not None:
            out[key] = str(item[key])[:limit]
    return out


def _utc_time(text: str, now: datetime) -> bool:
    """An ISO time with its zone that the service takes (as :func:`now` writes)."""
    try:
        eventshape.parse_time(text, now)
    except ValueError:
        return False
    return True


def sendable_seen(lessons: dict[str, Any]) -> dict[str, list[str]]:
    """Every lesson's exercises as the service takes them: names that break the rules
    left out, and within the caps (a lesson's first exercises, the first lessons), so
    a hand-edited file never makes the service refuse the events sent beside it."""
    seen: dict[str, list[str]] = {}
    pairs = 0
    for lesson, entry in lessons.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("seen"), list):
            continue
        if len(seen) == eventshape.SEEN_LESSONS or eventshape.name_problem(lesson, "lesson"):
            continue
        keys = [key for key in entry["seen"] if eventshape.name_problem(key, "exercise") is None]
        keys = list(dict.fromkeys(keys))[:min(eventshape.SEEN_EXERCISES, eventshape.SEEN_PAIRS - pairs)]
        pairs += len(keys)
        seen[lesson] = keys
    return seen


def outgoing(where: Path, limit: int) -> outbox.Outgoing:
    """The first ``limit`` events of ``where`` not acknowledged, and every lesson's exercises."""
    data = load(where)
    events, start = data["events"], sent_count(data)
    end = min(len(events), start + limit)
    chosen = [_outgoing_form(events[i], i) for i in range(start, end)]
    dropped = chosen.count(None)
    if dropped:
        log.debug("%d entries of %s are not events; not sent", dropped, where)
    seen = sendable_seen(data["lessons"])
    return outbox.Outgoing(start=start, end=end, ids=[event_id(events[i], i) for i in range(start, end)],
                           events=[e for e in chosen if e is not None], seen=seen,
                           unsent=len(events) - start)


def acknowledge(where: Path, start: int, end: int, ids: list[str]) -> bool:
    """Mark the events ``start:end`` of ``where`` sent, if they are still the ones
    with ``ids`` and every event before them is marked already. True when marked
    (or marked already by another kernel); False when not, so they are sent again."""
    marked = False

    def change(data: dict[str, Any]) -> None:
        nonlocal marked
        events, sent = data["events"], sent_count(data)
        if sent >= end:
            marked = True
        elif (sent >= start and len(events) >= end
              and [event_id(events[i], i) for i in range(start, end)] == ids):
            data["sent"] = end
            marked = True
    return update(change, where) is not None and marked


outbox.attach(outbox.Store(path=path, outgoing=outgoing, acknowledge=acknowledge))
