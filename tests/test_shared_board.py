"""The widget shell by simulated clicks, in plain Python (no kernel, no browser)."""

import json

import pytest
from comm import DummyComm
from ipycanvas import canvas as ipycanvas_canvas

from kit.lessons.welcome import CELL, MARGIN, ClickGrid
from kit.scene import Scene
from kit.ui import BoardView
from kit.ui.board import forget_current_canvas
from kit.testing.events import click, click_scene, send_event


@pytest.fixture
def sent(monkeypatch):
    """Every message the kernel side sends to the browser, decoded."""
    messages = []
    original = DummyComm.publish_msg

    def record(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        messages.append((data, buffers))
        return original(self, msg_type, data=data, metadata=metadata, buffers=buffers, **keys)

    # On the class: the canvas manager's comm was made at import time.
    monkeypatch.setattr(DummyComm, "publish_msg", record)
    return messages


def centre(row, col):
    return MARGIN + col * CELL + CELL / 2, MARGIN + row * CELL + CELL / 2


def test_a_click_on_a_square_is_named_in_the_status_line():
    grid = ClickGrid(5)
    click_scene(grid, *centre(2, 3))
    assert grid.clicked == (2, 3)
    assert "You chose row 2, column 3" in grid.status.value


def test_canvas_pixels_are_scaled_back_to_scene_points():
    grid = ClickGrid(5, pixel_ratio=3)
    assert (grid.canvas.width, grid.canvas.height) == (3 * grid.scene.width, 3 * grid.scene.height)
    x, y = centre(4, 0)
    click(grid.canvas, 3 * x, 3 * y)  # what the browser sends: canvas pixels
    assert grid.clicked == (4, 0)


def test_a_click_off_the_grid_explains_and_changes_nothing():
    grid = ClickGrid(3)
    click_scene(grid, 2, 2)
    assert grid.clicked is None
    assert "outside the board" in grid.status.value


def test_one_redraw_is_one_message(sent):
    grid = ClickGrid(8)
    sent.clear()
    grid.show(grid.picture())
    assert len(sent) == 1 and sent[0][1]  # one batch, commands in its binary buffer
    commands = json.loads(bytes(sent[0][1][0]))
    assert len(commands) > 64  # every square went out in that one message


@pytest.mark.allow_logged_errors
def test_an_error_in_a_click_handler_is_shown_not_swallowed():
    def broken(x, y):
        raise RuntimeError("boom at the board")

    board = BoardView(Scene(100, 100), on_click=broken)
    click_scene(board, 10, 10)
    assert "boom at the board" in board.status.value
    assert any("boom at the board" in o.get("text", "") for o in board.errors.outputs)


def test_handler_errors_fail_tests_when_raise_errors_is_set():
    def broken(x, y):
        raise RuntimeError("boom")

    board = BoardView(Scene(100, 100), on_click=broken)
    board.raise_errors = True
    with pytest.raises(AssertionError):  # conftest turns the logged error into a failure
        click_scene(board, 10, 10)


def test_client_ready_forgets_the_current_canvas_and_redraws(sent):
    grid = ClickGrid(4)
    ipycanvas_canvas._CANVAS_MANAGER._current_canvas = grid.canvas
    sent.clear()
    send_event(grid.canvas, "client_ready")
    assert ipycanvas_canvas._CANVAS_MANAGER._current_canvas is grid.canvas
    commands = json.loads(bytes([m for m in sent if m[1]][0][1][0]))
    assert commands[0][0] == ipycanvas_canvas.COMMANDS["switchCanvas"]


def test_forget_current_canvas_writes_the_attribute_ipycanvas_reads():
    """kit.ui.board.forget_current_canvas writes ipycanvas' private
    _CANVAS_MANAGER._current_canvas (no public way exists in 0.14): if an
    ipycanvas upgrade renames it, this fails and the function must change."""
    manager = ipycanvas_canvas._CANVAS_MANAGER
    board = BoardView(Scene(10, 10))
    assert manager._current_canvas is board.canvas   # ipycanvas tracks the last canvas drawn on
    forget_current_canvas()
    assert manager._current_canvas is None


def test_canvas_xy_is_a_scene_point_in_canvas_pixels():
    board = BoardView(Scene(100, 100), pixel_ratio=2.0)
    assert board.canvas_xy((10, 25.5)) == (20, 51)


def test_cancel_stops_a_running_task_and_ignores_none_or_a_finished_one():
    import asyncio

    from kit.ui.tasks import cancel, running_loop

    async def scenario():
        assert running_loop() is asyncio.get_running_loop()
        task = asyncio.get_running_loop().create_task(asyncio.sleep(10))
        assert cancel(task) and not cancel(None)
        with pytest.raises(asyncio.CancelledError):
            await task
        assert not cancel(task)

    assert running_loop() is None
    asyncio.run(scenario())


@pytest.mark.allow_logged_errors
def test_a_style_button_runs_its_handler_through_guarded():
    from kit.ui.style import BUTTON_LAYOUT, button

    board = BoardView(Scene(10, 10))
    pressed = []
    b = button("Go", lambda: pressed.append(1), guarded=board.guarded, margin="0 4px 0 0")
    b.click()
    assert pressed == [1] and b.tooltip == "Go"
    assert b.layout.min_width == BUTTON_LAYOUT["min_width"] and b.layout.margin == "0 4px 0 0"
    broken = button("Break", lambda: 1 / 0, guarded=board.guarded)
    broken.click()                                   # shown under the board, not lost
    assert "division by zero" in board.message


def test_the_grid_by_keys_alone_arrows_move_a_cursor_enter_chooses():
    """Issue 29: the welcome's board was the one board with no keys."""
    from kit.testing.events import press
    grid = ClickGrid(5)
    assert "arrow keys" in grid.message
    for key in ("ArrowDown", "ArrowDown", "ArrowRight", "ArrowUp", "ArrowLeft", "ArrowLeft"):
        press(grid.canvas, key)
    assert grid.cursor == (1, 0) and grid.clicked is None
    assert grid.message == "Row 1, column 0: press Enter to choose it."
    press(grid.canvas, "ArrowRight")
    press(grid.canvas, "Enter")
    assert grid.clicked == (1, 1) and "You chose row 1, column 1" in grid.status.value
    for _ in range(9):                         # the cursor stops at the edge
        press(grid.canvas, "ArrowDown")
    press(grid.canvas, " ")
    assert grid.clicked == (4, 1)


def test_the_grids_move_box_takes_row_comma_column_and_refuses_the_rest():
    grid = ClickGrid(5)
    assert grid.access.move_box
    grid.access.type_move("2,3")
    assert grid.clicked == (2, 3) and grid.cursor == (2, 3) and grid.access.typed == ""
    for bad in ("5,0", "two", "", "1"):
        grid.access.type_move(bad)
        assert grid.clicked == (2, 3) and "is not a square" in grid.message, bad
