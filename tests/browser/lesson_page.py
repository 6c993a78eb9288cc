"""What the course walkthroughs do with a lesson's exercise in a page.

A lesson's :class:`kit.lessons.exercise.Exercise` carries the CSS classes
``kit-exercise`` (the whole box) and ``kit-feedback`` (what the kit says) and ``kit-hint`` (the hint shown), so a
test finds an exercise by its task and drives it as a student does: type an
answer or click the board, press Check, Hint or Show me, and read the words.

``look(page, box, name)`` screenshots the exercise in view when
``KIT_SCREENSHOTS`` names a directory: the walkthrough's pictures are looked at
by a person (see ../shared/LESSONS.md), the assertions run everywhere.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import expect

from canvas_page import wait_until_drawn

TIMEOUT = 60_000


def exercise(page, task: str):
    """The exercise box whose task contains ``task`` (exactly one)."""
    box = page.locator(".kit-exercise").filter(has_text=task)
    expect(box).to_have_count(1, timeout=TIMEOUT)
    box.scroll_into_view_if_needed()
    return box


def feedback(box) -> str:
    return box.locator(".kit-feedback").inner_text()


def press(box, label: str, expect_words) -> str:
    """Press ``label`` (Check, Hint, Show me) and wait until the kit's words
    match ``expect_words`` (a regex); returns them."""
    box.get_by_role("button", name=label, exact=True).click()
    words = box.locator(".kit-feedback")
    expect(words).to_have_text(re.compile(expect_words), timeout=TIMEOUT)
    return words.inner_text()


def type_answer(box, text: str) -> None:
    field = box.locator("input[type=text]")
    field.fill(text)


def answer(box, text: str, expect_words) -> str:
    """Type ``text``, press Check, wait for ``expect_words``."""
    type_answer(box, text)
    return press(box, "Check", expect_words)


def hint(box, n: int = 1) -> str:
    """Press Hint; the hint shows under the last verdict, which stays."""
    before = feedback(box)
    box.get_by_role("button", name="Hint", exact=True).click()
    line = box.locator(".kit-hint")
    expect(line).to_have_text(re.compile(rf"Hint {n} of \d+"), timeout=TIMEOUT)
    assert feedback(box) == before
    return line.inner_text()


def right(box, text=None) -> str:
    """Check (after typing ``text`` if given) and expect the kit to say right."""
    if text is not None:
        type_answer(box, text)
    return press(box, "Check", r"^✔ Right!")


def wrong(box, text=None) -> str:
    """Check (after typing ``text`` if given) and expect the kit to say why not."""
    if text is not None:
        type_answer(box, text)
    return press(box, "Check", r"^✘ ")


def board_canvas(box):
    canvas = box.locator("canvas").first
    expect(canvas).to_be_visible(timeout=TIMEOUT)
    wait_until_drawn(canvas)
    return canvas


def look(page, box, name: str, block=None) -> None:
    """Screenshot the page with ``box`` in view, if KIT_SCREENSHOTS is set; with
    ``block`` ("start", "center", "end") at that place of the window: an exercise on a
    live board is taller than the window, and merely in view would cut its words off.
    Nothing is scrolled when no screenshot is taken, so a walk is the same either way."""
    folder = os.environ.get("KIT_SCREENSHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    if block is None:
        box.scroll_into_view_if_needed()
    else:
        box.evaluate(f"el => el.scrollIntoView({{block: '{block}'}})")
    page.screenshot(path=str(Path(folder) / f"{name}.png"))
