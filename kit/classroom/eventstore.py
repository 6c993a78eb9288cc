"""The class service's store: every exercise event the students' lessons sent, in SQL.

SQLite in the hub's state folder by default; any SQLAlchemy URL by the one
setting ``KIT_CLASS_DB`` (e.g. ``postgresql+psycopg://kit@db/class`` on a
school's cluster: the driver is then the school's to install). Written with
SQLAlchemy Core, so the same statements run on both.

The schema (``docs/teaching.md`` shows it to teachers who want their own queries)::

    events                       one row per event a student's lesson sent
      seq        integer pk      arrival order (ties of equal time keep it)
      user       text            the student: the hub's name for the token's owner,
                                 never a name the kernel sent
      event_id   text(32)        the lesson's own id of the event; (user, event_id)
                                 is unique, so an event sent twice (resent after an
                                 outage, or by two kernels) is kept once
      time       datetime        when the student did it (the kernel's clock, UTC)
      received   datetime        when the service got it (UTC)
      lesson     text            "iota/Making a play"
      exercise   text            the exercise's key in its lesson ("" for start over)
      kind       text            right | wrong | hint | show | start over
      answer     text null       what was checked (at most 200 characters)
      feedback   text null       what the student was told (at most 300 characters)
    exercises                    each lesson's exercises, in the lesson's order
      lesson, exercise  pk
      position   integer         the order it was first seen in

Input is checked here (:func:`validate`, :func:`validate_seen`, by the rules of
``kit.lessons.eventshape``, which the lessons' sender follows too): a malformed event
raises ValueError naming the field, a ``seen`` map over its caps :class:`TooBig`, and
nothing of its batch is stored. What is read back is checked again
(:func:`stored_problem`): a bad row (an older version's, a hand edit's) is skipped,
logged once and counted, and every other row is still summarised.

Not covered: who the student is (the service asks the hub), what the events
mean (``kit.classroom.overview``).
"""

from __future__ import annotations

import logging
import re
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

import sqlalchemy as sa

from kit.lessons import eventshape
from kit.lessons.record import ANSWER_CHARS, EVENTS, FEEDBACK_CHARS

log = logging.getLogger("kit.classroom.eventstore")

KINDS = EVENTS      # what a lesson records (kit.lessons.record)
START_OVER = "start over"   # the one kind whose exercise is "" (the whole lesson)
#: Longest text per field. A name longer than its limit is refused (kit.lessons.eventshape);
#: an answer or a feedback is cut: a lesson never sends more, a forged one loses its tail.
LIMITS = {"lesson": eventshape.NAME_CHARS, "exercise": eventshape.NAME_CHARS,
          "answer": ANSWER_CHARS, "feedback": FEEDBACK_CHARS}
#: Most events in one request (the lessons send at most 500 at a time).
BATCH = 500
EVENT_ID = re.compile(r"[0-9a-f]{8,64}")

metadata = sa.MetaData()
events = sa.Table(
    "events", metadata,
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("user", sa.String(255), nullable=False),
    sa.Column("event_id", sa.String(64), nullable=False),
    sa.Column("time", sa.DateTime, nullable=False),
    sa.Column("received", sa.DateTime, nullable=False),
    sa.Column("lesson", sa.String(LIMITS["lesson"]), nullable=False),
    sa.Column("exercise", sa.String(LIMITS["exercise"]), nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("answer", sa.String(LIMITS["answer"])),
    sa.Column("feedback", sa.String(LIMITS["feedback"])),
    sa.UniqueConstraint("user", "event_id", name="one_event_once"),
    sa.Index("events_by_lesson", "lesson", "time"),
)
exercises = sa.Table(
    "exercises", metadata,
    sa.Column("lesson", sa.String(LIMITS["lesson"]), primary_key=True),
    sa.Column("exercise", sa.String(LIMITS["exercise"]), primary_key=True),
    sa.Column("position", sa.Integer, nullable=False),
)


@dataclass(frozen=True)
class Added:
    received: int       # new events stored
    duplicates: int     # already stored (resent)


class TooBig(ValueError):
    """A request within the rules' shapes but over a cap: the service answers 413."""


def _name(value: Any, field: str, start_over: bool = False) -> str:
    # A start over is of the whole lesson: its exercise is "" (as the lesson writes it).
    if start_over and value == "":
        return ""
    problem = eventshape.name_problem(value, f"event field {field!r}")
    if problem:
        raise ValueError(problem)
    return str(value)


def _text(value: Any, field: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"event field {field!r} must be text, not {type(value).__name__}")
    return eventshape.clean_text(value[:LIMITS[field]])


def validate(event: Any, now: datetime | None = None) -> dict[str, Any]:
    """One event as sent, checked: the row to store (without user and received).
    ``now`` (default: this machine's clock) bounds how far ahead its time may be."""
    if not isinstance(event, dict):
        raise ValueError(f"an event must be a JSON object, not {type(event).__name__}")
    event_id = event.get("id")
    if not isinstance(event_id, str) or not EVENT_ID.fullmatch(event_id):
        raise ValueError(f"event field 'id' must be 8 to 64 lowercase hex digits, not {event_id!r:.80}")
    kind = event.get("event")
    if not isinstance(kind, str) or kind not in KINDS:
        raise ValueError(f"event field 'event' must be one of {', '.join(KINDS)}, not {kind!r:.80}")
    when = eventshape.parse_time(event.get("time"), now or datetime.now(timezone.utc), "event field 'time'")
    return {"event_id": event_id, "time": when.replace(tzinfo=None),
            "lesson": _name(event.get("lesson"), "lesson"),
            "exercise": _name(event.get("exercise"), "exercise", start_over=kind == START_OVER),
            "kind": kind,
            "answer": _text(event.get("answer"), "answer"),
            "feedback": _text(event.get("feedback"), "feedback")}


def validate_seen(seen: Any) -> dict[str, list[str]]:
    """A ``seen`` map checked: ValueError naming what is malformed, :class:`TooBig`
    over the caps of ``kit.lessons.eventshape`` (counted before anything is stored)."""
    if not isinstance(seen, dict):
        raise ValueError("'seen' must map each lesson to its list of exercises")
    for lesson, keys in seen.items():
        if not isinstance(keys, list):
            raise ValueError(f"'seen' for lesson {lesson[:40]!r} must be a list of exercise names")
    too_big = eventshape.seen_problem(seen)
    if too_big:
        raise TooBig(too_big)
    for lesson, keys in seen.items():
        problem = eventshape.name_problem(lesson, "a lesson of 'seen'")
        for key in keys:
            problem = problem or eventshape.name_problem(key, f"an exercise of 'seen' for {lesson[:40]!r}")
        if problem:
            raise ValueError(problem)
    return seen


def stored_problem(row: dict[str, Any]) -> str | None:
    """Why an event read back from the store (as :meth:`Store.events` gives it) cannot
    be summarised, or None: the rules of :func:`validate` again, since a row from an
    older version of the service, or a hand-edited database, may break them."""
    if not isinstance(row["user"], str) or not row["user"]:
        return "its user is not a name"
    if row["event"] not in KINDS:
        return f"its kind {row['event']!r:.40} is not one of {', '.join(KINDS)}"
    problem = eventshape.name_problem(row["lesson"], "its lesson")
    if not (row["event"] == START_OVER and row["exercise"] == ""):
        problem = problem or eventshape.name_problem(row["exercise"], "its exercise")
    if problem:
        return problem
    if not isinstance(row["time"], datetime):
        return "its time is not a time"
    if any(row[key] is not None and not isinstance(row[key], str) for key in ("answer", "feedback")):
        return "its answer or feedback is not text"
    return None


def _stored_time(value: Any) -> datetime | None:
    """A stored time as an aware UTC datetime, or None if it is none. PostgreSQL gives a
    datetime; SQLite the text SQLAlchemy wrote, or whatever a hand edit left there."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return None
    if not isinstance(value, datetime):
        return None
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


class Store:
    """The events of one class, at a SQLAlchemy URL (tables made if missing)."""

    def __init__(self, url: str) -> None:
        self.engine = sa.create_engine(url)
        if self.engine.dialect.name == "sqlite":
            # One writer (the service) and a teacher's page reading every 2 s:
            # WAL lets the reads run beside a write instead of waiting for it.
            @sa.event.listens_for(self.engine, "connect")
            def _wal(connection: sqlite3.Connection, _record: object) -> None:
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute("PRAGMA synchronous=NORMAL")
        metadata.create_all(self.engine)
        self.skipped_events = self.skipped_exercises = 0    # bad rows left out of the last read
        self._logged: set[tuple[Any, ...]] = set()

    def add(self, user: str, sent: list[Any], seen: dict[str, list[str]] | None = None,
            now: datetime | None = None) -> Added:
        """Store ``sent`` (events as the lesson sent them) as ``user``'s; ValueError,
        and nothing stored, if any is malformed or there are more than ``BATCH``
        (:class:`TooBig` if ``seen`` is over its caps)."""
        if not isinstance(sent, list):
            raise ValueError("'events' must be a list of events")
        if len(sent) > BATCH:
            raise ValueError(f"at most {BATCH} events at a time, not {len(sent)}")
        now = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
        seen = validate_seen(seen or {})
        rows = [validate(e, now) for e in sent]
        received = now.replace(tzinfo=None)
        with self.engine.begin() as db:
            have = set(db.execute(sa.select(events.c.event_id).where(
                events.c.user == user, events.c.event_id.in_([r["event_id"] for r in rows]))).scalars())
            new, ids = [], set()
            for row in rows:
                if row["event_id"] in have or row["event_id"] in ids:
                    continue
                ids.add(row["event_id"])
                new.append({**row, "user": user, "received": received})
            if new:
                db.execute(events.insert(), new)
            self._add_exercises(db, seen, [(r["lesson"], r["exercise"]) for r in new])
        return Added(len(new), len(rows) - len(new))

    def _add_exercises(self, db: sa.Connection, seen: dict[str, list[str]],
                       met: list[tuple[str, str]]) -> None:
        """The lessons' exercises not listed yet, each after its lesson's last one.
        Linear in what is sent and what its lessons hold (one pass for the next
        position of each lesson; an earlier version searched for it per exercise,
        which made a big ``seen`` map take minutes)."""
        wanted = [(lesson, key) for lesson, keys in seen.items() for key in keys]
        wanted += [(lesson, key) for lesson, key in met if key]
        if not wanted:
            return
        lessons = {lesson for lesson, _ in wanted}
        known: set[tuple[str, str]] = set()
        following: dict[str, int] = {}       # each lesson's next position
        for r in db.execute(sa.select(exercises).where(exercises.c.lesson.in_(lessons))):
            known.add((r.lesson, r.exercise))
            following[r.lesson] = max(following.get(r.lesson, 0), r.position + 1)
        rows = []
        for lesson, key in dict.fromkeys(wanted):
            if (lesson, key) not in known:
                position = following.get(lesson, 0)
                following[lesson] = position + 1
                rows.append({"lesson": lesson, "exercise": key, "position": position})
        if rows:
            db.execute(exercises.insert(), rows)

    def events(self) -> list[dict[str, Any]]:
        """Every event, in arrival order, as ``kit.classroom.overview`` reads them; a row
        that breaks the rules (:func:`stored_problem`) is left out, logged the first
        time it is met and counted in ``skipped``, so one bad row never stops a summary."""
        # The time is read as stored, not through SQLAlchemy's DateTime (whose reading of
        # a malformed SQLite text would raise and end the whole read, not skip one row).
        raw_time = sa.type_coerce(events.c.time, sa.String).label("raw_time")
        found, skipped = [], 0
        with self.engine.connect() as db:
            result = db.execute(sa.select(events.c.seq, events.c.user, events.c.lesson, events.c.exercise,
                                          events.c.kind, raw_time, events.c.answer, events.c.feedback)
                                .order_by(events.c.seq))
            for r in result:
                row = {"user": r.user, "lesson": r.lesson, "exercise": r.exercise, "event": r.kind,
                       "time": _stored_time(r.raw_time), "answer": r.answer, "feedback": r.feedback}
                problem = stored_problem(row)
                if problem:
                    skipped += 1
                    self._skip(("event", r.seq), f"stored event {r.seq} is skipped: {problem}")
                else:
                    found.append(row)
        self.skipped_events = skipped
        return found

    def lessons(self) -> dict[str, list[str]]:
        """Each lesson's exercises, in order; a row whose names break the rules is left
        out (logged once, counted in ``skipped_exercises``)."""
        found: dict[str, list[str]] = {}
        skipped = 0
        with self.engine.connect() as db:
            rows = db.execute(sa.select(exercises).order_by(exercises.c.lesson, exercises.c.position))
            for r in rows:
                problem = (eventshape.name_problem(r.lesson, "its lesson")
                           or eventshape.name_problem(r.exercise, "its exercise"))
                if problem:
                    skipped += 1
                    self._skip(("exercise", r.lesson, r.exercise),
                               f"stored exercise {r.lesson!r:.60}/{r.exercise!r:.60} is skipped: {problem}")
                else:
                    found.setdefault(r.lesson, []).append(r.exercise)
        self.skipped_exercises = skipped
        return found

    def _skip(self, which: tuple[Any, ...], said: str) -> None:
        # Logged once per row, not on every summary (the page asks every 2 s).
        if which not in self._logged:
            self._logged.add(which)
            log.warning("%s", said)

    def count(self, user: str | None = None) -> int:
        with self.engine.connect() as db:
            query = sa.select(sa.func.count()).select_from(events)
            if user is not None:
                query = query.where(events.c.user == user)
            return int(db.execute(query).scalar_one())
