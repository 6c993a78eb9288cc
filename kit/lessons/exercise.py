"""The exercise widget every lesson uses: a task, an answer, Check, Hint, Show me, progress.

An :class:`Exercise` shows one task sentence, takes an answer (typed in a text
box, or read from a live board by a function the lesson passes), and on
*Check* calls a pure check function from ``kit/lessons/<game>/checks.py``. The check
returns a :class:`Verdict` (right or wrong, and why, in the engine's words);
the widget only shows it. Input the check cannot read (it raises a
``ValueError``, e.g. ``kit.InvalidMoveText``) is answered with the check's own
message and counts as no attempt; any other error is shown under the exercise
and logged, never swallowed. *Hint* shows the hints one by one, under the
last verdict (so the reason a try was wrong stays in view); *Show me* calls
the lesson's reveal (e.g. play the solution on the board) or shows the
solution text. :class:`Progress` counts the exercises of a lesson done so far
("3 of 5 done"), live, and keeps them and every event in the student's
progress file (``kit.lessons.record``), so a lesson opened again shows them.

Saved without a kernel (GitHub, print, nbval), an exercise is its task, its
position as a picture, and its solution in words folded inside a
``<details class="kit-solution">`` element: a reader opens it as they would
press Show me; the handouts drop it from the student's copy and unfold it in
the teacher's (``kit.classroom.handouts``).

All state is on the objects (``attempts``, ``solved``, ``message``,
``hints_shown``, ``Progress.done``) so tests drive an exercise with
``submit``/``attempt``/``hint``/``show`` exactly as the buttons do.

Not covered: any game's checks (``kit/lessons/<game>/``), boards (``kit.ui``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import html
import math
import re
import warnings
from dataclasses import dataclass
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from kit.errors import IllegalMove, InvalidMoveText
from kit.i18n import N_, _, ngettext
from kit.lessons import eventshape, record
from kit.scene import svg_img
from kit.notation import shown
from kit.textwidth import text_width
from kit.ui.access import FOCUS_CLASS, Access
from kit.ui.guard import Guarded
from kit.ui.style import button

if TYPE_CHECKING:
    from kit.ui.game import GameBoard

#: what a widget's ``_repr_mimebundle_`` gives: its data, or its data and metadata
Bundle = dict[str, Any] | tuple[dict[str, Any], dict[str, Any]]
#: a live board made an exercise's (:func:`exercise_board` gives it back)
B = TypeVar("B", bound="GameBoard[Any, Any]")

#: the answer box's class: its label (the question) is hidden to the eye only
ANSWER_CLASS = "kit-answer"
# The visually-hidden pattern: out of sight, still in the accessibility tree
# (display: none or a zero width would hide it from screen readers too).
ANSWER_CSS = (f"<style>.{ANSWER_CLASS} > .widget-label {{ position: absolute !important; "
              "width: 1px !important; height: 1px !important; overflow: hidden; "
              "clip: rect(0 0 0 0); white-space: nowrap; margin: -1px; padding: 0; }}</style>")
TASK_STYLE = "font-size: 20px; line-height: 1.4; font-weight: bold;"
FEEDBACK_STYLE = "font-size: 19px; line-height: 1.4; padding: 4px 0;"
TONES = {"info": "#222222", "good": "#006B4E", "bad": "#A04000"}
# Right and wrong are said in words and a mark, never only by colour.
MARKS = {"good": "✔ ", "bad": "✘ ", "info": ""}


class AnswerFunctionFailed(RuntimeError):
    """A lesson's function reading the answer from its board raised: a bug, not a try."""


@dataclass(frozen=True)
class Verdict:
    """A check's answer: ``correct``, ``why`` (one or two short sentences for the
    student) and ``more``, a longer explanation shown folded under "Why?"."""

    correct: bool
    why: str
    more: str = ""

    def __str__(self) -> str:
        if self.correct:
            return _("Right! {why}").format(why=self.why)
        return _("Not quite. {why}").format(why=self.why)


class Progress:
    """How many of a lesson's exercises are done: live, and kept per student.

    Exercises register by ``key`` (running a cell again does not count twice).
    What is done is kept in the student's progress file (``kit.lessons.record``)
    under ``"<COURSE>/<title>"``, so a lesson opened again tomorrow, or after a
    kernel restart, shows what was done; **Start over** forgets it. ``widget``
    shows "2 of 5 done" and is updated on every change; showing the object in
    a cell shows that same live widget (never a printed copy).

    ``title`` is English in every language's notebook: it is the record key
    (``"<COURSE>/<title>"``, the same lesson for the teacher whatever language a
    student reads); what is shown is ``_(title)``, its translation (each course
    marks its titles ``N_`` in its exercises module). A saved Progress output
    carries ``{"kit": {"progress": ...}}`` in its metadata (:func:`is_progress_output`).
    """

    COURSE = ""   # each course's subclass names itself: the key in the store

    def __init__(self, title: str = N_("This lesson")) -> None:
        self.title = title
        self.lesson = f"{self.COURSE}/{title}" if self.COURSE else title
        self.keys: list[str] = []
        self.exercises: dict[str, Exercise] = {}      # key -> the Exercise showing it (latest)
        self._done: set[str] | None = None     # read from the progress file when first asked
        self.line = widgets.HTML()
        self.line.add_class("kit-progress")
        self.restart = widgets.Button(description=_("Start over"),
                                      tooltip=_("Forget what is done in this lesson"),
                                      layout=widgets.Layout(width="auto", height="34px"))
        self.restart.on_click(lambda _b: self.start_over())
        self.widget = widgets.HBox([self.line, self.restart],
                                   layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        # The line is filled when an exercise registers or the Progress is shown: making
        # one reads no file.

    @property
    def done(self) -> set[str]:
        """The keys done, in this session or kept in the progress file (read once, lazily)."""
        if self._done is None:
            self._done = set(record.done(self.lesson))
        return self._done

    def add(self, key: str, exercise: Exercise | None = None) -> None:
        if key not in self.keys:
            self.keys.append(key)
            record.seen(self.lesson, [key])
        if exercise is not None:
            self.exercises[key] = exercise
        self._update()

    def note(self, key: str, event: str, answer: str | None = None,
             feedback: str | None = None) -> None:
        """Keep an event of exercise ``key`` ("right", "wrong", "hint", "show");
        ``feedback``: what a right or wrong answer was told (the verdict's ``why``)."""
        record.event(self.lesson, key, event, answer, feedback)

    def mark_done(self, key: str) -> None:
        self.add(key)
        self.done.add(key)
        self._update()

    def start_over(self) -> None:
        """Forget this lesson's done exercises, here and in the file."""
        record.start_over(self.lesson)
        self.done.clear()
        for exercise in self.exercises.values():
            exercise.reset()
        self._update()

    @property
    def count(self) -> int:
        return len(self.done & set(self.keys))

    @property
    def text(self) -> str:
        # One form per number: "1 de 1 ejercicio hecho" (issue 30)
        return ngettext("{title}: {done} of {total} exercise done",
                        "{title}: {done} of {total} exercises done", len(self.keys)).format(
            title=_(self.title), done=self.count, total=len(self.keys))

    def _update(self) -> None:
        self.line.value = f'<div style="{FEEDBACK_STYLE}">{html.escape(self.text)}</div>'

    def _repr_mimebundle_(self, **kwargs: Any) -> Bundle:
        # The live widget where a kernel runs; its words where none does.
        self._update()
        bundle = self.widget._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/plain"] = self.text
        data["text/html"] = self.line.value
        return _with_metadata(bundle, {PROGRESS_KIND: {"lesson": self.lesson, "done": self.count,
                                                       "total": len(self.keys)}})


Check = Callable[[object], Verdict]
Reveal = str | Callable[[], str | None] | None
SolutionText = str | Callable[[], str | None] | None


# ----- what an Exercise is made of, in small groups ------------------------------

@dataclass(frozen=True)
class Answering:
    """How the answer is given: ``read`` None for a typed answer (a text box;
    ``placeholder`` shows an example), or a function returning it from elsewhere (the
    move made on the board); ``enter(text)`` puts a try given as text on that board."""

    read: Callable[[], object] | None = None
    placeholder: str = ""
    enter: Callable[[object], None] | None = None


@dataclass(frozen=True)
class Help:
    """What helps: ``hints`` (a string or a list, one per click), ``show`` (the solution
    as text, or a function revealing it on the board and maybe returning a sentence) and
    ``solution``, the answer in words for a saved or printed lesson (default: ``show``
    when that is text)."""

    hints: str | Sequence[str] = ()
    show: Reveal = None
    solution: SolutionText = None


@dataclass(frozen=True)
class Shown:
    """What is shown above the answer: ``board`` (a widget), and ``picture``, a function
    giving the SVG saved in the notebook (default: the board's ``scene().to_svg()``)."""

    board: Any = None
    picture: Callable[[], str | None] | None = None


@dataclass(frozen=True)
class Walk:
    """What the tests walk the exercise with: ``answers``, the answer as the solution
    writes it (no verdict or hint may contain it; Show me must), and ``wrong``, tries
    a student would make."""

    answers: Sequence[str] = ()
    wrong: Sequence[object] = ()

#: How a saved exercise folds its solution; the handouts find it by this class.
SOLUTION_CLASS = "kit-solution"
SOLUTION_STYLE = ("font-size: 18px; margin: 6px 0; padding-left: 8px; "
                  "border-left: 4px solid #006B4E;")


#: The answer box: 320 px, wider for a longer placeholder (up to 640 px), measured in
#: DejaVu Sans at the box's 18 px with its padding: the Bulgarian and Spanish
#: placeholders ("напр. страна или ъгъл, или прозорец, или допир") were cut at
#: the box's right edge (issue 30).
ANSWER_WIDTH, ANSWER_MAX_WIDTH, ANSWER_PADDING = 320, 640, 24


def answer_width(placeholder: str) -> str:
    """The answer box's CSS width for ``placeholder``."""
    need = text_width(placeholder, 18) + ANSWER_PADDING
    return f"{min(ANSWER_MAX_WIDTH, max(ANSWER_WIDTH, math.ceil(need)))}px"


def solution_html(text: str) -> str:
    """The solution folded in a ``<details>`` element (opened by a click)."""
    summary = html.escape(_("Solution"))
    return (f'<details class="{SOLUTION_CLASS}" style="{SOLUTION_STYLE}">'
            f"<summary>{summary}</summary><div>{html.escape(text)}</div></details>")


def exercise_board(board: B) -> B:
    """``board`` made an exercise's board: its own Hint (it ranks the moves: the
    answer) and New game (another position, not the exercise's) hidden and
    disabled. The exercise has its own Hint and Show me."""
    for name in ("hint", "new"):
        board.controls[name].layout.display = "none"
        board.controls[name].disabled = True
    return board


class Exercise(Guarded, widgets.VBox):  # type: ignore[misc]   # ipywidgets ships no types
    """One exercise: ``task`` sentence, ``check(answer) -> Verdict``, hints, a reveal.

    The rest comes in small groups: ``answer`` (:class:`Answering`: typed, or read
    from a board), ``help`` (:class:`Help`: hints, Show me, the printed solution;
    a reveal that plays on the board says nothing on paper), ``shown``
    (:class:`Shown`: the board and the saved picture) and ``walk`` (:class:`Walk`:
    what the tests try). ``progress``: the lesson's :class:`Progress`; ``key`` names
    the exercise in it (default: the task, on one line and cut to the 200
    characters a name may have).

    What the tests walk every exercise with (``tests/lessons/test_no_answer_leaks.py``,
    the browser walks): ``answers``, the answer as the solution writes it (a
    value, a cell, a card, a move), which no verdict and no hint may contain and
    Show me must; ``wrong``, tries a student would make (typed text, or moves on
    the board, legal and illegal); ``enter(answer)``, which puts a try given as
    text on the exercise's board, so :meth:`attempt` is the student's move and
    Check.
    """

    #: a handler's error is shown and logged by :class:`kit.ui.guard.Guarded`, as a board's
    FAILED = "exercise handler failed"

    def __init__(self, task: str, check: Check, *, answer: Answering = Answering(),
                 help: Help = Help(), shown: Shown = Shown(), walk: Walk = Walk(),
                 progress: Progress | None = None, key: str | None = None) -> None:
        self.task = task
        self.check = check
        self.read_answer = answer.read
        self.enter = answer.enter
        hints, show = help.hints, help.show
        self.hints = [hints] if isinstance(hints, str) else list(hints)
        self.reveal = show
        self.solution = help.solution if help.solution is not None or not isinstance(show, str) else show
        board = self.board = shown.board
        self.picture = shown.picture or self._board_picture
        self.progress = progress
        # The default key is the task as a name the class service takes
        # (kit.lessons.eventshape): one line, within its length.
        self.key = key or " ".join(task.split())[:eventshape.NAME_CHARS]
        self.answers = [str(a) for a in walk.answers]
        self.wrong = list(walk.wrong)
        self.attempts: list[tuple[object, Verdict]] = []       # (answer, Verdict) for every answer the check judged
        # Where it stands (reset() sets them again on Start over) and what it says (say()).
        self.solved = False
        self.revealed = False
        self.hints_shown = 0
        self.hint_message = ""
        self.message, self.tone, self.more = "", "info", ""
        self.raise_errors = False      # tests set it: re-raise after showing the error
        placeholder = answer.placeholder
        # The box's label is its question: a real <label for=...> (ipywidgets' description),
        # hidden to the eye (the task is written just above), read by a screen reader.
        self.text = widgets.Text(placeholder=placeholder, description=task,
                                 layout=widgets.Layout(width=answer_width(placeholder),
                                                       height="40px"),
                                 style={"font_size": "18px", "description_width": "0px"})
        self.text.add_class(ANSWER_CLASS)
        # Enter submits, as Check does. [decision] ipywidgets' "submit" event (on_submit,
        # deprecated in 8.x) and not continuous_update=False with an observer of the value,
        # its suggested replacement: that would judge the answer when the student only
        # tabs on to Hint (a change on blur), and not at all on Enter pressed again over the
        # same text. The deprecation warning is for that choice, so it is silenced here.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            self.text.on_submit(lambda _box: self.guarded(self.submit))
        self.buttons = {name: self._button(label, action) for name, label, action in (
            ("check", _("Check"), self.submit), ("hint", _("Hint"), self.hint),
            ("show", _("Show me"), self.show))}
        if not self.hints:
            self.buttons["hint"].disabled = True
        if self.reveal is None:
            self.buttons["show"].disabled = True
        self.feedback = widgets.HTML()
        self.feedback.add_class("kit-feedback")   # CSS hooks for the browser tests
        css = widgets.HTML(ANSWER_CSS, layout=widgets.Layout(display="none"))
        self.hint_line = widgets.HTML()
        self.hint_line.add_class("kit-hint")
        self.errors = widgets.Output()
        # The verdict is announced (polite; a wrong answer at once): kit.ui.access.
        self.access = Access()
        if progress is not None:
            progress.add(self.key, self)
        rows = [widgets.HTML(f'<div style="{TASK_STYLE}">{html.escape(task)}</div>')]
        if board is not None:
            rows.append(board)
        answer_row = ([] if self.read_answer is not None else [self.text]) + list(self.buttons.values())
        answering = [widgets.HBox(answer_row, layout=widgets.Layout(flex_flow="row wrap")),
                     self.feedback, self.hint_line, self.errors, css, self.access]
        if progress is not None:
            answering.append(progress.widget)
        if callable(getattr(board, "dock", None)):
            board.dock(*answering)    # a live board keeps them beside it, in view
        elif board is not None:
            # [decision] A typed exercise's picture with its answer, verdict and hint in a
            # column beside it, not under it: under a picture they ended below a 1366 x 768
            # projector's window (issue 30: Check seemed to do nothing). A window too
            # narrow for both wraps the column under the picture.
            rows[-1] = widgets.HBox(
                [board, widgets.VBox(answering, layout=widgets.Layout(
                    flex="1 1 260px", min_width="260px", margin="0 0 0 8px"))],
                layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        else:
            rows += answering
        super().__init__(rows, layout=widgets.Layout(border="2px solid #0072B2",
                                                     padding="8px", margin="8px 0"))
        self.add_class("kit-exercise")
        self.add_class(FOCUS_CLASS)
        self.reset()

    def reset(self) -> None:
        """As new: no attempt counted, no hint, nothing said (Start over)."""
        self.solved = False
        self.revealed = False
        self.hints_shown = 0
        self.hint_message = ""
        self.hint_line.value = ""
        if self.progress is not None and self.key in self.progress.done:
            # Done in an earlier session: say so, and let the student try again.
            self.solved = True
            self.say(_("You did this one before. Try it again if you like."), tone="good")
            return
        self.say(_("Your answer, then Check.") if self.read_answer is None else
                 _("Do it on the board, then press Check."))

    # ----- what the buttons do (tests call these) -----------------------

    def submit(self, answer: object = None) -> Verdict | None:
        """Judge ``answer`` (default: the text box, or the ``answer`` function's)."""
        try:
            if answer is None:
                answer = self.text.value if self.read_answer is None else self._board_answer()
            verdict = self.check(answer)
        except ValueError as exc:   # malformed input: the check says what is wrong
            self.say(_("I could not use that answer: {error}").format(error=exc), tone="bad")
            self._focus_after(correct=False)
            return None
        self.attempts.append((answer, verdict))
        self._note("right" if verdict.correct else "wrong", answer, verdict.why)
        said = str(verdict)
        if verdict.correct and self.revealed and not self.solved:
            said = _("{verdict} (You saw the solution first, so this one is not counted as done.)"
                     ).format(verdict=said)
        elif verdict.correct:
            self.solved = True
            self.hint_line.value = ""     # done: the hint would only sit under the praise
            if self.progress is not None:
                self.progress.mark_done(self.key)
        self.say(said, tone="good" if verdict.correct else "bad", more=verdict.more)
        self._focus_after(correct=verdict.correct)
        return verdict

    def _focus_after(self, *, correct: bool) -> None:
        """Where the keyboard focus goes after Check: a board exercise's verdict (the
        Check button sits after the board in the tab order; the words are what to
        read next); after a wrong typed answer its box, the text selected, to mend
        or retype. A right typed answer leaves the focus where it is."""
        if self.read_answer is not None:
            self.access.focus_exercise("verdict")
        elif not correct:
            self.access.focus_exercise("answer")
    def _board_answer(self) -> object:
        """The answer read from the board. A move the board cannot make (IllegalMove) or
        text it cannot read (InvalidMoveText) is the student's and is said; any other
        error is a bug in the lesson's answer function and goes to :class:`Guarded`, shown
        and logged (a ValueError it raised is not taken for a student's bad input)."""
        assert self.read_answer is not None
        try:
            return self.read_answer()
        except (IllegalMove, InvalidMoveText):
            raise
        except ValueError as exc:
            raise AnswerFunctionFailed(f"the answer function of {self.key!r} failed: {exc!r}") from exc

    def attempt(self, answer: object) -> Verdict | None:
        """A student's try given as text: typed into the box, or (with ``enter``)
        made on the board; then Check."""
        if self.enter is None:
            self.text.value = str(answer)
            return self.submit(answer)
        self.enter(answer)
        return self.submit()

    def _note(self, event: str, answer: object = None, feedback: str | None = None) -> None:
        if self.progress is not None:
            self.progress.note(self.key, event, None if answer is None else str(answer), feedback)

    def hint(self) -> str:
        """The next hint (the last one again once all are shown)."""
        if not self.hints:
            self.say(_("There is no hint for this one."))
            return ""
        self.hints_shown = min(self.hints_shown + 1, len(self.hints))
        text = self.hints[self.hints_shown - 1]
        self._note("hint")
        self.hint_message = shown(_("Hint {n} of {total}: {hint}").format(
            n=self.hints_shown, total=len(self.hints), hint=text))
        self.hint_line.value = (f'<div style="{FEEDBACK_STYLE} color: {TONES["info"]}">'
                                f"{html.escape(self.hint_message)}</div>")
        self.access.say(self.hint_message)
        return text

    def show(self) -> str:
        """Reveal the solution: the lesson's function (on the board) or its text."""
        if self.reveal is None:
            self.say(_("There is nothing to show for this one."))
            return ""
        said = self.reveal if isinstance(self.reveal, str) else self.reveal()
        self.revealed = True
        self._note("show")
        self.say(_("Solution: {solution}").format(solution=said) if said
                 else _("The solution is shown on the board."))
        self.access.focus_exercise("verdict")    # the solution is what to read next
        return said or ""

    # ----- showing ----------------------------------------------------------

    def say(self, text: str, *, tone: str = "info", more: str = "") -> None:
        """Show ``text`` (one or two sentences); ``more`` folds under "Why?"."""
        text, more = shown(text), shown(more)   # "pasar", not "pass" (issue 30)
        self.message, self.tone, self.more = text, tone, more
        label = html.escape(_("Why?"))
        why = (f'<details class="kit-why"><summary>{label}</summary>'
               f"<div>{html.escape(more)}</div></details>" if more else "")
        self.feedback.value = (f'<div style="{FEEDBACK_STYLE} color: {TONES[tone]}">'
                               f"{MARKS[tone]}{html.escape(text)}{why}</div>")
        self.access.say(text, urgent=tone == "bad")

    def _button(self, label: str, action: Callable[[], object]) -> widgets.Button:
        # Check, Hint and Show me stay on one row of a board's 320 px side panel in every
        # language ("Comprobar", "Pista", "Muéstramelo"; "Провери", "Подсказка", "Покажи ми"
        # are ~315 px at 15 px): a second row pushed the verdict down a 768 px screen.
        return button(label, action, guarded=self.guarded, margin="0 4px 0 0", min_width="80px",
                      font_size="15px")

    def solution_text(self) -> str:
        """The solution in words ("" if the lesson gave none)."""
        if self.solution is None:
            return ""
        return shown(self.solution if isinstance(self.solution, str) else str(self.solution()))

    def _board_picture(self) -> str | None:
        scene = getattr(self.board, "scene", None)
        return scene().to_svg() if callable(scene) else None

    def _repr_mimebundle_(self, **kwargs: Any) -> Bundle:
        # The live widget where a kernel runs; in a saved lesson (GitHub, print,
        # nbval) the task and the position as a picture.
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        svg = self.picture()
        picture = f"<div>{svg_img(svg)}</div>" if svg else ""
        solution = self.solution_text()
        folded = solution_html(solution) if solution else ""
        data["text/html"] = (f'<div style="{TASK_STYLE}">{html.escape(self.task)}</div>'
                             f"{picture}{folded}")
        data["text/plain"] = _("Exercise: {task}").format(task=self.task)
        return _with_metadata(bundle, {EXERCISE_KIND: self.key})


# ----- saved outputs, recognised in any language ---------------------------------
# An exercise's or a Progress's saved output carries {"kit": {<kind>: ...}} in its
# output metadata (nbval ignores metadata; the executor writes it): the slides and
# the welcome's course table find them by it, never by the words shown, which follow
# the language. Outputs saved before that (English notebooks not executed since)
# are still recognised by their English text.
EXERCISE_KIND = "exercise"
PROGRESS_KIND = "progress"
_OLD_PROGRESS = re.compile(r".*: \d+ of \d+ exercises? done")


def _with_metadata(bundle: Bundle, kit: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``bundle`` (a data dict, or ``(data, metadata)``) with ``{"kit": kit}`` in its metadata."""
    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
    return data, {**(metadata or {}), "kit": kit}


def _kit_metadata(output: dict[str, Any]) -> dict[str, Any]:
    found = (output.get("metadata") or {}).get("kit")
    return found if isinstance(found, dict) else {}


def _plain_text(output: dict[str, Any]) -> str:
    text = (output.get("data") or {}).get("text/plain", "")
    return "".join(text) if isinstance(text, list) else str(text)


def is_exercise_output(output: dict[str, Any]) -> bool:
    """Is this saved notebook output (a dict as nbformat keeps it) an exercise's?
    By its metadata in any language; an output saved before the metadata by its
    English text ("Exercise: ...")."""
    return EXERCISE_KIND in _kit_metadata(output) or _plain_text(output).startswith("Exercise: ")


def is_progress_output(output: dict[str, Any]) -> bool:
    """Is this saved output a lesson's :class:`Progress` line ("...: 2 of 5 exercises
    done", in any language)? By its metadata, or an old output's English text."""
    return PROGRESS_KIND in _kit_metadata(output) or bool(_OLD_PROGRESS.fullmatch(_plain_text(output)))


def typed_exercise(task: str, svg: str, check: Check, *, hints: Sequence[str] = (),
                   show: Reveal = None, progress: Progress | None = None, key: str | None = None,
                   placeholder: str = "", answers: Sequence[str] = (), wrong: Sequence[object] = (),
                   img_style: str = "") -> Exercise:
    """Exercise on a picture: ``svg`` shown (``img_style``: the ``<img>``'s style),
    the answer typed, ``check(text)`` judges it. ``show`` gives the answer in words
    (there is no board to play it on), so it is the printed solution too."""
    img = svg_img(svg)
    if img_style:
        img = img.replace("<img ", f"<img style='{img_style}' ", 1)
    return Exercise(task, check, answer=Answering(placeholder=placeholder),
                    help=Help(hints=hints, show=show, solution=show),
                    shown=Shown(board=widgets.HTML(img), picture=lambda: svg),
                    walk=Walk(answers=answers, wrong=wrong), progress=progress, key=key)


class Catalogue:
    """A course's exercises by name: what a lesson's cell calls,
    ``lesson.exercise("both ends", progress)``, so that the cell shows no task,
    hint or answer (they are data in ``kit/lessons/<game>/exercises.py``).

    ``makers``: name -> ``make(progress=...)``. ``"puzzle N"`` is the course's
    puzzle N when it gives ``puzzles()`` (the set, in order) and
    ``puzzle(p, progress)``; a course may instead list its puzzles in ``makers``.
    """

    def __init__(self, course: str, makers: dict[str, Callable[..., Exercise]],
                 puzzles: Callable[[], list[Any]] | None = None,
                 puzzle: Callable[..., Exercise] | None = None) -> None:
        self.course, self.makers, self.puzzles, self.puzzle = course, makers, puzzles, puzzle

    def __call__(self, name: str, progress: Progress | None = None) -> Exercise:
        make = self.makers.get(name)
        if make is not None:
            return make(progress=progress)
        numbered = re.fullmatch(r"puzzle (\d+)", name)
        found = self.puzzles() if self.puzzles is not None else []
        if numbered and self.puzzle is not None and 1 <= int(numbered[1]) <= len(found):
            return self.puzzle(found[int(numbered[1]) - 1], progress)
        more = f" and puzzle 1 to puzzle {len(found)}" if found else ""
        raise ValueError(f"there is no {self.course} exercise {name!r}: they are "
                         f"{', '.join(self.makers)}{more}")
