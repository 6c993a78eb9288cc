"""The welcome page's "Your progress": every lesson of every course, what this
student did in it (read from their progress file), refreshed on demand."""

import json
import re
from pathlib import Path


from kit.lessons import welcome
from kit.lessons.exercise import Exercise, Progress, Verdict, Walk

ROOT = Path(__file__).resolve().parents[2]


def lesson_notebook(folder: Path, name: str, heading: str, title: str, exercises: int) -> None:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": [f"# {heading}\n", "Some words."]},
             {"cell_type": "code", "metadata": {}, "execution_count": 1,
              "source": [f'progress = lesson.Progress("{title}")'], "outputs": []}]
    cells += [{"cell_type": "code", "metadata": {}, "execution_count": 2, "source": ["lesson.exercise()"],
               "outputs": [{"output_type": "execute_result", "execution_count": 2, "metadata": {},
                            "data": {"text/plain": [f"Exercise: task {i}"]}}]}
              for i in range(exercises)]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                           "nbformat_minor": 5}))


class Iota(Progress):
    COURSE = "iota"


def test_the_overview_shows_what_was_done_in_each_lesson_and_refreshes(tmp_path):
    lesson_notebook(tmp_path / "iota", "01_first.ipynb", "IOTA 1: First", "First", 2)
    lesson_notebook(tmp_path / "iota", "02_second.ipynb", "IOTA 2: Second", "Second", 3)
    overview = welcome.course_progress(tmp_path)
    assert overview.text().splitlines()[:3] == [
        "IOTA: 0 of 5 exercises done",
        "  IOTA 1: First: not started (2 exercises)",
        "  IOTA 2: Second: not started (3 exercises)"]

    progress = Iota("Second")            # as lesson 2's own cells make it
    ex = Exercise("1 + 1?",
                  lambda a: Verdict(a == "2", "ok"),
                  walk=Walk(answers=["2"], wrong=["3"]),
                  progress=progress,
                  key="sum")
    ex.attempt("2")
    assert overview.text().splitlines()[0] == "IOTA: 0 of 5 exercises done"   # not yet read
    overview.refresh()
    assert overview.text().splitlines()[:3] == [
        "IOTA: 1 of 5 exercises done",
        "  IOTA 1: First: not started (2 exercises)",
        "  IOTA 2: Second: 1 of 3 done"]
    assert 'href="iota/02_second.ipynb"' in overview.table.value


def test_every_course_lesson_with_exercises_names_its_progress_uniquely():
    for course, _name in welcome.registered_courses():
        titles = []
        for path in sorted((ROOT / "notebooks" / course).glob("[0-9]*.ipynb")):
            code = "".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"]
                           if c["cell_type"] == "code")
            found = re.findall(r'Progress\(\s*"([^"]+)"', code)
            if "exercise" in code:
                assert len(found) == 1, f"{path.name}: the overview needs one Progress(\"title\")"
                titles += found
        assert len(titles) == len(set(titles)), f"{course}: two lessons share a progress title"


def test_the_bulgarian_welcome_lists_the_english_courses_too_with_links_lab_opens():
    # Issue 30: the Bulgarian welcome was saved with "0 of 0 exercises" and listed only
    # Smartrix; its IOTA and Mattix lessons are the English ones (../iota/…).
    import kit
    kit.set_language("bg")
    try:
        page = welcome.course_progress()
        courses = [c for c, _n in welcome.registered_courses()]
        assert [c for c, _n in page.listed] == courses
        assert page.in_english == {c for c in courses
                                   if not (welcome.NOTEBOOKS / "bg" / c).is_dir()} >= {"iota", "mattix"}
        iota = page.courses["iota"]
        assert iota[0].link == "../iota/01_meet_iota.ipynb" and iota[0].total > 0
        assert iota[0].name == "IOTA 1: Запознай се с IOTA"      # the page's own name for it
        assert all((ROOT / "notebooks" / "bg" / s.link).resolve().is_file()
                   for c in page.listed for s in page.courses[c[0]])
        assert page.courses["smartrix"][0].link == "smartrix/01_meet_smartrix.ipynb"
        done, total = page.totals("smartrix")
        assert total > 20
        assert "IOTA (на английски)" in page.text() and "Smartrix:" in page.text()
    finally:
        kit.set_language("en")


def test_every_welcome_is_saved_as_a_fresh_run_shows_it():
    # The Bulgarian welcome was saved with "0 of 0 exercises", "nothing to check" and no
    # live widget (so no Refresh button) while a fresh run listed every lesson (issue 30).
    import kit
    for lang, path in (("en", "00_welcome.ipynb"), ("es", "es/00_welcome.ipynb"),
                       ("bg", "bg/00_welcome.ipynb")):
        nb = json.loads((ROOT / "notebooks" / path).read_text())
        cell = next(c for c in nb["cells"] if c["cell_type"] == "code"
                    and "course_progress()" in "".join(c["source"]))
        [output] = cell["outputs"]
        assert "application/vnd.jupyter.widget-view+json" in output["data"], path
        kit.set_language(lang)
        try:
            fresh = welcome.course_progress().text()
        finally:
            kit.set_language("en")
        assert "".join(output["data"]["text/plain"]) == fresh, path
        assert " 0 of 0 " not in fresh and " 0 от 0 " not in fresh
