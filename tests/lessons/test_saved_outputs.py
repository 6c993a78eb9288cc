"""What every committed lesson shows without a kernel: pictures, never SVG markup as text.

A cell that returns an SVG *string* saves it as text/plain only, so Lab, GitHub,
the handouts and the slides print raw ``<svg ...>`` markup where a picture
belongs (lesson 1 did, until its cell returned the picture itself).
"""

from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
# Every lesson in every language (notebooks/es/iota/... too).
LESSONS = sorted(ROOT.glob("notebooks/**/[0-9]*.ipynb"))


def outputs(nb):
    return [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_no_saved_output_is_svg_markup_shown_as_text(lesson):
    nb = nbformat.read(lesson, as_version=4)
    raw = [str(o.get("data", {}).get("text/plain", o.get("text", "")))[:60]
           for o in outputs(nb)
           if "<svg" in str(o.get("data", {}).get("text/plain", o.get("text", "")))[:200]
           and "image/svg+xml" not in o.get("data", {})]
    assert raw == [], f"{lesson.name} saves SVG markup as text: {raw}"
