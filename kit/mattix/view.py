"""What the words, the layout and the picture read of a Mattix game: a Protocol.

``kit.mattix.rules.Game`` satisfies it (mypy checks each call); text.py,
layout.py and draw.py name this instead of the Game, so none of them imports
the rules, which import text.py for ``str(game)`` and draw.py for their
picture: no import circle, not even a type-only one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from kit.mattix.moves import Move


class GameView(Protocol):
    """A Mattix position as read for showing it (nothing here changes it)."""

    @property
    def board(self) -> Sequence[Sequence[int | None]]: ...
    @property
    def size(self) -> int: ...
    @property
    def star(self) -> tuple[int, int]: ...
    @property
    def to_move(self) -> int: ...
    @property
    def scores(self) -> Sequence[int]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def last_move(self) -> Move | None: ...

    def legal_moves(self) -> list[Move]: ...

    def side_name(self, seat: int) -> str: ...
