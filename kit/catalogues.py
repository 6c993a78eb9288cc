"""The kit's message catalogues: extract, update, compile and check them (Babel).

``kit.i18n`` reads the compiled catalogues at run time with the standard
library alone; this module is the translator's side and needs Babel.

    python -m kit.catalogues update         # find every message, update es and bg, compile
    python -m kit.catalogues check          # fail naming each message without a translation
    python -m kit.catalogues split          # move each game's messages into its own catalogue
    python -m kit.catalogues update --game nim --lang es   # start a game's Spanish catalogue
    python -m kit.catalogues update --po part.es.po --lang es kit/iota   # one part, for one translator

Messages come from three kinds of file:

- Python (``kit/**/*.py``): ``_()``, ``ngettext()``, ``N_()``; a comment
  starting ``Translators:`` above a call reaches the translator.
- The puzzle and lesson data (``kit/lessons/puzzles/*.json``,
  ``kit/lessons/data/*.json``): the values of the keys in ``JSON_KEYS``,
  translated with ``_()`` where they are shown.
- The teacher's page (``kit/classroom/page/*.html``): ``t("...")`` in its
  script and the text of elements marked ``data-t``.

Where a message lives: one used only inside a game's folder (``kit/<game>/``)
is in that game's catalogue, ``kit/<game>/locale/<lang>/LC_MESSAGES/<game>.po``
(the folder is found through the game's registration, ``kit.games``); every
other, in the shared ``kit/locale/<lang>/LC_MESSAGES/kit.po``. ``update`` keeps
each message where it belongs now, its translation following it from the
catalogue it was in; ``split`` does the same and also gives a game the
catalogue of each language the shared one translated some of its messages
into (run again, it changes nothing). A game is asked for the languages it
ships a ``.po`` of; in the others it speaks English.

Not covered: the notebooks, which are translated as whole files
(``notebooks/es/``, ``notebooks/bg/``) and kept in step by
``kit.lessons.translation``.
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import re
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from kit.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

KIT = Path(__file__).parent
#: Keys of the JSON data files whose values are shown to a person.
JSON_KEYS = ("hint", "more_hints")
# "t" is the teacher's page's own gettext (extract_page).
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "t": None}
COMMENT_TAGS = ("Translators:",)
#: Modules for developers (benchmarks, attacks, load tests): English, not extracted.
DEV_ONLY = re.compile(r"(benchmark|generate_\w+|attacks|hostile|loadtest|service_bench|pagewatch"
                      r"|catalogues)\.py$|/testing/")

#: The shared catalogue's name, in Part.
SHARED = "kit"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def source_files(paths: Sequence[Path | str] = ()) -> list[Path]:
    """The files messages are extracted from: under ``paths`` (default: the kit)."""
    roots = [Path(p) for p in paths] or [KIT, *_outside_folders()]
    found: list[Path] = []
    for root in roots:
        files = [root] if root.is_file() else sorted(
            [*root.rglob("*.py"), *root.rglob("*.json"), *root.rglob("*.html")])
        for f in files:
            rel = f.resolve().as_posix()
            if f.suffix == ".py" and DEV_ONLY.search(rel):
                continue
            if f.suffix == ".json" and not re.search(r"lessons/(puzzles|data)/", rel):
                continue
            if f.suffix == ".html" and "/classroom/page/" not in rel:
                continue
            found.append(f)
    return found


def _outside_folders() -> list[Path]:
    """Registered game folders that are not under kit/ (a test's extra folder)."""
    return [p.folder for p in parts()[1:]
            if p.folder is not None and not p.folder.resolve().is_relative_to(KIT.resolve())]


class Part:
    """One catalogue: the shared one (``name`` "kit", no folder) or a game's own."""

    def __init__(self, name: str, folder: Path | None = None, locale: Path | None = None) -> None:
        self.name, self.folder, self.locale = name, folder, locale

    def __repr__(self) -> str:
        return f"Part({self.name!r})"

    def po(self, lang: str) -> Path:
        if self.folder is None or self.locale is None:
            return po_path(lang)
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, lang: str) -> Path:
        return mo_path(lang) if self.folder is None else self.po(lang).with_suffix(".mo")

    def languages(self) -> list[str]:
        """The languages this catalogue must translate: every one for the shared
        catalogue, those it ships a .po of for a game."""
        if self.folder is None:
            return list(LANGUAGES[1:])
        return [lang for lang in LANGUAGES[1:] if self.po(lang).is_file()]

    def holds(self, location: str) -> bool:
        """Whether a message's location (a path from the repository's root) is in this game's folder."""
        if self.folder is None:
            return False
        path = Path(location)
        path = (path if path.is_absolute() else KIT.parent / path).resolve()
        return path.is_relative_to(self.folder.resolve())


def parts() -> list[Part]:
    """The shared catalogue, then each registered game's (in the registry's order)."""
    from kit import games
    return [Part(SHARED), *(Part(s.name, s.folder, s.locale) for s in games.all())]


def part_of(message: Message, games: Sequence[Part]) -> str:
    """The catalogue a message belongs to: the one game whose folder holds all its
    locations, else the shared one."""
    owners = set()
    for location, _line in message.locations:
        owner = next((g.name for g in games if g.holds(location)), SHARED)
        owners.add(owner)
    return owners.pop() if len(owners) == 1 else SHARED


def split_template(template: Catalog, where: Sequence[Part] | None = None) -> dict[str, Catalog]:
    """``template``'s messages by catalogue: part name -> the messages it holds
    (every part named, an empty template for a game with no message)."""
    where = list(where) if where is not None else parts()
    games = [p for p in where if p.folder is not None]
    out = {p.name: Catalog(project="kit", domain=p.name, fuzzy=False) for p in where}
    for message in template:
        if not message.id:
            continue
        out[part_of(message, games)][message.id] = copy.deepcopy(message)
    return out


def extract_json(fileobj: IO[bytes], keywords: object, comment_tags: object,
                 options: object) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extractor for the lesson data: each string under a key of
    ``JSON_KEYS`` (or a list of them), with its line number."""
    text = fileobj.read().decode("utf-8")
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in JSON_KEYS:
                    found.extend(v for v in (value if isinstance(value, list) else [value])
                                 if isinstance(v, str) and v.strip())
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(json.loads(text))
    for message in found:
        line = text[:max(text.find(json.dumps(message)[1:-1]), 0)].count("\n") + 1
        yield line, "_", message, []


_PAGE_CALL = re.compile(r"""\bt\(\s*(["'`])((?:\\.|(?!\1).)*)\1""", re.S)
_PAGE_MARKED = re.compile(r"<(\w+)[^>]*\bdata-t\b[^>]*>([^<]+)</\1>")


def extract_page(fileobj: IO[bytes], keywords: object, comment_tags: object,
                 options: object) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extractor for the teacher's page: ``t("...")`` in its script and
    elements marked ``data-t`` (their text is the message)."""
    text = fileobj.read().decode("utf-8")
    for match in _PAGE_CALL.finditer(text):
        # JavaScript's escapes (\u2026, \") read, other characters kept as they are.
        message = match.group(2).encode("latin-1", "backslashreplace").decode("unicode_escape")
        yield text[:match.start()].count("\n") + 1, "t", message, []
    for match in _PAGE_MARKED.finditer(text):
        yield text[:match.start()].count("\n") + 1, "t", match.group(2).strip(), []


def message_id(message: Message) -> str:
    """A message's id; a counted message's is its singular."""
    return message.id if isinstance(message.id, str) else message.id[0]


def ids(paths: Sequence[Path | str] = ()) -> set[str]:
    """The ids of every message marked under ``paths`` (the whole kit by default)."""
    return {message_id(m) for m in extract(paths) if m.id}


def _method(path: Path) -> str:
    return {".py": "python", ".json": "kit.catalogues:extract_json",
            ".html": "kit.catalogues:extract_page"}[path.suffix]


def extract(paths: Sequence[Path | str] = ()) -> Catalog:
    """Every marked message under ``paths`` (the whole kit by default)."""
    template = Catalog(project="kit", domain=DOMAIN, fuzzy=False)
    root = KIT.parent          # locations read the same from wherever it is run
    for path in source_files(paths):
        try:
            where = path.resolve().relative_to(root).as_posix()
        except ValueError:
            where = path.as_posix()
        for line, message, comments, context in extract_from_file(
                _method(path), str(path), keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
                strip_comment_tags=True):
            template.add(message, None, [(where, line)], auto_comments=comments, context=context)
    return template


def read(path: Path, lang: str) -> Catalog:
    if path.exists():
        with path.open("rb") as f:
            return read_po(f, locale=lang, domain=DOMAIN)
    return Catalog(locale=lang, domain=DOMAIN, fuzzy=False)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=False, omit_header=False, include_previous=False)
    path.write_bytes(buf.getvalue())


def update(lang: str, template: Catalog, po: Path | None = None,
           fill_from: Iterable[Path] = ()) -> Catalog:
    """``lang``'s catalogue (``po``, default the kit's) with exactly the messages
    of ``template``: translations kept, new messages empty, gone ones dropped;
    an empty translation is filled from ``fill_from`` catalogues when they have it."""
    po = po or po_path(lang)
    existed = po.exists()
    catalog = read(po, lang)
    # A copy: Babel's update hands the template's own messages to the catalogue,
    # and the next language would start from this one's translations.
    template = copy.deepcopy(template)
    if existed:       # the header's date stays: the same messages write the same file
        template.creation_date = catalog.creation_date
    else:
        template.creation_date = read(po_path(lang), lang).creation_date
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    for other in fill_from:
        donor = read(other, lang)
        for message in catalog:
            if message.id and not _translated(message):
                found = donor.get(message.id, context=message.context)
                if found is not None and _translated(found) and not found.fuzzy:
                    message.string = found.string
    write(catalog, po)
    return catalog


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return all(s for s in strings)


def compile_mo(lang: str, po: Path | None = None, mo: Path | None = None) -> None:
    catalog = read(po or po_path(lang), lang)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    (mo or mo_path(lang)).write_bytes(buf.getvalue())


def untranslated(catalog: Catalog) -> list[str]:
    """The messages of ``catalog`` with no translation, or only a fuzzy one."""
    return [message_id(m) for m in catalog if m.id and (m.fuzzy or not _translated(m))]


def update_all(langs: Sequence[str], template: Catalog | None = None,
               create: Iterable[str] = (), split: bool = False) -> list[str]:
    """Update and compile every catalogue of ``langs`` to the messages of
    ``template`` (default: the kit's), each message in the catalogue it belongs
    to (:func:`part_of`), its translation taken from whichever catalogue had it.
    A game's catalogue of a language is written when it exists, when the game
    is named in ``create``, or (``split``) when the shared catalogue translated
    some of its messages. Returns a line per catalogue written."""
    where = parts()
    by_part = split_template(template or extract(), where)
    create = set(create)
    lines = []
    for lang in langs:
        shared = read(po_path(lang), lang)
        with tempfile.TemporaryDirectory(prefix="kit-catalogues-") as scratch:
            # Every catalogue of this language as it was before any is rewritten:
            # a message moving between catalogues takes its translation along.
            before = {}
            for p in where:
                if p.po(lang).exists():
                    before[p.name] = Path(scratch) / f"{p.name}.po"
                    before[p.name].write_bytes(p.po(lang).read_bytes())
            for p in where:
                po, own = p.po(lang), by_part[p.name]
                if p.folder is not None and not po.exists() and not (
                        (p.name in create and len(own)) or
                        (split and any(_translated(m) for m in shared
                                       if m.id and own.get(m.id, m.context) is not None))):
                    continue      # the game speaks English in this language
                catalog = update(lang, own, po, [d for n, d in before.items() if n != p.name])
                compile_mo(lang, po, p.mo(lang))
                lines.append(f"{lang}: {len(own)} messages, {len(untranslated(catalog))} "
                             f"without a translation ({_shown(po)})")
    return lines


def _shown(path: Path) -> str:
    try:
        return path.resolve().relative_to(KIT.parent.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def check(lang: str, template: Catalog | None = None) -> list[str]:
    """What is wrong with ``lang``'s catalogues, one line each: a message the
    kit has and its catalogue (the shared one, or its game's when the game ships
    ``lang``) lacks or leaves untranslated, a translation that drops or invents
    a ``{field}``, a compiled file older than its source."""
    by_part = split_template(template or extract())
    problems = []
    for part in parts():
        if lang in part.languages():
            problems += check_one(lang, by_part[part.name], part.po(lang), part.mo(lang))
    return problems


def check_one(lang: str, template: Catalog, po: Path, compiled: Path) -> list[str]:
    """:func:`check` of one catalogue (``po``, compiled to ``compiled``) against ``template``."""
    catalog = read(po, lang)
    problems = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        name = message_id(message)
        where = ", ".join(f"{f}:{n}" for f, n in message.locations[:2])
        if found is None or found.fuzzy or not _translated(found):
            problems.append(f"{lang}: no translation of {name!r} ({where})")
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
        strings = [s or "" for s in
                   (found.string if isinstance(found.string, (list, tuple)) else [found.string])]
        fields = set(re.findall(r"\{(\w*)[^{}]*\}", ids[-1]))
        for s in strings:
            if set(re.findall(r"\{(\w*)[^{}]*\}", s)) - fields - set(re.findall(r"\{(\w*)[^{}]*\}", ids[0])):
                problems.append(f"{lang}: {name!r} ({where}): the translation names a field the message has not")
            elif not fields <= set(re.findall(r"\{(\w*)[^{}]*\}", s)) and len(strings) == 1:
                problems.append(f"{lang}: {name!r} ({where}): the translation leaves out a field")
    if not compiled.exists():
        problems.append(f"{lang}: {compiled} is missing: run python -m kit.catalogues update")
    else:
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        if buf.getvalue() != compiled.read_bytes():
            problems.append(f"{lang}: {compiled} is not compiled from {po}: "
                            "run python -m kit.catalogues update")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kit.catalogues", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=["update", "check", "extract", "compile", "split"])
    parser.add_argument("paths", nargs="*", help="where to look for messages (default: the kit)")
    parser.add_argument("--lang", choices=LANGUAGES[1:], action="append",
                        help="one language (default: every one)")
    parser.add_argument("--po", type=Path, help="update this .po file instead of the kit's")
    parser.add_argument("--mo", type=Path, help="compile: write this .mo file (with --po)")
    parser.add_argument("--game", action="append", default=[],
                        help="update: also start this game's own catalogue of --lang")
    parser.add_argument("--fill-from", type=Path, nargs="*", default=[],
                        help=".po files to take missing translations from")
    args = parser.parse_intermixed_args(argv)
    langs = args.lang or list(LANGUAGES[1:])
    if args.command == "compile":
        for lang in langs:
            compile_mo(lang, args.po, args.mo)
        return 0
    template = extract(args.paths)
    if args.command == "extract":
        buf = io.BytesIO()
        write_po(buf, template, width=100, omit_header=True)
        sys.stdout.write(buf.getvalue().decode())
        return 0
    if args.command in ("update", "split") and not args.po and not args.paths:
        for line in update_all(langs, template, create=args.game, split=args.command == "split"):
            print(line)
        return 0
    if args.command == "update":
        for lang in langs:
            po = args.po if args.po and len(langs) == 1 else None
            catalog = update(lang, template, po, args.fill_from)
            if po is None:
                compile_mo(lang)
            left = untranslated(catalog)
            print(f"{lang}: {len(template)} messages, {len(left)} without a translation"
                  f" ({po or po_path(lang)})")
        return 0
    problems = [p for lang in langs for p in check(lang, template)]
    for line in problems:
        print(line)
    print(f"{len(problems)} problem(s) in {', '.join(langs)}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
