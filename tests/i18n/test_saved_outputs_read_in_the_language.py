"""The Spanish and Bulgarian lessons' saved outputs read as the language, not as Python:
no bare True/False/None, no dict repr, decimals with the language's comma, and no English
move word (pass, recycle, claim, challenge) or computer player's key (greedy, lookahead,
search6) outside the notation key's code, which names the English words on purpose.

What a reader sees of an output is its HTML (or its text when there is no picture);
the text/plain beside a picture is for a terminal, and SVG coordinates are not read.
"""

import json
import re
from pathlib import Path

import pytest

import kit
from kit.lessons.table import Answer, Summary, Table, cell_text

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PYTHON_WORDS = re.compile(r"\bTrue\b|\bFalse\b|\bNone\b|\{'|\['")
DOT_DECIMAL = re.compile(r"(?<![\w.,@/-])\d+\.\d+(?![\w.])")
ENGLISH_WORDS = re.compile(r"(?<![\w@])(pass|recycle|claim|challenge|greedy|lookahead|"
                           r"search\d+)(?![\w@])")


def read_texts(cell: dict) -> list[str]:
    texts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            texts.append("".join(out["text"]))
        data = out.get("data", {})
        if "text/html" in data:
            texts.append("".join(data["text/html"]))
        elif "text/plain" in data and "image/svg+xml" not in data:
            texts.append("".join(data["text/plain"]))
    words = []
    for text in texts:
        text = re.sub(r"data:image[^'\"]+", " ", text)
        text = re.sub(r"<(style|script|code)\b.*?</\1>", " ", text, flags=re.S)
        words.append(re.sub(r"<[^>]+>", " ", text))
    return words


@pytest.mark.parametrize("lang", ["es", "bg"])
def test_no_python_repr_no_english_move_and_the_decimal_comma_in_every_saved_output(lang):
    found, read = [], 0
    for path in sorted((NOTEBOOKS / lang).rglob("*.ipynb")):
        nb = json.loads(path.read_text())
        for i, cell in enumerate(nb["cells"]):
            for text in read_texts(cell):
                read += 1
                for pattern in (PYTHON_WORDS, DOT_DECIMAL, ENGLISH_WORDS):
                    for m in pattern.finditer(text):
                        found.append(f"{path.relative_to(NOTEBOOKS)} cell {i}: "
                                     f"...{text[max(0, m.start() - 40):m.end() + 10]}...")
    assert read > 50 and found == [], "\n".join(found[:20])


def test_a_table_cell_reads_as_the_language():
    rows = Table([{"player": "a", "mean": 358.2, "won": True, "best": None, "n": 3}])
    kit.set_language("es")
    try:
        assert cell_text(358.2) == "358,2" and cell_text(29.40) == "29,4"
        assert "<td>358,2</td><td>sí</td><td>–</td><td>3</td>" in rows._repr_html_()
        assert repr(rows).splitlines()[1].split() == ["a", "358,2", "sí", "–", "3"]
        assert str(Answer(False)) == "no" and Answer(True) and Answer(True) == True  # noqa: E712
        assert repr(Summary({"cartas": 70, "por valor": {0: 1, 1: 2}})) == \
            "cartas: 70\npor valor: 0: 1, 1: 2"
    finally:
        kit.set_language("en")
    assert cell_text(358.2) == "358.2" and cell_text(1.0) == "1.0" and str(Answer(True)) == "yes"


@pytest.mark.parametrize("lang", ["en", "es", "bg"])
def test_no_saved_output_is_a_quoted_python_string(lang):
    """A sentence a lesson's call returns shows as words ('Greedy takes 13 ...' was
    saved with its quotes in Mattix 3; issue 30)."""
    root = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
    paths = [p for p in sorted(root.rglob("*.ipynb"))
             if lang != "en" or p.relative_to(NOTEBOOKS).parts[0] not in ("es", "bg")]
    quoted, results = [], 0
    for path in paths:
        for i, cell in enumerate(json.loads(path.read_text())["cells"]):
            for out in cell.get("outputs", []):
                if out.get("output_type") != "execute_result":
                    continue
                results += 1
                text = "".join(out.get("data", {}).get("text/plain", ""))
                if re.match(r"""^(['"]).*\1$""", text, re.S):
                    quoted.append(f"{path.relative_to(NOTEBOOKS)} cell {i}: {text[:60]}")
    assert results > 10 and quoted == [], "\n".join(quoted)


def test_a_sentence_shows_without_quotes():
    from IPython.lib.pretty import pretty

    from kit import mattix
    said = mattix.greedy_vs_best(mattix.Game.new(size=4, level=1, seed=5))
    assert pretty(said) == repr(said) == str(said) and said.startswith("Greedy takes 8 at 2,3")
