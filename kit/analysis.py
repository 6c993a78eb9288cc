"""Analysis as plain data: every legal move ranked, and what the ranking means.

Each game's ``analysis(game, *, progress=None, stop=None)`` (in
``kit/<game>/analysis.py``) returns an :class:`AnalysisRows`; the widget that
shows it beside a board (``kit.ui.analysis.AnalysisPanel``) wraps it, and a
script, a grader or a test reads it as a list. Standard library only, so an
engine's analysis runs where no widget package is installed.

Also here: :func:`tell`, how an analysis reports progress to a caller that may
or may not want the rows so far, and :func:`value_text`, a value as the panel
and the HTML table write it. Not covered: computing any game's values, or
showing them live (``kit.ui.analysis``).
"""

from __future__ import annotations

import html
import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from kit.i18n import _, ngettext

#: ``progress(done, total)`` or ``progress(done, total, rows_so_far)``
Progress = Callable[..., object]


class AnalysisRows(list[tuple[Any, Any]]):
    """Ranked rows ``[(move, value), ...]`` best first, and what the panel says of them.

    ``note``: what the values mean and how they were found ("exact", "search
    to depth 9"); ``remarks``: further sentences (Mattix: greed against best);
    ``lines``: move -> a sequence of moves to draw with it (a principal
    variation); ``partial``: True when stopped before every move was valued.
    In a notebook the rows show as a table with the note and remarks under it.
    """

    def __init__(self, rows: Iterable[tuple[Any, Any]] = (), *, note: str = "",
                 remarks: Iterable[str] = (), lines: Mapping[Any, Sequence[Any]] | None = None,
                 partial: bool = False) -> None:
        super().__init__(rows)
        self.note = note
        self.remarks = list(remarks)
        self.lines: dict[Any, Sequence[Any]] = dict(lines or {})
        self.partial = partial

    def _repr_html_(self) -> str:
        body = "".join(f"<tr><td>{k}</td><td><code>{html.escape(str(move))}</code></td>"
                       f"<td>{html.escape(value_text(value))}</td></tr>"
                       for k, (move, value) in enumerate(self, 1))
        texts = [self.note, *self.remarks]
        if self.partial:
            texts.append(stopped_early_text(len(self)))
        notes = "".join(f"<div>{html.escape(t)}</div>" for t in texts if t)
        head = "".join(f"<th>{html.escape(h)}</th>" for h in ("#", _("move"), _("value")))
        return f"<table><tr>{head}</tr>{body}</table>{notes}"


class Expected:
    """A look-ahead row's value: the ``mean`` final margin expected (the mover's
    score less the best other score after the turns looked ahead), its
    standard deviation ``spread`` over ``n`` playouts, and this turn's
    ``points``. Compares by the mean; ``str`` says all four."""

    def __init__(self, mean: float, spread: float, n: int, points: int) -> None:
        self.mean, self.spread, self.n, self.points = mean, spread, n, points

    def __lt__(self, other: Expected) -> bool:
        return self.mean < other.mean

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Expected) and (self.mean, self.spread, self.n, self.points) == (
            other.mean, other.spread, other.n, other.points)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Expected({self.mean!r}, {self.spread!r}, {self.n!r}, {self.points!r})"

    def __str__(self) -> str:
        if not self.n:
            return _("not tried (now {points:+d})").format(points=self.points)
        # Translators: a move's expected final margin ± its spread over n playouts, and its points now
        return _("{mean} ± {spread} over {n}, now {points:+d}").format(
            mean=f"{self.mean:+.1f}", spread=f"{self.spread:.1f}", n=self.n, points=self.points)


def stopped_early_text(n: int) -> str:
    """What a stopped analysis says of its ``n`` rows."""
    return ngettext("Stopped early: {n} move ranked so far.", "Stopped early: {n} moves ranked so far.",
                    n).format(n=n)


def tell(progress: Progress | None, done: int, total: int,
         rows: Sequence[tuple[Any, Any]] | None = None) -> None:
    """Call a game analysis' ``progress``: with the rows so far if it takes three arguments."""
    if progress is None:
        return
    try:
        takes_rows = len(inspect.signature(progress).parameters) >= 3
    except (TypeError, ValueError):   # a callable without a signature: the two-argument form
        takes_rows = False
    if takes_rows:
        progress(done, total, rows)
    else:
        progress(done, total)


def value_text(value: object) -> str:
    """A row's value as the panel shows it: integers signed, anything else as it is."""
    return f"{value:+d}" if isinstance(value, int) and not isinstance(value, bool) else str(value)
