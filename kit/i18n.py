"""The language the kit speaks: English, Spanish or Bulgarian.

Every sentence the kit shows a person goes through ``_()`` (or ``ngettext``
for counted words) and is looked up in the message catalogue of the current
language, ``kit/locale/<lang>/LC_MESSAGES/kit.mo``, read by the standard
library's ``gettext``; English is the source text and the fallback. A game's
own messages live in its folder, ``kit/<game>/locale/<lang>/LC_MESSAGES/<game>.mo``
(the folder holding its registration, as ``kit.games`` finds it): a message is looked up in the
games' catalogues, then in the shared one; a game that ships no catalogue of a
language speaks English in it.
``set_language("es")`` picks the language for the whole process; before any
call it comes from ``KIT_LANG``, else the usual ``LANGUAGE`` / ``LC_ALL`` /
``LC_MESSAGES`` / ``LANG`` (``C`` and ``POSIX`` mean English).

Rules the kit's code keeps (``kit.catalogues`` extracts what they mark):

- Nothing is translated at import: a constant shown later is marked ``N_()``
  and translated where it is shown, so ``set_language`` reaches it.
- A message is a whole sentence with named fields, ``_("{card} is not in
  your hand").format(card=...)``, never English pieces glued together.
- Errors are translated where they are raised: ``str(exc)`` is in the
  language in effect then, and that is what the board, the editor and a
  lesson show (logs read the same words the student saw).
- Move notation, exercise keys and record keys are never translated.

Numbers, percentages and lists follow the language through Babel when it is
installed (it is a dependency of the kit); the engines' stdlib-only use
(``make bare``) falls back to English formatting.

Not covered here: JupyterLab's own interface (its language pack, set by
``make lab LANG=es``), and the hub operator's command-line messages, which
stay English.
"""

from __future__ import annotations

import gettext
import importlib
import os
import sys
from collections.abc import Iterable, Iterator, Mapping
from typing import Any
from contextlib import contextmanager
from pathlib import Path

#: The languages with a catalogue; the first is the source language.
LANGUAGES = ("en", "es", "bg")
#: Each language's name in itself, for pickers.
NAMES = {"en": "English", "es": "Español", "bg": "Български"}

#: The compiled catalogues; KIT_LOCALE_DIR points elsewhere (a translator
#: trying a catalogue of their own).
LOCALE_DIR = Path(os.environ.get("KIT_LOCALE_DIR") or Path(__file__).with_name("locale"))
DOMAIN = "kit"

_current: str | None = None
_catalogues: dict[str, gettext.NullTranslations] = {}
#: Messages asked for in a language whose catalogue lacks them (a test reads it).
missing: set[tuple[str, str]] = set()


def code_of(value: str | None) -> str | None:
    """The kit's language code for a locale name ("es_ES.UTF-8" -> "es"),
    "en" for C/POSIX, None when empty or not one the kit speaks."""
    if not value:
        return None
    code = value.split(":")[0].split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    if code in ("c", "posix"):
        return "en"
    return code if code in LANGUAGES else None


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: ``KIT_LANG`` first, then the
    variables gettext reads, in its order; English when none names one the
    kit speaks."""
    env = os.environ if environ is None else environ
    for name in ("KIT_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            # LANGUAGE may list several ("es:en"); the first the kit has wins.
            for part in env[name].split(":"):
                code = code_of(part)
                if code:
                    return code
            if name == "KIT_LANG":
                raise ValueError(f"KIT_LANG={env[name]!r} is not a language the kit speaks: "
                                 f"one of {', '.join(LANGUAGES)}")
    return "en"


def set_language(code: str | None = None) -> str:
    """Speak ``code`` ("en", "es", "bg", or a locale name such as "es_ES") from
    now on, in this whole process; None goes back to the environment's choice.
    Returns the code in effect."""
    global _current
    if code is None:
        _current = language_from_env()
        return _current
    found = code_of(code)
    if found is None:
        raise ValueError(f"no messages in {code!r}: the kit speaks {', '.join(LANGUAGES)}")
    _current = found
    return found


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """``with speaking("es"):`` the kit speaks ``code`` inside the block and
    what it spoke before after it (building a handout of each language)."""
    before = language()
    try:
        yield set_language(code)
    finally:
        set_language(before)


def language() -> str:
    """The language in effect ("en", "es" or "bg")."""
    global _current
    if _current is None:
        _current = language_from_env()
    return _current


def catalogue(code: str | None = None) -> gettext.NullTranslations:
    """The compiled catalogue of ``code`` (the current language by default):
    the shared one with every game's own merged in (a game's entry first);
    English, or a language whose .mo is absent, is the source text itself."""
    code = code or language()
    if code not in _catalogues:
        _catalogues[code] = (gettext.NullTranslations() if code == "en" else _merged(code))
    return _catalogues[code]


def _merged(code: str) -> gettext.NullTranslations:
    shared = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
    if not hasattr(shared, "_catalog"):          # no shared .mo: the games' alone
        shared = gettext.GNUTranslations()
        shared.plural = lambda n: int(n != 1)  # type: ignore[attr-defined]
    # A dict of its own: gettext's cache keeps the shared file's, which a game
    # that leaves must not have left its messages in.
    entries = dict(getattr(shared, "_catalog", {}))
    shared._catalog = entries
    for path in game_catalogues(code):
        with path.open("rb") as f:
            own = gettext.GNUTranslations(f)
        entries.update({k: v for k, v in own._catalog.items() if k != ""})  # type: ignore[attr-defined]
    return shared


def game_catalogues(code: str) -> list[Path]:
    """The compiled catalogues of ``code`` that the game folders ship: each
    registered game's ``locale/<code>/LC_MESSAGES/<game>.mo`` (the folders
    ``kit.games`` registers, listed by the kit package without importing any)."""
    # The kit package imports this module first: it is asked, not imported back.
    package = sys.modules.get("kit")
    folders = package._registrations() if package is not None else []
    found = []
    for name, registration in folders:
        path = registration.parent / "locale" / code / "LC_MESSAGES" / f"{name}.mo"
        if path.is_file():
            found.append(path)
    return found


def forget() -> None:
    """Read the catalogues again on next use (the registry found other games)."""
    _catalogues.clear()


def _lookup(message: str, code: str) -> str | None:
    found = getattr(catalogue(code), "_catalog", {}).get(message)
    if found is None and code != "en":
        missing.add((code, message))
    return found


def _(message: str) -> str:
    """``message`` in the current language."""
    code = language()
    if code == "en" or not message:
        return message
    return _lookup(message, code) or message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n``, in the current language
    (fields still to fill: ``ngettext("{n} card", "{n} cards", n).format(n=n)``)."""
    code = language()
    if code != "en":
        t = catalogue(code)
        if (singular, 0) in getattr(t, "_catalog", {}):
            return t.ngettext(singular, plural, n)
        missing.add((code, singular))
    return singular if n == 1 else plural


#: Yes and no as a student may type them in any language the kit speaks (an
#: answer is read in any of them, whatever the kit's language).
YES_WORDS = frozenset({"yes", "y", "sí", "si", "s", "да", "д"})
NO_WORDS = frozenset({"no", "n", "не", "н"})


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (a
    constant, translated with ``_()`` where it is shown)."""
    return message


def format_number(value: float, digits: int = 0, grouping: bool = False) -> str:
    """``value`` with ``digits`` decimals in the language's style ("2,5" in
    es); ``grouping`` separates thousands. English keeps Python's own format."""
    babel = _babel("numbers")
    if babel is None or language() == "en":
        return f"{value:{',' if grouping else ''}.{digits}f}"
    pattern = ("#,##0" if grouping else "0") + ("." + "0" * digits if digits else "")
    return str(babel.format_decimal(value, format=pattern, locale=_babel_locale()))


def format_percent(fraction: float, digits: int = 0) -> str:
    """``fraction`` (0.45) as a percentage in the language's style ("45 %" in es)."""
    babel = _babel("numbers")
    if babel is None or language() == "en":
        return f"{fraction:.{digits}%}"
    from babel import Locale
    # The language's own pattern ("#,##0 %" in es: a space before the sign),
    # with the decimals asked for.
    pattern = babel.parse_pattern(Locale.parse(_babel_locale()).percent_formats[None].pattern)
    pattern.frac_prec = (digits, digits)
    return str(pattern.apply(fraction, _babel_locale()))


def format_list(items: Iterable[object], style: str = "and") -> str:
    """"a, b and c" in the current language; ``style="or"`` for "a, b or c".
    English has no comma before the last word (the kit's English always read so)."""
    words = [str(item) for item in items]
    babel = _babel("lists")
    if babel is None or language() == "en":
        if len(words) <= 1:
            return "".join(words)
        return f"{', '.join(words[:-1])} {style} {words[-1]}"
    return str(babel.format_list(words, style="standard" if style == "and" else "or",
                                 locale=_babel_locale()))


def _babel(module: str) -> Any:
    """Babel's ``module`` (numbers, lists), or None in a venv without it."""
    try:
        return importlib.import_module(f"babel.{module}")
    except ImportError:
        return None


def _babel_locale() -> str:
    return {"en": "en", "es": "es_ES", "bg": "bg_BG"}[language()]


class Sentence(str):
    """Words for a reader, returned by a function a lesson calls in a cell: a notebook
    shows them as they are, not as a quoted Python string ('Greedy takes 13 ...' with its
    quotes; issue 30). Otherwise a plain ``str``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str.__str__(self)


__all__ = ["LANGUAGES", "NAMES", "NO_WORDS", "N_", "Sentence", "YES_WORDS", "_", "catalogue", "code_of",
           "format_list", "format_number", "format_percent", "language", "language_from_env",
           "missing", "ngettext", "set_language", "speaking"]
