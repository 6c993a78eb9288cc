"""Drive widgets from plain Python, as the browser would.

Used by the tests, and handy for a lesson author checking a board without a
browser. Nothing here needs a kernel or a frontend.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kit.ui.board import BoardView


def send_event(widget: Any, event: str, **content: object) -> None:
    """Deliver a frontend event message to ``widget`` (a canvas or multicanvas)."""
    widget.comm.handle_msg({"content": {"comm_id": widget.comm.comm_id,
                                        "data": {"method": "custom",
                                                 "content": {"event": event, **content}}},
                            "buffers": []})


def click(canvas: Any, x: float, y: float) -> None:
    """A mouse press at canvas pixel (x, y), as the frontend sends it.

    The frontend scales CSS pixels to the canvas' own pixels, so for a board
    drawn at ``pixel_ratio`` 2 a scene point (x, y) is canvas pixel (2x, 2y).
    """
    send_event(canvas, "mouse_down", x=x, y=y)


def click_scene(board: BoardView, x: float, y: float) -> None:
    """A mouse press at scene point (x, y) of a :class:`kit.ui.BoardView`."""
    click(board.canvas, x * board.pixel_ratio, y * board.pixel_ratio)


def press(canvas: Any, key: str, *, shift: bool = False, ctrl: bool = False,
          meta: bool = False) -> None:
    """A key pressed while ``canvas`` has focus, as the frontend sends it
    (``key`` is the browser's ``KeyboardEvent.key``: "ArrowUp", "Enter", " ", "r")."""
    send_event(canvas, "key_down", key=key, shift_key=shift, ctrl_key=ctrl, meta_key=meta)



def cursor_to(board: Any, *, cell: tuple[int, int] | None = None, hand: int | None = None) -> int:
    """Move ``board``'s cursor (``kit.ui.keys``) onto table ``cell`` or hand card
    ``hand`` (an index) by simulated arrow key events only; the number of presses."""
    from kit.ui.keys import walk
    return walk(board, lambda key: press(board.canvas, key), cell=cell, hand=hand)


def make_by_keys(board: Any, move: object, *, confirm: bool = True) -> None:
    """Make ``move`` (a move or its text) on ``board`` by simulated key events only,
    as the game's key map says a person does it (``KeyMap.make``)."""
    board.cursor_keys.keymap.make(board, move, lambda key: press(board.canvas, key),
                                  confirm=confirm)
