"""BoardView: a scene on a live canvas, with a status line and visible errors.

Every game's board widget is built on this: it owns the canvas, redraws a
:class:`kit.scene.Scene` in one message, turns clicks into scene coordinates,
and shows what Python answered in a status line big enough to read from the
back of a classroom. An exception in a click handler is never swallowed: it
goes to the ``errors`` output under the board (and to the log), and the status
line says something went wrong.

Not covered: any game's rules; a game's widget maps scene points to cells.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
from ipycanvas import Canvas
from ipycanvas import canvas as _ipycanvas_canvas

from kit.canvas import draw_scene
from kit.i18n import _
from kit.notation import shown
from kit.scene import Scene, svg_img
from kit.ui.access import FOCUS_CLASS, HOST_CLASS, Access
from kit.ui.guard import Guarded

log = logging.getLogger(__name__)

STATUS_STYLE = "font-size: 20px; line-height: 1.4; padding: 4px 0; min-height: 1.4em;"
# ipycanvas focuses the canvas on a mouse press (for key events) and only then
# reads where the canvas is. When the board is partly scrolled out of view,
# focus() scrolls the page first, and the click lands that far off: on the
# tile below the one clicked. A negative scroll margin makes the browser see
# the canvas as already in view, so focusing it scrolls nothing.
CANVAS_CLASS = "kit-board-canvas"
CANVAS_CSS = f"<style>.{CANVAS_CLASS} {{ scroll-margin: -100000px; }}</style>"


class SavedPicture:
    """Mixin for a widget with a board: where no kernel draws it (a saved
    lesson on GitHub, a handout, a fresh clone), its output still shows the
    board's picture (text/html beside the widget view) and one line of text,
    not the widget's repr. The live view wins wherever widgets run."""

    def saved_scene(self) -> Scene:
        raise NotImplementedError

    def saved_text(self) -> str:
        return f"<{type(self).__name__}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/html"] = svg_img(self.saved_scene().to_svg())
        data["text/plain"] = self.saved_text()
        return bundle


class BoardWidget(SavedPicture):
    """Mixin for a widget drawn on a :class:`BoardView` (``self.view``): boards,
    editors and replays. Its saved picture is the view's scene, and ``xy(cell)``
    says where a cell is on the canvas, as a browser click reports it (tests
    click there)."""

    view: BoardView

    def saved_scene(self) -> Scene:
        return self.view.scene

    def cell_point(self, cell: Any) -> tuple[float, float]:
        """Scene (x, y) of ``cell``'s centre (``kit.scene.centre`` of its box)."""
        raise NotImplementedError

    def xy(self, cell: Any) -> tuple[float, float]:
        """Canvas pixels of ``cell``'s centre: what a click there reports."""
        return self.view.canvas_xy(self.cell_point(cell))


class BoardView(Guarded, SavedPicture, widgets.VBox):
    """A canvas showing ``scene``; ``on_click(x, y)`` gets scene coordinates.

    ``access`` (:class:`kit.ui.access.Access`) keeps the canvas from trapping the
    keys and announces what the status line says; ``name`` is the canvas'
    accessible name (what a screen reader calls the board)."""

    FAILED = "board handler failed"

    def __init__(self, scene: Scene | None, *, on_click: Callable[[float, float], object] | None = None,
                 pixel_ratio: float = 2.0, name: str = "", **kwargs: Any) -> None:
        self.pixel_ratio = pixel_ratio
        self.scene = scene or Scene(1, 1)   # None: nothing drawn until the first show()
        self.on_click = on_click
        self.canvas = Canvas(width=1, height=1)
        self.canvas.add_class(CANVAS_CLASS)
        self.status = widgets.HTML()
        self.errors = widgets.Output()
        self.redraws = 0
        self.message = ""
        self.more = ""
        self.raise_errors = False  # tests set it: re-raise after showing the error
        css = widgets.HTML(CANVAS_CSS, layout=widgets.Layout(display="none"))
        self.access = Access(name=name or _("Board"))
        super().__init__([self.canvas, self.status, self.errors, css, self.access], **kwargs)
        for name_ in ("kit-board-view", HOST_CLASS, FOCUS_CLASS):
            self.add_class(name_)
        self.canvas.on_mouse_down(self._mouse_down)
        self.canvas.on_client_ready(self._client_ready)
        if scene is not None:
            self.show(scene)

    def show(self, scene: Scene) -> None:
        """Draw ``scene``; the canvas follows its size, sharp at ``pixel_ratio``."""
        self.scene = scene
        w, h = round(scene.width * self.pixel_ratio), round(scene.height * self.pixel_ratio)
        if (self.canvas.width, self.canvas.height) != (w, h):
            self.canvas.width, self.canvas.height = w, h
            # Shrinks to fit a narrow output, never grows blurry past its size.
            self.canvas.layout = widgets.Layout(width=f"{scene.width:g}px",
                                                max_width="100%", height="auto")
            # Long status text wraps under the board instead of widening it
            # (which would shift everything beside the board).
            self.layout.width = f"{scene.width:g}px"
            self.layout.max_width = "100%"
        draw_scene(self.canvas, scene, self.pixel_ratio)
        self.redraws += 1

    def saved_scene(self) -> Scene:
        return self.scene

    def saved_text(self) -> str:
        return _("<board: {status}>").format(status=self.message) if self.message else _("<board>")

    def say(self, text: str, *, tone: str = "info", more: str = "") -> None:
        """Show ``text`` in the status line (tone: info, good, bad): one or two
        sentences; ``more``, the details, folds under "Why?" (a long refusal
        pushed the board's buttons off a 768 px screen)."""
        colour = {"info": "#222222", "good": "#006B4E", "bad": "#A04000"}[tone]
        # The move words in the language's own ("pasar", not "pass"; issue 30)
        text, more = shown(text), shown(more)
        self.message = text  # the plain words, for tests and lesson checks
        self.more = more
        why = ""
        if more:
            items = "".join(f"<li>{html.escape(line)}</li>" for line in more.split("\n") if line)
            label = html.escape(_("Why?"))
            why = (f'<details class="kit-why" style="font-size: 17px; color: #222222">'
                   f'<summary style="cursor: pointer">{label}</summary>'
                   f'<ul style="margin: 4px 0; padding-left: 20px">{items}</ul></details>')
        self.status.value = (f'<div style="{STATUS_STYLE} color: {colour}">'
                             f"<div>{html.escape(text)}</div>{why}</div>")
        # Every status is announced; a refusal at once (WCAG 4.1.3).
        self.access.say(text, urgent=tone == "bad")

    # guarded(fn, *args) and report(exc): kit.ui.guard.Guarded

    def canvas_xy(self, point: tuple[float, float]) -> tuple[float, float]:
        """Canvas pixels of scene ``point``: what a browser click there reports."""
        return point[0] * self.pixel_ratio, point[1] * self.pixel_ratio

    def _mouse_down(self, x: float, y: float) -> None:
        if self.on_click is not None:
            self.guarded(self.on_click, x / self.pixel_ratio, y / self.pixel_ratio)

    def _client_ready(self) -> None:
        # A page that connects late (Voila, a reloaded tab) missed the first drawing.
        forget_current_canvas()
        draw_scene(self.canvas, self.scene, self.pixel_ratio)


def forget_current_canvas() -> None:
    """Make ipycanvas name the canvas again before its next drawing command.

    ipycanvas sends all canvases' commands through one private manager, which
    sends "switch canvas" only when the target differs from the last one it
    drew on. A page that connects late (Voila, a reloaded tab) has a fresh
    manager in the browser that knows no current canvas, so a redraw of the
    same canvas would go nowhere. ipycanvas (0.14) has no public way to say
    so; its private ``_CANVAS_MANAGER._current_canvas`` is the one place.
    tests/test_shared_board.py fails if ipycanvas renames it; until then a
    missing attribute is logged and the redraw goes on as before.
    """
    manager = getattr(_ipycanvas_canvas, "_CANVAS_MANAGER", None)
    if manager is None or not hasattr(manager, "_current_canvas"):
        log.warning("ipycanvas has no _CANVAS_MANAGER._current_canvas: a late page may stay blank")
        return
    manager._current_canvas = None
