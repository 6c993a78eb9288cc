"""A built deck (make slides) in Chromium at projector size, opened from a file:// URL.

reveal.js must run from the copy beside the decks: every request the page makes
stays on this machine (a classroom may have no internet). ArrowRight walks the
slides in reading order, and no slide is cut off at 1366x768: the bottom of a
board under its text was, before the deck shrank pictures to fit.
"""

import re

import nbformat
import pytest
from playwright.sync_api import expect

from kit.classroom import slides
from slides_fixtures import LESSONS, built_decks  # noqa: F401 -- the decks, built once with npm

SCREEN = {"width": 1366, "height": 768}
# The shown slide's box on screen, and how many pictures in it have loaded.
SHOWN = """() => { const s = Reveal.getCurrentSlide(), r = s.getBoundingClientRect();
  const pictures = Array.from(s.querySelectorAll("img"));
  return {top: r.top, bottom: r.bottom, right: r.right, pictures: pictures.length,
          loaded: pictures.filter(p => p.complete && p.naturalWidth > 0).length}; }"""


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": SCREEN}


def headings(lesson: str) -> int:
    nb = nbformat.read(slides.ROOT / "notebooks" / f"{lesson}.ipynb", as_version=4)
    return sum(1 for c in nb.cells if c.cell_type == "markdown" and re.match(r"#{1,2} ", c.source))


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_deck_runs_offline_steps_with_arrow_right_and_nothing_is_cut_off(
        built_decks, page, lesson):   # noqa: F811 -- the fixture imported above
    _, decks = built_decks
    requests, errors = [], []
    page.on("request", lambda request: requests.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(decks[lesson].as_uri())
    expect(page.locator(".reveal")).to_have_class(re.compile(r"\bready\b"), timeout=30_000)

    assert page.locator(".reveal .slides > section").count() == headings(lesson)
    total = page.evaluate("Reveal.getTotalSlides()")
    assert total == page.locator(".reveal .slides > section > section").count() > headings(lesson)
    assert page.evaluate("Reveal.getSlidePastCount()") == 0
    page.keyboard.press("ArrowRight")
    assert page.evaluate("Reveal.getSlidePastCount()") == 1

    seen_pictures = 0
    for number in range(1, total):
        shown = page.evaluate(SHOWN)
        assert shown["top"] >= 0 and shown["bottom"] <= SCREEN["height"] \
            and shown["right"] <= SCREEN["width"], (number, shown)
        assert shown["loaded"] == shown["pictures"], (number, shown)
        if shown["pictures"]:
            expect(page.locator(".reveal .slides > section.present > section.present img").first).to_be_visible()
            seen_pictures += 1
        page.keyboard.press("ArrowRight")
    assert page.evaluate("Reveal.isLastSlide()")
    assert seen_pictures >= 3
    assert errors == []
    assert any(url.endswith("/dist/reveal.js") for url in requests)
    assert [url for url in requests if not url.startswith(("file:", "data:"))] == []
