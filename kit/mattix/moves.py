"""A Mattix move (take the tile at ``(row, col)``) and its text form.

Its own module so the words, the layout and the picture can name a move
without importing the rules (which import the words): kit/mattix/rules.py
re-exports both names.
"""

from __future__ import annotations

import re
import reprlib
from dataclasses import dataclass
from typing import ClassVar

from kit.errors import InvalidMoveText
from kit.i18n import _

__all__ = ["Move", "MoveLike"]

_MOVE_RE = re.compile(r"^\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?\s*$")


@dataclass(frozen=True, order=True)
class Move:
    """Take the tile at ``(row, col)``. Text form ``"row,col"``.

    Mattix has one kind of move, so ``kind`` is always ``"take"`` (the other
    games' moves say theirs the same way).
    """

    row: int
    col: int
    kind: ClassVar[str] = "take"

    def __str__(self) -> str:
        return f"{self.row},{self.col}"

    @property
    def cell(self) -> tuple[int, int]:
        return (self.row, self.col)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``"r,c"`` (spaces and surrounding brackets allowed)."""
        if not isinstance(text, str):
            raise InvalidMoveText(_("move text must be a string like '2,3', got {text}")
                                  .format(text=repr(text)))
        m = _MOVE_RE.match(text)
        if not m:
            raise InvalidMoveText(_("cannot read {text} as a Mattix move: write row,col as in "
                                    "'2,3'").format(text=reprlib.repr(text)))
        try:
            return cls(int(m.group(1)), int(m.group(2)))
        except ValueError:   # more digits than Python reads (4300)
            raise InvalidMoveText(_("the row or column in {text} is too long a number")
                                  .format(text=reprlib.repr(text))) from None


MoveLike = Move | str | tuple[int, int]
