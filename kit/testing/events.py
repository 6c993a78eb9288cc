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
