"""EditorShell: build any position by clicks, checked by the engine as you go.

The shell every game's position ``Editor`` is built on. Every edit takes one
path, :meth:`EditorShell.edit`: the change is made to a copy of the position's
dict and checked with the engine's own ``Game.from_dict``. If the engine
refuses it, the edit is refused: the position stays exactly as it was (still
editable, nothing lost), ``problems`` holds the engine's message in words,
and the board rings the cells the problem names. Load and save: a text area
with the position's JSON, ``load_json`` / ``to_json``, and ``save(path)`` /
``load(path)``; malformed text or a bad file is reported the same way and
keeps the position. "Play from here" hands the position to the game's live
``Board``, shown under the editor; "Make a puzzle" opens the puzzle panel beside
the board (``kit.ui.making``).

A game's ``Editor`` subclass sets ``GAME`` and defines the hooks
``new_position``, ``scene``, ``on_click``, ``tools`` and ``board_for`` (and may
define ``sync_tools``; its widgets' observers call ``tool_changed``, which
ignores what ``sync_tools`` writes). Not covered: any game's palette or picture.
"""

from __future__ import annotations

import copy
import html
import json
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from kit import contract
from kit.i18n import _
from kit.scene import Scene
from kit.ui import style
from kit.ui.board import BoardView, BoardWidget
from kit.ui.making import MakesPuzzles
from kit.ui.style import PANEL_STYLE

if TYPE_CHECKING:
    from kit.ui.game import GameBoard

#: An edit: changes a position's dict in place, or returns a new one.
Edit = Callable[[dict[str, Any]], dict[str, Any] | None]


def position_json(data: dict[str, Any]) -> str:
    """``data`` as JSON, one short list per line (a board row reads as a row)."""
    text = json.dumps(data, indent=1)
    # Fold each innermost list onto one line. Indentation is only ever
    # outside strings (JSON escapes newlines inside them), so this is safe.
    return re.sub(r"\[[^\[\]{}]*\]", lambda m: re.sub(r"\n\s*", " ", m.group(0))
                  .replace("[ ", "[").replace(" ]", "]"), text)


class EditorShell(MakesPuzzles, BoardWidget, widgets.VBox):
    """An editor of ``game`` (default: the game's ``new_position()``)."""

    #: the game's Game class: its ``from_dict`` is the judge of every edit
    GAME: Any = None

    def __init__(self, game: Any = None, *, pixel_ratio: float = 2.0) -> None:
        self.game = (game if game is not None else self.new_position()).copy()
        self.problems: list[str] = []
        self.marks: tuple[Any, ...] = ()
        self.last_check_ms = 0.0
        self.played: GameBoard[Any, Any] | None = None
        self.done = ""            # what the last accepted edit did, in words
        self._syncing = False     # see syncing()
        self.view = BoardView(self.scene(), on_click=self._clicked, pixel_ratio=pixel_ratio)
        self.canvas = self.view.canvas
        self.problem_box = widgets.HTML()
        self.json_box = widgets.Textarea(layout=widgets.Layout(width="100%", height="160px"))
        self.buttons = {"load": self.button(_("Text → position"), self._load_text,
                                            _("check the JSON in the text area and use it")),
                        "copy": self.button(_("Position → text"), self._show_json,
                                            _("put the current position's JSON in the text area")),
                        "play": self.button(_("▶ Play from here"), self.play_from_here,
                                            _("play this position on a live board, below")),
                        "puzzle": self.button(_("Make a puzzle"), self.make_puzzle,
                                              _("a checked exercise from this position, for a "
                                                "puzzle set file"))}
        self.maker_box = widgets.VBox()
        self.played_box = widgets.VBox()
        json_label = _("Position as JSON")
        json_help = _("(copy it, or paste one and press Text → position)")
        side = widgets.VBox(
            [*self.tools(), self.problem_box,
             widgets.HBox([self.buttons["play"], self.buttons["puzzle"]],
                          layout=widgets.Layout(flex_flow="row wrap")),
             self.maker_box,
             widgets.HTML(f'<div style="{PANEL_STYLE}"><b>{html.escape(json_label)}</b> '
                          f'{html.escape(json_help)}</div>'),
             self.json_box,
             widgets.HBox([self.buttons["load"], self.buttons["copy"]],
                          layout=widgets.Layout(flex_flow="row wrap"))],
            layout=widgets.Layout(width="360px", min_width="280px", margin="0 0 0 16px"))
        super().__init__([widgets.HBox([self.view, side],
                                       layout=widgets.Layout(align_items="flex-start")),
                          self.played_box])
        self._refresh()

    # ----- hooks a game's Editor provides ----------------------------------

    def new_position(self) -> contract.Game:
        """The position a new editor starts from."""
        raise NotImplementedError

    def scene(self) -> Scene:
        """The picture of ``self.game``, ringing ``self.marks`` (and any selection)."""
        raise NotImplementedError

    def on_click(self, x: float, y: float) -> None:
        """A click at scene point (x, y)."""

    def tools(self) -> list[widgets.Widget]:
        """The game's own widgets (palette, fields, buttons), shown above the JSON."""
        return []

    def sync_tools(self) -> None:
        """Make the game's widgets show ``self.game`` (after an edit or a load).

        Runs inside :meth:`syncing`: observers going through :meth:`tool_changed`
        ignore what it writes."""

    def board_for(self, game: Any) -> GameBoard[Any, Any]:
        """The game's live Board playing ``game``."""
        raise NotImplementedError

    # ----- the one path every edit takes -------------------------------------

    def edit(self, change: Edit, what: str, cells: Iterable[Sequence[int]] = ()) -> bool:
        """Apply ``change(data)`` to a copy of the position dict; keep it if the engine does.

        ``change`` edits the dict in place (or returns a new one). ``what`` says
        the edit in words ("tile 7 at 2,3"); ``cells`` are marked if the engine
        refuses without naming cells of its own. Returns whether it was kept.
        """
        data = copy.deepcopy(self.game.to_dict())
        start = time.perf_counter()
        try:
            changed = change(data)
            game = self.GAME.from_dict(data if changed is None else changed)
        except ValueError as exc:
            self.last_check_ms = (time.perf_counter() - start) * 1000
            self.refuse(str(exc), getattr(exc, "cells", ()) or cells, what)
            return False
        self.last_check_ms = (time.perf_counter() - start) * 1000
        self.accept(game, _("Done: {edit}.").format(edit=what))
        return True

    def accept(self, game: Any, message: str) -> None:
        self.game, self.problems, self.marks = game, [], ()
        self.done = message
        self._refresh()
        self.view.say(message, tone="good")

    def refuse(self, problem: str, cells: Iterable[Sequence[int]] = (), what: str = "") -> None:
        """Say why an edit was refused and mark ``cells``; the position is unchanged."""
        self.problems, self.marks = [problem], tuple(tuple(c) for c in cells)
        self._refresh(json_too=False)
        self.view.say((_("Refused ({edit}): {problem}") if what else _("Refused: {problem}"))
                      .format(edit=what, problem=problem), tone="bad")

    @contextmanager
    def syncing(self) -> Iterator[None]:
        """While the editor writes its own widgets (``sync_tools``): their observers,
        through :meth:`tool_changed`, take the change for the editor's, not a person's."""
        before, self._syncing = self._syncing, True
        try:
            yield
        finally:
            self._syncing = before

    def tool_changed(self, edit: Callable[..., object], *args: object) -> None:
        """An observer of a tool widget: ``edit(*args)`` when a person changed it (not
        while :meth:`syncing`, nor to None), with errors shown under the board.
        :meth:`edit_on_change` wires a box to it."""
        if not self._syncing and args[-1] is not None:
            self.view.guarded(edit, *args)

    def edit_on_change(self, box: widgets.Widget, edit: Callable[..., object], *args: object) -> None:
        """Make a person's change to the tool widget ``box`` the edit ``edit(*args, value)``
        (through :meth:`tool_changed`: never while syncing, nor to None)."""
        box.observe(lambda change: self.tool_changed(edit, *args, change["new"]), "value")

    def _refresh(self, json_too: bool = True) -> None:
        with self.syncing():
            self.sync_tools()
        self.redraw()
        if json_too:
            self._show_json()
        refused, unchanged = _("Not accepted"), _("(the position is unchanged):")
        valid = _("A valid position.")
        if self.problems:
            items = "".join(f"<li>{html.escape(p)}</li>" for p in self.problems)
            self.problem_box.value = (f'<div style="{PANEL_STYLE} color: #A04000">'
                                      f"<b>{html.escape(refused)}</b> {html.escape(unchanged)}"
                                      f"<ul>{items}</ul></div>")
        else:
            self.problem_box.value = (f'<div style="{PANEL_STYLE} color: #006B4E">'
                                      f"✓ {html.escape(self.done)} {html.escape(valid)}</div>")

    def redraw(self) -> None:
        self.view.show(self.scene())

    def say(self, text: str, *, tone: str = "info") -> None:
        self.view.say(text, tone=tone)

    def _clicked(self, x: float, y: float) -> None:
        self.on_click(x, y)

    def button(self, label: str, handler: Callable[[], object], tooltip: str = "") -> widgets.Button:
        """A big, readable button running ``handler()``; an error shows under the board."""
        return style.button(label, handler, tooltip, guarded=self.view.guarded)

    # ----- JSON, files, playing ---------------------------------------------

    def to_json(self) -> str:
        return position_json(self.game.to_dict())

    def load_json(self, text: str) -> bool:
        """Use the position in ``text``; on any problem keep the current one and say why."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as exc:
            self.refuse(_("the text is not valid JSON: {error}").format(error=exc), (),
                        _("loading the text"))
            return False
        return self.edit(lambda _old: data, _("loaded the position"))

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text(self.to_json() + "\n", encoding="utf-8")
        self.say(_("Saved to {path}.").format(path=path), tone="good")
        return path

    def load(self, path: str | Path) -> bool:
        """Load a ``.json`` file saved by ``save`` (or written by hand)."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.refuse(_("cannot read {path}: {error}").format(path=path, error=exc), (),
                        _("loading a file"))
            return False
        return self.load_json(text)

    def _load_text(self) -> None:
        self.load_json(self.json_box.value)

    def _show_json(self) -> None:
        self.json_box.value = self.to_json()

    def play_from_here(self) -> GameBoard[Any, Any]:
        """Show a live Board of this position under the editor; return it."""
        self.played = self.board_for(self.game.copy())
        playing, unchanged = _("Playing from the edited position"), _("(the editor above is unchanged)")
        self.played_box.children = [widgets.HTML(
            f'<div style="{PANEL_STYLE}"><b>{html.escape(playing)}</b> '
            f'{html.escape(unchanged)}</div>'), self.played]
        self.say(_("The position is on the live board below."), tone="good")
        return self.played
