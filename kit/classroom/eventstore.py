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

Input is checked here (:func:`validate`): a malformed event raises ValueError
naming the field, and nothing of its batch is stored.

Not covered: who the student is (the service asks the hub), what the events
mean (``kit.classroom.overview``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

import sqlalchemy as sa

from kit.lessons.record import ANSWER_CHARS, EVENTS, FEEDBACK_CHARS

KINDS = EVENTS      # what a lesson records (kit.lessons.record)
#: Longest text kept per field: a lesson never sends more; a forged event is cut, not refused.
LIMITS = {"lesson": 200, "exercise": 200, "answer": ANSWER_CHARS, "feedback": FEEDBACK_CHARS}
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


def _text(value: Any, field: str, required: bool = True) -> str | None:
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise ValueError(f"event field {field!r} must be text, not {type(value).__name__}")
    return value[:LIMITS[field]]


def _time(value: Any) -> datetime:
    if not isinstance(value, str):
        raise ValueError(f"event field 'time' must be an ISO time like 2026-12-01T15:04:05Z, not {value!r}")
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"event field 'time' is not an ISO time: {value[:40]!r}") from None
    if when.tzinfo is None:
        raise ValueError(f"event field 'time' needs a time zone (Z for UTC): {value[:40]!r}")
    return when.astimezone(timezone.utc).replace(tzinfo=None)


def validate(event: Any) -> dict[str, Any]:
    """One event as sent, checked: the row to store (without user and received)."""
    if not isinstance(event, dict):
        raise ValueError(f"an event must be a JSON object, not {type(event).__name__}")
    event_id = event.get("id")
    if not isinstance(event_id, str) or not EVENT_ID.fullmatch(event_id):
        raise ValueError(f"event field 'id' must be 8 to 64 lowercase hex digits, not {event_id!r}")
    if event.get("event") not in KINDS:
        raise ValueError(f"event field 'event' must be one of {', '.join(KINDS)}, not {event.get('event')!r}")
    return {"event_id": event_id, "time": _time(event.get("time")),
            "lesson": _text(event.get("lesson"), "lesson"),
            "exercise": _text(event.get("exercise"), "exercise"),
            "kind": event["event"],
            "answer": _text(event.get("answer"), "answer", required=False),
            "feedback": _text(event.get("feedback"), "feedback", required=False)}


def validate_seen(seen: Any) -> dict[str, list[str]]:
    if not isinstance(seen, dict):
        raise ValueError("'seen' must map each lesson to its list of exercises")
    checked = {}
    for lesson, keys in seen.items():
        if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
            raise ValueError(f"'seen' for lesson {lesson[:40]!r} must be a list of exercise names")
        checked[lesson[:LIMITS["lesson"]]] = [k[:LIMITS["exercise"]] for k in keys[:BATCH]]
    return checked


class Store:
    """The events of one class, at a SQLAlchemy URL (tables made if missing)."""

    def __init__(self, url: str):
        self.engine = sa.create_engine(url)
        if self.engine.dialect.name == "sqlite":
            # One writer (the service) and a teacher's page reading every 2 s:
            # WAL lets the reads run beside a write instead of waiting for it.
            @sa.event.listens_for(self.engine, "connect")
            def _wal(connection, _record) -> None:
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute("PRAGMA synchronous=NORMAL")
        metadata.create_all(self.engine)

    def add(self, user: str, sent: list[Any], seen: dict[str, list[str]] | None = None,
            now: datetime | None = None) -> Added:
        """Store ``sent`` (events as the lesson sent them) as ``user``'s; ValueError,
        and nothing stored, if any is malformed or there are more than ``BATCH``."""
        if not isinstance(sent, list):
            raise ValueError("'events' must be a list of events")
        if len(sent) > BATCH:
            raise ValueError(f"at most {BATCH} events at a time, not {len(sent)}")
        rows = [validate(e) for e in sent]
        seen = validate_seen(seen or {})
        received = (now or datetime.now(timezone.utc)).astimezone(timezone.utc).replace(tzinfo=None)
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
        wanted = [(lesson, key) for lesson, keys in seen.items() for key in keys]
        wanted += [(lesson, key) for lesson, key in met if key]
        if not wanted:
            return
        lessons = {lesson for lesson, _ in wanted}
        known = {(r.lesson, r.exercise): r.position for r in db.execute(
            sa.select(exercises).where(exercises.c.lesson.in_(lessons)))}
        rows = []
        for lesson, key in dict.fromkeys(wanted):
            if (lesson, key) not in known:
                position = 1 + max((p for (at, _), p in known.items() if at == lesson), default=-1)
                known[(lesson, key)] = position
                rows.append({"lesson": lesson, "exercise": key, "position": position})
        if rows:
            db.execute(exercises.insert(), rows)

    def events(self) -> list[dict[str, Any]]:
        """Every event, in arrival order, as ``kit.classroom.overview`` reads them."""
        with self.engine.connect() as db:
            result = db.execute(sa.select(events).order_by(events.c.seq))
            return [{"user": r.user, "lesson": r.lesson, "exercise": r.exercise, "event": r.kind,
                     "time": r.time.replace(tzinfo=timezone.utc), "answer": r.answer,
                     "feedback": r.feedback} for r in result]

    def lessons(self) -> dict[str, list[str]]:
        """Each lesson's exercises, in order."""
        with self.engine.connect() as db:
            rows = db.execute(sa.select(exercises).order_by(exercises.c.lesson, exercises.c.position))
            found: dict[str, list[str]] = {}
            for r in rows:
                found.setdefault(r.lesson, []).append(r.exercise)
            return found

    def count(self, user: str | None = None) -> int:
        with self.engine.connect() as db:
            query = sa.select(sa.func.count()).select_from(events)
            if user is not None:
                query = query.where(events.c.user == user)
            return int(db.execute(query).scalar_one())
