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
IOTA and Smartrix with their defaults (two players), by the move box; Nim with
its defaults (heaps 2, 5, 7 against the perfect player), by the cursor keys.
Every registered game is played: one without its entry in ``GAMES`` fails.

The same whole game in Spanish and in Bulgarian (`make app LANG=es|bg`): the
picker chosen by the language's words, the move box and the move list by their
names in it, and every announcement the live regions make recorded from the
first move to the end: each move's and the verdict's is in the language (the
language's own word for "played" and for the game's end) and none is an
untranslated English move, refusal or verdict message.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from playwright.sync_api import expect

from kit import games
from kit.notation import WORDS
from keys_play import (Setup, Twin, board_focused, focused, has_focus, heard, listen, on_body,
                       open_app, pick_game, play_to_end, shots, tab_to, tab_to_board, wait_for)

GAMES = {
    "Mattix": (Setup("Mattix", {"Board": "4 x 4"}), "cursor"),
    "IOTA": (Setup("IOTA"), "box"),
    "Smartrix": (Setup("Smartrix"), "box"),
    "Nim": (Setup("Nim"), "cursor"),
}
#: every registered game, as the page's game menu names it
TITLES = [s.title for s in games.all()]


# English words of the move, refusal and verdict messages (kit/ui/game.py's
# "{player} played {move}: {points}.", "Game over. {result}", the refusals):
# none may be heard in a translated page.
ENGLISH = ["played", "Game over", "wins", "That is not a move", "Type a move first",
           "Took back", "Replayed", "is best here", "Now playing", "a draw", "points"]
# The notation's English words standing alone (kit.notation.WORDS): "pass", not "pasar".
NOTATION = re.compile(r"(?<![\w@])(" + "|".join(WORDS) + r")(?![\w@])")
# The language's own words a move's and the end's announcements carry.
SAID = {"es": {"played": "jugó", "over": "Fin de la partida"},
        "bg": {"played": "изигра", "over": "Край на играта"}}


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


@pytest.mark.parametrize("game", TITLES)
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
    print(f"{game}: {moves} moves of the person's, by the {by}")
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


@pytest.fixture(scope="module", params=["es", "bg"])
def app_in(request, chromium_path, tmp_path_factory):
    """`make app LANG=es|bg`: (the language, the page's URL)."""
    from conftest import make_voila
    lang = request.param
    server, url = make_voila(tmp_path_factory.mktemp(f"app-{lang}"), "app", f"LANG={lang}")
    with server:
        yield lang, url


def words_in(lang: str, game: str) -> dict[str, str]:
    """The page's words the keys look for, in ``lang`` (the kit's own catalogue)."""
    from kit.i18n import _, speaking
    with speaking(lang):
        return {"change": _("Change game or seats"), "game": _("Game"), "start": _("Start"),
                "move": _("Move"), "moves": _("Moves"), "title": _(game),   # Nim: "Ним"
                "undo": _("↶ Undo"), "board": _("{game} board").format(game=_(game))}


def translated(lang: str, choices) -> dict[str, str]:
    """The picker's labels and options as the page in ``lang`` shows them."""
    from kit.i18n import _, speaking
    with speaking(lang):
        return {_(label): _(option) for label, option in choices.items()}


@pytest.mark.parametrize("game", TITLES)
def test_a_whole_game_by_keyboard_only_in_spanish_and_bulgarian(app_in, page, game):
    lang, url = app_in
    words = words_in(lang, game)
    english_setup, by = GAMES[game]
    setup = Setup(game, translated(lang, english_setup.choices))
    open_app(page, url)
    pick_game(page, replace(setup, game=words["title"]), words)   # the picker's words
    expect(page.get_by_role("application", name=words["board"])).to_be_focused()
    listen(page)

    twin = Twin(setup, moves=words["moves"], lang=lang)
    moves = play_to_end(page, twin, by=by, box_name=words["move"], undo=words["undo"])
    assert twin.game.is_over and moves >= 3, moves
    said = SAID[lang]
    wait_for(lambda: any(said["over"] in t for t in heard(page)), f"{said['over']!r} heard", 30)
    texts = heard(page)
    print(f"{lang} {game}: {len(texts)} announcements, the last: {texts[-1]!r}")
    played = [t for t in texts if said["played"] in t]
    # Each of the person's moves and the computer's replies said with the word:
    # at least the person's moves, in a game of two seats about as many again.
    assert len(played) >= moves, (moves, texts)
    english = [(t, w) for t in texts for w in ENGLISH if w in t]
    english += [(t, m.group(1)) for t in texts for m in NOTATION.finditer(t)]
    assert not english, english
    if shots():
        page.screenshot(path=str(shots() / f"keys_{game.lower()}_{lang}_over.png"))
