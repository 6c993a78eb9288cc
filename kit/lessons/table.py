"""A small table for lesson outputs: rows of dicts, HTML in a notebook, text elsewhere.

The studies of every course return one, so a number a lesson quotes shows as a
readable table on the projector and as aligned text in nbval and a terminal.
"""

from __future__ import annotations

import html
from typing import Any

from kit.i18n import _


class Heading(str):
    """A table's heading or label: the English key a program reads (``row["wins"]``),
    shown in the language in effect (``str()`` of it, as ``Table`` shows it). Mark
    its text for the catalogue where it is made: ``Heading(N_("wins"))``."""

    __slots__ = ()

    def __str__(self) -> str:
        return _(str.__str__(self))


class Table(list[dict[str, Any]]):
    """Rows of dicts shown as an HTML table in a notebook (and as text elsewhere)."""

    def _repr_html_(self) -> str:
        if not self:
            return "<p>" + html.escape(_("(no rows)")) + "</p>"
        head = "".join(f"<th>{html.escape(str(k))}</th>" for k in self[0])
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row.values())
                       + "</tr>" for row in self)
        return (f'<table style="font-size: 18px"><thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>")

    def __repr__(self) -> str:
        keys = list(self[0]) if self else []
        widths = [max(len(str(k)), *(len(str(r[k])) for r in self)) for k in keys]
        lines = ["  ".join(str(k).rjust(w) for k, w in zip(keys, widths, strict=True))]
        lines += ["  ".join(str(r[k]).rjust(w) for k, w in zip(keys, widths, strict=True)) for r in self]
        return "\n".join(lines)
