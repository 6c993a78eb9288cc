"""The welcome page's "Your progress": every lesson of every course, what this
student did in it (read from their progress file), refreshed on demand."""

import json
import re
from pathlib import Path


from kit.lessons import welcome
from kit.lessons.exercise import Exercise, Progress, Verdict

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
    ex = Exercise("1 + 1?", lambda a: Verdict(a == "2", "ok"), progress=progress, key="sum",
                  answers=["2"], wrong=["3"])
    ex.attempt("2")
    assert overview.text().splitlines()[0] == "IOTA: 0 of 5 exercises done"   # not yet read
    overview.refresh()
    assert overview.text().splitlines()[:3] == [
        "IOTA: 1 of 5 exercises done",
        "  IOTA 1: First: not started (2 exercises)",
        "  IOTA 2: Second: 1 of 3 done"]
    assert 'href="iota/02_second.ipynb"' in overview.table.value


def test_every_course_lesson_with_exercises_names_its_progress_uniquely():
    for course, _name in welcome.COURSES:
        titles = []
        for path in sorted((ROOT / "notebooks" / course).glob("[0-9]*.ipynb")):
            code = "".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"]
                           if c["cell_type"] == "code")
            found = re.findall(r'Progress\(\s*"([^"]+)"', code)
            if "exercise" in code:
                assert len(found) == 1, f"{path.name}: the overview needs one Progress(\"title\")"
                titles += found
        assert len(titles) == len(set(titles)), f"{course}: two lessons share a progress title"
