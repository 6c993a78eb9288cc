"""Smartrix exercises in view at 1366 x 768 (issue 30): in JupyterLab in Chromium, with
an exercise scrolled to the top of the notebook, the parts a student needs at once (the
task, the live board with the hand or the picture, Check, Hint and Show me, the verdict
and every hint) lie inside the notebook panel's visible height, so a student never
scrolls between the move, Check and what the kit says about it. Under them the board's
move list and notation key (reference, read when wanted) and the lesson's progress line
may go on below the fold.

Smartrix 1 and 3 in English and Smartrix 3 in Spanish (the longest words): each
exercise as it opens, and after a Check and all its hints. The parts are measured by
their bounding boxes against the notebook's scrolling panel (``.jp-WindowedPanel-outer``),
not against fixed pixel figures, so a Lab whose bars change height is measured as it
is. Screenshots ``smartrix_in_view_<lesson>_<k>_task|hint`` when KIT_SCREENSHOTS names
a directory.

Not covered: after Show me on a board. The move it plays hands the turn to the next
seat, and the board then draws the student's own hand as another player's, small, under
its words (issue 30's "the seat changes under the student", not fixed here): 60-83 px
of the picture went below the fold. The other courses: ``test_exercises_in_view_browser``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from course_walk import CourseLesson
from kit.i18n import _      # the twin's language: a translated lesson sets it
from lesson_page import TIMEOUT, look

LESSONS = {"en_1": ("notebooks/smartrix/01_meet_smartrix.ipynb", "lab_server"),
           "en_3": ("notebooks/smartrix/03_sets.ipynb", "lab_server"),
           "es_3": ("notebooks/es/smartrix/03_sets.ipynb", "lab_server_es")}
SLACK = 2     # CSS pixels: sub-pixel rounding of Lab's boxes


def exercise_buttons() -> list[str]:
    """The exercise's own buttons, in the lesson's language (read when called: the twin
    sets the language)."""
    return [_("Check"), _("Hint"), _("Show me")]


def overflow(page, k: int) -> dict:
    """Exercise ``k`` scrolled to the top of the notebook's panel: how far each of its
    parts a student needs at once ends below the panel's visible part (CSS pixels; 0
    when in view), and the panel's height."""
    return page.locator(".kit-exercise").nth(k).evaluate("""(el, names) => {
        el.scrollIntoView({block: 'start'});
        const panel = el.closest('.jp-WindowedPanel-outer').getBoundingClientRect();
        const below = els => Math.max(0, ...[...els].filter(e => e.offsetParent !== null)
            .map(e => e.getBoundingClientRect().bottom - panel.bottom));
        const buttons = [...el.querySelectorAll('button')].filter(
            b => names.includes(b.textContent.trim()));
        return {panel: panel.height, above: panel.top - el.getBoundingClientRect().top,
                parts: {task: below([el.firstElementChild]),
                        board: below(el.querySelectorAll('canvas, img, svg')),
                        buttons: below(buttons),
                        verdict: below(el.querySelectorAll('.kit-feedback')),
                        hint: below(el.querySelectorAll('.kit-hint'))}};
    }""", exercise_buttons())


def fits(page, k: int, when: str, shots: str) -> str | None:
    """None if exercise ``k``'s parts (``overflow``) are all in view, else which are not."""
    m = overflow(page, k)
    look(page, page.locator(".kit-exercise").nth(k), shots, "start")
    off = {part: round(px) for part, px in m["parts"].items() if px > SLACK}
    if not off and m["above"] <= SLACK:
        return None
    return (f"exercise {k + 1} {when}, in a panel {m['panel']:.0f} px high: px below it "
            f"{off}, its top {m['above']:.0f} px above it")


def press(box, label: str) -> None:
    """Press ``label`` and wait for the kit's answer: the words under it change."""
    button = box.get_by_role("button", name=label, exact=True)
    if not button.is_enabled():
        return
    words = box.locator(".kit-feedback, .kit-hint")
    before = words.all_inner_texts()
    button.click()
    try:   # the same words again (an empty answer checked twice) change nothing
        expect(words).not_to_have_text(before, timeout=10_000)
    except AssertionError:
        pass


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_every_smartrix_exercise_fits_the_notebook_panel(name, request, lab_page):
    notebook, server = LESSONS[name]
    lesson = CourseLesson(lab_page, request.getfixturevalue(server), notebook)
    assert lesson.exercises
    off = []
    for k, ex in enumerate(lesson.exercises):
        box = lab_page.locator(".kit-exercise").nth(k)
        expect(box).to_contain_text(ex.task, timeout=TIMEOUT)
        off.append(fits(lab_page, k, "as it opens", f"smartrix_in_view_{name}_{k}_task"))
        press(box, _("Check"))
        for _hint in ex.hints:
            press(box, _("Hint"))
        off.append(fits(lab_page, k, "after Check and its hints", f"smartrix_in_view_{name}_{k}_hint"))
    off = [o for o in off if o]
    assert not off, "\n".join(off)
