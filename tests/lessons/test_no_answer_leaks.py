"""No exercise gives its answer before Show me: not in a verdict on a wrong try,
not in a hint, not in what the lesson shows above it.

Every lesson's code cells run here, in order, as the kernel runs them; each
exercise they show is then tried as a student would, from its own data
(``Exercise.answers``, ``wrong``, ``enter``: see ``kit.lessons.exercise``):

* every exercise declares its answer and at least one wrong try;
* each wrong try is judged wrong, and neither its verdict (nor the "Why?" under
  it, nor the board's refusal of an illegal move) nor any hint contains the
  answer, written as the solution writes it (whole words, any case);
* each verdict is short (``VERDICT_CHARS``; the rest folds under "Why?");
* Show me does give it (its words or the saved solution);
* in the saved lesson, the text outputs between the previous exercise and this
  one, and the words in their pictures, do not contain its answer (a number is
  looked for in printed text only: the tiles and cards of a picture, and of a
  position's text form beside it, are full of them).

Not covered: whether the answer is right (each course's own tests), the browser
(``tests/browser``).
"""

from __future__ import annotations

import base64
import html
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import pytest

from kit.i18n import _
from kit.lessons.exercise import Exercise, Help, Walk, is_exercise_output
from kit.lessons.translation import TRANSLATED
from lesson_cells import leaked, says, shown_values

ROOT = Path(__file__).resolve().parents[2]
#: A verdict is one or two sentences (three short ones at most): beside a board,
#: a longer one pushes the hint below a 768 px screen.
VERDICT_CHARS = 240
# Every course in every language (issue 30: a translation gives nothing away either).
LESSONS = sorted([*ROOT.glob("notebooks/*/[0-9]*.ipynb"),
                  *(p for lang in TRANSLATED for p in ROOT.glob(f"notebooks/{lang}/*/[0-9]*.ipynb"))])


def in_a_thread(fn, *args):
    """Where no event loop runs: a board's computer turns then play at once."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(fn, *args).result()


def exercises_in(value) -> list:
    """The exercises a shown value is or holds (a box of widgets may hold some)."""
    if isinstance(value, Exercise):
        return [value]
    found = []
    for child in getattr(value, "children", ()) or ():
        found += exercises_in(child)
    return found


def walk(ex: Exercise) -> list:
    """What is wrong with ``ex``: each problem in words."""
    problems = []
    name = ex.key
    if not ex.answers:
        return [f"{name}: declares no answers"]
    # A word answer reads in the lesson's language ("window" is "решетка" in Bulgarian):
    # neither form may be told before Show me, and Show me gives one of them.
    answers = list(dict.fromkeys([*ex.answers, *(_(a) for a in ex.answers)]))
    if not ex.wrong:
        problems.append(f"{name}: declares no wrong tries")
    ex.raise_errors = True
    # A live board's status line, before any try: it must not read out the answer.
    status = getattr(getattr(getattr(ex, "board", None), "view", None), "message", None)
    for answer in leaked(status or "", answers):
        problems.append(f"{name}: its board says the answer {answer!r} before any try: {status!r}")
    for attempt in ex.wrong:
        try:
            verdict = ex.attempt(attempt)
        except ValueError as refused:        # the board refused an illegal move
            said = str(refused)
        else:
            if verdict is not None and verdict.correct:
                problems.append(f"{name}: the wrong try {attempt!r} was judged right")
            said = f"{ex.message} {getattr(ex, 'more', '')}"
            if len(ex.message) > VERDICT_CHARS:    # beside a board it must stay in view
                problems.append(f"{name}: the verdict on {attempt!r} runs to {len(ex.message)} "
                                f"characters; put the rest under Why? (Verdict.more): {ex.message!r}")
        for answer in leaked(said, answers):
            problems.append(f"{name}: the wrong try {attempt!r} is told the answer {answer!r}: {said!r}")
    for number, hint in enumerate(ex.hints, 1):
        for answer in leaked(hint, answers):
            problems.append(f"{name}: hint {number} states the answer {answer!r}: {hint!r}")
    if ex.reveal is not None:
        said = ex.show()
        shown = f"{said} {ex.message} {ex.solution_text()}"
        if not leaked(shown, answers):
            problems.append(f"{name}: Show me does not give the answer {ex.answers}: {shown!r}")
    return problems


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_no_exercise_gives_its_answer_before_show_me(lesson):
    values = in_a_thread(shown_values, lesson)
    exercises = [ex for value in values for ex in exercises_in(value)]
    problems = [p for ex in exercises for p in in_a_thread(walk, ex)]
    assert problems == [], "\n".join(problems)


# ----- what the saved lesson shows above each exercise ----------------------------

SVG_DATA = re.compile(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)")
SVG_TEXT = re.compile(r"<text[^>]*>(.*?)</text>", re.S)


def picture_words(svg: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", t)) for t in SVG_TEXT.findall(svg))


def shown_text(output) -> tuple:
    """(the words an output prints, the words inside its pictures)."""
    data = output.get("data", {})
    pictures = str(data.get("image/svg+xml", ""))
    page = str(data.get("text/html", ""))
    plain = str(data.get("text/plain", ""))
    if is_exercise_output(output):
        plain = ""      # the question itself may name the choices ("yes or no")
    inline = re.findall(r"<svg.*?</svg>", page, flags=re.S)
    pictures += " ".join(inline)
    page = re.sub(r"<svg.*?</svg>", " ", page, flags=re.S)
    if pictures or SVG_DATA.search(page):
        # A position's text form beside its picture is the same picture in words.
        pictures += f"<text>{html.escape(plain)}</text>"
        plain = ""
    text = str(output.get("text", "")) + plain
    pictures += " ".join(base64.b64decode(b).decode("utf-8", "replace") for b in SVG_DATA.findall(page))
    page = re.sub(r"<details class=\"kit-solution\".*?</details>", "", SVG_DATA.sub("", page), flags=re.S)
    text += " " + html.unescape(re.sub(r"<[^>]+>", " ", page))
    return text, picture_words(pictures)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_nothing_saved_above_an_exercise_gives_its_answer(lesson):
    values = in_a_thread(shown_values, lesson)
    live = [v for v in values if isinstance(v, Exercise)]
    cells = [c for c in nbformat.read(lesson, as_version=4).cells if c.cell_type == "code"]
    problems, since, k = [], [], 0
    for cell in cells:
        outputs = cell.get("outputs", [])
        if any(is_exercise_output(o) for o in outputs):
            if k < len(live):
                ex = live[k]
                own_picture = " ".join(shown_text(o)[1] for o in outputs if is_exercise_output(o))
                for text, pictures in since + [("", own_picture)]:
                    words = [a for a in ex.answers if not a.strip().lstrip("-").isdigit()]
                    for answer in leaked(text, ex.answers) + leaked(pictures, words):
                        problems.append(f"{ex.key}: {answer!r} is on screen before the exercise")
            k += 1
            since = []
        else:
            since += [shown_text(o) for o in outputs]
    assert k == len(live), f"{lesson.name}: {k} saved exercises, {len(live)} made by its cells (re-run it)"
    assert problems == [], "\n".join(problems)


# ----- the walk itself catches what it is for ------------------------------------

def test_the_walk_names_every_kind_of_leak():
    from kit.lessons.exercise import Verdict

    def telling(answer):
        return Verdict(answer == "7", "Right." if answer == "7" else "No: it is 7, not that.")
    leaky = Exercise("What is 6 + 1?",
                     telling,
                     help=Help(hints=["Count on.", "It is 7."], show="8"),
                     walk=Walk(answers=["7"], wrong=["6", "7"]),
                     key="sum")
    problems = walk(leaky)
    assert "sum: the wrong try '6' is told the answer '7': 'Not quite. No: it is 7, not that. '" in problems
    assert "sum: the wrong try '7' was judged right" in problems
    assert "sum: hint 2 states the answer '7': 'It is 7.'" in problems
    assert any(p.startswith("sum: Show me does not give the answer") for p in problems)
    assert walk(Exercise("?", telling, key="bare")) == ["bare: declares no answers"]
    # A board whose status reads out the answer before any try (a stand-in board).
    from types import SimpleNamespace
    leaky.board = SimpleNamespace(view=SimpleNamespace(message="7 is the best take here"))
    assert ("sum: its board says the answer '7' before any try: '7 is the best take here'"
            in walk(leaky))


def test_what_a_saved_output_prints_is_read_apart_from_its_pictures():
    printed = {"output_type": "stream", "text": "the net gain is 5\n"}
    assert says(shown_text(printed)[0], "5")
    svg = '<svg><text x="1">17</text><text>4RC</text></svg>'
    picture = {"data": {"text/html": f"<div>{svg}</div>", "text/plain": "A board: 17 5"}}
    text, words = shown_text(picture)
    assert not says(text, "5") and says(words, "4RC") and says(words, "17")
    assert not says("17", "7") and says("(7)", "7")
