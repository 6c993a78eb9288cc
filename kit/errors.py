"""Error classes shared by every game.

Every error the kit raises for bad input is a ``ValueError``, so a caller that
only knows "bad input" can catch that, while a lesson can tell an illegal move
(the input was well formed but the rules forbid it) from malformed text or data.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kit.i18n import _

#: Board cells an error points at, each a (row, col).
Cells = tuple[tuple[int, ...], ...]


class IllegalMove(ValueError):
    """A well-formed move that the rules forbid here.

    The message names the rule broken and where. ``cells`` lists the board
    cells involved, so a board or picture can highlight them. The game that
    refused the move is exactly as it was before.
    """

    def __init__(self, message: str, cells: Iterable[Sequence[int]] = ()) -> None:
        super().__init__(message)
        self.cells: Cells = tuple(tuple(c) for c in cells)


class InvalidMoveText(ValueError):
    """Move text that cannot be read as a move of this game."""


class InvalidPosition(ValueError):
    """A position dictionary that is malformed or breaks the rules.

    ``cells`` lists the board cells involved where the problem has a place
    (a broken line, a card used twice), so an editor can mark them.
    """

    def __init__(self, message: str, cells: Iterable[Sequence[int]] = ()) -> None:
        super().__init__(message)
        self.cells: Cells = tuple(tuple(c) for c in cells)


def check_position_keys(d: object, game: str, required: Sequence[str],
                        optional: Sequence[str] = ()) -> None:
    """The checks every position dict starts with, worded the same in every game.

    ``d`` must be a dict for ``game`` (its "game" key may be left out), holding
    every key of ``required`` and nothing beyond ``required`` and ``optional``.
    """
    if not isinstance(d, dict):
        raise InvalidPosition(_("position data for {game} must be a dict, not {kind}").format(
            game=game, kind=type(d).__name__))
    if d.get("game", game) != game:
        raise InvalidPosition(_("'game' must be {game}, not {given}").format(
            game=repr(game), given=repr(d["game"])))
    unknown = set(d) - {"game", *required, *optional}
    if unknown:
        raise InvalidPosition(_("unknown key(s) {keys} in position data for {game}").format(
            keys=sorted(unknown, key=str), game=game))
    missing = [key for key in required if key not in d]
    if missing:
        raise InvalidPosition(_("position data for {game} needs {keys}").format(
            game=game, keys=", ".join(map(repr, missing))))
