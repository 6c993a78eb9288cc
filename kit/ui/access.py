"""The accessible layer beside a board: no keyboard trap, a move box, the position as text, announcements.

:class:`Access` is a small front-end piece the kit ships (an anywidget: its
JavaScript is ``access.js`` beside this file, no build step). Placed inside a
board's host element (any widget with the class :data:`HOST_CLASS`), it

- lets Tab, Shift+Tab and Esc move focus on from the board's canvas, and the
  wheel and touch scroll the page over it. ipycanvas 0.14's own front end
  cancels every key, the wheel and touch on its canvas; a capturing listener
  on the host takes just those before the canvas does. Every other key still
  reaches the canvas and ``canvas.on_key_down`` (the cursor keys).
- names the canvas (``name``, ``description``) for a screen reader;
- holds two live regions, polite and assertive (:meth:`Access.say`), that
  exist from the start, so a screen reader reads each new message;
- shows a labelled move box (``move_box=True``): Enter or its Play button sends the
  typed text to ``on_move(text)``; :meth:`Access.clear_box` empties it;
- shows a "Text view" switch (``text_switch=True``) with ``position``, the
  position as text, under it;
- focuses the board when :meth:`Access.focus_board` is called (after Start), and
  an exercise's verdict or answer box on :meth:`Access.focus_exercise`;
- or, with ``live_for``, only makes another element (the game picker's status
  line) a polite live region, so what it shows is announced once.

Its words come from Python (translated through the kit's catalogues).
Not covered: what a move means or what a position says (the board's); the
cursor keys (the game boards' ``on_key``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from kit.i18n import _

#: the class of the element whose canvas (class ``kit-board-canvas``) the layer serves
HOST_CLASS = "kit-access-host"
#: the class of every kit element whose controls get the 2 px focus ring
FOCUS_CLASS = "kit-focus"

# Why these colours: #0B57D0 on white is 6.4:1 (WCAG 1.4.11 asks 3:1 of a focus
# ring); #222222 for the accordion's "Notation" header is 15.9:1 (Lab's own grey
# was 4.45:1 at 13 px). The media query puts the side panel under the board on a
# narrow screen instead of squeezing the board (at 320 px it shrank to 14 px).
CSS = f"""
.kit-sr-only {{ position: absolute !important; width: 1px; height: 1px; padding: 0;
  margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }}
.{FOCUS_CLASS} :focus-visible {{ outline: 2px solid #0B57D0 !important; outline-offset: 2px !important; }}
/* The board's ring inside its edge: its output area clips whatever lies outside. */
.{HOST_CLASS} canvas.kit-board-canvas:focus {{ outline: 3px solid #0B57D0 !important;
  outline-offset: -3px !important; }}
.{FOCUS_CLASS} .jupyter-widget-Collapse-header, .{FOCUS_CLASS} .lm-Collapse-header,
.{FOCUS_CLASS} .p-Collapse-header {{ color: #222222 !important; }}
.{FOCUS_CLASS} a, .jp-RenderedMarkdown a, .jp-RenderedHTMLCommon a {{ text-decoration: underline !important; }}
.kit-access {{ font-size: 17px; line-height: 1.45; }}
.kit-move-box {{ display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin: 4px 0; }}
.kit-move-box label {{ font-weight: bold; }}
.kit-move-box input {{ font-size: 17px; height: 36px; flex: 1 1 6em; min-width: 6em; max-width: 14em;
  border: 1px solid #555555; padding: 0 6px; }}
.kit-access button {{ font-size: 16px; height: 40px; min-width: 72px; border: 0; padding: 0 12px;
  background: #eeeeee; color: #222222; cursor: pointer; margin: 2px 0; }}
.kit-access button[aria-pressed="true"] {{ background: #d8e4f8; font-weight: bold; }}
.kit-position {{ font-size: 15px; line-height: 1.3; white-space: pre !important; overflow: auto;
  word-break: normal !important;
  max-height: 240px; border: 1px solid #555555; padding: 6px; margin: 4px 0; color: #222222;
  background: #ffffff; }}
@media (max-width: 760px) {{
  .kit-game-board {{ flex-wrap: wrap !important; }}
  .kit-game-board > .kit-side-panel {{ margin-left: 0 !important; width: 100% !important; }}
}}
"""


class Access(anywidget.AnyWidget):
    """The accessible layer of one board (see the module's docstring)."""

    _esm = Path(__file__).with_name("access.js")
    _css = CSS

    name = traitlets.Unicode("").tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)
    move_box = traitlets.Bool(False).tag(sync=True)
    text_switch = traitlets.Bool(False).tag(sync=True)
    text_view = traitlets.Bool(False).tag(sync=True)
    position = traitlets.Unicode("").tag(sync=True)
    typed = traitlets.Unicode("").tag(sync=True)
    said = traitlets.Unicode("").tag(sync=True)
    urgent = traitlets.Bool(False).tag(sync=True)
    serial = traitlets.Int(0).tag(sync=True)
    focus_serial = traitlets.Int(0).tag(sync=True)
    focus_what = traitlets.Unicode("").tag(sync=True)
    focus_request = traitlets.Int(0).tag(sync=True)
    #: a class name: the nearest element with it becomes a polite live region (a
    #: status line that is its own announcement); this layer then shows nothing
    live_for = traitlets.Unicode("").tag(sync=True)

    def __init__(self, *, on_move: Callable[[str], Any] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_move = on_move
        self.labels = {"move": _("Move"), "play": _("Play"), "text_view": _("Text view"),
                       "position": _("The position as text"), "moves": _("Moves")}
        self.on_msg(self._message)

    def say(self, text: str, *, urgent: bool = False) -> None:
        """Announce ``text``: politely, or at once when ``urgent`` (a refusal).
        The same words said twice are read twice (``serial`` changes each time)."""
        with self.hold_sync():
            self.said, self.urgent = text, urgent
            self.serial += 1

    def focus_board(self) -> None:
        """Put the keyboard focus on the board's canvas (once the page shows it)."""
        self.focus_serial += 1

    def focus_exercise(self, what: str) -> None:
        """Move the keyboard focus within the exercise this layer is in: ``"verdict"``
        (its words, after a board's Check or Show me: the next thing to read) or
        ``"answer"`` (its answer box, the text selected, after a wrong typed answer:
        the next thing to mend). Only a request made after the page showed the layer
        moves focus: a lesson opened again does not jump to an old verdict."""
        with self.hold_sync():
            self.focus_what = what
            self.focus_request += 1

    def clear_box(self) -> None:
        """Empty the move box (after its move was played)."""
        # _message set ``typed`` to what the browser held, so this is a change.
        self.typed = ""

    def type_move(self, text: str) -> None:
        """What Enter in the move box does, for tests and scripts: play ``text``."""
        self._message(self, {"event": "move", "text": text}, [])

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "move" and self.on_move:
            text = content.get("text", "")
            self.typed = text if isinstance(text, str) else ""
            self.on_move(self.typed)
