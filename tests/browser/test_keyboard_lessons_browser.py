"""One lesson per course by keyboard only, in Voila, as a student who cannot use a mouse (issue 29).

Per course (every registered game's: one without its entry in ``WALKS`` fails),
a lesson with an exercise answered on a board is opened in Voila
(`make voila`) at 1366 x 768 and walked with ``page.keyboard`` only: no click,
no script moving the focus (the page is only read). From the top of the page
Tab reaches the board exercise's move box, passing every control of the
exercises before it (nothing unreachable: each press moves the focus on);
then, all by keys:

- a wrong move typed in the board's Move box, Enter, Tab to Check, Enter: the
  verdict says "✘", is in the exercise's assertive live region, and the focus
  is on the verdict;
- Tab to Hint, Enter: "Hint 1 of n", in the polite live region, the focus kept
  on Hint (to ask for the next);
- Undo by keys where the wrong move was played, the right move typed, Check:
  "✔ Right!", announced, the focus on the verdict;
- Show me: the solution's words, announced, the focus on the verdict.

Where the lesson has a typed exercise before the board (Mattix, Smartrix), a
wrong typed answer and Check put the focus back in its box, the text selected.

Not covered: the cursor keys on a board (tests/test_keyboard_exercises.py and
the games' key tests), the lesson's words (the course walks compare them with
the twin's).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from canvas_page import wait_until_drawn
from conftest import make_voila
from keys_play import focused, tab_to
from kit import games
from lesson_page import look
from servers import copy_notebooks

TIMEOUT = 60_000
# (notebook, how many exercises it shows, the board exercise's index, wrong, right,
#  the typed exercise's index or None, a wrong typed answer)
WALKS = {
    "iota": ("iota/02_making_a_play.ipynb", 8, 0, "4RC@0,3", "4RC@0,3 1YS@1,0", None, ""),
    "mattix": ("mattix/01_meet_mattix.ipynb", 3, 2, "2,1", "2,0", 0, "0,1"),
    "smartrix": ("smartrix/01_meet_smartrix.ipynb", 3, 2, "11001100@1,0", "11001100@-1,-1", 0, "3"),
    # heaps 1, 2, 4: 0:1 leaves a nim-sum of 6 (taken back by the exercise), 2:1 leaves 0
    "nim": ("nim/01_meet_nim.ipynb", 3, 2, "0:1", "2:1", 0, "5"),
}
VERDICT_FOCUSED = "(box) => document.activeElement === box.querySelector('.kit-feedback')"


def press_button(page, box, label: str) -> None:
    """Tab to the button ``label`` (Shift+Tab where it comes before the focus, as from a
    verdict back to Hint), then Enter."""
    button = box.get_by_role("button", name=label, exact=True)
    before = button.evaluate("el => !!(document.activeElement && el.compareDocumentPosition("
                             "document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING)")
    tab_to(page, button, "Shift+Tab" if before else "Tab")
    page.keyboard.press("Enter")


def retype(page, text: str) -> None:
    page.keyboard.press("Control+a")
    page.keyboard.type(text)


def live(box, kind: str, words: str):
    """The exercise's live region (``polite`` or ``assertive``) holding ``words``."""
    return box.locator(f".kit-live-{kind}").filter(has_text=words)


def verdict(box, pattern: str) -> str:
    words = box.locator(".kit-feedback")
    expect(words).to_have_text(re.compile(pattern), timeout=TIMEOUT)
    return words.inner_text()


def said(text: str) -> str:
    """The verdict's sentence as announced: without its mark and folded "Why?"."""
    return text.removeprefix("✘ ").removeprefix("✔ ").split("\n")[0].strip()[:40]


def expect_verdict_focused(page, box) -> None:
    page.wait_for_function(f"() => ({VERDICT_FOCUSED})(document.querySelectorAll"
                           f"('.kit-exercise')[{box_index(box)}])", timeout=TIMEOUT)


def box_index(box) -> int:
    return box.evaluate("el => [...document.querySelectorAll('.kit-exercise')].indexOf(el)")


@pytest.mark.parametrize("course", [s.course for s in games.all() if s.course])   # every course
def test_a_lesson_with_a_board_exercise_by_keyboard_only(course, chromium_path, tmp_path, page):
    notebook, count, at, wrong, right, typed_at, typed_wrong = WALKS[course]
    path = copy_notebooks(tmp_path) / "notebooks" / notebook
    server, url = make_voila(tmp_path, "voila", f"NOTEBOOK={path}")
    with server:
        page.set_viewport_size({"width": 1366, "height": 768})
        page.goto(url, timeout=180_000)
        exercises = page.locator(".kit-exercise")
        expect(exercises).to_have_count(count, timeout=180_000)
        box = exercises.nth(at)
        wait_until_drawn(box.locator("canvas.kit-board-canvas").first)

        if typed_at is not None:       # a typed exercise on the way: wrong, back in its box
            typed = exercises.nth(typed_at)
            field = typed.locator(".kit-answer input")
            tab_to(page, field, limit=200)
            page.keyboard.type(typed_wrong)
            press_button(page, typed, "Check")
            verdict(typed, r"^✘ ")
            expect(field).to_be_focused(timeout=TIMEOUT)
            selected = field.evaluate("el => el.value.slice(el.selectionStart, el.selectionEnd)")
            assert selected == typed_wrong, selected

        # Tab from here reaches the board's move box; every control of the
        # exercise is reached on the way on to the next one.
        move = box.get_by_role("textbox", name="Move", exact=True)
        seen: list[str] = []
        presses = tab_to(page, move, limit=300, seen=seen)
        assert presses > 1, seen

        # Wrong, by the move box and Check.
        page.keyboard.type(wrong)
        page.keyboard.press("Enter")
        press_button(page, box, "Check")
        words = verdict(box, r"^✘ ")
        expect(live(box, "assertive", said(words))).to_have_count(1, timeout=TIMEOUT)
        expect_verdict_focused(page, box)

        # A hint: announced, the focus stays on Hint.
        press_button(page, box, "Hint")
        hint = box.locator(".kit-hint")
        expect(hint).to_have_text(re.compile(r"Hint 1 of \d+"), timeout=TIMEOUT)
        expect(live(box, "polite", "Hint 1 of")).to_have_count(1, timeout=TIMEOUT)
        expect(box.get_by_role("button", name="Hint", exact=True)).to_be_focused()
        assert box.locator(".kit-feedback").inner_text() == words   # the verdict stays

        # Undo where the wrong move was played (a refused one left nothing to undo).
        undo = box.get_by_role("button", name="↶ Undo", exact=True)
        for _ in range(4):
            if not undo.evaluate("el => !el.disabled && el.offsetParent !== null"):
                break
            tab_to(page, move, "Shift+Tab", limit=60)
            tab_to(page, undo)
            page.keyboard.press("Enter")
            page.wait_for_timeout(1500)
        tab_to(page, move, "Shift+Tab")
        retype(page, right)
        page.keyboard.press("Enter")
        press_button(page, box, "Check")
        words = verdict(box, r"^✔ Right!")
        expect(live(box, "polite", said(words))).to_have_count(1, timeout=TIMEOUT)
        expect_verdict_focused(page, box)
        look(page, box, f"keyboard_{course}_right", "center")

        # Show me: the solution's words, announced, the focus on them.
        press_button(page, box, "Show me")
        words = verdict(box, r"Solution|solution is shown")
        expect(live(box, "polite", said(words))).to_have_count(1, timeout=TIMEOUT)
        expect_verdict_focused(page, box)

        # On from the verdict by Tab: to what follows it on the page (no trap).
        page.keyboard.press("Tab")
        assert box.locator(".kit-feedback").evaluate(
            "el => !!(document.activeElement && el.compareDocumentPosition("
            "document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING)"), focused(page)
