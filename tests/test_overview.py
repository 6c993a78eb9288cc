"""kit/classroom/overview.py: the class summary behind the teacher's page, rule by rule, and a property test.

Scenarios build a short class (students with distinctive names, so a name found in the projector
summary is a leak, not a coincidence), a lesson with three exercises, and events minutes apart.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from kit.classroom import overview
from kit.classroom.overview import csv_rows, summary

T0 = datetime(2026, 12, 1, 14, 0, tzinfo=timezone.utc)
LESSON = "iota/Making a play"
EXERCISES = ["legal play", "score a line", "lot"]
LESSONS = {LESSON: EXERCISES}
STUDENTS = ["ann_quill", "bob_marsh", "cy_thorn"]


def ev(user: str, kind: str, minute: float, exercise: str = "legal play", lesson: str = LESSON,
       feedback: str | None = None) -> dict[str, Any]:
    return {"user": user, "lesson": lesson, "exercise": "" if kind == "start over" else exercise,
            "event": kind, "time": T0 + timedelta(minutes=minute), "feedback": feedback, "answer": None}


def run(events: list[dict[str, Any]], now_minute: float = 60, names: bool = True,
        students: list[str] = STUDENTS) -> dict[str, Any]:
    return summary(events, students, LESSONS, T0 + timedelta(minutes=now_minute), names=names)


def cell(result: dict[str, Any], student: str, exercise: str = "legal play") -> dict[str, Any]:
    return result["lessons"][0]["grid"][student][exercise]


def stats(result: dict[str, Any], exercise: str = "legal play") -> dict[str, Any]:
    return next(s for s in result["lessons"][0]["stats"] if s["exercise"] == exercise)


# --- the state of a cell -------------------------------------------------------------------------

def test_a_student_with_no_event_is_not_started_everywhere():
    result = run([ev("ann_quill", "right", 1)])
    assert cell(result, "bob_marsh") == {"state": "not started", "wrong": 0, "hints": 0, "shown": False, "last": None}
    assert set(result["lessons"][0]["grid"]) == set(STUDENTS)
    assert all(set(row) == set(EXERCISES) for row in result["lessons"][0]["grid"].values())


def test_wrong_tries_and_hints_without_a_right_answer_are_trying_with_their_counts():
    result = run([ev("ann_quill", "wrong", 1), ev("ann_quill", "hint", 2), ev("ann_quill", "wrong", 3)])
    assert cell(result, "ann_quill") == {"state": "trying", "wrong": 2, "hints": 1, "shown": False,
                                         "last": "2026-12-01T14:03:00Z"}


def test_a_hint_alone_is_trying():
    assert cell(run([ev("ann_quill", "hint", 1)]), "ann_quill")["state"] == "trying"


def test_a_right_answer_without_show_me_before_it_is_done():
    result = run([ev("ann_quill", "wrong", 1), ev("ann_quill", "right", 2), ev("ann_quill", "show", 3)])
    assert cell(result, "ann_quill")["state"] == "done"
    assert cell(result, "ann_quill")["shown"] is True       # Show me after solving is still recorded


def test_a_right_answer_after_show_me_is_done_after_show():
    result = run([ev("ann_quill", "wrong", 1), ev("ann_quill", "show", 2), ev("ann_quill", "right", 3)])
    assert cell(result, "ann_quill")["state"] == "done after show"


def test_show_me_without_a_right_answer_yet_is_trying_and_shown():
    result = run([ev("ann_quill", "show", 1)])
    assert cell(result, "ann_quill") == {"state": "trying", "wrong": 0, "hints": 0, "shown": True,
                                         "last": "2026-12-01T14:01:00Z"}


def test_a_wrong_try_after_the_right_one_keeps_it_done():
    assert cell(run([ev("ann_quill", "right", 1), ev("ann_quill", "wrong", 2)]), "ann_quill")["state"] == "done"


def test_events_are_read_in_time_order_not_arrival_order():
    """A batch resent after an outage arrives late with its own (earlier) times."""
    late_batch = [ev("ann_quill", "right", 5), ev("ann_quill", "show", 1)]
    assert cell(run(late_batch), "ann_quill")["state"] == "done after show"


def test_equal_times_keep_arrival_order():
    same = [ev("ann_quill", "show", 1), ev("ann_quill", "right", 1)]
    assert cell(run(same), "ann_quill")["state"] == "done after show"
    assert cell(run(same[::-1]), "ann_quill")["state"] == "done"


# --- start over ----------------------------------------------------------------------------------

def test_start_over_forgets_the_lesson_before_it():
    result = run([ev("ann_quill", "right", 1), ev("ann_quill", "wrong", 2, "score a line"),
                  ev("ann_quill", "start over", 3), ev("ann_quill", "hint", 4, "score a line")])
    assert cell(result, "ann_quill")["state"] == "not started"
    assert cell(result, "ann_quill", "score a line") == {"state": "trying", "wrong": 0, "hints": 1,
                                                         "shown": False, "last": "2026-12-01T14:04:00Z"}
    assert stats(result)["solved"] == 0


def test_only_the_latest_start_over_counts_and_only_in_its_lesson_and_for_its_student():
    other = "iota/Scoring"
    result = summary([ev("ann_quill", "right", 1), ev("ann_quill", "start over", 2), ev("ann_quill", "right", 3),
                      ev("ann_quill", "right", 4, "lot", other), ev("bob_marsh", "right", 4),
                      ev("ann_quill", "start over", 5)],
                     STUDENTS, LESSONS, T0 + timedelta(hours=1))
    by_lesson = {lesson["lesson"]: lesson for lesson in result["lessons"]}
    assert by_lesson[LESSON]["grid"]["ann_quill"]["legal play"]["state"] == "not started"
    assert by_lesson[LESSON]["grid"]["bob_marsh"]["legal play"]["state"] == "done"
    assert by_lesson[other]["grid"]["ann_quill"]["lot"]["state"] == "done"


def test_start_over_is_not_an_exercise():
    result = run([ev("ann_quill", "start over", 1)])
    assert result["lessons"][0]["exercises"] == EXERCISES


# --- stuck now -----------------------------------------------------------------------------------

def test_three_wrong_in_a_row_within_five_minutes_is_stuck_since_the_first_of_them():
    result = run([ev("ann_quill", "wrong", 50), ev("ann_quill", "wrong", 52), ev("ann_quill", "wrong", 57)])
    assert result["stuck"] == [{"student": "ann_quill", "lesson": LESSON, "exercise": "legal play", "wrong": 3,
                                "since": "2026-12-01T14:50:00Z", "seconds": 600}]


def test_two_wrong_tries_are_not_stuck():
    assert run([ev("ann_quill", "wrong", 58), ev("ann_quill", "wrong", 59)])["stuck"] == []


def test_a_streak_whose_last_wrong_try_is_older_than_the_window_is_not_stuck():
    wrongs = [ev("ann_quill", "wrong", m) for m in (50, 51, 52)]
    assert run(wrongs, now_minute=52 + 5)["stuck"] != []           # exactly 5 minutes: still stuck
    assert run(wrongs, now_minute=52 + 5.1)["stuck"] == []


def test_a_right_answer_breaks_the_streak_and_the_streak_counts_only_the_wrong_tries_after_it():
    events = [ev("ann_quill", "wrong", 50), ev("ann_quill", "right", 51, "score a line"),
              ev("ann_quill", "wrong", 52, "score a line"), ev("ann_quill", "wrong", 53, "score a line"),
              ev("ann_quill", "wrong", 54, "score a line")]
    assert run(events)["stuck"] == []                             # done at "score a line": never stuck there
    events = [ev("bob_marsh", "wrong", 50), ev("bob_marsh", "wrong", 51), ev("bob_marsh", "right", 52, "lot"),
              ev("bob_marsh", "wrong", 53), ev("bob_marsh", "wrong", 54), ev("bob_marsh", "wrong", 55),
              ev("bob_marsh", "wrong", 56)]
    (entry,) = run(events)["stuck"]
    assert (entry["exercise"], entry["wrong"], entry["since"]) == ("legal play", 6, "2026-12-01T14:50:00Z")


def test_hints_and_show_me_do_not_break_a_streak():
    events = [ev("ann_quill", "wrong", 55), ev("ann_quill", "hint", 56), ev("ann_quill", "wrong", 57),
              ev("ann_quill", "show", 58), ev("ann_quill", "hint", 58.5), ev("ann_quill", "wrong", 59)]
    (entry,) = run(events)["stuck"]
    assert entry["wrong"] == 3 and entry["since"] == "2026-12-01T14:55:00Z"


def test_stuck_is_longest_first_and_has_no_name_in_projector_mode():
    events = [ev("bob_marsh", "wrong", m) for m in (57, 58, 59)]
    events += [ev("ann_quill", "wrong", m) for m in (40, 58, 59)]
    result = run(events)
    assert [(s["student"], s["seconds"]) for s in result["stuck"]] == [("ann_quill", 1200), ("bob_marsh", 180)]
    projector = run(events, names=False)
    assert [sorted(s) for s in projector["stuck"]] == [["exercise", "lesson", "seconds", "since", "wrong"]] * 2


def test_one_students_own_lesson_or_exercise_names_never_reach_the_projector():
    events = [ev("ann_quill", "wrong", 58), ev("bob_marsh", "wrong", 58),
              ev("ann_quill", "wrong", 58, "RUDE WORDS"),
              ev("ann_quill", "wrong", 58, "legal play", "iota/MORE RUDE WORDS")]
    shown = json.dumps(run(events, names=False))
    assert "RUDE" not in shown and "legal play" in shown
    assert "RUDE WORDS" in json.dumps(run(events))       # the teacher's own view has everything


def test_start_over_clears_a_streak():
    events = [ev("ann_quill", "wrong", m) for m in (55, 56, 57)] + [ev("ann_quill", "start over", 58)]
    assert run(events)["stuck"] == []


# --- class stats ---------------------------------------------------------------------------------

def test_stats_started_solved_showed_and_wrong_first():
    events = [ev("ann_quill", "wrong", 1), ev("ann_quill", "right", 2),
              ev("bob_marsh", "show", 1), ev("bob_marsh", "right", 2),
              ev("cy_thorn", "hint", 1)]
    s = stats(run(events))
    assert {k: s[k] for k in ("started", "solved", "solved_after_show", "showed", "wrong_first")} == {
        "started": 3, "solved": 1, "solved_after_show": 1, "showed": 1, "wrong_first": 1}
    assert run(events)["lessons"][0]["counts"]["legal play"] == {
        "not started": 0, "trying": 1, "done": 1, "done after show": 1}


def test_median_tries_counts_answers_up_to_the_first_right_one_over_students_who_got_it_right():
    events = [ev("ann_quill", "right", 1),                                               # 1 try
              ev("bob_marsh", "wrong", 1), ev("bob_marsh", "hint", 2), ev("bob_marsh", "wrong", 3),
              ev("bob_marsh", "right", 4), ev("bob_marsh", "wrong", 5), ev("bob_marsh", "right", 6),  # 3 tries
              ev("cy_thorn", "wrong", 1), ev("cy_thorn", "wrong", 2)]                     # never right: not counted
    assert stats(run(events))["median_tries"] == 2.0
    assert stats(run(events), "lot")["median_tries"] is None


def test_feedback_is_counted_by_distinct_students_not_events():
    loud = [ev("ann_quill", "wrong", 1 + i / 100, feedback="A line of 5 is not allowed") for i in range(100)]
    quiet = [ev(s, "wrong", 2, feedback="Colours must all match or all differ") for s in ("bob_marsh", "cy_thorn")]
    right = [ev("cy_thorn", "right", 3, feedback="Well done")]                  # feedback on right: not counted
    assert stats(run(loud + quiet + right))["feedback"] == [
        {"text": "Colours must all match or all differ", "students": 2},
        {"text": "A line of 5 is not allowed", "students": 1}]


def test_feedback_lists_the_top_three():
    events = [ev(s, "wrong", 1, feedback=text) for s, text in
              [("ann_quill", "a"), ("bob_marsh", "a"), ("cy_thorn", "a"), ("ann_quill", "b"), ("bob_marsh", "b"),
               ("ann_quill", "c"), ("ann_quill", "d"), ("bob_marsh", None)]]
    assert stats(run(events))["feedback"] == [{"text": "a", "students": 3}, {"text": "b", "students": 2},
                                              {"text": "c", "students": 1}]


def test_hardest_lists_exercises_most_wrong_first_first_ties_in_exercise_order():
    events = [ev("ann_quill", "wrong", 1, "lot"), ev("bob_marsh", "wrong", 1, "lot"),
              ev("ann_quill", "wrong", 1, "score a line"), ev("ann_quill", "wrong", 2, "legal play"),
              ev("bob_marsh", "right", 2, "legal play"), ev("bob_marsh", "wrong", 3, "legal play")]
    assert run(events)["lessons"][0]["hardest"] == ["lot", "legal play", "score a line"]


# --- lessons, exercises, students ----------------------------------------------------------------

def test_exercises_follow_the_lesson_list_then_those_met_only_in_events_in_order_met():
    events = [ev("ann_quill", "right", 2, "zeta"), ev("ann_quill", "right", 1, "extra"),
              ev("ann_quill", "right", 3, "lot")]
    assert run(events)["lessons"][0]["exercises"] == [*EXERCISES, "extra", "zeta"]


def test_lessons_are_sorted_by_name_and_include_listed_lessons_without_events():
    result = summary([ev("ann_quill", "right", 1, "x", "b lesson")], STUDENTS,
                     {"c lesson": ["y"], "a lesson": []}, T0)
    assert [lesson["lesson"] for lesson in result["lessons"]] == ["a lesson", "b lesson", "c lesson"]
    assert [lesson["last"] for lesson in result["lessons"]] == [None, "2026-12-01T14:01:00Z", None]


def test_a_student_not_in_the_hub_list_yet_still_appears():
    result = run([ev("dee_newcomer", "right", 1)], students=["bob_marsh"])
    assert result["students"] == ["bob_marsh", "dee_newcomer"]
    assert cell(result, "dee_newcomer")["state"] == "done"


def test_an_empty_class():
    result = summary([], [], {}, T0)
    assert result == {"generated": "2026-12-01T14:00:00Z", "names": True, "students": [], "lessons": [],
                      "stuck": []}


# --- projector mode ------------------------------------------------------------------------------

def test_projector_mode_has_no_student_name_anywhere():
    events = [ev("ann_quill", "wrong", 57, feedback="Three tiles"), ev("ann_quill", "wrong", 58),
              ev("ann_quill", "wrong", 59), ev("bob_marsh", "right", 59, feedback="ok"),
              ev("cy_thorn", "show", 30, "lot"), ev("cy_thorn", "wrong", 31, "lot", feedback="cy_thorn wrote this")]
    result = run(events, names=False)
    text = json.dumps(result)
    for student in STUDENTS:
        assert student not in text
    assert result["names"] is False and "students" not in result
    assert "grid" not in result["lessons"][0]
    assert result["lessons"][0]["counts"]["legal play"]["trying"] == 1 and result["stuck"]
    # the same summary with names does name them (so the test above can fail)
    assert all(student in json.dumps(run(events)) for student in STUDENTS)


def test_projector_mode_shows_only_feedback_given_to_several_students():
    events = [ev(s, "wrong", 1, feedback="Shared rule") for s in ("ann_quill", "bob_marsh")]
    events += [ev("cy_thorn", "wrong", 1, feedback="words of one student") for _ in range(50)]
    assert stats(run(events, names=False))["feedback"] == [{"text": "Shared rule", "students": 2}]


# --- CSV -----------------------------------------------------------------------------------------

def test_csv_rows_one_row_per_student_and_exercise():
    rows = csv_rows(run([ev("ann_quill", "wrong", 1), ev("ann_quill", "show", 2), ev("ann_quill", "right", 3)]))
    assert rows[0] == ["student", "lesson", "exercise", "state", "wrong", "hints", "shown", "last"]
    assert len(rows) == 1 + len(STUDENTS) * len(EXERCISES)
    assert ["ann_quill", LESSON, "legal play", "done after show", "1", "0", "yes", "2026-12-01T14:03:00Z"] in rows
    assert ["cy_thorn", LESSON, "lot", "not started", "0", "0", "no", ""] in rows
    assert all(isinstance(v, str) for row in rows for v in row)


def test_csv_cells_that_a_spreadsheet_would_run_as_formulas_are_quoted():
    rows = csv_rows(run([ev("=HYPERLINK(1)", "right", 1, "@SUM(A1)")]))
    assert ["'=HYPERLINK(1)", LESSON, "'@SUM(A1)", "done", "0", "0", "no", "2026-12-01T14:01:00Z"] in rows


def test_csv_rows_refuses_a_projector_summary():
    with pytest.raises(ValueError, match="names=True"):
        csv_rows(run([], names=False))


# --- validation ----------------------------------------------------------------------------------

def test_an_unknown_event_kind_is_named():
    with pytest.raises(ValueError, match="unknown event kind 'solved'"):
        run([ev("ann_quill", "right", 1), {**ev("ann_quill", "right", 2), "event": "solved"}])


def test_a_naive_time_is_named():
    with pytest.raises(ValueError, match="event 0: naive datetime 2026-12-01T14:00:00"):
        run([{**ev("ann_quill", "right", 0), "time": datetime(2026, 12, 1, 14, 0)}])


def test_a_naive_now_is_refused():
    with pytest.raises(ValueError, match="now must be an aware datetime"):
        summary([], STUDENTS, LESSONS, datetime(2026, 12, 1))


def test_an_answer_without_an_exercise_is_refused():
    with pytest.raises(ValueError, match="needs an exercise"):
        run([ev("ann_quill", "right", 1, exercise="")])


def test_the_rules_are_the_documented_numbers():
    assert overview.STUCK_TRIES == 3 and overview.STUCK_WINDOW == timedelta(minutes=5)


# --- property ------------------------------------------------------------------------------------

# Wrong answers weighted up and times close together, so that streaks (and stuck students) happen.
KIND = st.sampled_from([*overview.KINDS, "wrong", "wrong", "wrong"])
EVENT = st.tuples(st.sampled_from(["ann_quill", "bob_marsh", "eve_extra"]), KIND, st.integers(0, 8),
                  st.sampled_from(["legal play", "bonus"]), st.sampled_from([LESSON, LESSON, "iota/Scoring"]),
                  st.sampled_from([None, "f1", "f2"]))


@settings(max_examples=200, deadline=None)
@given(st.lists(EVENT, max_size=60), st.integers(0, 12), st.booleans())
def test_summaries_of_random_classes_are_consistent(raw, now_minute, names):
    events = [ev(user, kind, minute, exercise, lesson, feedback)
              for user, kind, minute, exercise, lesson, feedback in raw]
    result = run(events, now_minute=now_minute, names=names)
    full = run(events, now_minute=now_minute)
    n_students = len(full["students"])
    json.dumps(result)
    for lesson in result["lessons"]:
        for counts in lesson["counts"].values():
            assert sum(counts.values()) == n_students
        for s in lesson["stats"]:
            assert s["solved"] + s["solved_after_show"] <= s["started"] <= n_students
            assert s["wrong_first"] <= s["started"] and s["showed"] <= s["started"]
            assert s["median_tries"] is None or s["median_tries"] >= 1
        assert lesson["hardest"] == sorted(lesson["hardest"], key=lambda x: -next(
            s["wrong_first"] for s in lesson["stats"] if s["exercise"] == x))
    grids = {lesson["lesson"]: lesson["grid"] for lesson in full["lessons"]}
    for entry in full["stuck"]:
        assert grids[entry["lesson"]][entry["student"]][entry["exercise"]]["state"] == "trying"
        assert entry["wrong"] >= overview.STUCK_TRIES and entry["seconds"] >= 0
    assert [e["seconds"] for e in result["stuck"]] == sorted((e["seconds"] for e in result["stuck"]), reverse=True)
    if names:
        assert len(result["stuck"]) == len(full["stuck"])
    else:   # the projector: only what two students or more worked on
        workers = {(e["lesson"], e["exercise"]): {x["user"] for x in events if (x["lesson"], x["exercise"])
                                                  == (e["lesson"], e["exercise"])} for e in events}
        assert all(len(workers[(x["lesson"], x["exercise"])]) >= overview.PROJECTOR_MIN_STUDENTS
                   for x in result["stuck"])
        assert all(len(workers.get((lesson["lesson"], x), ())) >= overview.PROJECTOR_MIN_STUDENTS
                   for lesson in result["lessons"] for x in lesson["exercises"])
    if full["stuck"]:
        event("stuck")      # hypothesis statistics: the stuck branch is reached
