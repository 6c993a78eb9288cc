"""The answer box is wide enough for its placeholder in every language (issue 30: "ред,
колона, равенство или не е свършила" and "страна, ъгъл, решетка или допир" were cut at
the 320 px box's right edge), measured in DejaVu Sans at the box's 18 px."""

import pytest

from kit.lessons import mattix, smartrix
from kit.lessons.exercise import ANSWER_PADDING, answer_width
from kit.textwidth import text_width


def px(width: str) -> int:
    assert width.endswith("px")
    return int(width[:-2])


@pytest.mark.parametrize("lang", ["en", "es", "bg"])
@pytest.mark.parametrize("course, key", [(mattix, "draw"), (smartrix, "why window"),
                                         (smartrix, "fit")])
def test_the_placeholder_fits_the_box(speak, lang, course, key):
    speak(lang)
    box = course.exercise(key).text
    assert box.placeholder
    assert px(box.layout.width) >= text_width(box.placeholder, 18) + ANSWER_PADDING


def test_a_short_placeholder_keeps_the_usual_box_and_a_long_one_stops_growing():
    assert answer_width("e.g. 40") == "320px"
    assert 320 < px(answer_width("ред, колона, равенство или не е свършила")) < 640
    assert answer_width("x" * 200) == "640px"
