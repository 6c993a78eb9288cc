"""The translated courses keep step with the English ones (kit.lessons.translation).

Spanish: the welcome, play and all three courses (notebooks/es/); Bulgarian:
the welcome and the Smartrix course (notebooks/bg/). Each has its original's
cells and code, each markdown cell was translated from the English text as it
is now, and no English sentence is left in its markdown or saved outputs.
nbval runs them like any lesson.
"""

import json
from pathlib import Path

import pytest

from kit.lessons import translation

NOTEBOOKS = translation.NOTEBOOKS
ENGLISH_LESSONS = sorted(p.relative_to(NOTEBOOKS) for p in NOTEBOOKS.rglob("*.ipynb")
                         if p.relative_to(NOTEBOOKS).parts[0] not in translation.TRANSLATED
                         and ".ipynb_checkpoints" not in p.parts)
EXPECTED = {
    "es": ENGLISH_LESSONS,
    # The welcome, the app (its words are all the kit's) and each course it translates,
    # whole: Smartrix's, and a game's that ships one (Nim's).
    "bg": [p for p in ENGLISH_LESSONS if (NOTEBOOKS / "bg" / p.parts[0]).is_dir() and len(p.parts) > 1
           or p.name in ("00_welcome.ipynb", "play.ipynb")],
}


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_each_language_has_its_courses(lang):
    have = sorted(p.relative_to(NOTEBOOKS / lang) for p in (NOTEBOOKS / lang).rglob("*.ipynb"))
    assert have == sorted(EXPECTED[lang])
    assert lang != "bg" or {"smartrix", "nim"} <= {p.parts[0] for p in have}


@pytest.mark.parametrize("path", translation.translations(),
                         ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_the_translation_is_in_step_with_its_original(path):
    problems = translation.check(path)
    assert problems == [], "\n".join(problems)


# ----- the check itself, on a small course of its own -------------------------------

def notebook(*cells):
    return {"cells": [{"cell_type": kind, "metadata": {}, "source": source,
                       **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                      for kind, source in cells],
            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


ENGLISH = notebook(
    ("markdown", "# Scoring\n\nAdd up the lines you made, then double for each lot."),
    ("code", 'from kit.lessons import iota as lesson\nprogress = lesson.Progress("Scoring")'),
    ("markdown", "Try it: the kit checks your answer."),
    ("code", 'print("The total is the sum of every line.")\nlesson.exercise("score: two lines", progress)'),
)
SPANISH = notebook(
    ("markdown", "# Puntuación\n\nSuma las líneas que has hecho y dobla por cada lote."),
    ("code", 'import kit; kit.set_language("es")\nfrom kit.lessons import iota as lesson\n'
             'progress = lesson.Progress("Scoring")'),
    ("markdown", "Pruébalo: el kit comprueba tu respuesta."),
    ("code", 'print("El total es la suma de todas las líneas.")\nlesson.exercise("score: two lines", progress)'),
)


@pytest.fixture
def course(tmp_path):
    """A notebooks/ folder with one lesson and its Spanish translation, stamped."""
    root = tmp_path / "notebooks"
    (root / "es" / "iota").mkdir(parents=True)
    english, spanish = root / "iota" / "03_scoring.ipynb", root / "es" / "iota" / "03_scoring.ipynb"
    english.parent.mkdir()
    english.write_text(json.dumps(ENGLISH))
    spanish.write_text(json.dumps(SPANISH))
    assert translation.stamp(spanish, root) == 2
    return root, english, spanish


def edit(path: Path, index: int, source: str | None = None, **fields):
    nb = json.loads(path.read_text())
    if source is not None:
        nb["cells"][index]["source"] = source
    nb["cells"][index].update(fields)
    path.write_text(json.dumps(nb))


def test_a_stamped_faithful_translation_is_in_step(course):
    root, _, spanish = course
    assert translation.check(spanish, root) == []
    assert translation.language_of(spanish, root) == "es"


def test_a_change_to_the_english_text_not_carried_over_names_the_cell(course):
    root, english, spanish = course
    edit(english, 2, "Try it: the kit checks your answer and says why.")
    problems = translation.check(spanish, root)
    assert len(problems) == 1
    assert problems[0].startswith("notebooks/es/iota/03_scoring.ipynb cell 2: translates an older English text")
    assert "stamp notebooks/es/iota/03_scoring.ipynb" in problems[0]
    translation.stamp(spanish, root)      # the translator carried it over
    assert translation.check(spanish, root) == []


def test_a_change_to_the_english_code_not_carried_over_names_the_cell(course):
    root, english, spanish = course
    edit(english, 3, 'lesson.exercise("score: a lot", progress)')
    problems = translation.check(spanish, root)
    assert [p.split(":")[0] for p in problems] == ["notebooks/es/iota/03_scoring.ipynb cell 3"]
    assert "the code is not the original's" in problems[0]


def test_an_exercise_key_or_progress_title_is_never_translated(course):
    root, _, spanish = course
    edit(spanish, 3, 'print("El total es la suma de todas las líneas.")\n'
                     'lesson.exercise("puntuación: dos líneas", progress)')
    problems = translation.check(spanish, root)
    assert len(problems) == 1 and "a key of exercise(): never translated" in problems[0]


def test_the_first_code_cell_must_name_the_language(course):
    root, _, spanish = course
    edit(spanish, 1, 'from kit.lessons import iota as lesson\nprogress = lesson.Progress("Scoring")')
    problems = translation.check(spanish, root)
    assert problems == ["notebooks/es/iota/03_scoring.ipynb cell 1: the first code cell must open with "
                        'import kit; kit.set_language("es")']


def test_english_left_in_markdown_or_in_an_output_is_found(course):
    root, _, spanish = course
    nb = json.loads(spanish.read_text())
    nb["cells"][2]["source"] = "Pruébalo. Then press Check and the kit tells you why."
    nb["cells"][3]["outputs"] = [{"output_type": "stream", "name": "stdout",
                                  "text": "El total es 12.\nThe cards in this line are not all different.\n"}]
    spanish.write_text(json.dumps(nb))
    translation.stamp(spanish, root)
    problems = translation.check(spanish, root)
    assert [p.split(": ", 1)[1] for p in problems] == [
        "English left in the markdown: 'Then press Check and the kit tells you why'",
        "English left in the output: 'The cards in this line are not all different'"]


def test_a_translation_that_drops_or_adds_a_cell_is_refused(course):
    root, _, spanish = course
    nb = json.loads(spanish.read_text())
    del nb["cells"][2]
    spanish.write_text(json.dumps(nb))
    assert translation.check(spanish, root)[0].endswith(
        "3 cells, the original has 4: a translation keeps every cell, in order")
    with pytest.raises(ValueError, match="a translation keeps every cell"):
        translation.stamp(spanish, root)


@pytest.mark.parametrize(("text", "english"), [
    ("Suma las líneas y dobla por cada lote.", []),
    ("Събери всички карти от набора.", []),
    ("La carta `3GT` es el triángulo verde 3: [lección 2](../iota/02_making_a_play.ipynb).", []),
    ("Press **Check** to see if you are right.", ["Press **Check** to see if you are right"]),
    ("IOTA, Mattix, Smartrix", []),
])
def test_english_sentences_are_told_from_spanish_and_bulgarian(text, english):
    assert translation.english_sentences(text) == english
