"""`make app` in a real browser: pick a game, start, the board draws, offline.

Voila runs play.ipynb before the page connects, so a board built then would
stay blank without the client-ready redraw; the page is also reloaded (a new
kernel, the notebook run again) and must draw again. Every request the page
makes, websockets included, must stay on this machine: a classroom may have
no internet.
"""

import re
from urllib.parse import urlparse

from playwright.sync_api import expect

from canvas_page import wait_until_drawn
from kit.ui.app import Launcher

LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def off_machine(urls):
    return [u for u in urls if not u.startswith(("data:", "blob:"))
            and urlparse(u).hostname not in LOCAL_HOSTS]


def local_mattix_board():
    """The board the page's choices below build, built here to know where to click."""
    app = Launcher(delay=0, start=False)
    app.game.value = "Mattix"
    app.options["size"].value = 5
    app.seats[1].value = "search"
    return app.start_game()


def click_where_seen(page, canvas, x: float, y: float) -> None:
    """Click canvas pixel (x, y) where it is on screen now, as a person would
    (a locator's click would first scroll the whole canvas into view)."""
    box = canvas.bounding_box()
    width, height = canvas.evaluate("el => [el.width, el.height]")
    page.mouse.click(box["x"] + x * box["width"] / width, box["y"] + y * box["height"] / height)


def board_canvas(page):
    canvas = page.locator(".widget-box canvas").first
    expect(canvas).to_be_visible(timeout=90_000)
    return canvas


def test_app_picks_a_game_starts_it_and_draws_it_offline(app_server, page):
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("websocket", lambda socket: requests.append(socket.url))
    page.goto(app_server)

    # First load: the default game is already on the page, drawn.
    canvas = board_canvas(page)
    assert wait_until_drawn(canvas) > 1000
    iota_size = canvas.evaluate("el => [el.width, el.height]")
    expect(page.get_by_text("IOTA, deal 1:")).to_be_visible()
    shown = page.locator("body").inner_text()
    assert not re.search(r"\bcells?\b|\brun\b|Shift", shown, re.IGNORECASE), shown[:500]

    # The choices are folded away under one line while a game is on: unfold them.
    expect(page.get_by_role("button", name="Start")).to_be_hidden()
    page.get_by_role("button", name="Change game or seats").click()
    # Pick Mattix on a 5 x 5 board against the search player, and start.
    page.locator("select").first.select_option("Mattix")
    page.get_by_label("Board", exact=True).select_option("5 x 5")
    page.get_by_label("Column player").select_option("computer: search")
    page.get_by_role("button", name="Start").click()
    expect(page.get_by_text("Mattix, deal 1: Row player (a person), "
                            "Column player (computer: search).")).to_be_visible(timeout=30_000)
    canvas = board_canvas(page)
    assert wait_until_drawn(canvas) > 1000
    assert canvas.evaluate("el => [el.width, el.height]") != iota_size   # the new board's

    # And it plays: a take lands in the move list.
    board = local_mattix_board()
    move = board.game.legal_moves()[0]
    # The board partly below the window (a short one: the board now fits a 768 px
    # screen): a click on it must still land on the cell clicked (ipycanvas
    # focuses the canvas first).
    page.set_viewport_size({"width": 1280, "height": 560})
    box = canvas.bounding_box()
    assert box["y"] + box["height"] > page.viewport_size["height"], box
    click_where_seen(page, canvas, *board.xy(move.cell))
    expect(page.get_by_text(str(move), exact=True).first).to_be_visible(timeout=30_000)

    # A reload runs the notebook in a new kernel: the first game draws again.
    page.reload()
    assert wait_until_drawn(board_canvas(page)) > 1000
    expect(page.get_by_text("IOTA, deal 1:")).to_be_visible()

    assert requests and not off_machine(requests), off_machine(requests)


def test_each_game_fits_one_1366_x_768_screen_once_started(app_server, page):
    """The table, the hand and the buttons of each game in view without scrolling:
    the choices fold away once a game is on (the IOTA hand was cut off under them)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(app_server)
    for game in ["IOTA", "Mattix", "Smartrix"]:
        if game != "IOTA":
            page.get_by_role("button", name="Change game or seats").click()
            page.locator("select").first.select_option(game)
            page.get_by_role("button", name="Start").click()
            expect(page.get_by_text(f"Now playing {game}, deal 1:")).to_be_visible(timeout=30_000)
        canvas = board_canvas(page)
        wait_until_drawn(canvas)
        box = canvas.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 768, (game, box)
        assert box["x"] + box["width"] <= 1366, (game, box)
        for name in ["↶ Undo", "Hint", "New game"]:
            button = page.get_by_role("button", name=name).first.bounding_box()
            assert button["y"] + button["height"] <= 768, (game, name, button)
        expect(page.get_by_role("button", name="Start")).to_be_hidden()
        if _shots():
            page.screenshot(path=str(_shots() / f"app_{game.lower()}.png"))


def _shots():
    import os
    from pathlib import Path
    folder = os.environ.get("KIT_SCREENSHOTS")
    if not folder:
        return None
    Path(folder).mkdir(parents=True, exist_ok=True)
    return Path(folder)
