"""Each game of `make app` played to its end by the keyboard alone (issue 29).

No mouse and no script moving the focus: only ``page.keyboard`` (helpers in
``keys_play.py``). From a fresh page: Tab to "Change game or seats", choose the
game and its choices by typing into the dropdowns, Start (the focus lands on
the board), play the person's seat against the computer (greedy) to the end of
the game, hear the end announced, Undo, Redo, Undo, Hint (the focus stays on
the button pressed: disabling it while the computer works used to drop the
focus to the page's body), and Tab out of the board and back.

Choices for a game that ends soon: Mattix on its smallest board (4 x 4, 8
moves of the person's), played by the board's cursor keys (arrows, Enter);
IOTA and Smartrix with their defaults (two players), by the move box.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_access_browser import shots
from keys_play import (Setup, Twin, board_focused, focused, has_focus, on_body, open_app,
                       pick_game, play_to_end, tab_to, tab_to_board, wait_for)

GAMES = {
    "Mattix": (Setup("Mattix", {"Board": "4 x 4"}), "cursor"),
    "IOTA": (Setup("IOTA"), "box"),
    "Smartrix": (Setup("Smartrix"), "box"),
}


def press_button(page, name: str) -> None:
    """Tab (forward, or back if it is behind) to the button, press Enter on it."""
    button = page.get_by_role("button", name=name, exact=True)
    try:
        tab_to(page, button, limit=25)
    except AssertionError:
        tab_to(page, button, key="Shift+Tab", limit=50)
    page.keyboard.press("Enter")


def status_says(page, words: str, timeout: float = 30_000) -> None:
    expect(page.get_by_role("status").filter(has_text=words)).not_to_have_count(0, timeout=timeout)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_by_keyboard_only(app_server, page, game):
    setup, by = GAMES[game]
    open_app(page, app_server)
    pick_game(page, setup)
    board = page.get_by_role("application", name=f"{game} board")
    expect(board).to_be_focused()
    status_says(page, f"Now playing {game}, deal 1:")

    twin = Twin(setup)
    moves = play_to_end(page, twin, by=by)
    assert twin.game.is_over and moves >= 3, moves
    status_says(page, "Game over.")

    # Undo, Redo, Undo, Hint, each by Tab and Enter: the focus stays on the button.
    for name, words in [("↶ Undo", "Took back"), ("↷ Redo", "Replayed"),
                        ("↶ Undo", "Took back"), ("Hint", "is best here")]:
        press_button(page, name)
        status_says(page, words)
        button = page.get_by_role("button", name=name, exact=True)
        expect(button).to_be_enabled(timeout=60_000)
        wait_for(lambda button=button: has_focus(button),
                 f"the focus back on {name} ({focused(page)})", 10)
        assert not on_body(page)

    if shots():
        page.screenshot(path=str(shots() / f"keys_{game.lower()}_after_hint.png"))

    # Out of the board and back by Tab and Shift+Tab.
    tab_to_board(page, key="Shift+Tab")
    page.keyboard.press("Tab")
    assert not board_focused(page), "Tab stayed on the board"
    page.keyboard.press("Shift+Tab")
    assert board_focused(page), focused(page)
    page.keyboard.press("Shift+Tab")
    assert not board_focused(page), "Shift+Tab stayed on the board"
    tab_to_board(page)
