"""`make app` by keyboard and through the accessibility tree (issue 29), in a real browser.

Per game, from a fresh page: the board is reached by Tab and left again by Tab
and Shift+Tab (ipycanvas' own front end kept every key: a keyboard trap), Esc
goes from the board to its move box, a move typed there and Enter plays it,
and what a screen reader reads is checked through the accessibility tree
only (roles and names, Playwright's aria snapshot): the board's name, the
move box, the refusal (an alert) and the move (a status), the move list (a
log), the text view. After Start the focus is on the board. The wheel over a
board scrolls the page, and so does a finger on a touch screen, while a tap
still does what a click does.

Not covered here: the cursor keys on the boards (their own tests), axe-core.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from canvas_page import wait_until_drawn
from keys_play import (Setup, Twin, board_focused, focused, heard, listen, shots, tab_to_board,
                       wait_for)

from kit import games

#: every registered game, as the page's game menu names it (a new game is covered by registering it)
GAMES = [s.title for s in games.all()]


def twin_board(game: str):
    """The board the page's default choices build for ``game``, built here."""
    return Twin(Setup(game)).board


def twin_move(game: str) -> str:
    """A legal first move on the board the page's default choices build for ``game``."""
    board = twin_board(game)
    moves = [str(m) for m in board.game.legal_moves()]
    plays = [m for m in moves if "@" in m] or moves   # IOTA: a play, not a recycle
    return plays[0]


def twin_refusal(game: str, lang: str = "en") -> tuple[str, str]:
    """A move that reads but breaks the rules on the first position of ``game``, and
    the refusal the board says for it (in ``lang``): a Mattix tile outside the
    line, an IOTA or Smartrix card far from the table."""
    from kit.errors import IllegalMove, InvalidMoveText
    from kit.i18n import speaking
    with speaking(lang):
        board = twin_board(game)
        g = board.game
        if game == "Mattix":
            texts = [f"{r},{c}" for r in range(g.size) for c in range(g.size)]
        else:
            texts = [twin_move(game).split()[0].split("@")[0] + "@20,20"]
        for text in [*texts, *elsewhere(g)]:
            try:
                move = g.parse_move(text)
            except InvalidMoveText:       # another game's way of writing moves
                continue
            try:
                g.copy().play(move)
            except IllegalMove:
                board.play_typed(text)
                return text, board.view.message
        raise AssertionError(f"no illegal move found among {texts} nor in other deals")


def elsewhere(game):
    """Any game's moves legal in another seeded deal and not in ``game`` (no table of games)."""
    here = {str(m) for m in game.legal_moves()}
    for seed in range(1, 30):
        yield from (str(m) for m in type(game).new(seed=seed).legal_moves() if str(m) not in here)


def open_game(page, url: str, game: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(url)
    canvas = page.locator("canvas.kit-board-canvas").first
    expect(canvas).to_be_visible(timeout=90_000)
    wait_until_drawn(canvas)
    if game == GAMES[0]:    # the page's first game: reach it from the top by Tab
        tab_to_board(page)
        return
    page.get_by_role("button", name="Change game or seats").click()
    page.locator("select").first.select_option(game)
    page.get_by_role("button", name="Start").press("Enter")
    expect(page.get_by_text(f"Now playing {game}, deal 1:")).to_be_visible(timeout=30_000)
    wait_until_drawn(page.locator("canvas.kit-board-canvas").first)
    wait_for(lambda: board_focused(page),      # after Start the focus is on the new board
             f"the board has the focus after Start ({focused(page)})", 20)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_by_keyboard_and_accessibility_tree(app_server, page, game):
    open_game(page, app_server, game)
    board = page.get_by_role("application", name=f"{game} board")
    expect(board).to_be_focused()
    if shots():
        page.screenshot(path=str(shots() / f"access_{game.lower()}_focused.png"))
    description = page.evaluate("() => document.getElementById(document.activeElement"
                                ".getAttribute('aria-describedby')).textContent")
    assert "to move" in description and "Move box" in description, description

    # No trap: Tab leaves the board, Shift+Tab comes back, and leaves it backwards too.
    page.keyboard.press("Tab")
    assert not board_focused(page), "Tab stayed on the board"
    page.keyboard.press("Shift+Tab")
    assert board_focused(page), f"Shift+Tab did not come back to the board: {focused(page)}"
    page.keyboard.press("Shift+Tab")
    assert not board_focused(page), "Shift+Tab stayed on the board"
    tab_to_board(page, limit=5)

    # Esc: from the board to its move box.
    page.keyboard.press("Escape")
    box = page.get_by_role("textbox", name="Move", exact=True)
    expect(box).to_be_focused()

    # A refusal is an alert (read at once), and the text stays in the box to mend.
    page.keyboard.type("nonsense")
    page.keyboard.press("Enter")
    expect(page.get_by_role("alert")).to_contain_text("That is not a move", timeout=20_000)
    expect(box).to_have_value("nonsense")

    # A move that reads but breaks the rules: the rules' refusal, said at once
    # (an alert is assertive), the same words a click's refusal says.
    illegal, refusal = twin_refusal(game)
    page.keyboard.press("Control+A")
    page.keyboard.type(illegal)
    page.keyboard.press("Enter")
    alert = page.get_by_role("alert").filter(has_text=refusal)
    expect(alert).to_have_count(1, timeout=20_000)
    expect(alert).to_have_attribute("aria-live", "assertive")
    expect(box).to_have_value(illegal)

    # A legal move, typed: played, announced politely, in the move list (a log).
    move = twin_move(game)
    page.keyboard.press("Control+A")
    page.keyboard.type(move)
    page.keyboard.press("Enter")
    status = page.get_by_role("status").filter(has_text=f"played {move}")
    expect(status).to_have_count(1, timeout=30_000)
    expect(page.get_by_role("log", name="Moves")).to_contain_text(move)
    expect(box).to_have_value("")
    snapshot = page.locator(".kit-game-board").aria_snapshot()
    assert f"played {move}" in snapshot and 'log "Moves"' in snapshot, snapshot

    # The text view: Tab to its switch, press it, read the position.
    page.keyboard.press("Tab")        # Play
    page.keyboard.press("Tab")        # Text view
    switch = page.get_by_role("button", name="Text view")
    expect(switch).to_be_focused()
    page.keyboard.press("Enter")
    expect(switch).to_have_attribute("aria-pressed", "true")
    text = page.get_by_role("region", name="The position as text")
    expect(text).to_contain_text(game, timeout=20_000)
    # What it reads is the position on the page: the board's own text board after
    # the moves its move list (a log) shows, whose turn, and the last move.
    expect(page.get_by_role("button", name="↶ Undo")).to_be_enabled(timeout=30_000)
    twin = twin_board(game)
    for played in page.get_by_role("log", name="Moves").locator("code").all_inner_texts():
        twin.game.play(twin.game.parse_move(played))
    expect(text).to_contain_text(twin.position_text(), timeout=20_000)
    expect(text).to_contain_text(f"Last move: {twin.last_move}")
    expect(text).to_contain_text(twin._turn_text())
    if shots():
        page.screenshot(path=str(shots() / f"access_{game.lower()}.png"))


def test_the_wheel_over_a_board_scrolls_the_page(app_server, page):
    page.set_viewport_size({"width": 1366, "height": 500})
    page.goto(app_server)
    canvas = page.locator("canvas.kit-board-canvas").first
    expect(canvas).to_be_visible(timeout=90_000)
    wait_until_drawn(canvas)
    box = canvas.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 100)
    page.mouse.wheel(0, 300)
    # Whichever element scrolls the page (Voila's own, or the document), the board moves up.
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and canvas.bounding_box()["y"] >= box["y"]:
        time.sleep(0.1)
    assert canvas.bounding_box()["y"] < box["y"], "the wheel over the board did not scroll the page"


def drag_finger(cdp, x: float, start: float, end: float, steps: int = 12) -> None:
    """One finger down at (x, start), moved to (x, end) in ``steps``, lifted."""
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": start}]})
    for i in range(1, steps + 1):
        y = start + (end - start) * i / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        time.sleep(0.016)      # a frame apart, as a finger's moves come
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_finger_over_a_board_scrolls_the_page_and_a_tap_still_picks(app_server, browser):
    """A touch screen (a school's tablet): a drag over the board scrolls the page, and a
    tap on a card of the hand picks it, as a click does (the board says so)."""
    context = browser.new_context(has_touch=True, viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        page.goto(app_server)
        canvas = page.locator("canvas.kit-board-canvas").first
        expect(canvas).to_be_visible(timeout=90_000)
        wait_until_drawn(canvas)
        # Nothing in the page's CSS keeps the browser from panning over the canvas
        # (ipycanvas sets no touch-action; "auto" also lets a pupil pinch to zoom).
        assert canvas.evaluate("el => getComputedStyle(el).touchAction") == "auto"

        # A tap on the hand's first card: the board's own click (its handler in Python).
        # The page opens on IOTA (a hand of cards to pick from).
        board = twin_board("IOTA")
        box = canvas.bounding_box()
        width, height = canvas.evaluate("el => [el.width, el.height]")
        x, y = board.hand_xy(0)
        card = board.game.hand[0]
        listen(page)
        page.touchscreen.tap(box["x"] + x * box["width"] / width, box["y"] + y * box["height"] / height)
        picked = page.get_by_role("status").filter(has_text=f"{card} (")
        expect(picked).to_contain_text("picked", timeout=20_000)
        time.sleep(1)
        said = len(heard(page))

        # A finger dragged up over the board: raw touch points, as a touch screen sends
        # them (Chromium's synthesizeScrollGesture scrolls nothing in headless mode).
        page.set_viewport_size({"width": 1366, "height": 500})
        box = canvas.bounding_box()
        x = box["x"] + box["width"] / 2
        assert page.evaluate(f"() => document.elementFromPoint({x}, 450).tagName") == "CANVAS"
        drag_finger(context.new_cdp_session(page), x, 450, 150)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and canvas.bounding_box()["y"] >= box["y"]:
            time.sleep(0.1)
        assert canvas.bounding_box()["y"] < box["y"] - 100, "a finger over the board did not scroll the page"
        # The drag was no tap: nothing more was said (no cell or card was taken by it).
        time.sleep(1)
        assert heard(page)[said:] == [], heard(page)
    finally:
        context.close()


@pytest.fixture(scope="module")
def access_lab(chromium_path, tmp_path_factory):
    """JupyterLab serving one notebook: a Mattix board against the computer."""
    import sys

    from servers import free_port, lab_command, running, write_notebook
    tmp = tmp_path_factory.mktemp("access-lab")
    site = tmp / "site"
    write_notebook(site / "board.ipynb", "from kit import mattix\n"
                   'mattix.Board(seats=["human", "greedy"], delay=0, seed=3)')
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with running(lab_command(sys.executable, port, tmp), site, url + "/lab",
                 env={"JUPYTER_DATA_DIR": str(tmp / "data")}, log=tmp / "lab.log"):
        yield url


def test_in_jupyterlab_a_focused_board_lets_tab_go_and_the_move_box_plays(access_lab, page):
    from canvas_page import open_and_run

    from kit.mattix import Board
    page.set_viewport_size({"width": 1366, "height": 768})
    canvas = open_and_run(page, access_lab, "board.ipynb")
    canvas.click(position={"x": 5, "y": 5})       # a click focuses it, as ipycanvas does
    assert board_focused(page)
    page.keyboard.press("Tab")
    assert not board_focused(page), "Tab stayed on the board in JupyterLab"
    page.keyboard.press("Shift+Tab")
    assert board_focused(page)
    page.keyboard.press("Escape")
    box = page.get_by_role("textbox", name="Move", exact=True)
    expect(box).to_be_focused()
    move = str(Board(seats=["human", "greedy"], delay=0, seed=3).game.legal_moves()[0])
    page.keyboard.type(move)
    page.keyboard.press("Enter")
    expect(page.get_by_role("status").filter(has_text=f"played {move}")).to_have_count(
        1, timeout=60_000)
    expect(page.get_by_role("log", name="Moves")).to_contain_text(move)


@pytest.mark.parametrize(("lang", "words"), [
    ("es", {"board": "Tablero de IOTA", "move": "Jugada", "refusal": "Eso no es una jugada",
            "moves": "Jugadas", "text": "Vista de texto", "position": "La posición en texto",
            "last": "Última jugada:", "deck": "mazo"}),
    ("bg", {"board": "Дъска на IOTA", "move": "Ход", "refusal": "Това не е ход",
            "moves": "Ходове", "text": "Текстов изглед", "position": "Позицията като текст",
            "last": "Последен ход:", "deck": "тесте"})])
def test_make_app_in_spanish_and_bulgarian_by_keys_and_the_tree(page, tmp_path, lang, words):
    from conftest import make_voila
    server, url = make_voila(tmp_path, "app", f"LANG={lang}")
    with server:
        page.set_viewport_size({"width": 1366, "height": 768})
        page.goto(url)
        board = page.get_by_role("application", name=words["board"])
        expect(board).to_be_visible(timeout=120_000)
        tab_to_board(page)
        page.keyboard.press("Tab")
        assert not board_focused(page)
        page.keyboard.press("Shift+Tab")
        expect(board).to_be_focused()
        page.keyboard.press("Escape")
        box = page.get_by_role("textbox", name=words["move"], exact=True)
        expect(box).to_be_focused()
        page.keyboard.type("xyz")
        page.keyboard.press("Enter")
        expect(page.get_by_role("alert")).to_contain_text(words["refusal"], timeout=20_000)
        # The rules' refusal in the language's words, said at once.
        illegal, refusal = twin_refusal("IOTA", lang)
        page.keyboard.press("Control+A")
        page.keyboard.type(illegal)
        page.keyboard.press("Enter")
        alert = page.get_by_role("alert").filter(has_text=refusal)
        expect(alert).to_have_count(1, timeout=20_000)
        expect(alert).to_have_attribute("aria-live", "assertive")
        move = twin_move("IOTA")
        page.keyboard.press("Control+A")
        page.keyboard.type(move)
        page.keyboard.press("Enter")
        expect(page.get_by_role("status").filter(has_text=move)).to_have_count(1, timeout=30_000)
        expect(page.get_by_role("log", name=words["moves"])).to_contain_text(move)
        # The text view, by keys, in the language's words: the position as text.
        page.keyboard.press("Tab")        # Play
        page.keyboard.press("Tab")        # Text view
        switch = page.get_by_role("button", name=words["text"])
        expect(switch).to_be_focused()
        page.keyboard.press("Enter")
        expect(switch).to_have_attribute("aria-pressed", "true")
        region = page.get_by_role("region", name=words["position"])
        expect(region).to_contain_text(words["last"], timeout=20_000)
        expect(region).to_contain_text(words["deck"])


def test_on_a_320_px_screen_the_panel_goes_under_the_board(app_server, page):
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(app_server)
    canvas = page.locator("canvas.kit-board-canvas").first
    expect(canvas).to_be_visible(timeout=90_000)
    wait_until_drawn(canvas)
    board = canvas.bounding_box()
    panel = page.locator(".kit-side-panel").first.bounding_box()
    assert board["width"] >= 250, board           # the board was squeezed to 14 px wide
    assert panel["y"] >= board["y"] + board["height"] - 1, (board, panel)
    assert panel["x"] + panel["width"] <= 320 + 1, panel
    if shots():
        page.screenshot(path=str(shots() / "access_320px.png"), full_page=True)
