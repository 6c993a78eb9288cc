"""The "Make a puzzle" panel: a task from the position on an Editor or a paused live
board, the engine's answer, the proposed wrong tries and hints in boxes the teacher
edits, and a set saved only with engine-confirmed answers (``kit.lessons.puzzleset``,
issue 34).

Every game's Editor (``kit.ui.editor.EditorShell``) opens it with its **Make a puzzle**
button, and so does a teacher's live board (``kit.ui.game.GameBoard(teacher=True)``),
pausing the game first; both through ``kit.ui.making``. Tests drive it as the buttons
do: ``kind.value``, ``move.value``, ``propose()``, ``add()``, ``save()``.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING
from pathlib import Path

import ipywidgets as widgets

from kit import games
from kit.i18n import N_, _
from kit.lessons import puzzleset
from kit.ui import style

if TYPE_CHECKING:
    from kit.ui.making import MakesPuzzles

#: The task kinds as the menu names them
KIND_LABELS = {"best_move": N_("the best move"), "legal": N_("is this move legal, and why not"),
               "score": N_("how many points this move scores"),
               "who_wins": N_("who wins from here (small Mattix)")}
#: How a wrong try and its feedback are written, one per line, in the box
SEPARATOR = " => "


class PuzzleMaker(widgets.VBox):  # type: ignore[misc]   # ipywidgets ships no types
    """Make puzzles from ``host``'s position (``kit.ui.making.MakesPuzzles``: an Editor,
    a paused live board) into one set, and save it."""

    def __init__(self, host: MakesPuzzles, path: str = "my_puzzles.json") -> None:
        self.host = host
        self.game_name = games.of(host.game).name
        self.puzzles = puzzleset.PuzzleSet(game=self.game_name, title="")
        self.draft: puzzleset.TeacherPuzzle | None = None
        kinds = [k for k in puzzleset.KINDS if k != "who_wins" or self.game_name == "mattix"]
        box = widgets.Layout(width="100%")
        self.kind = widgets.Dropdown(options=[(_(KIND_LABELS[k]), k) for k in kinds],
                                     description=_("Task"), layout=box)
        self.move = widgets.Text(description=_("Move"), placeholder=_("the move asked about"),
                                 layout=box)
        self.task = widgets.Text(description=_("Question"), layout=box)
        self.answer = widgets.HTML()
        self.hints = widgets.Textarea(description=_("Hints"), layout=widgets.Layout(
            width="100%", height="90px"))
        self.wrong = widgets.Textarea(description=_("Wrong tries"), layout=widgets.Layout(
            width="100%", height="90px"))
        self.title = widgets.Text(description=_("Set title"), layout=box)
        self.path = widgets.Text(value=path, description=_("File"), layout=box)
        self.message = widgets.HTML()
        self.buttons = {
            "propose": style.button(_("Ask the engine"), self.propose,
                                    _("compute the answer, wrong tries and hints")),
            "add": style.button(_("Add to the set"), self.add,
                                _("add this puzzle (its answer is checked by the engine)")),
            "save": style.button(_("Save the set"), self.save, _("write the set's file"))}
        help_line = _("One hint per line. Wrong tries: one per line, as: answer{sep}what it is "
                      "told.").format(sep=SEPARATOR)
        super().__init__([
            widgets.HTML(f"<b>{html.escape(_('Make a puzzle'))}</b>"), self.kind, self.move,
            self.buttons["propose"], self.task, self.answer,
            widgets.HTML(f"<small>{html.escape(help_line)}</small>"), self.hints, self.wrong,
            self.buttons["add"], self.title, self.path, self.buttons["save"], self.message],
            layout=widgets.Layout(border="1px solid #0072B2", padding="6px", margin="8px 0"))
        self.add_class("kit-puzzle-maker")

    def say(self, text: str, good: bool = True) -> None:
        tone = "#006B4E" if good else "#A04000"
        self.message.value = f'<div style="color: {tone}">{html.escape(text)}</div>'

    def propose(self) -> puzzleset.TeacherPuzzle | None:
        """The engine's draft for the chosen task on the host's position, in the boxes."""
        try:
            draft = puzzleset.propose(self.game_name, self.kind.value,
                                      self.host.puzzle_position(), self.move.value,
                                      number=len(self.puzzles.puzzles) + 1)
        except ValueError as exc:
            self.draft = None
            self.answer.value = ""
            self.say(_("The engine cannot ask that here: {error}").format(error=exc), good=False)
            return None
        self.draft = draft
        self.task.value = draft.task
        self.answer.value = html.escape(_("The engine's answer: {answer}").format(
            answer=draft.answer))
        self.hints.value = "\n".join(draft.hints)
        self.wrong.value = "\n".join(f"{w.answer}{SEPARATOR}{w.feedback}" for w in draft.wrong)
        self.say(_("Edit the words as you like, then Add to the set."))
        return draft

    def edited(self) -> puzzleset.TeacherPuzzle:
        """The draft with the teacher's words from the boxes."""
        if self.draft is None:
            raise ValueError(_("ask the engine first"))
        wrong = []
        for line in self.wrong.value.splitlines():
            if not line.strip():
                continue
            answer, sep, feedback = line.partition(SEPARATOR.strip())
            if not sep or not answer.strip() or not feedback.strip():
                raise ValueError(_("a wrong try is written as: answer{sep}what it is told "
                                   "({line!r})").format(sep=SEPARATOR, line=line))
            wrong.append(puzzleset.Wrong(answer.strip(), feedback.strip()))
        hints = tuple(h.strip() for h in self.hints.value.splitlines() if h.strip())
        return puzzleset.TeacherPuzzle(
            name=self.draft.name, kind=self.draft.kind, position=self.draft.position,
            answer=self.draft.answer, move=self.draft.move, task=self.task.value.strip(),
            hints=hints, wrong=tuple(wrong))

    def add(self) -> bool:
        """Add the edited puzzle to the set, if the engine confirms its answer."""
        try:
            puzzle = self.edited()
            self.puzzles.add(puzzle)
        except ValueError as exc:
            self.say(_("Not added: {error}").format(error=exc), good=False)
            return False
        self.draft = None
        self.say(_("Added puzzle {name}: {n} in the set.").format(
            name=puzzle.name, n=len(self.puzzles.puzzles)))
        return True

    def save(self) -> Path | None:
        """Write the set to the file named in the box."""
        if not self.puzzles.puzzles:
            self.say(_("Not saved: the set has no puzzle yet."), good=False)
            return None
        self.puzzles.title = self.title.value.strip()
        try:
            path = self.puzzles.save(self.path.value.strip())
        except (ValueError, OSError) as exc:
            self.say(_("Not saved: {error}").format(error=exc), good=False)
            return None
        self.say(_("Saved {n} puzzles to {path}. Play them with "
                   "kit.lessons.puzzle_set(\"{path}\").").format(n=len(self.puzzles.puzzles),
                                                                path=path))
        return path
