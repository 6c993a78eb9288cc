"""A student's progress is live and kept: it survives a new kernel, Start over
forgets it, every event is recorded with its time, and a broken file loses nothing."""

import json
import re

import pytest

from kit.lessons import record
from kit.lessons.exercise import Answering, Exercise, Help, Progress, Verdict, Walk


class Course(Progress):
    COURSE = "sums"


def is_seven(answer) -> Verdict:
    n = int(str(answer).strip())
    return Verdict(n == 7, "Yes." if n == 7 else f"{n} is not 6 + 1.",
                   more="" if n == 7 else "Start at 6 and count one more.")


def sum_exercise(progress):
    return Exercise("What is 6 + 1?", is_seven, help=Help(hints=["Count on from 6."], show="7"),
                    walk=Walk(answers=["7"], wrong=["6", "8"]), progress=progress, key="six plus one")


def test_the_file_is_kit_progress_or_the_home_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("KIT_PROGRESS", str(tmp_path / "mine.json"))
    assert record.path() == tmp_path / "mine.json"
    monkeypatch.delenv("KIT_PROGRESS")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert record.path() == tmp_path / ".kit" / "progress.json"


def test_what_was_done_survives_a_new_kernel():
    first = Course("Lesson 1")
    ex = sum_exercise(first)
    ex.attempt("7")
    assert first.text == "Lesson 1: 1 of 1 exercise done"

    # A restarted kernel runs the lesson's cells again: new objects, same file.
    again = Course("Lesson 1")
    ex2 = sum_exercise(again)
    assert again.text == "Lesson 1: 1 of 1 exercise done"
    assert ex2.solved and ex2.message == "You did this one before. Try it again if you like."
    # Another course's lesson of the same title is another lesson.
    class Other(Progress):
        COURSE = "products"
    assert Other("Lesson 1").done == set()


def test_start_over_forgets_the_lesson_and_resets_its_exercises():
    progress = Course("Lesson 2")
    ex = sum_exercise(progress)
    ex.attempt("7")
    progress.restart.click()
    assert progress.text == "Lesson 2: 0 of 1 exercise done"
    assert not ex.solved and ex.message == "Your answer, then Check."
    assert Course("Lesson 2").done == set()
    assert record.load()["events"][-1]["event"] == "start over"


def wrong_hint_show_right(title):
    """One exercise tried wrong, hinted, shown, then right; its Progress and the file's events."""
    progress = Course(title)
    ex = sum_exercise(progress)
    ex.attempt("6")
    ex.hint()
    ex.show()
    ex.attempt("7")
    return progress, record.load()["events"]


def test_every_event_is_recorded_with_its_time_and_answer():
    progress, events = wrong_hint_show_right("Lesson 3")
    assert [(e["exercise"], e["event"], e.get("answer")) for e in events] == [
        ("six plus one", "wrong", "6"), ("six plus one", "hint", None),
        ("six plus one", "show", None), ("six plus one", "right", "7")]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", e["time"]) for e in events)
    assert all(e["lesson"] == "sums/Lesson 3" for e in events)
    # Right after Show me is not counted as done (as before), but it is recorded.
    assert progress.count == 0


def test_each_event_has_its_own_id_and_a_judged_answer_the_feedback_it_was_given():
    progress, events = wrong_hint_show_right("Lesson 3b")
    assert [(e["event"], e.get("feedback")) for e in events] == [
        ("wrong", "6 is not 6 + 1."), ("hint", None), ("show", None), ("right", "Yes.")]
    ids = [e["id"] for e in events]
    assert all(re.fullmatch(r"[0-9a-f]{32}", i) for i in ids) and len(set(ids)) == 4
    progress.start_over()
    assert re.fullmatch(r"[0-9a-f]{32}", record.load()["events"][-1]["id"])


def test_feedback_is_cut_to_300_characters_and_kept_only_with_right_or_wrong():
    record.event("sums/x", "y", "wrong", "5", feedback="why " * 100)
    assert len(record.load()["events"][0]["feedback"]) == record.FEEDBACK_CHARS == 300
    with pytest.raises(ValueError, match="feedback is kept with a right or wrong answer"):
        record.event("sums/x", "y", "hint", feedback="no")


def test_a_lesson_records_which_exercises_it_shows():
    progress = Course("Lesson 4")
    sum_exercise(progress)
    Exercise("Another", is_seven, progress=progress, key="another")
    assert record.load()["lessons"]["sums/Lesson 4"]["seen"] == ["six plus one", "another"]


def test_a_broken_file_is_kept_aside_and_a_new_one_started(tmp_path, monkeypatch):
    where = tmp_path / "p.json"
    monkeypatch.setenv("KIT_PROGRESS", str(where))
    where.write_text("{not json")
    progress = Course("Lesson 5")
    assert progress.done == set()
    assert (tmp_path / "p.json.broken").read_text() == "{not json"
    sum_exercise(progress).attempt("7")
    assert json.loads(where.read_text())["lessons"]["sums/Lesson 5"]["done"] == ["six plus one"]


def test_an_unwritable_file_never_stops_the_lesson(tmp_path, monkeypatch):
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("")
    monkeypatch.setenv("KIT_PROGRESS", str(not_a_folder / "p.json"))   # cannot be made, even by root
    progress = Course("Lesson 6")
    ex = sum_exercise(progress)
    assert ex.attempt("7").correct and progress.count == 1     # counted here, only not kept


def test_unknown_events_are_refused():
    with pytest.raises(ValueError, match="unknown progress event"):
        record.event("sums/x", "y", "guessed")


def test_the_progress_cell_shows_the_live_widget_and_its_words():
    progress = Course("Lesson 7")
    sum_exercise(progress)
    bundle = progress._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == progress.widget.model_id
    assert data["text/plain"] == "Lesson 7: 0 of 1 exercise done"


def test_attempt_types_or_enters_a_try_and_checks_it():
    typed = sum_exercise(None)
    assert not typed.attempt("6").correct and typed.text.value == "6"
    made = []
    on_board = Exercise("Take 7",
                        is_seven,
                        answer=Answering(read=lambda: made[-1], enter=made.append),
                        walk=Walk(answers=["7"], wrong=["5"]))
    assert on_board.attempt("7").correct and made == ["7"]


def test_a_long_explanation_folds_under_why():
    ex = sum_exercise(None)
    ex.attempt("8")
    assert ex.message == "Not quite. 8 is not 6 + 1."
    assert '<details class="kit-why"><summary>Why?</summary>' in ex.feedback.value
    assert "count one more" in ex.feedback.value
    ex.attempt("7")
    assert "kit-why" not in ex.feedback.value


def test_a_right_answer_after_show_me_is_never_done_in_the_file_the_welcome_or_a_new_kernel():
    first = Course("Lesson 3")
    ex = sum_exercise(first)
    ex.show()
    assert ex.attempt("7").correct
    assert "not counted" in ex.message
    # The answer is kept as it happened (the teacher's page reads "done after show")...
    events = [e["event"] for e in record.load()["events"] if e["lesson"] == first.lesson]
    assert events == ["show", "right"]
    # ...but nothing counts it as done: the file, the welcome's count, a reopened lesson.
    assert record.done(first.lesson) == []
    again = Course("Lesson 3")
    ex2 = sum_exercise(again)
    assert again.text == "Lesson 3: 0 of 1 exercise done"
    assert not ex2.solved and ex2.message == "Your answer, then Check."
    # A right answer in the same kernel after a second look is not done either.
    assert ex2.attempt("7").correct and record.done(first.lesson) == []
    # Start over forgets the Show me too: solved afresh, it is done.
    again.restart.click()
    assert ex2.attempt("7").correct
    assert record.done(first.lesson) == ["six plus one"]
    third = Course("Lesson 3")
    assert sum_exercise(third).solved and third.text == "Lesson 3: 1 of 1 exercise done"


def test_show_me_on_one_exercise_does_not_stop_another_counting():
    progress = Course("Lesson 4")
    shown = sum_exercise(progress)
    other = Exercise("What is 3 + 4?",
                     is_seven,
                     help=Help(show="7"),
                     progress=progress,
                     key="three plus four")
    shown.show()
    assert other.attempt("7").correct
    assert record.done(progress.lesson) == ["three plus four"]
