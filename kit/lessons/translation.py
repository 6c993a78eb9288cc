"""Translated lessons, kept in step with their English originals.

A lesson in another language is a whole notebook at the same path under
``notebooks/<lang>/`` (``notebooks/es/iota/03_scoring.ipynb`` translates
``notebooks/iota/03_scoring.ipynb``). It has the original's cells in the
original's order:

- each markdown cell is translated, and its metadata ``kit.translates``
  holds a fingerprint of the English text it was translated from (written by
  ``stamp``), so a change to the English cell shows as a cell to carry over;
- the code is the same, except for the language line that opens the first
  code cell, ``import kit; kit.set_language("es")``, and the prose in its
  string literals (a printed sentence, a picture's title). Exercise keys,
  progress titles, notation and positions are never translated.

``check`` says every way a translation has fallen out of step, cell by cell,
and every English sentence left in its markdown or its saved outputs.

    python -m kit.lessons.translation stamp notebooks/es/iota/03_scoring.ipynb
    python -m kit.lessons.translation check [notebooks/es/iota/03_scoring.ipynb ...]

Not covered: whether a translation is good; a person judges that.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import io
import json
import re
import tokenize
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kit.i18n import LANGUAGES

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: Languages with notebooks of their own (English is notebooks/ itself).
TRANSLATED = LANGUAGES[1:]
LANGUAGE_LINE = 'import kit; kit.set_language("{lang}")'
#: Calls whose string arguments are keys, never translated.
KEY_CALLS = {"exercise", "Progress", "puzzle", "check", "load_puzzles"}


def _under_notebooks(path: Path | str, notebooks: Path | None) -> tuple[Path, tuple[str, ...]]:
    """(the notebooks folder, the path's parts below it): ``notebooks`` if
    given, else the nearest folder named notebooks above ``path``."""
    path = Path(path).resolve()
    if notebooks is None:
        above = [p for p in path.parents if p.name == "notebooks"]
        if not above:
            raise ValueError(f"{path} is not in a notebooks/ folder")
        notebooks = above[0]
    return notebooks, path.relative_to(notebooks.resolve()).parts


def language_of(path: Path | str, notebooks: Path | None = None) -> str:
    """The language of the notebook at ``path``: the folder under notebooks/
    it sits in ("es", "bg"), else English (also outside any notebooks/)."""
    try:
        _, parts = _under_notebooks(path, notebooks)
    except ValueError:
        return "en"
    return parts[0] if len(parts) > 1 and parts[0] in TRANSLATED else "en"


def original_of(path: Path | str, notebooks: Path | None = None) -> Path:
    """The English notebook a translated one translates."""
    root, parts = _under_notebooks(path, notebooks)
    if len(parts) < 2 or parts[0] not in TRANSLATED:
        raise ValueError(f"{path} is not under notebooks/<language>/ ({', '.join(TRANSLATED)})")
    return root / Path(*parts[1:])


def translations(notebooks: Path = NOTEBOOKS) -> list[Path]:
    """Every translated notebook."""
    return sorted(p for lang in TRANSLATED for p in (notebooks / lang).rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)


def fingerprint(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _load(path: Path) -> dict[str, Any]:
    notebook: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    return notebook


def stamp(path: Path | str, notebooks: Path | None = None) -> int:
    """Write into each markdown cell of the translation at ``path`` the
    fingerprint of the English cell it translates (same place, same kind);
    returns how many cells were stamped. Run it after carrying a change over."""
    path = Path(path)
    original, translated = _load(original_of(path, notebooks)), _load(path)
    if len(original["cells"]) != len(translated["cells"]):
        raise ValueError(f"{path} has {len(translated['cells'])} cells and its original "
                         f"{len(original['cells'])}: a translation keeps every cell")
    count = 0
    for i, (en, tr) in enumerate(zip(original["cells"], translated["cells"], strict=True)):
        if en["cell_type"] != tr["cell_type"]:
            raise ValueError(f"{path} cell {i}: {tr['cell_type']}, the original's is {en['cell_type']}")
        if en["cell_type"] == "markdown":
            tr.setdefault("metadata", {}).setdefault("kit", {})["translates"] = fingerprint(_source(en))
            count += 1
    path.write_text(json.dumps(translated, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return count


# Words of English that are not words of Spanish (nor, written in Latin
# letters, of Bulgarian): two of them in one sentence of prose mean English.
ENGLISH_WORDS = frozenset("""
the and you your is are this that with of to it for on can be was were what which when where who
how has have will would from by an or at its not there their they if then than each every into
only also but these those them here just must should could does doesn't don't isn't it's you're
next first after before because about again try click press shows show let's
""".split())
_CODE = re.compile(r"```.*?```|`[^`\n]*`|\$[^$\n]*\$", re.S)
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_TAG = re.compile(r"<(style|script)\b.*?</\1>|<[^>]+>", re.S | re.I)
_URL = re.compile(r"https?://\S+")
_SENTENCE = re.compile(r"[^.!?:;\n]+")


def english_sentences(text: str, markdown: bool = True) -> list[str]:
    """The sentences of ``text`` (markdown, HTML or SVG) that read as English."""
    if markdown:
        text = _LINK_TARGET.sub("]", _CODE.sub(" ", text))
    text = html.unescape(_TAG.sub(" ", _URL.sub(" ", text)))
    found = []
    for sentence in _SENTENCE.findall(text):
        words = re.findall(r"[A-Za-z']+", sentence.lower())
        hits = {w for w in words if w in ENGLISH_WORDS}
        if len(hits) >= 2 and len(words) >= 3:
            found.append(" ".join(sentence.split()))
    return found


def _output_texts(cell: dict[str, Any]) -> list[str]:
    texts = []
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            texts.append(_source({"source": out.get("text", "")}))
        for key in ("text/plain", "text/html", "text/markdown", "image/svg+xml"):
            if key in out.get("data", {}):
                texts.append(_source({"source": out["data"][key]}))
        if out.get("output_type") == "error":
            texts.append(f"{out.get('ename')}: {out.get('evalue')}")
    return texts


# Python 3.12+ splits an f-string into tokens of its own; they are put back
# together into one string, as Python 3.11 reads it.
_FSTRING_START = getattr(tokenize, "FSTRING_START", None)
_FSTRING_END = getattr(tokenize, "FSTRING_END", None)


def _tokens(code: str) -> list[tuple[int, str, str]]:
    """(type, text, the call it is the first argument of) per token, skipping comments."""
    found: list[tuple[int, str, str]] = []
    names: list[str] = []
    lines = code.splitlines(keepends=True)
    depth, start = 0, (0, 0)
    try:
        for tok in tokenize.generate_tokens(io.StringIO(code).readline):
            if tok.type == _FSTRING_START:
                depth += 1
                if depth == 1:
                    start = tok.start
                continue
            if depth:
                if tok.type == _FSTRING_END:
                    depth -= 1
                    if depth == 0:
                        text = "".join(lines[start[0] - 1:tok.end[0]])
                        offset = sum(len(line) for line in lines[start[0] - 1:tok.end[0] - 1])
                        tok = tok._replace(type=tokenize.STRING,
                                           string=text[start[1]:offset + tok.end[1]])
                if depth:
                    continue
            if tok.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                            tokenize.DEDENT, tokenize.ENDMARKER):
                continue
            call = names[-2] if len(names) >= 2 and names[-1] == "(" else ""
            found.append((tok.type, tok.string, call))
            names.append(tok.string)
    except (tokenize.TokenError, SyntaxError) as exc:
        raise ValueError(f"cannot read the code: {exc}") from exc
    return found


def _prose(literal: str) -> bool:
    """Words a student reads ("value 3", "puzzles"), not notation ("1RC",
    "11011100", "2BS@2,1"): translatable."""
    return bool(re.search(r"[A-Za-z]{3,}|[A-Za-z]{2,}\s+[A-Za-z]{2,}", literal))


def compare_code(english: str, translated: str) -> str | None:
    """None when ``translated`` is ``english`` with only prose strings translated,
    else what differs first."""
    en, tr = _tokens(english), _tokens(translated)
    for (et, es, call), (tt, ts, _) in zip(en, tr, strict=False):
        if (et, es) == (tt, ts):
            continue
        if et == tt == tokenize.STRING and call not in KEY_CALLS and _prose(es):
            continue
        key = f" (a key of {call}(): never translated)" if call in KEY_CALLS else ""
        return f"the original has {es!r} where the translation has {ts!r}{key}"
    if len(en) != len(tr):
        longer = "original" if len(en) > len(tr) else "translation"
        return f"the {longer} has more code"
    return None


def check(path: Path | str, notebooks: Path | None = None) -> list[str]:
    """Every way the translation at ``path`` is out of step with its original,
    one line each naming the cell; empty when it is in step."""
    path = Path(path)
    lang = language_of(path, notebooks)
    try:
        english_path = original_of(path, notebooks)
    except ValueError as exc:
        return [str(exc)]
    if not english_path.exists():
        return [f"{path}: translates {english_path}, which does not exist"]
    original, translated = _load(english_path), _load(path)
    root, _ = _under_notebooks(path, notebooks)
    where = path.resolve().relative_to(root.parent)
    problems: list[str] = []
    en_cells, tr_cells = original["cells"], translated["cells"]
    if len(en_cells) != len(tr_cells):
        problems.append(f"{where}: {len(tr_cells)} cells, the original has {len(en_cells)}: "
                        "a translation keeps every cell, in order")
    first_code = True
    for i, (en, tr) in enumerate(zip(en_cells, tr_cells, strict=False)):
        cell = f"{where} cell {i}"
        if en["cell_type"] != tr["cell_type"]:
            problems.append(f"{cell}: {tr['cell_type']}, the original's is {en['cell_type']}")
            continue
        if en["cell_type"] == "markdown":
            made_from = tr.get("metadata", {}).get("kit", {}).get("translates")
            if made_from != fingerprint(_source(en)):
                problems.append(f"{cell}: translates {'an older' if made_from else 'an unstamped'} "
                                f"English text; the original now begins "
                                f"{_source(en)[:60]!r}: carry it over, then run "
                                f"python -m kit.lessons.translation stamp {where}")
            problems += [f"{cell}: English left in the markdown: {s!r}"
                         for s in english_sentences(_source(tr))]
        elif en["cell_type"] == "code":
            code = _source(tr)
            if first_code:
                line = LANGUAGE_LINE.format(lang=lang)
                if code.split("\n")[0].strip() != line:
                    problems.append(f"{cell}: the first code cell must open with {line}")
                else:
                    code = code.split("\n", 1)[1] if "\n" in code else ""
                first_code = False
            try:
                differs = compare_code(_source(en), code)
            except ValueError as exc:
                differs = str(exc)
            if differs:
                problems.append(f"{cell}: the code is not the original's: {differs}")
            for text in _output_texts(tr):
                problems += [f"{cell}: English left in the output: {s!r}"
                             for s in english_sentences(text, markdown=False)]
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kit.lessons.translation",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=["stamp", "check"])
    parser.add_argument("paths", nargs="*", type=Path, help="translated notebooks (default: all)")
    args = parser.parse_args(argv)
    paths = args.paths or translations()
    if args.command == "stamp":
        for p in paths:
            print(f"{p}: {stamp(p)} markdown cells stamped")
        return 0
    problems = [line for p in paths for line in check(p)]
    print("\n".join(problems) or f"{len(paths)} translations in step with their originals")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
