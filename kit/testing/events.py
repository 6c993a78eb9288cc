"""Drive widgets from plain Python, as the browser would.

Used by the tests, and handy for a lesson author checking a board without a
browser. Nothing here needs a kernel or a frontend.
"""


def send_event(widget, event: str, **content) -> None:
    """Deliver a frontend event message to ``widget`` (a canvas or multicanvas)."""
    widget.comm.handle_msg({"content": {"comm_id": widget.comm.comm_id,
                                        "data": {"method": "custom",
                                                 "content": {"event": event, **content}}},
                            "buffers": []})


def click(canvas, x: float, y: float) -> None:
    """A mouse press at canvas pixel (x, y), as the frontend sends it.

    The frontend scales CSS pixels to the canvas' own pixels, so for a board
    drawn at ``pixel_ratio`` 2 a scene point (x, y) is canvas pixel (2x, 2y).
    """
    send_event(canvas, "mouse_down", x=x, y=y)


def click_scene(board, x: float, y: float) -> None:
    """A mouse press at scene point (x, y) of a :class:`kit.ui.BoardView`."""
    click(board.canvas, x * board.pixel_ratio, y * board.pixel_ratio)


def press(canvas, key: str, *, shift: bool = False, ctrl: bool = False,
          meta: bool = False) -> None:
    """A key pressed while ``canvas`` has focus, as the frontend sends it
    (``key`` is the browser's ``KeyboardEvent.key``: "ArrowUp", "Enter", " ", "r")."""
    send_event(canvas, "key_down", key=key, shift_key=shift, ctrl_key=ctrl, meta_key=meta)


def cursor_to(board, *, cell=None, hand=None, limit: int = 400) -> int:
    """Move ``board``'s cursor (``kit.ui.keys``) by arrow key presses only, as a
    person would, onto table ``cell`` or hand card ``hand`` (an index); returns
    the number of presses. AssertionError if the arrows cannot get there."""
    if (cell is None) == (hand is None):
        raise ValueError("cursor_to needs exactly one of cell= and hand=")
    presses = 0
    if not board.cursor_keys.shown:
        press(board.canvas, "ArrowLeft")   # the first arrow shows the cursor where it is
        presses += 1
    for _ in range(limit):
        spot = board.cursor_keys.current(board)
        if hand is not None:
            if spot.zone == "hand" and spot.index == hand:
                return presses
            key = ("ArrowDown" if spot.zone == "table" else
                   "ArrowLeft" if spot.index > hand else "ArrowRight")
        else:
            target = tuple(cell)
            if spot.zone == "table" and spot.cell == target:
                return presses
            (r, c), (tr, tc) = spot.cell, target
            key = ("ArrowUp" if spot.zone == "hand" or tr < r else "ArrowDown" if tr > r
                   else "ArrowLeft" if tc < c else "ArrowRight")
        before = spot
        press(board.canvas, key)
        presses += 1
        if board.cursor_keys.current(board) == before:
            raise AssertionError(f"{key} did not move the cursor from {before}")
    raise AssertionError(f"the cursor did not reach {cell if hand is None else hand}")
