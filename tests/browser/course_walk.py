"""Every exercise of a lesson walked in the page as a student does it, from the
exercise's own data: the one walk for every course.

``CourseLesson`` runs a lesson notebook's code cells here (the twin,
``lesson_twin.run_lesson``) and in JupyterLab, and finds every
:class:`kit.lessons.exercise.Exercise` among the twin's shown values (also one
held inside a shown box); the k-th of them is the page's k-th ``.kit-exercise``.
``walk_exercise`` then does, on the page and on the twin in step:

1. nothing on the exercise, before any try, shows its answer (``ex.answers``);
2. the first of ``ex.wrong``: typed into the text box, or made on the board by
   the game's ``clicks(board, text)`` (Mattix: ``mattix_clicks``), then Check:
   the page says word for word what the twin says (its ``ex.message``, mark and
   folded "Why?" included), a "✘", without the answer;
3. Hint, once for each hint: the page's ``.kit-hint`` is the twin's hint line,
   the verdict stays, no answer in it; with ``every_wrong``, then each other
   wrong try as in 2;
4. the board taken back with Undo, as a student would (a typed answer is just
   retyped), then the right try: the first of ``ex.answers`` the check takes
   (all of them joined, for an answer of several tokens), Check: "✔ Right!",
   the progress line changed, page and twin alike;
5. with ``show``, Show me: the twin's words, which hold the answer, and on a
   board the position the twin shows.

``walk_lesson`` walks them all, after checking that the page's outputs between
one exercise and the next show none of the next one's answers, and ends on the
lesson's closing progress line, live (the twin's count); ``CourseLesson.restart``
restarts the kernel and checks that what was done is still counted.

Screenshots ``<name>_0_task`` ... ``<name>_4_show`` when KIT_SCREENSHOTS names
a directory. No word the page should say is written here: every expected
text is the twin's.

Not covered: which clicks make a move (each game's ``<game>_clicks``), and
exercises that need more than one try to teach (each course's own test file).
"""

from __future__ import annotations

import html
import re

from playwright.sync_api import expect

from board_plans import offline
from canvas_page import checksum, wait_for_checksum, wait_until_drawn
from lesson_page import TIMEOUT, feedback, look
from lesson_cells import leaked
from lesson_twin import InStep, raising, run_lesson

from kit.i18n import _      # the twin's language: a translated lesson sets it

LAB_TIMEOUT = 180_000     # a cold kernel running a whole lesson on two shared cores
# Lab's menu items, in English or in its Spanish pack (a Spanish lesson's walk).
RUN_MENU = re.compile(r"^(Run|Ejecutar)$")
RUN_ALL = re.compile(r"^(Run All Cells|Ejecutar todas las celdas)$")


# ----- the lesson: its exercises here and in the page --------------------------

def exercises_in(value) -> list:
    """The exercises a shown value is or holds (a box of widgets may hold some)."""
    if type(value).__name__ == "Exercise":
        return [raising(value)]
    found = []
    for child in getattr(value, "children", ()) or ():
        found += exercises_in(child)
    return found


def open_lesson(page, lab_url: str, notebook: str, exercises: int) -> None:
    """Open ``notebook`` in a workspace of its own, run all its cells, and wait until
    its ``exercises`` exercise boxes are shown (or, with none, a drawn canvas)."""
    name = notebook.removesuffix(".ipynb").replace("/", "-")
    page.goto(f"{lab_url}/lab/workspaces/{name}/tree/{notebook}")
    run_all(page, exercises)


def run_all(page, exercises: int) -> None:
    """Run all cells of the open notebook once its kernel is idle; wait as ``open_lesson``."""
    expect(page.get_by_text(re.compile(r"\| Idle"))).to_be_visible(timeout=LAB_TIMEOUT)
    page.get_by_role("menuitem", name=RUN_MENU).click()
    page.get_by_role("menuitem", name=RUN_ALL).click()
    if exercises:
        expect(page.locator(".kit-exercise")).to_have_count(exercises, timeout=LAB_TIMEOUT)
        return
    canvas = page.locator(".jp-OutputArea-output canvas").first
    expect(canvas).to_be_visible(timeout=LAB_TIMEOUT)
    wait_until_drawn(canvas)


class CourseLesson:
    """A lesson run here (``values``, ``exercises``) and in the page."""

    def __init__(self, page, lab_url: str, notebook: str):
        self.page, self.notebook = page, notebook
        self.values = run_lesson(notebook)
        self.exercises = [ex for value in self.values for ex in exercises_in(value)]
        open_lesson(page, lab_url, notebook, len(self.exercises))

    def progress_in_page(self, name: str = "") -> str:
        """The lesson's closing progress line (a cell showing its ``Progress``), live: the
        page shows what the twin's says now, not what it said when the cell ran.
        Screenshot ``name`` of it (if KIT_SCREENSHOTS is set)."""
        shown = [v for v in self.values if type(v).__name__ == "Progress"]
        if not shown:
            return ""
        line = self.page.locator(".jp-OutputArea-output").filter(
            has_not=self.page.locator(".kit-exercise")).locator(".kit-progress").last
        expect(line).to_have_text(shown[-1].text, timeout=TIMEOUT)
        if name:
            look(self.page, line, name, "center")
        return shown[-1].text

    def restart(self, name: str = "lesson") -> None:
        """Restart the kernel and run all cells again, in the page (Kernel menu) and here:
        the page then says what the new twin says, its progress kept in the student's file."""
        self.page.get_by_role("menuitem", name="Kernel", exact=True).click()
        self.page.get_by_role("menuitem", name=re.compile(r"^Restart Kernel and Clear Outputs")).click()
        self.page.locator(".jp-Dialog .jp-mod-accept").click()
        expect(self.page.locator(".kit-exercise, .kit-progress")).to_have_count(0, timeout=TIMEOUT)
        self.values = run_lesson(self.notebook)
        self.exercises = [ex for value in self.values for ex in exercises_in(value)]
        run_all(self.page, len(self.exercises))
        self.progress_in_page(f"{name}_99_progress_after_restart")
        for k, ex in enumerate(self.exercises):
            box = self.page.locator(".kit-exercise").nth(k)
            expect(box.locator(".kit-feedback")).to_have_text(
                html.unescape(re.sub(r"<[^>]+>", "", ex.feedback.value)), timeout=TIMEOUT)

    def shown_above(self) -> list:
        """For each exercise, the words the page's outputs show between the exercise
        before it and this one (exercise boxes left out), as the student reads them."""
        # textContent: Lab draws cells out of the window with content-visibility, and
        # innerText is empty there; prompts ("[3]:"), styles and scripts left out.
        cells = self.page.evaluate("""() => [...document.querySelectorAll(
              '.jp-Notebook .jp-Cell')].map(cell => ({
            exercise: !!cell.querySelector('.kit-exercise'),
            text: [...cell.querySelectorAll('.jp-OutputArea-output')].map(out => {
                const copy = out.cloneNode(true);
                copy.querySelectorAll('style, script').forEach(el => el.remove());
                return copy.textContent;
            }).join(' ')}))""")
        above, since = [], []
        for cell in cells:
            if cell["exercise"]:
                above.append(" ".join(since))
                since = []
            else:
                since.append(cell["text"])
        return above

    def step(self, k: int, where=None) -> InStep:
        """The k-th exercise (from 0): its box in the page with its twin, in step;
        ``where`` is the game's canvas point of an action, if not IOTA's."""
        ex = self.exercises[k]
        box = self.page.locator(".kit-exercise").nth(k)
        expect(box).to_contain_text(ex.task, timeout=TIMEOUT)
        box.scroll_into_view_if_needed()
        step = InStep(self.page, box, exercise=ex)
        if where is not None:
            step.where = where
        return step


# ----- answers, as the leak test reads them (lesson_cells.leaked) ---------------

def right_try(ex):
    """The answer as a student gives it: the first of ``answers`` the check judges
    right, else all of them joined (an answer of several tokens, "0,0 0,1 0,2")."""
    candidates = list(ex.answers) + ([" ".join(ex.answers)] if len(ex.answers) > 1 else [])
    assert candidates, f"{ex.key}: declares no answers"
    for text in candidates:
        try:
            if offline(ex.check, text).correct:
                return text
        except ValueError:
            continue
    raise AssertionError(f"{ex.key}: none of {candidates} is judged right by its check")


# ----- the steps, on the page and the twin ------------------------------------

def enter(step: InStep, text, clicks) -> None:
    """``text`` as a student gives it: typed, or made on the board by clicks, each
    planned on the twin board just before it is made."""
    if step.board is None:
        step.type(str(text))
        return
    for action in clicks(step.board, text):
        step.act(action)


def take_back(step: InStep) -> None:
    """Undo every take on the exercise's board, by its Undo button (as a student)."""
    for _attempt in range(40):
        if step.board is None or not step.board.game.history:
            return
        step.act(("button", "undo"))
    raise AssertionError("Undo did not take the board back to the exercise's position")


def hint(step: InStep) -> str:
    """Hint on the page and the twin: the page shows the twin's hint line, and the
    verdict above it stays."""
    ex, before = step.exercise, feedback(step.part)
    offline(ex.hint)
    step.part.get_by_role("button", name=_("Hint"), exact=True).click()
    line = step.part.locator(".kit-hint")
    expect(line).to_have_text(ex.hint_message, timeout=TIMEOUT)
    assert feedback(step.part) == before
    return line.inner_text()


def show(step: InStep) -> str:
    """Show me on the page and the twin: the same words, and the same board."""
    if step.board is None:
        return step.press("Show me")
    picture, scene = checksum(step.canvas), step._picture()
    said = step.press("Show me")
    expect(step.status_in_page()).to_be_visible(timeout=TIMEOUT)
    if step._picture() != scene:      # (Show me of the take just made redraws the same)
        wait_for_checksum(step.canvas, lambda v: v != picture)
    return said


def shot(step: InStep, name: str, what: str) -> None:
    """The screenshot of a step, as a student sees it: an exercise on a live board
    with its task at the top of the window (the board, and the verdict docked beside
    it, under the task: a verdict below the fold shows as one); a typed exercise with
    its words at the bottom, and its picture and task above them."""
    step.look(name, "start" if what == "task" or step.board is not None else "end")


def try_wrong(step: InStep, wrong, clicks) -> str:
    """A wrong try (after taking back any take on the board) and Check, on the page and
    the twin: the same words, a "✘", no answer in them nor in the board's status."""
    ex = step.exercise
    take_back(step)
    enter(step, wrong, clicks)
    said = step.press("Check")
    assert said.startswith("✘ "), said
    assert step.verdict is None or not step.verdict.correct
    whole = step.part.locator(".kit-feedback").text_content()     # "Why?" folded too
    assert not leaked(whole, ex.answers), f"{ex.key}: the wrong try {wrong!r} is told: {whole!r}"
    if step.board is not None:
        expect(step.status_in_page()).to_be_visible(timeout=TIMEOUT)   # the twin's status
        assert not leaked(step.status, ex.answers), \
            f"{ex.key}: the board tells the answer: {step.status!r}"
    return said


def walk_exercise(step: InStep, name: str, clicks, *, show_me: bool = False,
                  can_click=None, every_wrong: bool = False) -> dict:
    """One exercise done as a student does it: wrong, hinted, right (and Show me);
    with ``every_wrong``, each of its other wrong tries too, after the hints.
    Returns what the page said at each step. ``can_click(board, text)``: whether a
    student can make that try by clicks (a placement outside the drawn table cannot
    be clicked): the first that can is made."""
    ex, said = step.exercise, {}
    board = step.board is not None
    assert ex.answers, f"{ex.key}: declares no answers"
    assert ex.wrong, f"{ex.key}: declares no wrong tries"
    tries = [w for w in ex.wrong if not board or can_click is None
             or can_click(step.board, w)]
    assert tries, f"{ex.key}: no wrong try can be made by clicks: {ex.wrong}"
    wrong, right = tries[0], right_try(ex)
    shot(step, f"{name}_0_task", "task")
    # (The task may name the choices, "Type yes or no.": the rest of the box may not.)
    shown = step.part.inner_text().replace(ex.task, "")
    assert not leaked(shown, ex.answers), f"{ex.key}: its answer is on screen before any try: {shown!r}"
    before = step.progress()

    said["wrong"] = try_wrong(step, wrong, clicks)
    shot(step, f"{name}_1_wrong", "wrong")
    why = step.part.locator(".kit-feedback details summary")
    if why.count():                # the long explanation, opened as a student would
        why.click()
        shot(step, f"{name}_1_wrong_why", "wrong")
        why.click()

    for n in range(1, len(ex.hints) + 1):      # each hint, from the nudge up
        said[f"hint {n}"] = hint(step)
        assert not leaked(said[f"hint {n}"], ex.answers), \
            f"{ex.key}: hint {n} tells: {said[f'hint {n}']!r}"
        if n in (1, len(ex.hints)):
            shot(step, f"{name}_2_hint" + ("_last" if n > 1 else ""), "hint")
    said["hint"] = said.get("hint 1")
    if every_wrong:               # the other slips (legal and illegal takes) too
        said["other wrong"] = [try_wrong(step, other, clicks)
                               for other in tries[1:]]

    take_back(step)
    enter(step, right, clicks)
    said["right"] = step.press("Check")
    assert said["right"].startswith("✔ ") and step.verdict.correct, said["right"]
    if board:
        expect(step.status_in_page()).to_be_visible(timeout=TIMEOUT)
    said["progress"] = step.progress()
    # A prediction's data, shown after the wrong try, gives its answer away: then the
    # right one is not counted (issue 30), and the progress rightly stays.
    assert said["progress"] != before or ex.revealed, f"{ex.key}: progress still {before!r}"
    shot(step, f"{name}_3_right", "right")

    if show_me:
        said["show"] = show(step)
        shown = f"{said['show']} {ex.solution_text()}"
        # (A word answer is shown in the lesson's language: "window" is "решетка".)
        assert leaked(shown, [*ex.answers, *(_(a) for a in ex.answers)]), \
            f"{ex.key}: Show me does not give {ex.answers}: {shown!r}"
        shot(step, f"{name}_4_show", "show")
    return said


def walk_lesson(page, lab_url: str, notebook: str, clicks, *, name: str, where=None,
                show_me=None, can_click=None, every_wrong: bool = False) -> CourseLesson:
    """Every exercise of ``notebook`` walked (``walk_exercise``), Show me on those
    whose index (from 0) is in ``show_me`` (default: the last one); screenshots
    ``<name>_<n>_...`` with n counted from 1."""
    lesson = CourseLesson(page, lab_url, notebook)
    count = len(lesson.exercises)
    show_me = {count - 1} if show_me is None else set(show_me)
    above = lesson.shown_above()
    assert len(above) == count, f"{len(above)} exercise cells in the page, {count} here"
    for ex, words in zip(lesson.exercises, above, strict=True):
        assert not leaked(words, ex.answers), \
            f"{ex.key}: the outputs above it show {leaked(words, ex.answers)}: {words!r}"
    for k in range(count):
        step = lesson.step(k, where)
        walk_exercise(step, f"{name}_{k + 1:02d}", clicks, show_me=k in show_me,
                      can_click=can_click, every_wrong=every_wrong)
    if count:
        done = lesson.exercises[-1].progress
        # Every exercise is done, but a prediction whose data the wrong try unfolded
        # (it gives the answer away: counted as Show me, issue 30).
        counted = count - sum(bool(getattr(e, "data_after_wrong", False)) for e in lesson.exercises)
        assert done is None or len(done.done) == counted, f"{len(done.done)} of {counted} done"
    lesson.progress_in_page(f"{name}_99_progress")
    return lesson
