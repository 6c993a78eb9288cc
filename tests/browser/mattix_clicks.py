"""The click a student makes for a Mattix take, planned on a board built here.

A take is text ``"r,c"`` (or a ``kit.mattix.Move``): one click on that tile,
legal or not (a tile outside the mover's line is clicked too, and the board
refuses it in the engine's words). ``clicks`` yields it as an action
``("cell", (r, c))``; where that tile is on the canvas comes from the twin
board's own geometry (``board.xy(cell)``, the centre of its tile box in
``kit.mattix.draw``), read just before the click (``lesson_twin.InStep.act``).

Not covered: doing the click in a page (``lesson_twin``), which take to make
(each exercise's ``wrong`` and ``answers``, walked by ``course_walk``).
"""

from __future__ import annotations

from board_plans import point
from kit.mattix import Move


def clicks(board, take):
    """The one click taking ``take`` ("r,c" or a Move) on ``board``."""
    move = Move.parse(take) if isinstance(take, str) else take
    yield ("cell", move.cell)


def where(board, action) -> tuple:
    """Canvas pixels of a tile (the centre of its box on the twin board)."""
    return point(board, action)



# ----- what fits the window (issue 18: layout at 1366 x 768) -----------------------

#: The parts of an exercise (or the sandbox) that must be in view with its top at the
#: top of the window: the board (its canvas, whose bottom edge is the bottom row of
#: tiles), a typed exercise's picture, the verdict (its "Why?" opened) and the hint.
PARTS = (("board", "canvas"), ("picture", "img"), ("verdict", ".kit-feedback"),
         ("hint", ".kit-hint"))


def bottoms(part) -> dict:
    """Scroll ``part`` (an exercise box, the sandbox's output) to the top of the
    notebook's window, as it opens after a scroll to it; then where each of its
    PARTS ends, and where the window does (``"window"``: the bottom edge of Lab's
    scrolling notebook, above its status bar), in page pixels."""
    part.evaluate("el => el.scrollIntoView({block: 'start'})")
    return part.evaluate("""(el, parts) => {
        let p = el.parentElement;
        while (p && !(p.scrollHeight > p.clientHeight + 1 &&
                      /(auto|scroll)/.test(getComputedStyle(p).overflowY))) p = p.parentElement;
        const window_ = p ? p.getBoundingClientRect() : {top: 0, bottom: innerHeight};
        const out = {window: Math.min(window_.bottom, innerHeight),
                     top: el.getBoundingClientRect().top - window_.top};
        for (const [name, css] of parts) {
            const found = [...el.querySelectorAll(css)].filter(e => e.getBoundingClientRect().height > 0);
            if (found.length) out[name] = Math.max(...found.map(e => e.getBoundingClientRect().bottom));
        }
        return out; }""", [list(p) for p in PARTS])


def below_the_fold(ends: dict, parts=None) -> list:
    """Which PARTS (those named in ``parts``, default all) end under the window,
    from ``bottoms``' figures."""
    return [f"{name} ends at {ends[name]:.0f} px of {ends['window']:.0f}"
            for name, _ in PARTS if (parts is None or name in parts)
            and name in ends and ends[name] > ends["window"] + 0.5]


def wrong_why_hint_in_view(lesson, name: str, keys=None, parts=None) -> dict:
    """Each exercise of a walked ``course_walk.CourseLesson`` (those whose key is in
    ``keys``, default all) tried wrong once more (its first wrong try), its "Why?"
    opened and hinted, then looked at with its task at the top of the window.
    Returns ``{key: (where each part ends, [which of ``parts`` (default: all PARTS)
    is below the fold])}``; screenshots
    ``<name>_<n>_5_fold``."""
    from course_walk import enter, hint, take_back
    seen = {}
    for k, ex in enumerate(lesson.exercises):
        if keys is not None and ex.key not in keys:
            continue
        step = lesson.step(k, where)
        take_back(step)
        enter(step, ex.wrong[0], clicks)
        assert step.press("Check").startswith("✘ ")
        why = step.part.locator(".kit-feedback details summary")
        if why.count() and not step.part.locator(".kit-feedback details[open]").count():
            why.click()
        if ex.hints:
            hint(step)
        ends = bottoms(step.part)
        out = below_the_fold(ends, parts)
        step.look(f"{name}_{k + 1:02d}_5_fold", "start")
        seen[ex.key] = (ends, out)
        take_back(step)
    return seen
