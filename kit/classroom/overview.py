"""The class summary behind the teacher's page: each student's state at each exercise, who is stuck now, class stats.

Pure: events in, a JSON-able dict out; no I/O, no clock (``now`` is a parameter), standard library only.
Covers: the grid (student x exercise cells), the per-exercise counts and stats, "stuck now", the
projector mode (``names=False``: no student name anywhere in the result) and the rows of the CSV export.
Not covered: reading events (kit/classroom/eventstore.py), serving the page or checking who asks
(kit/classroom/service.py), drawing it (kit/classroom/page/teacher.html).

``summary(events, students, lessons, now, names=True)`` takes
  events: dicts {"user", "lesson", "exercise", "event", "time" (aware datetime), "feedback", "answer"},
          in arrival order (which breaks ties of equal time);
  students: every student of the hub (those who sent nothing too);
  lessons: each lesson's exercises in order.

Rules (each a constant below, with why): events are read per student in time order; a student's
events in a lesson before their latest "start over" there are ignored; "done" is a right answer
with no Show me before it, "done after show" one with a Show me before it; "stuck now" is a run of
at least ``STUCK_TRIES`` wrong answers ending the student's answers at an exercise not done, the
last of them within ``STUCK_WINDOW`` of now. Lessons are listed sorted by name.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

from kit.i18n import N_, _
from kit.lessons.record import EVENTS

#: The kinds of event a lesson sends; anything else is a bug or a forgery.
KINDS = EVENTS
#: The events that are an answer to an exercise: they count as tries and make or break a streak.
ANSWERS = ("right", "wrong")
#: The event by which a student begins a lesson again: what came before it no longer describes them.
START_OVER = "start over"

NOT_STARTED = "not started"
TRYING = "trying"
DONE = "done"
DONE_AFTER_SHOW = "done after show"
#: Every state of a cell, in the order of a student's progress (the counts' keys, in this order).
STATES = (NOT_STARTED, TRYING, DONE, DONE_AFTER_SHOW)

#: Wrong answers in a row that make a student "stuck": one or two wrong tries are ordinary learning,
#: three without a right one in between mean the rule is not understood.
STUCK_TRIES = 3
#: How recent the last of those wrong answers must be: older than this, the student has moved on
#: (or left), and a teacher walking over would find nobody stuck.
STUCK_WINDOW = timedelta(minutes=5)
#: Hints do not break a streak: a hint is help asked for, not progress (a student reading hints
#: between wrong tries is exactly the one to go and see).
HINTS_BREAK_STREAK = False
#: How many of the feedback texts given on wrong answers an exercise's stats list, most students first.
TOP_FEEDBACK = 3
#: In projector mode a feedback text is shown only when at least this many distinct students were
#: given it: the texts come from the students' kernels, so one student alone must not be able to
#: put words on the projector.
PROJECTOR_MIN_STUDENTS = 2
#: Leading characters that make a spreadsheet read a CSV cell as a formula (CSV injection): such a
#: text cell (a name, a lesson, an exercise: sent by the students' kernels) is prefixed with a quote.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: The CSV export's header row (marked N_: the export's words are in the service's language;
#: the states are written as people read them, STATE_LABELS).
CSV_HEADER = [N_("student"), N_("lesson"), N_("exercise"), N_("state"), N_("wrong"), N_("hints"),
              N_("shown"), N_("last")]
#: A state as the CSV export says it (the states themselves are keys the page compares).
STATE_LABELS = {NOT_STARTED: N_("not started"), TRYING: N_("trying"), DONE: N_("done"),
                DONE_AFTER_SHOW: N_("done after show")}


def iso(moment: datetime) -> str:
    """A moment as the events write it: UTC, to the second, with a Z ("2026-12-01T15:04:05Z")."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class Event:
    """One checked event: who, where, what, when (``order``: its place in the arrival order)."""
    user: str
    lesson: str
    exercise: str
    kind: str
    time: datetime
    feedback: str | None
    order: int


@dataclass
class Cell:
    """One student at one exercise, from their events since their latest start over in the lesson."""
    events: list[Event] = field(default_factory=list)

    @property
    def answers(self) -> list[Event]:
        return [e for e in self.events if e.kind in ANSWERS]

    @property
    def first_right(self) -> int | None:
        """Index in ``events`` of the first right answer, or None."""
        return next((i for i, e in enumerate(self.events) if e.kind == "right"), None)

    @property
    def state(self) -> str:
        if not self.events:
            return NOT_STARTED
        first_right = self.first_right
        if first_right is None:
            return TRYING
        shown_before = any(e.kind == "show" for e in self.events[:first_right])
        return DONE_AFTER_SHOW if shown_before else DONE

    def as_json(self) -> dict[str, Any]:
        kinds = [e.kind for e in self.events]
        return {"state": self.state, "wrong": kinds.count("wrong"), "hints": kinds.count("hint"),
                "shown": "show" in kinds, "last": iso(self.events[-1].time) if self.events else None}

    def tries_to_right(self) -> int | None:
        """Answers up to and including the first right one; None if never right."""
        answers = self.answers
        index = next((i for i, e in enumerate(answers) if e.kind == "right"), None)
        return None if index is None else index + 1

    def wrong_streak(self) -> list[Event]:
        """The wrong answers at the end of this cell's answers (hints and Show me in between ignored)."""
        streak: list[Event] = []
        for event in reversed(self.events):
            if event.kind == "wrong":
                streak.append(event)
            elif event.kind == "right" or (event.kind == "hint" and HINTS_BREAK_STREAK):
                break
        return streak[::-1]


def _check(raw: Mapping[str, Any], order: int) -> Event:
    """One input event checked: a ValueError names what is wrong with it and where it is."""
    where = f"event {order}"
    for key in ("user", "lesson", "exercise", "event"):
        if not isinstance(raw.get(key), str):
            raise ValueError(f"{where}: {key!r} must be a string, got {raw.get(key)!r}")
    kind = raw["event"]
    if kind not in KINDS:
        raise ValueError(f"{where}: unknown event kind {kind!r} (known: {', '.join(KINDS)})")
    time = raw.get("time")
    if not isinstance(time, datetime):
        raise ValueError(f"{where}: 'time' must be a datetime, got {time!r}")
    if time.tzinfo is None or time.utcoffset() is None:
        raise ValueError(f"{where}: naive datetime {time.isoformat()} (times must be aware, UTC)")
    if kind != START_OVER and not raw["exercise"]:
        raise ValueError(f"{where}: a {kind!r} event needs an exercise")
    feedback = raw.get("feedback")
    if feedback is not None and not isinstance(feedback, str):
        raise ValueError(f"{where}: 'feedback' must be a string or None, got {feedback!r}")
    return Event(raw["user"], raw["lesson"], raw["exercise"], kind, time, feedback, order)


def _ordered_unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _median(values: Sequence[int]) -> float | None:
    return float(statistics.median(values)) if values else None


def _top_feedback(cells: Iterable[tuple[str, Cell]], min_students: int) -> list[dict[str, Any]]:
    """The texts given on wrong answers, by distinct students, most first (ties: first given first)."""
    students_by_text: dict[str, set[str]] = {}
    for student, cell in cells:
        for event in cell.events:
            if event.kind == "wrong" and event.feedback:
                students_by_text.setdefault(event.feedback, set()).add(student)
    # dict order is the order met (cells in student order, events in time order): a stable tie-break.
    ranked = sorted(students_by_text.items(), key=lambda item: -len(item[1]))
    return [{"text": text, "students": len(who)} for text, who in ranked
            if len(who) >= min_students][:TOP_FEEDBACK]


def _exercise_stats(exercise: str, cells: list[tuple[str, Cell]], names: bool) -> dict[str, Any]:
    states = [cell.state for _, cell in cells]
    tries = [t for _, cell in cells if (t := cell.tries_to_right()) is not None]
    return {
        "exercise": exercise,
        "started": sum(state != NOT_STARTED for state in states),
        "solved": states.count(DONE),
        "solved_after_show": states.count(DONE_AFTER_SHOW),
        "showed": sum(any(e.kind == "show" for e in cell.events) for _, cell in cells),
        "median_tries": _median(tries),
        "wrong_first": sum(bool(cell.answers) and cell.answers[0].kind == "wrong" for _, cell in cells),
        "feedback": _top_feedback(cells, 1 if names else PROJECTOR_MIN_STUDENTS),
    }


def summary(events: Sequence[Mapping[str, Any]], students: Sequence[str], lessons: Mapping[str, Sequence[str]],
            now: datetime, names: bool = True) -> dict[str, Any]:
    """The class at ``now``: grid (with names only), counts, stats, hardest exercises, stuck now.

    Students: ``students`` and anyone else who sent events (a hub's list may lag a new account),
    sorted by name. Lessons: those of ``lessons`` and of the events, sorted by name. Exercises of a
    lesson: ``lessons[lesson]`` in order, then those met only in events, in the order met.
    """
    if not isinstance(now, datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise ValueError(f"now must be an aware datetime, got {now!r}")
    for lesson, listed in lessons.items():
        if not isinstance(lesson, str) or isinstance(listed, str) or not all(isinstance(x, str) for x in listed):
            raise ValueError(f"lessons: {lesson!r} must map to a list of exercise names, got {listed!r}")
    checked = [_check(raw, order) for order, raw in enumerate(events)]
    # The kernel's clock orders one student's events; a batch resent after an outage arrives late
    # but keeps its times. sorted() is stable, so arrival order breaks ties of equal time.
    checked.sort(key=lambda e: e.time)

    everyone = sorted(set(students) | {e.user for e in checked}, key=lambda s: (s.casefold(), s))
    lesson_names = sorted(set(lessons) | {e.lesson for e in checked})
    exercises = {lesson: _ordered_unique(x for x in lessons.get(lesson, ()) if x) for lesson in lesson_names}
    for event in checked:
        if event.exercise and event.exercise not in exercises[event.lesson]:
            exercises[event.lesson].append(event.exercise)
    latest_start_over: dict[tuple[str, str], int] = {}
    for index, event in enumerate(checked):
        if event.kind == START_OVER:
            latest_start_over[(event.user, event.lesson)] = index
    cells: dict[tuple[str, str, str], Cell] = {}
    last_activity: dict[str, datetime] = {}
    for index, event in enumerate(checked):
        last_activity[event.lesson] = event.time
        if event.kind == START_OVER or index < latest_start_over.get((event.user, event.lesson), -1):
            continue
        cells.setdefault((event.user, event.lesson, event.exercise), Cell()).events.append(event)

    def cell(student: str, lesson: str, exercise: str) -> Cell:
        return cells.get((student, lesson, exercise)) or Cell()

    lesson_results: list[dict[str, Any]] = []
    stuck: list[tuple[float, int, int, int, dict[str, Any]]] = []
    for lesson_index, lesson in enumerate(lesson_names):
        result: dict[str, Any] = {"lesson": lesson, "exercises": exercises[lesson],
                                  "last": iso(last_activity[lesson]) if lesson in last_activity else None}
        if names:
            result["grid"] = {student: {exercise: cell(student, lesson, exercise).as_json()
                                        for exercise in exercises[lesson]} for student in everyone}
        counts: dict[str, dict[str, int]] = {}
        stats: list[dict[str, Any]] = []
        for exercise_index, exercise in enumerate(exercises[lesson]):
            column = [(student, cell(student, lesson, exercise)) for student in everyone]
            states = [c.state for _, c in column]
            counts[exercise] = {state: states.count(state) for state in STATES}
            stats.append(_exercise_stats(exercise, column, names))
            for student_index, (student, c) in enumerate(column):
                streak = c.wrong_streak()
                if c.state in (DONE, DONE_AFTER_SHOW) or len(streak) < STUCK_TRIES:
                    continue
                if now - streak[-1].time > STUCK_WINDOW:
                    continue
                seconds = max(0, int((now - streak[0].time).total_seconds()))
                entry: dict[str, Any] = {"student": student} if names else {}
                entry.update({"lesson": lesson, "exercise": exercise, "wrong": len(streak),
                              "since": iso(streak[0].time), "seconds": seconds})
                stuck.append((-seconds, lesson_index, student_index, exercise_index, entry))
        result["counts"] = counts
        result["stats"] = stats
        order = {exercise: i for i, exercise in enumerate(exercises[lesson])}
        result["hardest"] = [s["exercise"] for s in sorted(
            (s for s in stats if s["wrong_first"] > 0), key=lambda s: (-s["wrong_first"], order[s["exercise"]]))]
        lesson_results.append(result)

    # Longest first; ties in lesson, student, exercise order (a stable page between two polls).
    stuck.sort(key=lambda item: item[:4])
    if not names:
        lesson_results, stuck = _projected(lesson_results, stuck, checked)
    out: dict[str, Any] = {"generated": iso(now), "names": names}
    if names:
        out["students"] = everyone
    out["lessons"] = lesson_results
    out["stuck"] = [item[4] for item in stuck]
    return out


def _projected(lesson_results: list[dict[str, Any]], stuck: list[Any],
               checked: list[Event]) -> tuple[list[dict[str, Any]], list[Any]]:
    """The projector's copy: only lessons and exercises PROJECTOR_MIN_STUDENTS students
    have worked on. Their names come from the students' own lessons, so one student
    could otherwise put any words on the projector by naming a lesson or an exercise."""
    workers: dict[tuple[str, str], set[str]] = {}
    for event in checked:
        workers.setdefault((event.lesson, ""), set()).add(event.user)
        if event.exercise:
            workers.setdefault((event.lesson, event.exercise), set()).add(event.user)

    def shown(lesson: str, exercise: str = "") -> bool:
        return len(workers.get((lesson, exercise), ())) >= PROJECTOR_MIN_STUDENTS

    kept = []
    for result in lesson_results:
        lesson = result["lesson"]
        if not shown(lesson):
            continue
        keep = [x for x in result["exercises"] if shown(lesson, x)]
        kept.append({**result, "exercises": keep,
                     "counts": {x: n for x, n in result["counts"].items() if x in keep},
                     "stats": [st for st in result["stats"] if st["exercise"] in keep],
                     "hardest": [x for x in result["hardest"] if x in keep]})
    return kept, [item for item in stuck if shown(item[4]["lesson"], item[4]["exercise"])]


def _csv_text(text: str) -> str:
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_rows(result: Mapping[str, Any]) -> list[list[str]]:
    """The CSV export of a ``names=True`` summary: the header, then one row per lesson x student x exercise."""
    if not result.get("names"):
        raise ValueError("csv_rows needs a summary made with names=True (a projector summary has no grid)")
    rows = [[_(word) for word in CSV_HEADER]]
    for lesson in result["lessons"]:
        for student in result["students"]:
            for exercise in lesson["exercises"]:
                c = lesson["grid"][student][exercise]
                rows.append([_csv_text(student), _csv_text(lesson["lesson"]), _csv_text(exercise),
                             _(STATE_LABELS.get(c["state"], c["state"])), str(c["wrong"]), str(c["hints"]),
                             _("yes") if c["shown"] else _("no"), c["last"] or ""])
    return rows
