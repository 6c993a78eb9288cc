"""A lesson's code cells run in this process, in order, as its kernel runs them,
and how a test finds an exercise's answer in words.

The course walks' twins (``tests/browser/lesson_twin.py``) and the answer-leak
walk (``tests/lessons/test_no_answer_leaks.py``) both need the very exercises
and boards a lesson shows, built here where a test can reach them, and both
look for an answer in what is said the same way (``says``, ``leaked``).
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import nbformat


def shown_values(path: Path) -> list:
    """Each code cell's shown value (its last expression's, or None), in order.

    The cells run from the notebook's own folder, as a kernel started by Lab does."""
    namespace: dict = {}
    shown = []
    here = os.getcwd()
    os.chdir(path.parent)
    try:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            tree = ast.parse(cell.source)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, str(path), "exec"), namespace)
            shown.append(eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
                         if last is not None else None)
    finally:
        os.chdir(here)
    return shown


def says(text: str, answer: str) -> bool:
    """``answer`` in ``text`` as a whole word (a "7" is not in "17"), any case."""
    return re.search(rf"(?<![0-9A-Za-z]){re.escape(answer)}(?![0-9A-Za-z])", text, re.I) is not None


def leaked(text: str, answers) -> list:
    """Those of ``answers`` that ``text`` says."""
    return [a for a in answers if says(text, a)]
