"""Which exercises can be answered by keys alone: a count per course, before and after.

Every exercise of every course (each registered game's lesson catalogue: the named
exercises and the graded puzzles) is built and answered, as a keyboard-only student
would answer it, with its own first answer (``Exercise.answers``):

- a typed exercise: the answer typed into its box, then Enter (the box's "submit",
  what the browser sends); no mouse anywhere;
- an exercise answered on a live board: the answer made on the board by key events
  only (``KeyMap.make``: arrows, Enter, the game's letters; a play left pending where
  the game has a Confirm), then Check.

An exercise counts as answerable by keys when the verdict is right. **Before** is
the same count with the boards' cursor keys taken away (every board as on main
before issue 29: no key placed a card or took a tile), so every exercise answered on
a board needs a mouse then.

    python benchmarks/keyboard_exercises.py            # the table
    python benchmarks/keyboard_exercises.py --json out.json

Not measured: whether Tab reaches the Check button and the board (the front end's
part, tested in a real browser), or a screen reader's reading. This is a script,
not a test; tests/test_keyboard_exercises.py runs it on one course.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit import games
from kit.testing.events import make_by_keys, send_event


@dataclass
class Course:
    game: str
    exercises: int = 0
    typed: int = 0
    on_a_board: int = 0
    mouse_only_before: int = 0
    mouse_only_after: int = 0
    failures: list[str] = field(default_factory=list)


def names(catalogue) -> list[str]:
    """Every exercise a course's catalogue makes: its named ones, then its puzzles."""
    found = list(catalogue.makers)
    puzzles = catalogue.puzzles() if catalogue.puzzles is not None else []
    if catalogue.puzzle is not None:
        found += [f"puzzle {i}" for i in range(1, len(puzzles) + 1)]
    return found


def tries(exercise) -> list[str]:
    """The answers to try: the first of the exercise's answers, then all of them in
    order as one answer (an IOTA turn's answers are its parts: recycles, then the play)."""
    found = list(exercise.answers[:1])
    if len(exercise.answers) > 1:
        found.append("; ".join(exercise.answers))
    return found


def by_keys(exercise, answer: str, *, keys: bool = True) -> str:
    """Answer ``exercise`` with ``answer`` by keys alone; "" if the verdict is right,
    else what went wrong."""
    exercise.raise_errors = True
    if exercise.read_answer is None:               # a typed answer: the box, then Enter
        exercise.text.value = answer
        send_event(exercise.text, "submit")
    else:
        board = exercise.board
        if not keys or getattr(board, "cursor_keys", None) is None:
            return "the board takes no keys"
        board.view.raise_errors = True
        try:
            make_by_keys(board, answer, confirm=False)
        except Exception as exc:   # a key path that does not exist is the finding
            return f"keys could not make {answer}: {exc}"
        exercise.submit()
    if not exercise.attempts:
        return f"nothing judged: {exercise.message}"
    verdict = exercise.attempts[-1][1]
    return "" if verdict.correct else f"judged wrong: {verdict.why}"


def measure(only: str | None = None) -> list[Course]:
    out = []
    for spec in games.all():
        if only is not None and spec.name != only:
            continue
        module = spec.lesson_module()
        catalogue = getattr(module, "exercise", None)
        if catalogue is None:
            continue
        course = Course(spec.name)
        for name in names(catalogue):
            course.exercises += 1
            ex = catalogue(name)
            on_board = ex.read_answer is not None
            course.on_a_board += on_board
            course.typed += not on_board
            answers = tries(ex)
            if not answers:
                course.mouse_only_after += 1
                course.failures.append(f"{name}: no answer to try")
                continue
            before = [by_keys(catalogue(name), a, keys=False) for a in answers]
            course.mouse_only_before += all(before)
            found = [by_keys(ex if i == 0 else catalogue(name), a) for i, a in enumerate(answers)]
            why = "" if not all(found) else found[0]
            if why:
                course.mouse_only_after += 1
                course.failures.append(f"{name}: {why}")
        out.append(course)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--game", help="one game only (its package name)")
    args = parser.parse_args(argv)
    # The exercises keep progress: in a file of this run's own, not the student's.
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["KIT_PROGRESS"] = str(Path(tmp) / "progress.json")
        courses = measure(args.game)
    print(f"{'course':10} {'exercises':>9} {'typed':>6} {'on a board':>10} "
          f"{'mouse only before':>18} {'after':>6}")
    for c in courses:
        print(f"{c.game:10} {c.exercises:>9} {c.typed:>6} {c.on_a_board:>10} "
              f"{c.mouse_only_before:>18} {c.mouse_only_after:>6}")
        for failure in c.failures:
            print(f"    {failure}")
    total = [sum(getattr(c, f) for c in courses)
             for f in ("exercises", "mouse_only_before", "mouse_only_after")]
    print(f"all: {total[0]} exercises; answerable only by mouse: {total[1]} before, "
          f"{total[2]} after")
    if args.json:
        args.json.write_text(json.dumps([asdict(c) for c in courses], indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
