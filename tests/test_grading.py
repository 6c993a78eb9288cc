"""Graded sets: nbgrader's own commands on a sample class, and the kit's check."""

import csv
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from kit import InvalidMoveText, games
from kit.classroom import grading

BIN = Path(sys.executable).parent


def nbgrader(course: Path, *args) -> str:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run([str(BIN / "nbgrader"), *args], cwd=course, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def wrong_answer(game: str, puzzle) -> str:
    """A legal move the kit says misses the goal (found, not hard-coded)."""
    module = games.get(game).lesson_module()
    for move in puzzle.game.legal_moves():
        try:
            if not module.check_puzzle(puzzle, str(move)).correct:
                return str(move)
        except ValueError:
            continue
    raise AssertionError(f"{game} puzzle {puzzle.number}: every legal move meets the goal")


def puzzle_json(game, puzzle):
    return {"goal": puzzle.goal, "target": puzzle.target, "position": puzzle.position}


@pytest.mark.parametrize("game", grading.graded_games())
def test_check_passes_the_solution_and_fails_wrong_and_malformed_answers_with_reasons(game):
    module = games.get(game).lesson_module()
    puzzle = module.load_puzzles()[0]
    data = puzzle_json(game, puzzle)
    assert grading.check(game, data, grading._solution_text(puzzle)).correct
    with pytest.raises(grading.WrongAnswer, match="Not quite"):
        grading.check(game, data, wrong_answer(game, puzzle))
    for bad in ("zz", ""):
        with pytest.raises(InvalidMoveText):
            grading.check(game, data, bad)


@pytest.mark.parametrize("game", grading.graded_games())
def test_a_set_has_every_puzzle_as_task_answer_and_one_point_check(game):
    module = games.get(game).lesson_module()
    count = len(module.load_puzzles())
    nb = grading.assignment(game)
    kinds = [c.metadata["nbgrader"]["grade_id"].split("_")[0] for c in nb.cells]
    assert kinds == ["intro", "setup"] + ["task", "answer", "check"] * count
    checks = [c for c in nb.cells if c.metadata["nbgrader"]["grade"]]
    assert sum(c.metadata["nbgrader"]["points"] for c in checks) == count
    # The checks carry positions, never the solutions.
    assert all("solution" not in c.source for c in checks)
    tasks = [c.source for c in nb.cells if c.metadata["nbgrader"]["grade_id"].startswith("task_")]
    assert len(tasks) == count and all("data:image/svg+xml;base64," in t for t in tasks)


def test_picking_a_puzzle_that_does_not_exist_is_refused():
    with pytest.raises(ValueError, match="has no puzzle"):
        grading.assignment("mattix", [999])


def answered(release: Path, answers: dict) -> nbformat.NotebookNode:
    nb = nbformat.read(release, as_version=4)
    for cell in nb.cells:
        grade_id = cell.metadata["nbgrader"]["grade_id"]
        if grade_id.startswith("answer_"):
            cell.source = f"answer = {answers[int(grade_id[7:])]!r}"
    return nb


def test_nbgrader_generates_autogrades_and_scores_a_sample_class(tmp_path):
    game, numbers = "mattix", [1, 2]
    course = tmp_path / "course"
    grading.write_course(course, [game], numbers)
    nbgrader(course, "generate_assignment", f"{game}_puzzles", "--force")
    release = course / "release" / f"{game}_puzzles" / f"{game}_puzzles.ipynb"
    student_copy = nbformat.read(release, as_version=4)
    assert grading.STUB in "\n".join(c.source for c in student_copy.cells)
    assert all(grading.STUB in c.source for c in student_copy.cells
               if c.metadata["nbgrader"]["grade_id"].startswith("answer_"))

    puzzles = {p.number: p for p in games.get(game).lesson_module().load_puzzles()}
    right = {n: puzzles[n].solution for n in numbers}
    submissions = {"ada": right,
                   "bob": {1: wrong_answer(game, puzzles[1]), 2: right[2]},
                   "cy": {1: "zz", 2: ""}}
    for student, answers in submissions.items():
        target = course / "submitted" / student / f"{game}_puzzles" / f"{game}_puzzles.ipynb"
        target.parent.mkdir(parents=True)
        nbformat.write(answered(release, answers), target)
    nbgrader(course, "autograde", f"{game}_puzzles", "--create")
    nbgrader(course, "export", "--to", str(tmp_path / "grades.csv"))

    rows = {r["student_id"]: r for r in csv.DictReader(open(tmp_path / "grades.csv"))}
    scores = {s: float(rows[s]["raw_score"]) for s in submissions}
    assert scores == {"ada": 2.0, "bob": 1.0, "cy": 0.0}
    assert float(rows["ada"]["max_score"]) == 2.0

    def graded_text(student):
        path = course / "autograded" / student / f"{game}_puzzles" / f"{game}_puzzles.ipynb"
        return str(nbformat.read(path, as_version=4).cells)
    assert "Right!" in graded_text("ada")
    # The kit's reason for a wrong take: the best answer to it and how it ends.
    assert "WrongAnswer" in graded_text("bob") and "with perfect play you end" in graded_text("bob")
    assert "InvalidMoveText" in graded_text("cy") and "cannot read 'zz'" in graded_text("cy")
