"""Driving `make app` by the keyboard alone, as a person without a mouse does (issue 29).

Every step here goes through ``page.keyboard`` only: no click, no script that
moves the focus (``focus()``, ``select_option``). What the page shows is read
(which element has the focus, the move list, the live regions), never changed.

- :func:`tab_to` presses Tab (or Shift+Tab) until an element has the focus, each
  press moving it on (else a trap), and says where it went;
- :func:`pick_game` opens the game picker by keys, types the game's and each
  choice's first letters into their dropdowns (a closed select's type-ahead),
  and presses Start;
- :class:`Twin` is the same game built in the test's own Python, kept in step
  with the page by the moves its move list (a log) shows: it knows the legal
  moves, and the cursor's spot for arrow keys sent to both;
- :func:`play_to_end` plays the person's seat to the end of the game against
  the computer: by the move box, or by the board's cursor keys;
- :func:`listen` and :func:`heard` record every text the page's live regions
  (``aria-live``: status, alert) say, as a screen reader hears them;
- :func:`shots`: the folder for screenshots (``KIT_SCREENSHOTS``), if any.

The one copy of these helpers: tests/browser/test_access_browser.py and
test_keys_play_browser.py (and the hub's) use them.

Not covered: what a key means on a board (``kit.ui.keys`` and its tests).
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from canvas_page import wait_until_drawn
from kit.ui.app import Launcher
from kit.ui.keys import ARROWS

FOCUSED_BOARD = "() => !!document.activeElement?.classList.contains('kit-board-canvas')"
IS_FOCUSED = "e => e === document.activeElement"
FOCUSED = """() => { const e = document.activeElement; if (!e) return 'none';
  return e.tagName + '.' + (e.className || '') + ' ' + (e.getAttribute('aria-label') || '')
    + ' ' + (e.textContent || '').trim().slice(0, 30); }"""
# Whether the focus is on another element than at the last call (no element at all
# twice is let go, as the lessons' walk always did: the focus is off the page).
MOVED = """() => { const now = document.activeElement;
  const moved = now !== window.kitLastFocus || !now;
  window.kitLastFocus = now; return moved; }"""
# Every text a live region comes to say, in order (read, never changed).
LISTEN = """() => { if (window.kitHeard) return; window.kitHeard = [];
  const last = new Map();
  const note = () => document.querySelectorAll('[aria-live]').forEach(e => {
    const text = (e.textContent || '').trim();
    if (text && last.get(e) !== text) { window.kitHeard.push(text); }
    last.set(e, text); });
  new MutationObserver(note).observe(document.body,
    {subtree: true, childList: true, characterData: true});
  note(); }"""


def shots() -> Path | None:
    """The folder screenshots go to (``KIT_SCREENSHOTS``), or None."""
    folder = os.environ.get("KIT_SCREENSHOTS")
    if not folder:
        return None
    Path(folder).mkdir(parents=True, exist_ok=True)
    return Path(folder)


def listen(page) -> None:
    """From now on record what the page's live regions say (see :func:`heard`)."""
    page.evaluate(LISTEN)


def heard(page) -> list[str]:
    """The texts the live regions said since :func:`listen`, in order."""
    return page.evaluate("() => window.kitHeard || []")


def focused(page) -> str:
    """The focused element in words (for failure messages): its tag, class, accessible
    label and first words."""
    return page.evaluate(FOCUSED)


def on_body(page) -> bool:
    return page.evaluate("() => !document.activeElement || document.activeElement === document.body")


def board_focused(page) -> bool:
    return page.evaluate(FOCUSED_BOARD)


def has_focus(locator) -> bool:
    return locator.evaluate(IS_FOCUSED)


def tab_to(page, target, key: str = "Tab", limit: int = 60, seen: list[str] | None = None) -> int:
    """Press ``key`` until ``target`` (a locator) has the focus; how many presses it took.

    Every press must move the focus to another element (one keeping it would be a
    trap; compared as elements, not by their words, so two like buttons side by side
    are two steps). What the focus passed is recorded in ``seen`` (given, the caller
    reads it after) and named in the failure."""
    seen = [] if seen is None else seen
    page.evaluate(MOVED)              # where the focus starts
    for n in range(1, limit + 1):
        page.keyboard.press(key)
        moved = page.evaluate(MOVED)
        now = focused(page)
        seen.append(now)
        if has_focus(target):
            return n
        assert moved, f"{key} did not move the focus from {now} (after {seen})"
    raise AssertionError(f"{limit} x {key} never reached {target}: {seen}")


def tab_to_board(page, key: str = "Tab", limit: int = 60) -> int:
    """Press ``key`` until a board has the focus; how many presses it took."""
    for n in range(1, limit + 1):
        page.keyboard.press(key)
        if board_focused(page):
            return n
    raise AssertionError(f"{limit} x {key} never reached the board (at {focused(page)})")


def wait_for(check, what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"{what}: not so after {timeout} s")


def selected_text(select) -> str:
    return select.evaluate("e => e.options[e.selectedIndex].textContent").replace("\xa0", " ")


def choose_by_keys(page, select, option: str) -> None:
    """With ``select`` focused, type ``option``'s first letters (a closed select's
    type-ahead) until it is the one chosen; else walk to it by the arrow keys
    (Playwright types a letter off the US keyboard, Cyrillic, as inserted text,
    which a select's type-ahead never sees)."""
    assert has_focus(select), focused(page)
    for n in range(1, len(option) + 1):
        time.sleep(1.1)   # a pause ends the last type-ahead: the letters start afresh
        page.keyboard.type(option[:n])
        if selected_text(select) == option:
            return
    count = select.evaluate("el => el.options.length")
    for key in ("ArrowDown", "ArrowUp"):
        for _ in range(count):
            if selected_text(select) == option:
                return
            page.keyboard.press(key)
    if selected_text(select) != option:
        raise AssertionError(f"keys did not choose {option!r}: {selected_text(select)!r}")


@dataclass
class Setup:
    """A game as the picker sets it: the game, and choices by their label."""

    game: str
    choices: Mapping[str, str] = field(default_factory=dict)   # label -> option shown


def open_app(page, url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(url)
    canvas = page.locator("canvas.kit-board-canvas").first
    expect(canvas).to_be_visible(timeout=90_000)
    wait_until_drawn(canvas)


def pick_game(page, setup: Setup, words: Mapping[str, str] | None = None) -> None:
    """From a fresh page (its first game on), choose ``setup`` by keys and Start it:
    after Start the focus must be on the new board."""
    words = {"change": "Change game or seats", "game": "Game", "start": "Start",
             **(words or {})}
    toggle = page.get_by_role("button", name=words["change"])
    tab_to(page, toggle)
    page.keyboard.press("Enter")
    game = page.get_by_label(words["game"], exact=True)
    expect(game).to_be_visible()
    tab_to(page, game, key="Shift+Tab")
    choose_by_keys(page, game, setup.game)
    for label, option in setup.choices.items():
        select = page.get_by_label(label, exact=True)
        tab_to(page, select)
        choose_by_keys(page, select, option)
    start = page.get_by_role("button", name=words["start"], exact=True)
    tab_to(page, start, key="Shift+Tab")
    page.keyboard.press("Enter")
    wait_for(lambda: board_focused(page), f"the board has the focus after Start ({focused(page)})")


class Twin:
    """The page's game built here too, kept in step by the page's move list.
    ``lang``: the page's language (the choices' labels and the log's name in it)."""

    def __init__(self, setup: Setup, moves: str = "Moves", lang: str = "en"):
        from kit.i18n import speaking
        with speaking(lang):
            self._build(setup)
        self.log_name = moves
        self.lang = lang

    def text(self, move: Any) -> str:
        """``move`` as the page in this language writes it ("pasar", not "pass")."""
        from kit.notation import in_language
        return in_language(str(move), self.lang)

    def _build(self, setup: Setup) -> None:
        app = Launcher(delay=0, start=False)
        app.game.value = setup.game
        for label, option in setup.choices.items():
            widget = next(w for w in [*app.options.values(), *app.player_options.values(),
                                      *app.seats] if w.description == label)
            widget.value = dict(widget.options)[option]
        self.board: Any = app.start_game()
        self.game = self.board.game

    def seen(self, page) -> list[str]:
        return page.get_by_role("log", name=self.log_name).locator("code").all_inner_texts()

    def sync(self, page) -> None:
        """Play here the moves the page's move list shows that this game has not had."""
        shown = self.seen(page)
        history = [self.text(m) for m in self.game.history]
        assert shown[:len(history)] == history, (shown, history)
        for text in shown[len(history):]:
            self.game.play(self.game.parse_move(text))

    def person_move(self) -> Any:
        moves = self.game.legal_moves()
        plays = [m for m in moves if "@" in str(m)] or moves   # a play before a pass
        return plays[0]


def ready(page, twin: Twin, undo: str = "↶ Undo") -> bool:
    """The page waits for the person (the buttons on again), or the game is over."""
    twin.sync(page)
    if twin.game.is_over:
        return True
    return twin.game.to_move == 0 and page.get_by_role("button", name=undo).is_enabled()


def wait_ready(page, twin: Twin, timeout: float = 60, undo: str = "↶ Undo") -> None:
    wait_for(lambda: ready(page, twin, undo), "the person's turn or the end", timeout)


def cursor_press(page, twin: Twin):
    """A key sent to the page's focused board; an arrow moves the twin's cursor too
    (Enter is not played here: the move comes back through the move list)."""
    def press(key: str) -> None:
        assert board_focused(page), f"{key} would not reach the board: {focused(page)}"
        page.keyboard.press(key)
        if key in ARROWS:
            twin.board.cursor_keys.press(twin.board, key)
    return press


def play_to_end(page, twin: Twin, *, by: str = "box", box_name: str = "Move",
                undo: str = "↶ Undo", limit: int = 200) -> int:
    """Play the person's seat (seat 0) until the game is over; ``by`` "box" types each
    move in the move box (Esc from the board goes there), "cursor" walks the board's
    cursor to it and presses Enter. The number of the person's moves."""
    box = page.get_by_role("textbox", name=box_name, exact=True)
    played = 0
    wait_ready(page, twin, undo=undo)
    while not twin.game.is_over:
        assert played < limit, "the game did not end"
        move = twin.person_move()
        before = len(twin.game.history)
        if by == "box":
            if not has_focus(box):
                assert board_focused(page), focused(page)
                page.keyboard.press("Escape")
                expect(box).to_be_focused()
            page.keyboard.type(twin.text(move))   # the language's own words
            page.keyboard.press("Enter")
            expect(box).to_have_value("", timeout=20_000)
        else:
            twin.board.cursor_keys.keymap.make(twin.board, move, cursor_press(page, twin))
        wait_for(lambda before=before: len(twin.seen(page)) > before,
                 f"{move} reached the move list")
        played += 1
        wait_ready(page, twin, undo=undo)
    return played
