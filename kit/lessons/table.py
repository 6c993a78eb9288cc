"""A small table for lesson outputs: rows of dicts, HTML in a notebook, text elsewhere.

The studies of every course return one, so a number a lesson quotes shows as a
readable table on the projector and as aligned text in nbval and a terminal.
"""

from __future__ import annotations

import html
from typing import Any

from kit.i18n import N_, _, format_number
from kit.notation import shown


class Heading(str):
    """A table's heading or label: the English key a program reads (``row["wins"]``),
    shown in the language in effect (``str()`` of it, as ``Table`` shows it). Mark
    its text for the catalogue where it is made: ``Heading(N_("wins"))``."""

    __slots__ = ()

    def __str__(self) -> str:
        return _(str.__str__(self))


def cell_text(value: Any) -> str:
    """A table cell as a reader reads it: a decimal with the language's mark ("29,4" in
    es and bg; the decimals a value was rounded to kept), yes or no for a truth value,
    a dash for nothing; never a Python repr (True, None) on the projector."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return "–"
    if isinstance(value, float):
        text = repr(value)
        if "e" in text or "inf" in text or "nan" in text:
            return text
        digits = len(text.partition(".")[2])
        return format_number(value, digits)
    return shown(str(value))   # a move's words in the language ("pasar"; issue 30)


class Table(list[dict[str, Any]]):
    """Rows of dicts shown as an HTML table in a notebook (and as text elsewhere)."""

    def _repr_html_(self) -> str:
        if not self:
            return "<p>" + html.escape(_("(no rows)")) + "</p>"
        head = "".join(f"<th>{html.escape(str(k))}</th>" for k in self[0])
        body = "".join("<tr>" + "".join(f"<td>{html.escape(cell_text(v))}</td>" for v in row.values())
                       + "</tr>" for row in self)
        return (f'<table style="font-size: 18px"><thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>")

    def __repr__(self) -> str:
        keys = list(self[0]) if self else []
        widths = [max(len(str(k)), *(len(cell_text(r[k])) for r in self)) for k in keys]
        lines = ["  ".join(str(k).rjust(w) for k, w in zip(keys, widths, strict=True))]
        lines += ["  ".join(cell_text(r[k]).rjust(w) for k, w in zip(keys, widths, strict=True))
                  for r in self]
        return "\n".join(lines)


class Summary(dict[str, Any]):
    """A few labelled numbers a lesson shows ("cards: 70"), as lines and as a table,
    never as a Python dict; a nested dict reads "0: 1, 1: 2". Keys are the words
    shown (already in the student's language)."""

    @staticmethod
    def _text(value: Any) -> str:
        if isinstance(value, dict):
            return ", ".join(f"{cell_text(k)}: {cell_text(v)}" for k, v in value.items())
        return cell_text(value)

    def __repr__(self) -> str:
        return "\n".join(f"{k}: {self._text(v)}" for k, v in self.items())

    def _repr_html_(self) -> str:
        rows = "".join(f'<tr><th style="text-align: left">{html.escape(str(k))}</th>'
                       f"<td>{html.escape(self._text(v))}</td></tr>" for k, v in self.items())
        return f'<table style="font-size: 18px">{rows}</table>'


class Answer:
    """A yes or no a lesson prints: true or false to code (``if``, ``assert``, ``==``),
    "yes", "sí", "да" to a reader (a bare ``True`` is Python's word, not the lesson's)."""

    __slots__ = ("value",)

    def __init__(self, value: bool) -> None:
        self.value = bool(value)

    def __bool__(self) -> bool:
        return self.value

    def __eq__(self, other: object) -> bool:
        return self.value == bool(other) if isinstance(other, (bool, Answer)) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:
        return _(YES) if self.value else _(NO)

    __str__ = __repr__


YES, NO = N_("yes"), N_("no")
