"""How the shell's panels and buttons look: one style, big enough for a classroom.

``PANEL_STYLE`` is the text style of every side panel (seats, hints, moves,
the analysis, the editor's notes); :func:`button` makes every button of the
shell and of the lessons: one size, a readable font, and a click handler run
through a ``guarded`` (so its error shows under the board, never lost);
:data:`CHOICE_CLASS` (with :func:`choice_css`) gives a row of ToggleButtons the
same size (the analysis panel's "Rank by").

Not covered: the board's status line (``kit.ui.board``) or any picture.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

PANEL_STYLE = "font-size: 17px; line-height: 1.45;"
#: a button's size: wide enough for its words, tall enough to hit on a touch screen
BUTTON_LAYOUT = {"width": "auto", "min_width": "96px", "height": "40px"}
BUTTON_FONT = "16px"


def button(label: str, on_click: Callable[[], object] | None = None, tooltip: str = "", *,
           guarded: Callable[..., Any] | None = None, font_size: str = BUTTON_FONT,
           **layout: str) -> widgets.Button:
    """A big, readable button running ``on_click()``.

    ``guarded`` (e.g. a board's ``view.guarded``) runs the handler so that an
    error shows under the board; ``layout`` overrides :data:`BUTTON_LAYOUT`
    (``min_width="72px"``, ``margin="0 4px 0 0"``). ``tooltip`` defaults to the label.
    """
    b = widgets.Button(description=label, tooltip=tooltip or label,
                       layout=widgets.Layout(**{**BUTTON_LAYOUT, **layout}),
                       style=widgets.ButtonStyle(font_size=font_size))
    if on_click is not None:
        handler = on_click
        if guarded is None:
            b.on_click(lambda _b: handler())
        else:
            run = guarded
            b.on_click(lambda _b: run(handler))
    return b


#: A class for ToggleButtons (the analysis panel's "Rank by"): ipywidgets draws them
#: at 13 px and 28 px high, small beside the panel's 17 px text and the 40 px buttons
#: next to them, and its ToggleButtonsStyle has no font size; this CSS sets both.
CHOICE_CLASS = "kit-choice"
CHOICE_CSS = (f"<style>.{CHOICE_CLASS} .widget-label {{ font-size: 17px; line-height: 40px; "
              f"height: 40px; }}\n"
              f".{CHOICE_CLASS} button.widget-toggle-button {{ font-size: {BUTTON_FONT}; "
              f"height: 40px; line-height: 40px; padding: 0 14px; }}</style>")


def choice_css() -> widgets.HTML:
    """The hidden ``<style>`` that :data:`CHOICE_CLASS` needs; put it beside the widgets."""
    return widgets.HTML(CHOICE_CSS, layout=widgets.Layout(display="none"))
