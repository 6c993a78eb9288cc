"""A student's lesson progress, kept in one small JSON file in their home.

Where: ``$KIT_PROGRESS`` if set, else ``~/.kit/progress.json`` (on the class
hub each student has their own home, so their own file). What::

    {"version": 1,
     "lessons": {"iota/Making a play": {"done": ["legal play", ...], "seen": [...]}},
     "events": [{"time": "2026-12-01T15:04:05Z", "lesson": "iota/Making a play",
                 "exercise": "legal play", "event": "wrong", "answer": "4RC@1,1"}, ...]}

``seen`` lists every exercise the lesson showed (so a course overview can say
"3 of 8"); ``done`` the ones answered right without Show me first. Every event
(an answer judged right or wrong, a hint, Show me, starting a lesson over) is
kept with its time, for a teacher's view to read later.

Two kernels of one student (two lessons open) write the same file: each write
takes a lock, re-reads the file and replaces it in one step (``os.replace``),
so neither loses the other's work. A file that cannot be read is moved aside to
``progress.json.broken`` (kept for the teacher, never silently wiped) and a new
one started; a file that cannot be written is logged and the lesson goes on.

Not covered: the exercises themselves (``kit.lessons.exercise``), or showing
progress (the ``Progress`` widget and ``kit.lessons.welcome``).
"""

from __future__ import annotations

from typing import Any

import json
import logging
import os
import tempfile
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from collections.abc import Callable, Iterator

try:                      # POSIX; elsewhere writes are atomic but unlocked
    import fcntl
except ImportError:       # pragma: no cover -- Windows
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

VERSION = 1
EVENTS = ("right", "wrong", "hint", "show", "start over")
#: A typed answer is kept up to this many characters (a pasted essay is not progress).
ANSWER_CHARS = 200


def path() -> Path:
    """The progress file: ``$KIT_PROGRESS``, else ``~/.kit/progress.json``."""
    chosen = os.environ.get("KIT_PROGRESS")
    return Path(chosen).expanduser() if chosen else Path.home() / ".kit" / "progress.json"


def empty() -> dict[str, Any]:
    return {"version": VERSION, "lessons": {}, "events": []}


def _valid(data) -> bool:
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
    entry = data["lessons"].setdefault(lesson, {})
    entry.setdefault("done", [])
    entry.setdefault("seen", [])
    return entry


def done(lesson: str, where: Path | None = None) -> list[str]:
    """The exercises of ``lesson`` done so far, in the order they were done."""
    return list(load(where)["lessons"].get(lesson, {}).get("done", []))


def event(lesson: str, exercise: str, kind: str, answer=None, where: Path | None = None) -> None:
    """Keep one event; a right answer also marks the exercise done."""
    if kind not in EVENTS:
        raise ValueError(f"unknown progress event {kind!r}; one of {', '.join(EVENTS)}")
    item = {"time": now(), "lesson": lesson, "exercise": exercise, "event": kind}
    if answer is not None:
        item["answer"] = str(answer)[:ANSWER_CHARS]

    def change(data: dict[str, Any]) -> None:
        entry = lesson_entry(data, lesson)
        if kind == "right" and exercise not in entry["done"]:
            entry["done"].append(exercise)
        data["events"].append(item)
    update(change, where)


def seen(lesson: str, exercises: list[str], where: Path | None = None) -> None:
    """Note that ``lesson`` shows these exercises (its total, for an overview)."""
    def change(data: dict[str, Any]) -> None:
        entry = lesson_entry(data, lesson)
        entry["seen"] = list(dict.fromkeys(list(entry["seen"]) + list(exercises)))
    current = load(where)["lessons"].get(lesson, {}).get("seen", [])
    if not set(exercises) <= set(current):
        update(change, where)


def start_over(lesson: str, where: Path | None = None) -> None:
    """Forget what was done in ``lesson`` (its events stay: they happened)."""
    def change(data: dict[str, Any]) -> None:
        lesson_entry(data, lesson)["done"] = []
        data["events"].append({"time": now(), "lesson": lesson, "exercise": "",
                               "event": "start over"})
    update(change, where)
