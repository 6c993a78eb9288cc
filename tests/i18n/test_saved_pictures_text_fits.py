"""Every word in every saved lesson picture, in every language, lies inside its picture:
measured with DejaVu Sans's own widths (kit.textwidth), the font the pictures name
first. Issue 30: Bulgarian notes ("Купчинката е празна: пас те вади от играта") ran
past the right edge of the board, cut off where the notebook shows it."""

import html
import json
import re
import urllib.parse
from pathlib import Path

import pytest

from kit.textwidth import text_width, wrap_text

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
TEXT = re.compile(r'<text x="([-\d.]+)" y="[-\d.]+" font-size="([\d.]+)" text-anchor="(\w+)"'
                  r'[^>]*?( font-weight="bold")?>(.*?)</text>')
VIEWBOX = re.compile(r'viewBox="0 0 ([\d.]+) ')
IMG = re.compile(r"<img src='data:image/svg\+xml;charset=utf-8,(.*?)'", re.S)


def saved_svgs(nb: dict):
    for i, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if "image/svg+xml" in data:
                yield i, "".join(data["image/svg+xml"])
            for m in IMG.finditer("".join(data.get("text/html", ""))):
                yield i, urllib.parse.unquote(m.group(1))


def overflowing(svg: str) -> list[str]:
    box = VIEWBOX.search(svg)
    if box is None:
        return []
    width, out = float(box.group(1)), []
    for m in TEXT.finditer(svg):
        x, size, anchor = float(m.group(1)), float(m.group(2)), m.group(3)
        text = html.unescape(m.group(5))
        w = text_width(text, size, bool(m.group(4)))
        left = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
        if left < -1 or left + w > width + 1:
            out.append(f"{text!r} spans {left:.0f}-{left + w:.0f} of {width:.0f} px")
    return out


def lessons(lang: str) -> list[Path]:
    if lang != "en":
        return sorted((NOTEBOOKS / lang).rglob("*.ipynb"))
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb")
                  if p.relative_to(NOTEBOOKS).parts[0] not in ("es", "bg"))


@pytest.mark.parametrize("lang", ["en", "es", "bg"])
def test_every_word_of_every_saved_picture_is_inside_it(lang):
    found, texts = [], 0
    for path in lessons(lang):
        for i, svg in saved_svgs(json.loads(path.read_text())):
            texts += svg.count("<text ")
            found += [f"{path.relative_to(NOTEBOOKS)} cell {i}: {o}" for o in overflowing(svg)]
    assert texts > 500 and found == [], "\n".join(found[:20])


def test_the_measure_is_the_fonts_and_cyrillic_is_wider():
    # DejaVu Sans's advance widths: "M" 0.863 em, "i" 0.278 em, "ш" 0.871 em
    assert text_width("M", 100) == pytest.approx(86.3, abs=0.1)
    assert text_width("i", 100) == pytest.approx(27.8, abs=0.1)
    assert text_width("шиш", 20) > text_width("sis", 20) * 1.3
    assert text_width("Mattix", 18, bold=True) > text_width("Mattix", 18)
    lines = wrap_text("Купчинката е празна: пас те вади от играта", 200, 18)
    assert len(lines) > 1 and all(text_width(t, 18) <= 200 for t in lines)
    assert " ".join(lines) == "Купчинката е празна: пас те вади от играта"
