"""Every picture of every handout fits the printed page (issue 30: the teacher's
Smartrix solutions printed the board past the page's right edge).

The handouts' HTML (student and teacher copies, every language, the puzzle sheets)
is laid out by Chromium in print emulation at the page's printable width, the one
the handouts' own ``@page`` rule sets; no <img> or <svg> may end right of it.
"""

from pathlib import Path

import pytest

from kit import games
from kit.classroom import handouts

WIDTHS = """() => [...document.querySelectorAll('img, svg')]
  .filter(e => !e.parentElement.closest('svg'))
  .map(e => { const r = e.getBoundingClientRect();
              return {alt: e.getAttribute('alt') || e.tagName, right: r.right, width: r.width}; })
  .filter(x => x.width > 0)"""


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> list[Path]:
    return handouts.build(tmp_path_factory.mktemp("handouts"), pdf=False)


def test_no_picture_of_any_handout_is_wider_than_the_printed_page(built, page):
    # What is measured: every copy, language and puzzle sheet the build makes.
    names = {str(p).split("handouts", 1)[-1] for p in built}
    for game in games.names():
        assert any(n.endswith(f"teacher/{game}/puzzle_solutions.html") for n in names)
    assert any("/student/bg/" in n for n in names) and any("/teacher/es/" in n for n in names)
    width = handouts.PRINTABLE_WIDTH_PX
    page.set_viewport_size({"width": width, "height": 1000})
    page.emulate_media(media="print")
    too_wide, pictures = [], 0
    for html_file in built:
        page.goto(html_file.resolve().as_uri())
        found = page.evaluate(WIDTHS)
        pictures += len(found)
        too_wide += [(html_file.name, x["alt"][:40], round(x["right"])) for x in found
                     if x["right"] > width + 0.5]
        assert page.evaluate("document.documentElement.scrollWidth") <= width, html_file
    assert pictures > 100                       # the boards were there to measure
    assert too_wide == []
