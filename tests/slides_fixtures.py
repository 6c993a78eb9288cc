"""Decks built once per test module, with reveal.js from npm.

Used by tests/test_slides.py (the HTML) and tests/browser/test_slides_browser.py
(reveal.js running in Chromium). Without npm they skip with the install hint,
unless KIT_REQUIRE_BROWSER=1 (CI), where a missing npm is a failure.
"""

import pytest

from kit.classroom import slides
from system_tools import require

# Two English lessons and the same two in Spanish (paths under notebooks/).
LESSONS = ("iota/03_scoring", "mattix/02_rules_in_full", "es/iota/03_scoring",
           "es/mattix/02_rules_in_full")


@pytest.fixture(scope="module")
def built_decks(tmp_path_factory):
    """(output folder, {lesson: deck file}) for LESSONS, built by ``slides.build``."""
    require("npm", slides.NPM_HINT)
    out = tmp_path_factory.mktemp("slides")
    decks = slides.build(out, only=list(LESSONS))
    by_lesson = {lesson: deck for lesson in LESSONS for deck in decks
                 if deck.relative_to(out).as_posix() == f"{lesson}.slides.html"}
    assert len(by_lesson) == len(LESSONS) == len(decks), decks
    return out, by_lesson
