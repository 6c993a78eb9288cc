"""The words of the move notation in each language: pass, recycle, claim, challenge.

Move text is the kit's notation (``2GT@0,1``, ``10100000@0,1 claim``,
``pass``); the cards, cells and digits are the same everywhere, but the four
words are English. A Spanish or Bulgarian student may write them in their own
language, in the rule sheets' words (``shared/seeds``: IOTA's "pasar" and
"reciclar", Smartrix's "reclamar" and "asalto", Bulgarian "пас", "вземи",
"отнемане"), and every move parser reads them through :func:`to_english`.

**[decision] Every language's words are read whatever language the kit speaks**:
no word is a notation word in two languages, so nothing becomes ambiguous, and
a student whose kit speaks English still gets "pasar" understood. Moves are
still *written* (``str(move)``, saved positions, graded answers) in English,
one form for everything stored; :func:`in_language` gives a move's text in a
language's words for showing, and :func:`words_html` the list the notation
key shows.

Not covered: the rest of a move's syntax (each game's ``moves.py``).
"""

from __future__ import annotations

import html
import re

from kit.i18n import _, language

#: English notation word -> language -> the words written for it (the first is the
#: one shown); lower case, compared case-blind
WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "pass": {"es": ("pasar", "paso"), "bg": ("пас", "пасувам")},
    "recycle": {"es": ("reciclar",), "bg": ("рециклирай", "рециклиране")},
    "claim": {"es": ("reclamar", "reclamo"), "bg": ("вземи", "вземане")},
    "challenge": {"es": ("asalto",), "bg": ("отнемане", "отнеми")},
}

_ENGLISH = {word: english for english, by_lang in WORDS.items()
            for words in by_lang.values() for word in words}


def to_english(text: str) -> str:
    """``text`` with each notation word of any language put in English ("pasar 2GT"
    -> "pass 2GT"); every other word as it was."""
    return " ".join(_ENGLISH.get(w.lower(), w) for w in text.split())


def in_language(text: str, code: str | None = None) -> str:
    """Move text ``text`` (English words) in the words of language ``code`` (default:
    the kit's): "pass" -> "pasar" in Spanish."""
    code = code or language()
    return " ".join(WORDS[w][code][0] if w in WORDS and code in WORDS[w] else w
                    for w in text.split())


#: An English notation word standing alone in a shown text (not inside a card, a cell
#: or another word): "pass", "recycle -3,0 1YS", "... 2GT claim"
_SHOWN = re.compile(r"(?<![\w@])(" + "|".join(WORDS) + r")(?![\w@])")


def shown(text: str, code: str | None = None) -> str:
    """``text`` as a student reads it: each English notation word standing alone put in
    the words of language ``code`` (default: the kit's), every other character kept
    (spaces, line breaks, HTML). For the kit's shown sentences, statuses, verdicts,
    move lists and tables in Spanish and Bulgarian, whose own words hold no English
    word; not for the notation key, which names the English words on purpose."""
    code = code or language()
    if not any(code in by_lang for by_lang in WORDS.values()):
        return text
    return _SHOWN.sub(lambda m: WORDS[m.group(1)].get(code, (m.group(1),))[0], text)


def words_html(english: tuple[str, ...], code: str | None = None) -> str:
    """The notation key's line on the language's own words for ``english`` (the
    words a game uses), or "" in English."""
    code = code or language()
    pairs = [(WORDS[w][code][0], w) for w in english if code in WORDS.get(w, {})]
    if not pairs:
        return ""
    listed = ", ".join(f"<code>{html.escape(own)}</code> = <code>{w}</code>" for own, w in pairs)
    return _("You may write these words in your language too: {words}.").format(words=listed)
