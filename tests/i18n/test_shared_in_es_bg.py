"""The shared parts in Spanish and Bulgarian: a board's shell (its buttons, Undo and Redo
by clicks, the seats), an exercise's verdicts, hints and buttons, a lesson's Progress
(shown translated, its record key English), the markers that find a saved exercise or
progress line in any language (and in old English notebooks), the welcome's course table
for a language with only some courses, the teacher's page served in the service's
language, the app picker; English unchanged."""

import json
import re

import nbformat
import pytest
import requests

from kit import catalogues, i18n
from kit.classroom import service, service_bench as bench
from kit.classroom.eventstore import Store
from kit.lessons import record, welcome
from kit.lessons.exercise import (Exercise, Help, Progress, Verdict, is_exercise_output,
                                  is_progress_output)
from kit.mattix import Board
from kit.testing.events import click
from kit.ui.app import Launcher
from kit.ui.seats import points_text, result_text

#: Every message of the shared area.
OURS = catalogues.ids([catalogues.KIT / p for p in (
            "ui", "lessons/exercise.py", "lessons/welcome.py", "lessons/sandbox.py",
            "lessons/table.py", "scene.py", "games.py", "errors.py", "lazy.py", "analysis.py",
            "players.py", "classroom/overview.py", "classroom/service.py",
            "classroom/page/teacher.html")])


def board(**kwargs):
    b = Board(**{"delay": 0, "seed": 3, **kwargs})
    b.view.raise_errors = True
    return b


def take_first(b):
    m = b.game.legal_moves()[0]
    click(b.canvas, *b.xy((m.row, m.col)))


def adding(progress=None, **kwargs):
    return Exercise("6 + 1?", lambda a: Verdict(str(a).strip() == "7", "6 + 1 = 7." if str(a).strip() == "7"
                                                else "Count again."),
                    help=Help(hints=["Count on from 6.", "6, then 7."]), progress=progress, key="add", **kwargs)


class Course(Progress):
    COURSE = "toys"


# ----- the board's shell -----------------------------------------------------------------------

@pytest.mark.parametrize("lang, labels, took_back, nothing_to_redo, nothing_of_yours", [
    ("es", ["↶ Deshacer", "↷ Rehacer", "Pista", "Partida nueva"], "Deshechas 2 jugadas.",
     "No hay nada que rehacer.", "No hay nada tuyo que deshacer."),
    ("bg", ["↶ Отмени", "↷ Върни", "Подсказка", "Нова игра"], "Върнати 2 хода.",
     "Няма какво да се върне.", "Няма твой ход за отмяна."),
])
def test_the_shell_s_buttons_and_undo_speak_the_language(speak, lang, labels, took_back, nothing_to_redo,
                                                         nothing_of_yours):
    speak(lang)
    b = board(seats=["human", "greedy"])
    assert [b.controls[n].description for n in ("undo", "redo", "hint", "new")] == labels
    take_first(b)
    take_first(b)
    b.controls["undo"].click()
    assert len(b.game.history) == 2 and b.view.message.startswith(took_back)
    b.controls["redo"].click()
    b.controls["redo"].click()
    assert b.view.message == nothing_to_redo
    other = board(seats=["greedy", "human"])
    other.controls["undo"].click()
    assert other.view.message == nothing_of_yours
    assert "Notation" not in b.children[1].children[-1].get_title(0)


def test_a_seat_s_computer_player_and_you_are_named_in_the_language(speak):
    speak("es")
    b = board(seats=["human", "greedy"])
    assert b.seat_label(1).endswith("(glotón)") and b.seat_label(0).endswith("(tú)")
    assert b.seats == ["human", "greedy"]          # the keys stay English
    speak("bg")
    assert b.seat_label(1).endswith("(лаком)") and b.seat_label(0).endswith("(ти)")


def test_points_are_counted_and_a_draw_lists_its_players_in_the_language(speak):
    speak("es")
    assert (points_text(1), points_text(2)) == ("1 punto", "2 puntos")
    assert result_text([5, 5, 2], lambda i: f"P{i}") == "Empate a 5 puntos (P0 y P1)."
    speak("bg")
    assert (points_text(1), points_text(2)) == ("1 точка", "2 точки")
    assert result_text([2, 7], lambda i: f"P{i}") == "P1 печели с 7 точки."


def test_the_board_refuses_in_the_language_while_the_game_is_over(speak):
    speak("es")
    b = board(seats=["human", "human"])
    while not b.game.is_over:
        b.submit(b.game.legal_moves()[0])
    click(b.canvas, *b.xy((0, 0)))
    assert b.view.message == "La partida ha terminado. Pulsa Partida nueva para jugar otra vez."


# ----- exercises and progress ----------------------------------------------------------------

def test_an_exercise_s_verdicts_hints_and_buttons_in_spanish(speak):
    speak("es")
    ex = adding()
    assert [b.description for b in ex.buttons.values()] == ["Comprobar", "Pista", "Muéstramelo"]
    assert ex.message == "Escribe tu respuesta y pulsa Comprobar."
    ex.submit("8")
    assert ex.message == "No exactamente. Count again." and "✘" in ex.feedback.value
    ex.hint()
    assert ex.hint_message == "Pista 1 de 2: Count on from 6."
    ex.submit("7")
    assert ex.message == "¡Bien! 6 + 1 = 7."


def test_an_exercise_in_bulgarian_and_an_answer_it_cannot_read(speak):
    def strict(answer):
        raise ValueError("not a number")
    speak("bg")
    ex = Exercise("?", strict)
    ex.submit("x")
    assert ex.message == "Не можах да използвам този отговор: not a number"
    assert ex.show() == "" and ex.message == "Тук няма какво да се покаже."


def test_progress_shows_the_translated_title_and_keeps_the_english_record_key(speak):
    speak("es")
    progress = Course("This lesson")
    ex = adding(progress)
    ex.submit("7")
    assert progress.text == "Esta lección: 1 de 1 ejercicio hecho"
    assert progress.restart.description == "Empezar de nuevo"
    assert progress.lesson == "toys/This lesson"
    assert record.done("toys/This lesson") == ["add"]
    speak("bg")
    again = Course("This lesson")
    adding(again)
    assert again.text == "Този урок: 1 от 1 упражнение е готово"


def _saved(obj) -> dict:
    """``obj``'s output as a saved notebook keeps it (data and metadata)."""
    bundle = obj._repr_mimebundle_()
    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
    return nbformat.v4.new_output("display_data", data={"text/plain": data["text/plain"]},
                                  metadata=metadata)


def test_saved_exercise_and_progress_outputs_are_found_in_any_language(speak):
    speak("es")
    progress = Course("This lesson")
    ex = adding(progress)
    out, line = _saved(ex), _saved(progress)
    assert out["data"]["text/plain"] == "Ejercicio: 6 + 1?"
    assert is_exercise_output(out) and not is_progress_output(out)
    assert is_progress_output(line) and not is_exercise_output(line)
    assert line["metadata"]["kit"]["progress"] == {"lesson": "toys/This lesson", "done": 0, "total": 1}
    # Outputs of English notebooks saved before the marker: found by their English words.
    old = nbformat.v4.new_output("display_data", data={"text/plain": "Exercise: Take the best tile."})
    old_line = nbformat.v4.new_output("display_data", data={"text/plain": "Scoring: 2 of 5 exercises done"})
    assert is_exercise_output(old) and is_progress_output(old_line)
    assert not is_exercise_output(old_line) and not is_progress_output(old)
    assert not is_exercise_output(nbformat.v4.new_output("stream", text="Exercise"))


def test_english_is_unchanged(speak):
    speak("en")
    progress = Course("Lesson 7")
    ex = adding(progress)
    ex.submit("8")
    assert ex.message == "Not quite. Count again."
    assert _saved(ex)["data"]["text/plain"] == "Exercise: 6 + 1?"
    assert progress.text == "Lesson 7: 0 of 1 exercise done"
    b = board(seats=["human", "greedy"])
    assert [b.controls[n].description for n in ("undo", "redo", "hint", "new")] == \
        ["↶ Undo", "↷ Redo", "Hint", "New game"]
    assert (points_text(1), points_text(3)) == ("1 point", "3 points")


# ----- the welcome's course table ------------------------------------------------------------

def _lesson(path, heading, title, exercises):
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell(f'progress = Progress("{title}")')
    cell.outputs = [nbformat.v4.new_output("display_data", data={"text/plain": f"Ejercicio {i}"},
                                           metadata={"kit": {"exercise": f"e{i}"}})
                    for i in range(exercises)]
    nb.cells = [nbformat.v4.new_markdown_cell(f"# {heading}"), cell]
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)


def test_the_welcome_lists_only_the_courses_a_language_has(speak, tmp_path, monkeypatch):
    bg = tmp_path / "bg"
    _lesson(bg / "smartrix" / "01_meet_smartrix.ipynb", "Запознай се със Smartrix", "Meet Smartrix", 3)
    monkeypatch.setattr(welcome, "NOTEBOOKS", tmp_path)
    speak("bg")
    table = welcome.course_progress()
    assert table.notebooks == bg and list(table.courses) == ["smartrix"]
    lines = table.text().splitlines()
    assert lines == ["Smartrix: 0 от 3 упражнения са готови",
                     "  Запознай се със Smartrix: незапочнат (3 упражнения)"]
    assert 'href="smartrix/01_meet_smartrix.ipynb"' in table.html()


def test_the_welcome_in_spanish_counts_a_lesson_done_under_its_english_key(speak, tmp_path):
    es = tmp_path / "es"
    for course in ("iota", "mattix", "smartrix"):
        _lesson(es / course / "01_x.ipynb", f"Lección de {course}", "Meet it", 1)
    record.event("mattix/Meet it", "e0", "right")
    speak("es")
    table = welcome.course_progress(es)
    assert list(table.courses) == ["iota", "mattix", "smartrix"]
    assert "Mattix: 1 de 1 ejercicio hecho" in table.text()
    assert "  Lección de mattix: 1 de 1 hechos ✔" in table.text()


# ----- the teacher's page --------------------------------------------------------------------

def test_the_teacher_s_page_is_served_in_the_service_s_language(speak, tmp_path):
    speak("es")
    page = service.page_html("tok")
    assert '<html lang="es">' in page and 'content="tok"' in page
    found = re.search(r'<script type="application/json" id="kit-messages">(.*?)</script>', page, re.S)
    messages = json.loads(found.group(1))
    assert messages["Nobody is stuck now."] == "Ahora nadie está atascado."
    assert messages["Class: teacher's view"] == "Clase: vista del profesor"
    assert messages["{n} students"] == "{n} alumnos"
    # Every message of the page has its translation, and none can end the script element.
    page_ids = {m for _line, _f, m, _c in catalogues.extract_page(open(service.PAGE, "rb"), None, None, None)}
    same = getattr(i18n.catalogue("es"), "_catalog", {})
    assert [m for m in page_ids if m not in messages and same.get(m) != m] == []   # "{n} min" is the same
    assert "</" not in found.group(1)
    # Through the service itself, as the hub's teacher gets it.
    store = Store(f"sqlite:///{tmp_path / 'class.sqlite'}")
    with bench.serving(store, {"ada-token": "ada"}, tmp_path) as running:
        served = requests.get(running.base, headers={"Authorization": f"token {bench.TEACHER_TOKEN}"},
                              timeout=10)
        csv_head = requests.get(running.base + "class.csv", timeout=10,
                                headers={"Authorization": f"token {bench.TEACHER_TOKEN}"}).text.splitlines()[0]
    assert served.status_code == 200 and '<html lang="es">' in served.text
    assert "Ahora nadie está atascado." in served.text
    assert csv_head.startswith("alumno,lección,ejercicio,estado")


def test_the_teacher_s_page_in_english_is_the_page_itself():
    page = service.page_html("tok")
    assert '<html lang="en">' in page
    assert '<script type="application/json" id="kit-messages">{}</script>' in page


def test_the_page_s_messages_reach_the_catalogue_whole():
    page_ids = {m for _line, _f, m, _c in catalogues.extract_page(open(service.PAGE, "rb"), None, None, None)}
    # Non-ASCII in a t("...") is written \uXXXX: extracted whole, never as mojibake.
    assert "{student} on {exercise} \u2014 \u2718 {n} wrong in a row, for {time}" in page_ids
    assert all("Ã" not in m and "â" not in m for m in page_ids)
    assert {"Download CSV", "Stuck now", "loading…", "Nobody is stuck now."} <= page_ids


# ----- the app picker, and every message translated --------------------------------------------

def test_the_app_picker_speaks_the_language_and_keeps_its_keys(speak):
    speak("es")
    app = Launcher(delay=0, start=False)
    assert app.start.description == "Empezar" and app.deal.description == "Reparto nº"
    assert app.game.value == "IOTA"                       # the key: the English title
    assert app.seats[1].value == "greedy" and "ordenador: glotón" in [label for label, _v in
                                                                      app.seats[1].options]
    app.start_game()
    assert app.status.value and "Ahora se juega a" in app.status.value


@pytest.mark.parametrize("lang", ["es", "bg"])
def test_every_shared_message_has_its_translation(lang):
    known = getattr(i18n.catalogue(lang), "_catalog", {})
    missing = [m for m in OURS if m not in known and (m, 0) not in known]
    assert not missing, missing
