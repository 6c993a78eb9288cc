"""What an exercise event's names, times and texts may be: one rule for the lesson that sends and the service.

The lesson's side (``kit.lessons.record``) sends only what passes these checks, so the
class service (``kit.classroom.eventstore``) can refuse the rest with a 400 without ever
refusing an honest lesson's batch; the service checks the same way again on what it
reads back from its database (a row from an older version or a hand-edited file).

Covers: a lesson's or exercise's name (:func:`name_problem`), an event's time
(:func:`parse_time`), a free text (an answer, a feedback: :func:`clean_text`) and the
caps on a ``seen`` map (``SEEN_*``). Standard library only.
Not covered: an event's kind and id (``kit.lessons.record``), who sent it (the service).
"""

from __future__ import annotations

import unicodedata
from datetime import datetime, timedelta, timezone

#: Longest lesson or exercise name, in characters. The kit's longest lesson name is 31
#: ("iota/Wilds, passing and the end"), its longest exercise key 21; 200 leaves a
#: teacher's own lesson titles room, and is the store's column size.
NAME_CHARS = 200
#: Unicode categories no name may hold: control characters (Cc: a newline, NUL, an
#: escape), format characters (Cf: right-to-left overrides that make a name read as
#: another on the teacher's page), lone surrogates (Cs: no database can store them)
#: and line or paragraph separators (Zl, Zp). Letters of every script stay allowed.
NAME_FORBIDDEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
#: The kit's courses hold 18 lessons and 95 exercises, 18 at most in one lesson
#: (mattix's puzzles). A ``seen`` map is every lesson a student opened, so with room
#: for a teacher's own lessons (about five times the kit): at most this many lessons...
SEEN_LESSONS = 100
#: ...at most this many exercises listed for one lesson (ten times the kit's largest)...
SEEN_EXERCISES = 200
#: ...and at most this many (lesson, exercise) pairs in one map (ten times the whole kit).
#: A bigger map is no lesson's: the service refuses it (413) and stores none of it.
SEEN_PAIRS = 1000
#: Earliest time an event may have: before the kit existed, a time is a broken clock or
#: a forgery (and year 1 with an offset is not even a time Python can turn into UTC).
EARLIEST = datetime(2000, 1, 1, tzinfo=timezone.utc)
#: How far ahead of the receiver's clock an event's time may be: the kernels run on
#: the hub's own machine, so a time ahead of it by more than this is not a clock.
AHEAD = timedelta(days=1)
#: What stands in, in a free text, for a character no database can store (NUL, a lone
#: surrogate): the text is kept (answers and feedback are cut, never refused).
REPLACEMENT = "\ufffd"


def name_problem(value: object, what: str) -> str | None:
    """Why ``value`` cannot be a lesson's or an exercise's name (``what`` says which), or None."""
    if not isinstance(value, str):
        return f"{what} must be text, not {type(value).__name__}"
    if not value.strip():
        return f"{what} is empty"
    if len(value) > NAME_CHARS:
        return f"{what} is longer than {NAME_CHARS} characters ({len(value)})"
    bad = next((c for c in value if unicodedata.category(c) in NAME_FORBIDDEN), None)
    if bad is not None:
        return f"{what} holds a control character (U+{ord(bad):04X})"
    return None


def parse_time(value: object, now: datetime, what: str = "time") -> datetime:
    """An event's ISO time (with its zone) as an aware UTC datetime; ValueError
    naming ``what`` if it is not one, or is before EARLIEST or AHEAD past ``now``."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be an ISO time like 2026-12-01T15:04:05Z, not {value!r:.40}")
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"{what} is not an ISO time: {value[:40]!r}") from None
    if when.tzinfo is None or when.utcoffset() is None:
        raise ValueError(f"{what} needs a time zone (Z for UTC): {value[:40]!r}")
    try:
        # Year 1 at +05:00 is before year 1 in UTC: Python cannot hold it (OverflowError).
        utc = when.astimezone(timezone.utc)
    except OverflowError:
        raise ValueError(f"{what} is out of range: {value[:40]!r}") from None
    if not EARLIEST <= utc <= now + AHEAD:
        raise ValueError(f"{what} is not a time a lesson can have (before {EARLIEST.year} "
                         f"or more than a day ahead): {value[:40]!r}")
    return utc


def clean_text(value: str) -> str:
    """``value`` with what no database can store (NUL, lone surrogates) replaced."""
    if "\x00" not in value and not any("\ud800" <= c <= "\udfff" for c in value):
        return value
    return "".join(REPLACEMENT if c == "\x00" or "\ud800" <= c <= "\udfff" else c for c in value)


def seen_problem(seen: dict[str, list[str]]) -> str | None:
    """Why a ``seen`` map (already a dict of lists) is too big to take, or None."""
    if len(seen) > SEEN_LESSONS:
        return f"'seen' lists {len(seen)} lessons, more than {SEEN_LESSONS}"
    for lesson, keys in seen.items():
        if len(keys) > SEEN_EXERCISES:
            return (f"'seen' lists {len(keys)} exercises for lesson {lesson[:40]!r}, "
                    f"more than {SEEN_EXERCISES}")
    pairs = sum(len(keys) for keys in seen.values())
    if pairs > SEEN_PAIRS:
        return f"'seen' lists {pairs} exercises in all, more than {SEEN_PAIRS}"
    return None
