"""The welcome notebook's live board (click a square, Python answers) and the
student's progress through each course.

It proves the whole chain works on the machine in front of the class (kernel,
widgets, canvas, clicks) before any game is taught. ``ClickGrid`` keeps its
state on the object so a test can click it and read the answer.
``course_progress()`` lists every lesson of every course with what this
student has done in it, read from their progress file (``kit.lessons.record``)
and the lessons' saved notebooks (how many exercises each shows).
"""

from __future__ import annotations

from typing import Any

import html
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as widgets

from kit.i18n import _, language, ngettext
from kit.lessons import record
from kit.lessons.exercise import Bundle, is_exercise_output
from kit.scene import GOOD, HIGHLIGHT, INK, TABLE, Scene
from kit.ui.board import BoardView
from kit.ui.keys import ACTIVATE, ARROWS, cursor_shapes

CELL = 64
MARGIN = 28


class ClickGrid(BoardView):
    """A ``size`` x ``size`` grid; a click marks its square and names it.

    By keys as well (issue 29: the first board a student meets must not need a
    mouse): the arrow keys move a cursor over the squares, Enter or Space
    chooses the one under it, and the Move box takes "row,column" ("2,3")."""

    def __init__(self, size: int = 5, **kwargs: Any) -> None:
        self.size = size
        self.clicked: tuple[int, int] | None = None  # (row, col) of the last click, or None
        self.cursor: tuple[int, int] = (0, 0)          # the square the arrow keys are on
        super().__init__(self.picture(), on_click=self.click, name=_("A grid to click"), **kwargs)
        self.canvas.on_key_down(self._key_down)
        self.access.on_move = self.type_square
        self.access.move_box = True
        self.access.placeholder = _("row,column, e.g. 2,3")
        self.say(_("Click or tap any square on the board, or move with the arrow keys and "
                   "press Enter."))

    def picture(self) -> Scene:
        side = MARGIN + self.size * CELL + 8
        scene = Scene(side, side, background=TABLE, title=_("A grid to click"))
        for i in range(self.size):
            scene.text(MARGIN + i * CELL + CELL / 2, MARGIN / 2, i, size=16, fill=INK)
            scene.text(MARGIN / 2, MARGIN + i * CELL + CELL / 2, i, size=16, fill=INK)
        for r in range(self.size):
            for c in range(self.size):
                mine = self.clicked == (r, c)
                scene.rect(MARGIN + c * CELL + 3, MARGIN + r * CELL + 3, CELL - 6, CELL - 6,
                           fill=GOOD if mine else "#FFFFFF", stroke=HIGHLIGHT if mine else INK,
                           stroke_width=3 if mine else 1, radius=6)
        r, c = self.cursor
        scene.shapes += cursor_shapes((MARGIN + c * CELL + 3, MARGIN + r * CELL + 3, CELL - 6, CELL - 6))
        return scene

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        r, c = int((y - MARGIN) // CELL), int((x - MARGIN) // CELL)
        if x < MARGIN or y < MARGIN or not (0 <= r < self.size and 0 <= c < self.size):
            return None
        return r, c

    def clicked_text(self) -> str:
        """The last click in words ("row 2, column 3"), for the cell that prints it
        (a bare ``None`` before any click is Python's word, not the lesson's)."""
        if self.clicked is None:
            return _("nothing yet: click or tap a square first")
        return _("row {row}, column {column}").format(row=self.clicked[0], column=self.clicked[1])

    def click(self, x: float, y: float) -> None:
        cell = self.cell_at(x, y)
        if cell is None:
            self.say(_("That is outside the board: pick one of the squares."), tone="bad")
            return
        self.choose(cell)

    def choose(self, cell: tuple[int, int]) -> None:
        """Mark ``cell`` chosen (a click, Enter at the cursor, or the Move box)."""
        self.clicked = self.cursor = cell
        self.show(self.picture())
        self.say(_("You chose row {row}, column {column}. Python heard you.").format(
            row=cell[0], column=cell[1]), tone="good")

    def _key_down(self, key: str, *_more: object) -> None:
        self.guarded(self.press, key)

    def press(self, key: str) -> None:
        """One key on the focused board: an arrow moves the cursor, Enter or Space
        chooses its square; other keys do nothing here."""
        if key in ARROWS:
            dr, dc = ARROWS[key]
            last = self.size - 1
            self.cursor = (min(last, max(0, self.cursor[0] + dr)),
                           min(last, max(0, self.cursor[1] + dc)))
            self.show(self.picture())
            self.say(_("Row {row}, column {column}: press Enter to choose it.").format(
                row=self.cursor[0], column=self.cursor[1]))
        elif key in ACTIVATE:
            self.choose(self.cursor)

    def type_square(self, text: str) -> None:
        """The Move box: "row,column" chooses that square; anything else is refused, saying why."""
        m = re.fullmatch(r"\s*(\d+)\s*[, ]\s*(\d+)\s*", text)
        if m is None or not all(int(v) < self.size for v in m.groups()):
            self.say(_("{text} is not a square: type its row and column, 0 to {last}, "
                       "e.g. 2,3").format(text=repr(text), last=self.size - 1), tone="bad")
            return
        self.choose((int(m[1]), int(m[2])))
        self.access.clear_box()


def demo(size: int = 5) -> ClickGrid:
    """The welcome notebook's board."""
    return ClickGrid(size)


# ----- the student's progress through each course ------------------------------

def registered_courses() -> tuple[tuple[str, str], ...]:
    """The courses, in the welcome page's order (the registry's): (folder under
    notebooks/, the game's title), for each registered game that declares one."""
    from kit import games
    return tuple((spec.course, spec.title) for spec in games.all() if spec.course)


#: The courses when the kit was imported (registered_courses() asks the registry again).
COURSES = registered_courses()
#: The English lessons; each other language's are in a folder of its code (notebooks/es/),
#: holding the courses translated into it (notebooks/bg/ has only Smartrix).
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
_PROGRESS_TITLE = re.compile(r"""Progress\(\s*["']([^"']+)["']""")


@dataclass(frozen=True)
class LessonStatus:
    course: str
    number: int
    name: str          # the lesson's heading
    link: str          # its notebook, relative to notebooks/
    done: int
    total: int         # exercises it shows (as saved, or as the student saw them)

    @property
    def words(self) -> str:
        if self.total == 0:
            return _("nothing to check")
        if self.done == 0:
            return ngettext("not started ({n} exercise)", "not started ({n} exercises)",
                            self.total).format(n=self.total)
        return (_("{done} of {total} done").format(done=self.done, total=self.total)
                + (" ✔" if self.done >= self.total else ""))


def notebooks_folder(notebooks: Path | str | None = None) -> Path:
    """The lessons folder to list: ``notebooks`` if given, else the current language's
    (``notebooks/es/`` in Spanish, when it exists), else the English ``notebooks/``."""
    if notebooks is not None:
        return Path(notebooks)
    translated = NOTEBOOKS / language()
    return translated if language() != "en" and translated.is_dir() else NOTEBOOKS


def course_folder(course: str, notebooks: Path | str | None = None) -> Path | None:
    """Where ``course``'s lessons are for a page listing ``notebooks``: its own folder
    there, else the English one (Bulgarian has only Smartrix: its welcome lists the
    English IOTA and Mattix lessons too, as its links do); None if neither exists."""
    page = notebooks_folder(notebooks)
    translated = page.resolve().parent == NOTEBOOKS.resolve()    # notebooks/bg/, not a test's folder
    for folder in (page / course, *([NOTEBOOKS / course] if translated else [])):
        if folder.is_dir():
            return folder
    return None


def courses(notebooks: Path | str | None = None) -> list[tuple[str, str]]:
    """The courses (folder, name) the welcome page lists, in its order: each one
    translated under ``notebooks`` or, failing that, in English."""
    return [(course, name) for course, name in registered_courses() if course_folder(course, notebooks)]


def lesson_statuses(course: str, notebooks: Path | None = None,
                    saved: dict[str, Any] | None = None) -> list[LessonStatus]:
    """Each lesson of ``course`` with what the student has done in it (``kit.lessons.record``).

    Progress is kept per lesson, not per language (the key is the course and the
    lesson's English title): an exercise done in the Spanish lesson is done in the
    English one too. A decision: the exercises are the same, and a student who
    switches language keeps what they did; the welcome page says so."""
    notebooks = notebooks_folder(notebooks)
    folder = course_folder(course, notebooks)
    saved = saved if saved is not None else record.load()
    names = linked_names(notebooks)
    statuses = []
    for path in sorted(folder.glob("[0-9]*.ipynb")) if folder else []:
        nb = json.loads(path.read_text(encoding="utf-8"))
        cells = nb.get("cells", [])
        heading = next((line[2:].strip() for c in cells if c.get("cell_type") == "markdown"
                        for line in _joined(c.get("source", "")).splitlines() if line.startswith("# ")),
                       path.stem)
        code = "".join(_joined(c.get("source", "")) for c in cells if c.get("cell_type") == "code")
        title = _PROGRESS_TITLE.search(code)
        shown = sum(is_exercise_output(o) for c in cells for o in c.get("outputs", []))
        entry = saved["lessons"].get(f"{course}/{title.group(1)}", {}) if title else {}
        seen = set(entry.get("seen", []))
        done = len(set(entry.get("done", [])) & seen) if seen else len(entry.get("done", []))
        link = Path(os.path.relpath(path, notebooks)).as_posix()   # ../iota/… from notebooks/bg/
        if link in names and folder != notebooks / course:
            # An English lesson on a translated page goes by the page's own name for it.
            heading = f"{dict(registered_courses())[course]} {int(path.stem.split('_')[0])}: {names[link]}"
        statuses.append(LessonStatus(course, int(path.stem.split("_")[0]), heading,
                                     link, done, max(shown, len(seen))))
    return statuses


_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+\.ipynb)\)")


def linked_names(notebooks: Path) -> dict[str, str]:
    """{link: its words} of the links in ``notebooks``' welcome page ("../iota/01_meet_iota.ipynb":
    "Запознай се с IOTA"): what that page calls each lesson."""
    welcome = notebooks / "00_welcome.ipynb"
    if not welcome.is_file():
        return {}
    cells = json.loads(welcome.read_text(encoding="utf-8")).get("cells", [])
    text = "".join(_joined(c.get("source", "")) for c in cells if c.get("cell_type") == "markdown")
    return {link: words for words, link in _LINK.findall(text)}


def _joined(text: object) -> str:
    """A notebook's text field: one string, or a list of lines as saved on disk."""
    return "".join(text) if isinstance(text, list) else str(text)


class CourseProgress(widgets.VBox):  # type: ignore[misc]   # ipywidgets ships no types
    """The welcome page's table: each course, each lesson, what is done; Refresh
    reads the progress file again (lessons run in other kernels write it)."""

    def __init__(self, notebooks: Path | str | None = None) -> None:
        self.notebooks = notebooks_folder(notebooks)
        self.listed = courses(self.notebooks)
        #: Courses listed from the English folder: not translated into this page's language.
        self.in_english = {course for course, _name in self.listed
                           if not (self.notebooks / course).is_dir()}
        self.table = widgets.HTML()
        self.table.add_class("kit-course-progress")
        refresh = widgets.Button(description=_("Refresh"), tooltip=_("Read my progress again"),
                                 layout=widgets.Layout(width="auto", height="34px"))
        refresh.on_click(lambda _b: self.refresh())
        super().__init__([self.table, refresh])
        self.refresh()

    def refresh(self) -> None:
        saved = record.load()
        self.courses = {course: lesson_statuses(course, self.notebooks, saved)
                        for course, _name in self.listed}
        self.table.value = self.html()

    def totals(self, course: str) -> tuple[int, int]:
        """(exercises done, exercises) in all of ``course``'s lessons."""
        lessons = self.courses[course]
        return sum(s.done for s in lessons), sum(s.total for s in lessons)

    def course_name(self, course: str, name: str) -> str:
        return _("{course} (in English)").format(course=name) if course in self.in_english else name

    def text(self) -> str:
        lines = []
        for course, name in self.listed:
            name = self.course_name(course, name)
            lessons = self.courses[course]
            done, total = self.totals(course)
            lines.append(ngettext("{course}: {done} of {total} exercise done",
                                  "{course}: {done} of {total} exercises done", total).format(
                course=name, done=done, total=total))
            lines += [f"  {s.name}: {s.words}" for s in lessons]
        return "\n".join(lines)

    def html(self) -> str:
        parts = []
        for course, name in self.listed:
            name = html.escape(self.course_name(course, name))
            lessons = self.courses[course]
            done, total = self.totals(course)
            rows = "".join(f'<tr><td style="padding: 2px 12px 2px 0"><a href="{html.escape(s.link)}">'
                           f"{html.escape(s.name)}</a></td><td>{html.escape(s.words)}</td></tr>"
                           for s in lessons)
            # Translators: {course} is a game's name, IOTA, Mattix or Smartrix, shown in bold
            heading = ngettext("{course}: {done} of {total} exercise done",
                               "{course}: {done} of {total} exercises done", total).format(
                course=f"<b>{name}</b>", done=done, total=total)
            parts.append(f'<div style="font-size: 18px; margin: 8px 0 2px">{heading}</div>'
                         f'<table style="font-size: 16px">{rows}</table>')
        return "".join(parts)

    def _repr_mimebundle_(self, **kwargs: Any) -> Bundle:
        bundle: Bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/plain"] = self.text()
        data["text/html"] = self.html()
        return bundle


def course_progress(notebooks: Path | str | None = None) -> CourseProgress:
    """The welcome notebook's "Your progress" table: the courses under ``notebooks``
    (default: the current language's folder, see :func:`notebooks_folder`)."""
    return CourseProgress(notebooks)
