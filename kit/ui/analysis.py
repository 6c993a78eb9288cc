"""AnalysisPanel: every legal move ranked, beside a live board; a click shows one.

The shell every game's analysis is shown in. The game supplies one function,
``analysis(game, *, progress=None, stop=None) -> AnalysisRows`` (the rows
``[(move, value), ...]`` best first); the panel runs it on a copy of the
board's position in a worker thread (``loop.run_in_executor`` when an asyncio
loop runs, as in a notebook; synchronously otherwise, as in tests), so the
board stays usable meanwhile. A bar shows ``progress(done, total)`` (blue while
it runs and when stopped early, green when every move is valued, with the
count in words: never red, which read as an error at 19 of 20)
(``progress(done, total, rows)`` also lists the rows ranked so far, for an
analysis whose moves each take long);
``Stop`` sets ``stop`` (a ``threading.Event``), which the function checks
between moves and then returns what it has, marked partial. Clicking a row
calls the board's ``preview(move)`` (or ``preview(move, line=...)`` when the
rows carry a line for it): the move is drawn without being played; a second
click, or any real move, clears it. Rows for a position the board has left
are dropped, never shown against the wrong position.

A board shows this panel with ``Board(..., analysis=True)``. Not covered: any
game's values (each game's ``kit/<game>/analysis.py``) or drawing (its ``preview``);
the rows themselves are plain data in ``kit.analysis``.
"""

from __future__ import annotations

import asyncio
import html
import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import ipywidgets as widgets

from kit import contract

# The rows are plain data (kit.analysis); these names stay importable from here.
from kit.analysis import AnalysisRows, stopped_early_text, tell, value_text
from kit.i18n import N_, _, ngettext
from kit.notation import shown
from kit.ui.board import BoardView
from kit.ui.style import CHOICE_CLASS, PANEL_STYLE, button, choice_css
from kit.ui.tasks import running_loop

__all__ = ["AnalysisPanel", "AnalysisRows", "ProgressBar", "tell", "value_text"]

ROW_LAYOUT = dict(width="100%", height="36px", justify_content="flex-start",
                  flex="0 0 auto")   # in the scrolling box: never squeezed


BAR_COLOURS = {"running": "#0072B2", "done": "#009E73"}   # Okabe-Ito blue, green

#: Rows as an analysis gives them: ``(move, value)``, best first.
Rows = Sequence[tuple[Any, Any]]


class AnalysedBoard(Protocol):
    """What the panel reads of its board (a :class:`kit.ui.game.GameBoard`, which
    imports this module: named here by what it has, not by its class)."""

    @property
    def game(self) -> contract.Game: ...
    @property
    def view(self) -> BoardView: ...

    def preview(self, move: Any, line: Any = None) -> None: ...


class ProgressBar(widgets.VBox):
    """How many moves are valued: a bar and its count in words, with a legend.

    A stopped or time-limited analysis (19 of 20 valued) stays blue: tqdm's
    notebook bar turned red there, which reads as an error."""

    def __init__(self, total: int) -> None:
        self.n, self.total = 0, total
        self.progress = widgets.IntProgress(value=0, min=0, max=max(1, total),
                                            layout=widgets.Layout(width="100%"))
        self.label = widgets.HTML()
        super().__init__([self.progress, self.label], layout=widgets.Layout(width="100%"))
        self.state = "running"
        self._show()

    def update(self, k: int = 1) -> None:
        self.n += k
        self._show()

    def reset(self, total: int) -> None:
        self.n, self.total = 0, total
        self.progress.max = max(1, total)
        self._show()

    def close(self) -> None:
        """The analysis has ended: green if every move was valued, else it stays blue."""
        self.state = "done" if self.total and self.n >= self.total else "stopped"
        self._show()

    @property
    def colour(self) -> str:
        return BAR_COLOURS["done" if self.state == "done" else "running"]

    def _show(self) -> None:
        self.progress.value = min(self.n, self.progress.max)
        self.progress.style.bar_color = self.colour
        what = {"running": ngettext("{n} of {total} move valued so far",
                                    "{n} of {total} moves valued so far", self.total),
                "stopped": ngettext("{n} of {total} move valued (stopped early)",
                                    "{n} of {total} moves valued (stopped early)", self.total),
                "done": ngettext("{n} of {total} move valued: all done",
                                 "{n} of {total} moves valued: all done", self.total)}[self.state]
        legend = _("(blue: running or stopped, green: done)")
        self.label.value = (f'<div style="font-size: 15px">'
                            f"{html.escape(what.format(n=self.n, total=self.total))} "
                            f"<span style='color: #555'>{html.escape(legend)}</span></div>")


class AnalysisPanel(widgets.VBox):
    """Ranked moves of ``board.game`` by ``analyse``; clicks preview them on ``board``."""

    def __init__(self, board: AnalysedBoard, analyse: Callable[..., Rows], *, max_rows: int = 12,
                 title: str = N_("Analysis")) -> None:
        self.board = board
        self.analyse = analyse
        self.max_rows = max_rows
        self.rows = AnalysisRows()
        self.selected: object = None                 # the move previewed on the board, if any
        self.position: dict[str, Any] | None = None  # the position (dict) the rows are for
        self.running = False
        self.task: asyncio.Task[None] | None = None
        self.stop = threading.Event()
        self.bar: ProgressBar | None = None
        self.analyse_button = self._button(_("Analyse"), self.start, _("rank every legal move"))
        self.stop_button = self._button(_("Stop"), self.stop.set, _("stop and show what is done"))
        self.stop_button.disabled = True
        self.bar_box = widgets.Box()
        self.note = widgets.HTML()
        # Rows scroll in a box about six rows high: a long list pushed the board,
        # where a clicked row is drawn, off the top of a 768 px screen.
        self.row_box = widgets.VBox(layout=widgets.Layout(max_height="270px", overflow="auto",
                                                          flex_flow="column nowrap"))
        # Rank by: a board with a look-ahead (``board.lookahead_analysis``, IOTA and
        # Smartrix) offers it; choosing ranks the position again the new way.
        self.rank_by: widgets.ToggleButtons | None = None
        controls: list[widgets.Widget] = [self.analyse_button, self.stop_button]
        if hasattr(board, "lookahead_analysis"):
            self.rank_by = widgets.ToggleButtons(
                options=[(_("This turn"), False), (_("Look ahead"), True)],
                value=bool(board.lookahead_analysis), description=_("Rank by:"),
                tooltips=[_("rank by the points this turn"),
                          _("rank by the final margin the look-ahead expects")],
                style={"button_width": "auto", "font_weight": "bold",
                       "description_width": "auto"})
            self.rank_by.add_class(CHOICE_CLASS)   # the buttons' size, not ipywidgets' 13 px
            self.rank_by.observe(lambda change: self.board.view.guarded(
                self.rank_by_changed, change["new"]), names="value")
            controls += [self.rank_by, choice_css()]
        heading = html.escape(_(title))
        super().__init__([widgets.HTML(f'<div style="{PANEL_STYLE}"><b>{heading}</b></div>'),
                          widgets.HBox(controls, layout=widgets.Layout(flex_flow="row wrap")),
                          self.bar_box, self.row_box, self.note],
                         layout=widgets.Layout(width="100%"))

    def _button(self, label: str, handler: Callable[[], object], tooltip: str) -> widgets.Button:
        return button(label, handler, tooltip, guarded=self.board.view.guarded)

    def rank_by_changed(self, lookahead: bool) -> None:
        """Rank by this turn's points or by the look-ahead: the board's analysis and
        Hint follow, and the position is ranked again (unless an analysis runs:
        then the next Analyse uses the new choice)."""
        board: Any = self.board     # only a board with the flag is offered the choice (__init__)
        board.lookahead_analysis = bool(lookahead)
        if not self.running:
            self.start()

    # ----- running ------------------------------------------------------------

    def start(self) -> None:
        """Analyse the board's position now (in a worker when a loop runs)."""
        if self.running:
            return
        self.clear()
        self.stop.clear()
        self.position = self.board.game.to_dict()
        game = self.board.game.copy()
        self._set_running(True)
        self.note.value = self._note_html(_("Analysing… (Stop keeps what is done so far.)"))
        loop = running_loop()
        if loop is None:
            try:
                self._finish(self._compute(game, self._progress))
            finally:
                self._set_running(False)
            return
        self.task = loop.create_task(self._run(loop, game))

    async def _run(self, loop: asyncio.AbstractEventLoop, game: contract.Game) -> None:
        def progress(done: int, total: int, rows: Rows | None = None) -> None:   # from the worker: to the widget thread
            loop.call_soon_threadsafe(self._progress, done, total, rows)
        try:
            rows = await loop.run_in_executor(None, self._compute, game, progress)
            self._finish(rows)
        except Exception as exc:
            self.board.view.report(exc)
            self.note.value = self._note_html(_("The analysis failed; see under the board."))
        finally:
            self._set_running(False)

    def _compute(self, game: contract.Game, progress: Callable[..., None]) -> AnalysisRows:
        rows = self.analyse(game, progress=progress, stop=self.stop)
        return rows if isinstance(rows, AnalysisRows) else AnalysisRows(rows)

    def _progress(self, done: int, total: int, rows: Rows | None = None) -> None:
        if rows and self.board.game.to_dict() == self.position:
            self._show_rows(AnalysisRows(rows))   # the moves valued so far, to look at meanwhile
        if self.bar is None:
            self.bar = ProgressBar(total)
            self.bar_box.children = [self.bar]
        elif self.bar.total != total:
            self.bar.reset(total=total)
        self.bar.update(done - self.bar.n)

    def _set_running(self, running: bool) -> None:
        self.running = running
        self.analyse_button.disabled = running
        self.stop_button.disabled = not running
        if not running and self.bar is not None:
            self.bar.close()

    async def settled(self) -> None:
        """Wait until a running analysis has finished (tests and scripts)."""
        if self.task is not None:
            await asyncio.wait([self.task])

    # ----- showing the rows ----------------------------------------------------

    def _finish(self, rows: AnalysisRows) -> None:
        if self.board.game.to_dict() != self.position:
            self.position = None
            self.note.value = self._note_html(
                _("The position changed while it was being analysed: press Analyse again."))
            return
        self._show_rows(rows)
        self.note.value = self._note_html(*self._finished_texts(rows))

    def _finished_texts(self, rows: AnalysisRows) -> list[str]:
        if rows.partial and not rows:
            return [_("Stopped before any move was valued.")]
        if not rows:
            return [rows.note or _("No legal move to rank.")]
        texts = [rows.note] if rows.note else []
        if rows.partial:
            texts.append(stopped_early_text(len(rows)))
        if len(rows) > self.max_rows:
            texts.append(_("The best {n} of {total} are listed.").format(n=self.max_rows,
                                                                         total=len(rows)))
        return texts + rows.remarks + [_("Choose a row (click it, or Enter on it) to see its move on the board.")]

    def _show_rows(self, rows: AnalysisRows) -> None:
        self.rows = rows
        self.row_box.children = [self._row_button(k, move, value)
                                 for k, (move, value) in enumerate(rows[:self.max_rows], 1)]

    def _row_button(self, rank: int, move: object, value: object) -> widgets.Button:
        # The value first: a long move (a play of four cards) may be
        # cut off at the panel's edge, its value must not be.
        b = widgets.Button(description=f"{rank}. {value_text(value)}   {shown(str(move))}",
                           tooltip=shown(_("show {move} on the board").format(move=move)),
                           layout=widgets.Layout(**ROW_LAYOUT),
                           style=widgets.ButtonStyle(font_size="16px", font_family="monospace"))
        b.move = move
        b.button_style = "info" if move == self.selected else ""
        b.on_click(lambda _b: self.board.view.guarded(self.click_row, move))
        return b

    def click_row(self, move: object) -> None:
        """Show ``move`` on the board; the same row again clears it."""
        if self.board.game.to_dict() != self.position:
            self.clear()
            self.note.value = self._note_html(_("The position has changed: press Analyse again."))
            return
        self.selected = None if move == self.selected else move
        for b in self.row_box.children:
            b.button_style = "info" if b.move == self.selected else ""
        if self.selected is None:
            self.board.preview(None)
        elif move in self.rows.lines:
            self.board.preview(move, line=self.rows.lines[move])
        else:
            self.board.preview(move)

    def position_changed(self) -> None:
        """The board's position changed (a move, undo, new game): the rows no longer apply."""
        if self.rows or self.selected is not None:
            self.clear()
            self.note.value = self._note_html(_("Press Analyse to rank the moves here."))

    def clear(self) -> None:
        self.rows, self.selected, self.position = AnalysisRows(), None, None
        self.row_box.children = []
        self.note.value = ""
        self.bar, self.bar_box.children = None, []

    @staticmethod
    def _note_html(*texts: str) -> str:
        body = "".join(f"<div>{html.escape(t)}</div>" for t in texts if t)
        return f'<div style="{PANEL_STYLE}">{body}</div>'
