"""Graded exercise sets for nbgrader, built from the lesson puzzles.

Covers: writing one nbgrader *source* notebook per registered game with puzzles
(``<course>/source/<game>_puzzles/<game>_puzzles.ipynb``, and one per language
its course is translated into, ``<game>_puzzles_es``) from its puzzle set
(``kit.games``: the registration's ``puzzles`` and ``lesson``) as it is when it runs (all of them, or
those picked by number), and ``check``, which the autograder cells call. Each
puzzle is three cells: its task and position (a picture), the student's answer
as moves in the game's notation, and a locked autograder cell worth one point.
The autograder cell carries the puzzle's position and goal itself (not its
number, which moves when puzzles are added), and judges the answer with the
kit's own ``check_puzzle``: a wrong answer fails with the kit's reason, a
malformed one with the kit's InvalidMoveText message; either scores 0.

Not covered: nbgrader's course setup beyond one config file, or answers made
on a live board (the lessons' puzzle boards do that, ungraded).

    python -m kit.classroom.grading COURSE_DIR [GAME [NUMBER ...]]
    python -m kit.classroom.grading COURSE_DIR --set my_puzzles.json [--lang es]

With ``--set``, a teacher's own puzzle set (``kit.lessons.puzzleset``) becomes the
source notebook ``source/<set>/<set>.ipynb``: each puzzle's autograder cell carries the
puzzle itself and judges with :func:`check_set` (the set's own tutor words).
"""

from __future__ import annotations

import base64
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat

from kit import games
from kit.i18n import LANGUAGES, _, speaking
from kit.lessons.exercise import Verdict
from kit.lessons.translation import NOTEBOOKS

# The course's one stub for every language: the task above it says, in the
# student's language, to write the answer between the quotes.
STUB = 'answer = ""'
CONFIG = f'''# nbgrader's settings for this class (see docs/teaching.md).
c = get_config()  # noqa: F821 (nbgrader provides it)
c.CourseDirectory.course_id = "kit-class"
# The student's answer cell starts as an empty answer, not NotImplementedError.
c.ClearSolutions.code_stub = {{"python": {STUB!r}}}
'''


class WrongAnswer(AssertionError):
    """An answer the kit judged wrong; its message is the kit's reason."""


def graded_games() -> list[str]:
    """The registered games with a graded puzzle set (a lesson module and puzzles)."""
    return [spec.name for spec in games.all() if spec.lesson and spec.puzzles]


def _module(game: str) -> ModuleType:
    if game not in graded_games():
        raise ValueError(f"unknown game {game!r}; games are {', '.join(graded_games())}")
    module = games.get(game).lesson_module()
    assert module is not None    # graded_games() has only games with a lesson
    return module


def check(game: str, puzzle: dict[str, Any], answer: object) -> Verdict:
    """Judge ``answer`` to ``puzzle`` (its JSON: position, goal, target) with the kit.

    Returns the Verdict when right; raises WrongAnswer with the kit's reason when
    wrong, and kit.InvalidMoveText when the answer cannot be read.
    """
    module = _module(game)
    p = module.Puzzle(number=puzzle.get("number", 0), grade=puzzle.get("grade", 1),
                      goal=puzzle["goal"], target=puzzle.get("target", 0),
                      position=puzzle["position"], hint="", solution=())
    verdict: Verdict = module.check_puzzle(p, answer)
    if not verdict.correct:
        raise WrongAnswer(str(verdict))
    print(verdict)
    return verdict


def check_set(game: str, puzzle: dict[str, Any], answer: object) -> Verdict:
    """Judge ``answer`` to one puzzle of a teacher's set (its JSON) with the kit; raises
    WrongAnswer with the set's feedback when wrong (the puzzle is re-checked on the way)."""
    from kit.lessons import puzzleset
    one = puzzleset.from_json({"format": puzzleset.FORMAT, "version": puzzleset.VERSION,
                               "game": game, "puzzles": [puzzle]})
    verdict = puzzleset.check(game, one.puzzles[0], answer)
    if not verdict.correct:
        raise WrongAnswer(str(verdict))
    print(verdict)
    return verdict


def set_assignment(path: Path, lang: str = "en") -> nbformat.NotebookNode:
    """The nbgrader source notebook of the teacher's set in ``path``."""
    from kit.lessons import puzzleset
    with speaking(lang):
        loaded = puzzleset.load(path)
        raw = {p["name"]: p for p in json.loads(Path(path).read_text(encoding="utf-8"))["puzzles"]}
        nb: nbformat.NotebookNode = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}
        title = loaded.title or Path(path).stem
        nb.cells.append(nbformat.v4.new_markdown_cell(
            f"# {title}\n\n" + _("Each puzzle is worth one point. Write your answer between the "
                                  "quotes, run the cell, then run the check under it: it says "
                                  "*Right!* or why not. Submit when done."),
            metadata=_meta("intro")))
        setup = "from kit.classroom.grading import check_set"
        if lang != "en":
            setup = f"import kit; kit.set_language({lang!r})\n{setup}"
        nb.cells.append(nbformat.v4.new_code_cell(setup, metadata=_meta("setup")))
        for i, p in enumerate(loaded.puzzles, 1):
            svg = base64.b64encode(str(puzzleset.game_of(loaded.game, p.position)._repr_svg_())
                                   .encode()).decode()
            alt = _("puzzle {n}").format(n=i)
            task = _("Puzzle {number}.").format(number=p.name) + " " + p.task
            nb.cells.append(nbformat.v4.new_markdown_cell(
                f"## {task}\n\n<img alt=\"{alt}\" src=\"data:image/svg+xml;base64,{svg}\">",
                metadata=_meta(f"task_{i}")))
            nb.cells.append(nbformat.v4.new_code_cell(
                "# " + _("Puzzle {n}").format(n=i) + "\n### BEGIN SOLUTION\n"
                f"answer = {puzzleset.typed_answer(loaded.game, p)!r}\n"
                "### END SOLUTION",
                metadata=_meta(f"answer_{i}", solution=True, locked=False)))
            nb.cells.append(nbformat.v4.new_code_cell(
                "# " + _("Puzzle {n}: checked by the kit (1 point). Do not edit.").format(n=i)
                + "\n" + f"check_set({loaded.game!r}, {raw[p.name]!r}, answer)",
                metadata=_meta(f"check_{i}", grade=True, points=1)))
        for cell in nb.cells:
            cell.id = cell.metadata["nbgrader"]["grade_id"]
        return nb


def _meta(grade_id: str, *, solution: bool = False, grade: bool = False, locked: bool = True,
          points: int | None = None) -> dict[str, Any]:
    meta = {"grade_id": grade_id, "solution": solution, "grade": grade, "locked": locked,
            "task": False, "schema_version": 3}
    if points is not None:
        meta["points"] = points
    return {"nbgrader": meta}


def picture(game: str, puzzle: Any) -> str:
    """The position as SVG: the game's own picture, or its registration's
    ``puzzle_picture`` (where a puzzle's goal needs more in view, such as every hand)."""
    draw = games.get(game).puzzle_picture
    return draw(puzzle) if draw is not None else str(puzzle.game._repr_svg_())


def puzzle_cells(game: str, puzzle: Any, data: dict[str, Any]) -> list[nbformat.NotebookNode]:
    n = puzzle.number
    # An <img> of a data URL, as the lessons' saved pictures: JupyterLab draws it
    # in an untrusted notebook, where it leaves an SVG cell attachment blank.
    svg = base64.b64encode(picture(game, puzzle).encode()).decode()
    alt = _("puzzle {n}").format(n=n)
    task = nbformat.v4.new_markdown_cell(
        f"## {puzzle.task}\n\n<img alt=\"{alt}\" src=\"data:image/svg+xml;base64,{svg}\">\n\n"
        + _("Answer below with {format}.").format(format=_(games.get(game).answer_format)),
        metadata=_meta(f"task_{n}"))
    answer = nbformat.v4.new_code_cell(
        "# " + _("Puzzle {n}").format(n=n) + "\n### BEGIN SOLUTION\n"
        f"answer = {json.dumps(_solution_text(puzzle))}\n### END SOLUTION",
        metadata=_meta(f"answer_{n}", solution=True, locked=False))
    graded = {k: data[k] for k in ("goal", "target", "position") if k in data}
    check_cell = nbformat.v4.new_code_cell(
        "# " + _("Puzzle {n}: checked by the kit (1 point). Do not edit.").format(n=n) + "\n"
        f"check({game!r}, {graded!r}, answer)",
        metadata=_meta(f"check_{n}", grade=True, points=1))
    return [task, answer, check_cell]


def _solution_text(puzzle: Any) -> str:
    return puzzle.solution if isinstance(puzzle.solution, str) else "; ".join(puzzle.solution)


def assignment(game: str, numbers: Iterable[int] | None = None,
               lang: str = "en") -> nbformat.NotebookNode:
    """The nbgrader source notebook for ``game``: every puzzle, or those
    ``numbers``, in ``lang`` (its setup cell makes the checks answer in it too)."""
    with speaking(lang):
        return _assignment(game, numbers, lang)


def _assignment(game: str, numbers: Iterable[int] | None, lang: str) -> nbformat.NotebookNode:
    module, puzzle_file = _module(game), games.get(game).puzzles
    assert puzzle_file is not None    # graded_games() has only games with puzzles
    raw = json.loads(puzzle_file.read_text())["puzzles"]
    puzzles = module.load_puzzles()
    wanted = set(numbers) if numbers else {p.number for p in puzzles}
    unknown = wanted - {p.number for p in puzzles}
    if unknown:
        raise ValueError(f"{game} has no puzzle {sorted(unknown)}; it has 1-{len(puzzles)}")
    nb: nbformat.NotebookNode = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    title = _("{game} puzzles: graded set").format(
        game=game.capitalize() if lang == "en" else _(games.get(game).title))
    nb.cells.append(nbformat.v4.new_markdown_cell(
        f"# {title}\n\n" + _("Each puzzle is worth one point. Write your answer between the quotes, "
                             "run the cell, then run the check under it: it says *Right!* or why not. "
                             "Submit when done."), metadata=_meta("intro")))
    setup = "from kit.classroom.grading import check"
    if lang != "en":
        setup = f"import kit; kit.set_language({lang!r})\n{setup}"
    nb.cells.append(nbformat.v4.new_code_cell(setup, metadata=_meta("setup")))
    for p in puzzles:
        if p.number in wanted:
            nb.cells.extend(puzzle_cells(game, p, raw[p.number - 1]))
    for cell in nb.cells:     # stable ids: regenerating changes only what changed
        cell.id = cell.metadata["nbgrader"]["grade_id"]
    return nb


def write_course(course: Path, names: Iterable[str] | None = None,
                 numbers: Iterable[int] | None = None) -> list[Path]:
    """Write nbgrader_config.py (if absent) and each game's source notebook
    (``names``, default every game with puzzles)."""
    course.mkdir(parents=True, exist_ok=True)
    config = course / "nbgrader_config.py"
    if not config.exists():
        config.write_text(CONFIG)
    written = []
    for game in graded_games() if names is None else names:
        for lang in set_languages(game):
            name = assignment_name(game, lang)
            target = course / "source" / name / f"{name}.ipynb"
            target.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(assignment(game, numbers, lang), target)
            written.append(target)
    return written


def set_languages(game: str) -> list[str]:
    """The languages ``game``'s graded set is written in: English, and each
    language its course is translated into (notebooks/<lang>/<game>/)."""
    return ["en", *(lang for lang in LANGUAGES[1:] if (NOTEBOOKS / lang / game).is_dir())]


def assignment_name(game: str, lang: str = "en") -> str:
    """nbgrader's name of a set: iota_puzzles, and iota_puzzles_es in Spanish."""
    return f"{game}_puzzles" if lang == "en" else f"{game}_puzzles_{lang}"


def main(argv: list[str]) -> int:
    if not argv:
        print((__doc__ or "").strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    if "--set" in argv:
        args = list(argv)
        lang = "en"
        if "--lang" in args:
            lang = args[args.index("--lang") + 1]
            del args[args.index("--lang"):args.index("--lang") + 2]
        path = Path(args[args.index("--set") + 1])
        del args[args.index("--set"):args.index("--set") + 2]
        course = Path(args[0])
        course.mkdir(parents=True, exist_ok=True)
        if not (course / "nbgrader_config.py").exists():
            (course / "nbgrader_config.py").write_text(CONFIG)
        name = path.stem if lang == "en" else f"{path.stem}_{lang}"
        target = course / "source" / name / f"{name}.ipynb"
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(set_assignment(path, lang), target)
        print(target)
        return 0
    names = [argv[1]] if len(argv) > 1 else None
    numbers = [int(a) for a in argv[2:]] or None
    for path in write_course(Path(argv[0]), names, numbers):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
