"""The side panel beside a live board: seats, buttons, hints, moves, the notation key.

What :class:`kit.ui.game.GameBoard` shows beside its canvas, top to bottom:
the status line, each seat with its score (the mover marked), the game's and
the shell's buttons, whatever a lesson docks there, the analysis panel, the
hint rows, the move list and the notation key. The HTML of each part is
built here from plain values; the board fills them in after every change.

Not covered: what the seats, moves or hints are (``kit.ui.game``, ``kit.ui.seats``).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as widgets

from kit.i18n import _
from kit.notation import shown
from kit.ui.seats import points_text
from kit.ui.style import PANEL_STYLE

# JupyterLab sets <code> at its small code size; moves should read as big as the text.
MOVE_TAG = '<code style="font-size: inherit">'
#: the move list scrolls past this height
MOVE_LIST_HEIGHT = "220px"


def seats_html(labels: Sequence[str], scores: Sequence[int] | None, mover: int | None, *,
               team_scores: Sequence[int] | None = None, busy: bool = False) -> str:
    """One line per seat: its label and score ("Seat 1 (you): 12 points", never a bare
    number beside a numbered seat), the mover's marked ▶ and bold; then the teams'
    scores (when given) and "thinking…" while the computer moves."""
    rows = []
    for seat, label in enumerate(labels):
        score = f": {points_text(scores[seat])}" if scores is not None else ""
        text = html.escape(label + score)
        rows.append(f"<div>{'▶ <b>' + text + '</b>' if seat == mover else '&nbsp;&nbsp;' + text}</div>")
    if team_scores is not None:
        rows.append("<div>" + ", ".join(_("Team {n}: {points}").format(n=i + 1, points=points_text(s))
                                        for i, s in enumerate(team_scores)) + "</div>")
    if busy:
        thinking = html.escape(_("thinking…"))
        rows.append(f"<div><i>{thinking}</i></div>")
    return f'<div style="{PANEL_STYLE}">{"".join(rows)}</div>'


def move_list_html(moves: Sequence[Any], points: Sequence[Any]) -> str:
    """The moves numbered, each with its points when played here (``points`` are the
    last ``len(points)`` moves'; a position given with a history has none for the rest)."""
    if not moves:
        none_yet = html.escape(_("none yet"))
        return f'<div style="{PANEL_STYLE}"><b>{moves_title()}</b><br><i>{none_yet}</i></div>'
    offset = len(moves) - len(points)
    items = []
    for i, move in enumerate(moves):
        tail = f" ({points[i - offset]})" if i >= offset and points[i - offset] is not None else ""
        items.append(f"<li>{MOVE_TAG}{html.escape(shown(str(move)))}</code>{tail}</li>")
    return f'<div style="{PANEL_STYLE}"><b>{moves_title()}</b><ol>{"".join(items)}</ol></div>'


def moves_title() -> str:
    return html.escape(_("Moves"))


def hints_html(rows: Iterable[tuple[Any, Any]], note: str = "") -> str:
    """The hint rows, best first, each move with its label; ``note`` (HTML) under them."""
    items = "".join(f"<li>{MOVE_TAG}{html.escape(shown(str(m)))}</code> "
                    f"{html.escape(str(label))}</li>" for m, label in rows)
    below = f"<div><small>{note}</small></div>" if note else ""
    title = html.escape(_("Hint"))
    return f'<div style="{PANEL_STYLE}"><b>{title}</b><ol>{items}</ol>{below}</div>'


def notation_key(key_html: str) -> widgets.Accordion:
    """The game's notation key, folded under "Notation"."""
    return widgets.Accordion(children=[widgets.HTML(f'<div style="{PANEL_STYLE}">{key_html}</div>')],
                             titles=(_("Notation"),))


def button_row(buttons: Sequence[widgets.Widget]) -> widgets.HBox:
    return widgets.HBox(list(buttons), layout=widgets.Layout(flex_flow="row wrap"))


def side_panel(rows: Sequence[widgets.Widget]) -> widgets.VBox:
    """The panel beside the board: ``rows`` top to bottom, at a fixed width so the
    board never moves when a row's text changes."""
    return widgets.VBox(list(rows), layout=widgets.Layout(width="320px", min_width="260px",
                                                        margin="0 0 0 16px"))
