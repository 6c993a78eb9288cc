"""The welcome notebook lists every lesson, with a link that works."""

import json
import re
from pathlib import Path

from kit.lessons.translation import TRANSLATED

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def welcome_links() -> list:
    nb = json.loads((NOTEBOOKS / "00_welcome.ipynb").read_text())
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return re.findall(r"\]\(([^)]+\.ipynb)\)", text)


def test_every_lesson_is_linked_from_the_welcome_notebook():
    # Linked by its words, or by the progress table the welcome shows, which lists
    # every registered course's lessons (a course added by registering it: Nim's).
    from kit.lessons import welcome
    table = {s.link for lessons in welcome.course_progress(NOTEBOOKS).courses.values()
             for s in lessons}
    lessons = sorted(str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.glob("*/[0-9][0-9]_*.ipynb")
                     if p.parent.name not in TRANSLATED)
    assert len(lessons) >= 21
    assert sorted((set(welcome_links()) | table) & set(lessons)) == lessons


def test_every_link_in_the_welcome_notebook_opens_a_notebook():
    links = welcome_links()
    assert links and all((NOTEBOOKS / link).is_file() for link in links)


def notebook_links(path: Path) -> list[str]:
    nb = json.loads(path.read_text())
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return [link.split("#")[0] for link in re.findall(r"\]\(([^)\s]+\.ipynb(?:#[^)]*)?)\)", text)
            if "://" not in link]


def test_every_link_in_every_notebook_opens_a_notebook_lab_serves():
    # `make lab` serves notebooks/ (any language: LAB_ROOT in the Makefile), so a link
    # must land on a notebook inside it: the Bulgarian welcome's ../iota/ links did
    # nothing while Lab served notebooks/bg/ alone (issue 30).
    broken, checked = [], 0
    for path in sorted(NOTEBOOKS.rglob("*.ipynb")):
        for link in notebook_links(path):
            target = (path.parent / link).resolve()
            checked += 1
            if not target.is_file() or NOTEBOOKS.resolve() not in target.parents:
                broken.append(f"{path.relative_to(NOTEBOOKS)} -> {link}")
    assert checked > 100 and broken == []
