"""The shared exercise widget, driven as its buttons drive it (no kernel, no browser)."""

from typing import Any

import ipywidgets as widgets
import pytest

from kit import games
from kit.errors import InvalidMoveText
from kit.lessons import eventshape
from kit.lessons.exercise import Answering, Exercise, Help, Progress, Shown, Verdict


def is_seven(answer) -> Verdict:
    """A pure check: the answer must be the number 7."""
    try:
        n = int(str(answer).strip())
    except ValueError:
        raise InvalidMoveText(f"{answer!r} is not a whole number") from None
    return Verdict(n == 7, "6 + 1 is 7." if n == 7 else f"{n} is not 6 + 1.")


def exercise(*, show: Any = "7", solution: Any = None, answer: Any = None, board: Any = None,
             picture: Any = None, progress: Progress | None = None, key: str | None = None) -> Exercise:
    return Exercise("What is 6 + 1?", is_seven, answer=Answering(read=answer),
                    help=Help(hints=["Count on from 6.", "It is odd."], show=show, solution=solution),
                    shown=Shown(board=board, picture=picture), progress=progress, key=key)


def test_a_right_answer_typed_and_checked_counts_as_done():
    progress = Progress("Sums")
    ex = exercise(progress=progress)
    ex.text.value = " 7 "
    ex.buttons["check"].click()
    assert ex.solved and ex.tone == "good"
    assert ex.message == "Right! 6 + 1 is 7."
    assert progress.text == "Sums: 1 of 1 exercise done"
    assert "1 of 1" in progress.line.value


def test_a_wrong_answer_says_why_and_is_not_done():
    progress = Progress()
    ex = exercise(progress=progress)
    assert ex.submit("8") == Verdict(False, "8 is not 6 + 1.")
    assert not ex.solved and ex.tone == "bad"
    assert "Not quite. 8 is not 6 + 1." in ex.feedback.value and "✘" in ex.feedback.value
    assert progress.done == set()
    assert ex.attempts == [("8", Verdict(False, "8 is not 6 + 1."))]


def test_malformed_input_gets_the_checks_message_and_is_no_attempt():
    ex = exercise()
    ex.text.value = "seven!"
    ex.buttons["check"].click()
    assert ex.message == "I could not use that answer: 'seven!' is not a whole number"
    assert ex.attempts == [] and not ex.solved


def test_hints_come_one_at_a_time_then_repeat_the_last():
    ex = exercise()
    ex.buttons["hint"].click()
    assert ex.hint_message == "Hint 1 of 2: Count on from 6."
    assert "Hint 1 of 2: Count on from 6." in ex.hint_line.value
    assert ex.hint() == "It is odd."
    assert ex.hint() == "It is odd." and ex.hints_shown == 2


def test_a_hint_keeps_the_reason_the_last_try_was_wrong_in_view_until_right():
    ex = exercise()
    ex.submit("8")
    ex.hint()
    assert ex.message == "Not quite. 8 is not 6 + 1." and "8 is not 6 + 1." in ex.feedback.value
    assert "Count on from 6." in ex.hint_line.value
    ex.submit("7")
    assert ex.solved and ex.hint_line.value == ""


def saved_html(ex) -> str:
    bundle = ex._repr_mimebundle_()
    return (bundle[0] if isinstance(bundle, tuple) else bundle)["text/html"]


def test_a_saved_exercise_folds_its_solution_text_under_the_task():
    page = saved_html(exercise())
    assert page.index("What is 6 + 1?") < page.index('<details class="kit-solution"')
    assert "<summary>Solution</summary><div>7</div></details>" in page


def test_a_reveal_on_the_board_saves_the_solution_the_lesson_gives_in_words():
    played = []
    ex = exercise(show=lambda: played.append(1), solution=lambda: "take the 7 at row 2")
    assert "<div>take the 7 at row 2</div>" in saved_html(ex) and played == []
    assert "kit-solution" not in saved_html(exercise(show=lambda: None))


def test_show_me_reveals_text_or_calls_the_lessons_reveal():
    ex = exercise()
    ex.buttons["show"].click()
    assert ex.revealed and ex.message == "Solution: 7"
    shown = []
    ex2 = exercise(show=lambda: shown.append(1) or "played on the board")
    ex2.show()
    assert shown == [1] and ex2.message == "Solution: played on the board"


def test_without_hint_or_reveal_the_buttons_are_disabled_and_say_so():
    ex = Exercise("What is 6 + 1?", is_seven)
    assert ex.buttons["hint"].disabled and ex.buttons["show"].disabled
    assert ex.hint() == "" and "no hint" in ex.message
    assert ex.show() == "" and "nothing to show" in ex.message


def test_an_answer_read_from_elsewhere_has_no_text_box():
    moves = []
    ex = exercise(answer=lambda: moves[-1] if moves else "none")
    assert ex.text not in ex.children[1].children
    moves.append(7)
    assert ex.submit().correct


@pytest.mark.allow_logged_errors
def test_a_failing_check_is_shown_and_logged_never_swallowed(caplog):
    def broken(answer):
        raise RuntimeError("the engine broke")
    ex = Exercise("Anything?", broken)
    ex.buttons["check"].click()
    assert ex.message == "Something went wrong: the engine broke"
    assert "the engine broke" in caplog.text
    assert "RuntimeError: the engine broke" in ex.errors.outputs[0]["text"]
    assert ex.attempts == [] and not ex.solved


def test_running_a_cell_again_does_not_count_an_exercise_twice():
    progress = Progress()
    exercise(progress=progress)
    again = exercise(progress=progress)
    exercise(progress=progress, key="another")
    again.submit("7")
    assert progress.text == "This lesson: 1 of 2 exercises done"


def test_an_exercise_without_a_key_is_named_by_its_task_as_the_class_service_takes_a_name():
    long_task = "Which  of these\ncards\tfits?  " + "Look closely. " * 20
    key = Exercise(long_task, is_seven).key
    assert key.startswith("Which of these cards fits? Look closely.") and len(key) == eventshape.NAME_CHARS
    assert eventshape.name_problem(key, "key") is None
    assert Exercise("What is 6 + 1?", is_seven).key == "What is 6 + 1?"


def test_the_saved_output_shows_the_task_and_the_picture():
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><title>a board</title></svg>'
    bundle = exercise(picture=lambda: svg)._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "What is 6 + 1?" in data["text/html"] and "data:image/svg+xml" in data["text/html"]
    assert data["text/plain"] == "Exercise: What is 6 + 1?"
    assert "application/vnd.jupyter.widget-view+json" in data


def test_an_answer_the_function_cannot_read_is_answered_like_bad_text():
    def no_move_yet():
        raise InvalidMoveText("take a tile on the board first")
    ex = exercise(answer=no_move_yet)
    assert ex.submit() is None
    assert ex.message == "I could not use that answer: take a tile on the board first"


def test_a_right_answer_after_show_me_is_not_counted_as_done():
    progress = Progress()
    ex = exercise(progress=progress)
    ex.show()
    assert ex.submit("7").correct
    assert not ex.solved and progress.done == set()
    assert "not counted" in ex.message


def test_on_a_live_board_check_and_the_verdict_sit_in_the_boards_side_panel():
    from kit import mattix
    board = mattix.Board(seats=["human", "human"], seed=1, delay=0)
    ex = exercise(board=board, answer=lambda: "7", progress=Progress("Sums"))
    panel = board.children[1]
    docked = board.dock_box.children
    assert board.dock_box in panel.children
    assert any(ex.buttons["check"] in getattr(w, "children", ()) for w in docked)
    assert ex.feedback in docked and ex.hint_line in docked
    assert ex.feedback not in ex.children            # not again under the board
    assert ex.progress.widget in docked              # "1 of 5 done" in view too
    ex.buttons["check"].click()
    assert ex.solved and "Right!" in ex.feedback.value


@pytest.mark.parametrize("game", [spec.name for spec in games.all() if spec.lesson])
def test_every_courses_exercise_board_hides_its_own_hint_and_new_game(game):
    # The board's Hint ranks the moves (the answer) and New game deals another
    # position: the Smartrix course showed both beside the exercise's own Hint.
    lesson = games.get(game).lesson_module()
    ex = lesson.puzzle_exercise(lesson.load_puzzles()[0])
    if not hasattr(ex.board, "controls"):
        # A course whose puzzles are pictures (Nim's, typed): no board buttons to hide.
        assert isinstance(ex.board, widgets.HTML) and "<svg" in ex.board.value
        return
    for name in ("hint", "new"):
        button = ex.board.controls[name]
        assert button.layout.display == "none" and button.disabled
    assert ex.buttons["hint"].layout.display != "none" and not ex.buttons["hint"].disabled


def test_a_course_names_its_exercises_and_says_which_there_are():
    from kit.lessons.exercise import Catalogue
    made = []
    catalogue = Catalogue("Sums", {"six plus one": lambda progress: made.append(progress) or "ex"},
                          puzzles=lambda: ["p1", "p2"], puzzle=lambda p, progress: f"puzzle {p}")
    assert catalogue("six plus one", "prog") == "ex" and made == ["prog"]
    assert catalogue("puzzle 2") == "puzzle p2"
    with pytest.raises(ValueError, match="there is no Sums exercise 'puzzle 3': they are "
                                         "six plus one and puzzle 1 to puzzle 2"):
        catalogue("puzzle 3")


def test_enter_in_the_answer_box_checks_it_as_the_button_does():
    from kit.testing.events import send_event
    ex = exercise()
    ex.text.value = "8"
    send_event(ex.text, "submit")          # what the browser sends on Enter in the box
    assert ex.attempts == [("8", Verdict(False, "8 is not 6 + 1."))]
    ex.text.value = "7"
    send_event(ex.text, "submit")
    assert ex.solved and ex.message == "Right! 6 + 1 is 7."


def test_the_answer_box_is_labelled_by_its_question_and_the_verdict_is_announced():
    ex = exercise()
    assert ex.text.description == "What is 6 + 1?"       # a <label for=...>, not a placeholder
    assert "kit-answer" in ex.text._dom_classes
    # The verdict is said through the exercise's live region (kit.ui.access): a wrong
    # answer at once, a right one politely; the feedback HTML is not a second region.
    ex.submit("8")
    assert (ex.access.said, ex.access.urgent) == ("Not quite. 8 is not 6 + 1.", True)
    assert "aria-live" not in ex.feedback.value
    ex.submit("7")
    assert (ex.access.said, ex.access.urgent) == ("Right! 6 + 1 is 7.", False)


def test_check_and_show_me_ask_the_page_to_move_the_focus(tmp_path, monkeypatch):
    """Issue 29: a wrong typed answer sends the focus back to its box; a right one leaves
    it; a board exercise's Check and any Show me send it to the verdict."""
    from kit.lessons.exercise import Exercise, Verdict
    monkeypatch.setenv("KIT_PROGRESS", str(tmp_path / "progress.json"))

    def check(answer):
        return Verdict(str(answer).strip() == "5", "why")

    typed = Exercise("Type 5", check, help=Help(show="5"))
    typed.attempt("4")
    assert (typed.access.focus_what, typed.access.focus_request) == ("answer", 1)
    typed.attempt("5")
    assert typed.access.focus_request == 1
    typed.show()
    assert (typed.access.focus_what, typed.access.focus_request) == ("verdict", 2)
    on_board = Exercise("Do 5", check, answer=Answering(read=lambda: "4"))
    on_board.submit()
    assert (on_board.access.focus_what, on_board.access.focus_request) == ("verdict", 1)


def test_making_a_progress_reads_no_file_until_it_is_asked(monkeypatch):
    from kit.lessons import record

    asked = []
    monkeypatch.setattr(record, "done", lambda lesson: asked.append(lesson) or ["old one"])
    progress = Progress("Sums")
    assert asked == []
    assert progress.done == {"old one"} and asked == ["Sums"]
    assert progress.done == {"old one"} and len(asked) == 1     # read once


def test_an_exercise_has_all_its_state_before_reset():
    ex = exercise()
    assert (ex.solved, ex.revealed, ex.hints_shown, ex.hint_message) == (False, False, 0, "")
    assert ex.tone == "info" and ex.message and ex.more == ""


def test_a_bug_in_the_answer_function_surfaces_and_a_students_bad_move_does_not():
    from kit.errors import IllegalMove
    from kit.lessons.exercise import AnswerFunctionFailed

    def buggy():
        return int("not a number")        # ValueError: the lesson's own bug

    with pytest.raises(AnswerFunctionFailed, match="answer function"):
        exercise(answer=buggy).submit()

    def illegal():
        raise IllegalMove("that cell is taken")

    ex = exercise(answer=illegal)
    assert ex.submit() is None and ex.tone == "bad" and "that cell is taken" in ex.message
    assert ex.attempts == []
