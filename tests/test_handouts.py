"""make handouts: lessons as HTML (pictures inline, code hidden) and printed PDFs."""

import html
import re
from pathlib import Path

import nbformat
import pytest
from pypdf import PdfReader

from kit import games
from kit.classroom import handouts
from kit.i18n import speaking
from kit.lessons.exercise import Help, is_exercise_output
from system_tools import require

ROOT = Path(__file__).resolve().parents[1]


def picture_outputs(nb) -> int:
    return sum(1 for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
               if "image/svg+xml" in o.get("data", {})
               or "data:image/svg+xml" in str(o.get("data", {}).get("text/html", "")))


def test_lessons_are_found_by_glob_in_reading_order(tmp_path):
    for name in ("notebooks/00_welcome.ipynb", "notebooks/play.ipynb",
                 "notebooks/zgame/02_b.ipynb", "notebooks/zgame/01_a.ipynb",
                 "notebooks/agame/01_x.ipynb", "notebooks/es/00_welcome.ipynb",
                 "notebooks/es/zgame/01_a.ipynb", "notebooks/bg/zgame/01_a.ipynb"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nbformat.v4.new_notebook(), tmp_path / name)
    found = [str(p.relative_to(tmp_path)) for p in handouts.lessons(tmp_path)]
    # English first, then each language's own, each in reading order.
    assert found == ["notebooks/00_welcome.ipynb", "notebooks/agame/01_x.ipynb",
                     "notebooks/zgame/01_a.ipynb", "notebooks/zgame/02_b.ipynb",
                     "notebooks/es/00_welcome.ipynb", "notebooks/es/zgame/01_a.ipynb",
                     "notebooks/bg/zgame/01_a.ipynb"]


def test_every_saved_picture_of_the_welcome_is_in_its_html_and_no_code_is():
    path = ROOT / "notebooks" / "00_welcome.ipynb"
    nb = nbformat.read(path, as_version=4)
    page = handouts.lesson_html(path)
    pictures = len(re.findall(r"data:image/svg\+xml|<svg[ >]", page))
    assert picture_outputs(nb) > 0 and pictures >= picture_outputs(nb)
    code = [c.source.splitlines()[0] for c in nb.cells if c.cell_type == "code" and c.source]
    assert code and not any(line in page for line in code if len(line) > 12)
    # A live board shows its saved picture, not a widget that needs state and a CDN.
    assert "application/vnd.jupyter.widget-view+json" not in page
    # Printed offline: no script or module from the internet (nbconvert's CDN defaults).
    assert not re.findall(r"""(?:src=|import\(|url=)["']?https?://""", page)
    assert "cdnjs" not in page and "cdn.jsdelivr" not in page


def test_solution_cells_are_only_in_the_teachers_copy(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("Task: find the best play."),
                nbformat.v4.new_markdown_cell("Answer: 2,2 wins by 6.",
                                              metadata={"tags": ["solution"]})]
    path = tmp_path / "01_lesson.ipynb"
    nbformat.write(nb, path)
    student, teacher = handouts.lesson_html(path), handouts.lesson_html(path, teacher=True)
    assert "find the best play" in student and "wins by 6" not in student
    assert "wins by 6" in teacher


@pytest.mark.parametrize("game", [spec.name for spec in games.all() if spec.lesson])
def test_the_teachers_solution_sheet_shows_every_puzzle_solved(game):
    nb = handouts.puzzle_solutions(game)
    puzzles = games.get(game).lesson_module().load_puzzles()
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert text.count("**Solution:**") == len(puzzles) > 0
    assert text.count("Right!") == len(puzzles)          # the kit checked each one
    assert sum(1 for c in nb.cells if c.cell_type == "code") == len(puzzles)


def test_make_handouts_writes_html_with_pictures_and_pdfs_with_pages(tmp_path):
    require("chromium", "the PDFs need Debian's chromium: sudo apt-get install chromium")
    written = handouts.build(tmp_path, only=["notebooks/00_welcome"])
    names = sorted(str(p.relative_to(tmp_path)) for p in written)
    assert names == ["student/00_welcome.html", "teacher/00_welcome.html"]
    for page in written:
        assert "data:image/svg+xml" in page.read_text()
        pdf = page.with_suffix(".pdf")
        assert pdf.read_bytes().startswith(b"%PDF")
        reader = PdfReader(pdf)
        assert len(reader.pages) >= 2
        # The handouts' own @page: A4 (595 x 842 pt), so the printable width is known.
        box = reader.pages[0].mediabox
        assert abs(float(box.width) - 595.3) < 1.5 and abs(float(box.height) - 841.9) < 1.5
        assert "Welcome" in reader.pages[0].extract_text()


def test_a_puzzle_lessons_handout_shows_every_exercises_task_and_position():
    lesson = sorted(ROOT.glob("notebooks/*/*puzzles.ipynb"))[0]
    nb = nbformat.read(lesson, as_version=4)
    tasks = [o["data"]["text/plain"].removeprefix("Exercise: ")
             for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
             if str(o.get("data", {}).get("text/plain", "")).startswith("Exercise: ")]
    page = handouts.lesson_html(lesson)
    assert tasks and all(html.escape(t, quote=False) in page for t in tasks)
    assert len(re.findall(r"data:image/svg\+xml", page)) >= len(tasks)


def unfolded(page: str) -> list:
    """The solutions a page prints open (nbconvert may reorder the attributes)."""
    return re.findall(r'<details[^>]*class="kit-solution"[^>]*\bopen\b|<details open class="kit-solution"',
                      page)


def saved_exercises(nb) -> list:
    """Each saved exercise output of a lesson: (task, its text/html)."""
    # "Exercise: <task>" in English, "Ejercicio: <task>" in Spanish...: the marker says which.
    return [(o["data"]["text/plain"].split(": ", 1)[-1], o["data"].get("text/html", ""))
            for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
            if is_exercise_output(o)]


def test_a_saved_exercises_solution_is_dropped_for_students_and_unfolded_for_teachers(tmp_path):
    from kit.lessons.exercise import Exercise, Verdict
    ex = Exercise("Take the best tile.",
                  lambda a: Verdict(True, ""),
                  help=Help(show=lambda: None, solution="Take 2,3: it wins by 6."))
    data = ex._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("lesson.exercise()")
    cell.outputs = [nbformat.v4.new_output("display_data", data={
        "text/plain": data["text/plain"], "text/html": data["text/html"]})]
    nb.cells = [cell]
    path = tmp_path / "01_lesson.ipynb"
    nbformat.write(nb, path)
    student, teacher = handouts.lesson_html(path), handouts.lesson_html(path, teacher=True)
    assert "Take the best tile." in student and "Take the best tile." in teacher
    assert "wins by 6" not in student and "kit-solution" not in student
    assert len(unfolded(teacher)) == 1 and "Take 2,3: it wins by 6." in teacher


@pytest.mark.parametrize("lesson", [p for p in handouts.lessons() if p.parent.name in games.names()],
                         ids=lambda p: str(p.relative_to(handouts.ROOT / "notebooks").with_suffix("")))
def test_every_exercise_of_every_lesson_has_its_solution_in_the_teachers_copy_only(lesson):
    nb = nbformat.read(lesson, as_version=4)
    exercises = saved_exercises(nb)
    unsolved = [task for task, page in exercises if "kit-solution" not in page]
    assert unsolved == [], "saved exercises without a solution in words (re-run make lessons?)"
    student, teacher = handouts.lesson_html(lesson), handouts.lesson_html(lesson, teacher=True)
    assert "kit-solution" not in student
    assert len(unfolded(teacher)) == len(exercises)


def test_each_languages_handouts_are_in_their_own_folder_and_say_their_language(tmp_path):
    written = handouts.build(tmp_path, pdf=False, only=["es/00_welcome", "bg/00_welcome"])
    names = sorted(str(p.relative_to(tmp_path)) for p in written)
    assert names == ["student/bg/00_welcome.html", "student/es/00_welcome.html",
                     "teacher/bg/00_welcome.html", "teacher/es/00_welcome.html"]
    es = (tmp_path / "student" / "es" / "00_welcome.html").read_text()
    assert '<html lang="es"' in es and "bienvenida" in es
    assert '<html lang="bg"' in (tmp_path / "student" / "bg" / "00_welcome.html").read_text()


def test_the_teachers_solution_sheet_in_spanish_and_bulgarian():
    with speaking("es"):
        sheet = handouts.puzzle_solutions("smartrix")
    text = "\n".join(c.source for c in sheet.cells)
    assert "soluciones de los problemas (copia del profesor)" in text
    assert text.count("**Solución:**") == text.count("**El kit dice:** ¡Bien!") > 0
    with speaking("bg"):
        text = "\n".join(c.source for c in handouts.puzzle_solutions("smartrix").cells)
    assert "**Решение:**" in text and "Solution" not in text
