"""Nim's rules, keeping the kit's game contract (``kit.contract``).

A few heaps of stones; the seat to move takes one or more stones from one
heap; who takes the last stone wins (1 point, the other 0). A move is written
``heap:count`` with the heaps numbered from 0 (``"1:3"``: three stones from
heap 1). ``Game.new(seed=...)`` deals three heaps of 1 to 7 stones (no seed:
3, 4, 5). Standard library only.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from kit.errors import IllegalMove, InvalidMoveText, InvalidPosition, check_position_keys
from kit.i18n import _
from kit.scene import Picture

#: The heaps without a seed.
CLASSIC = (3, 4, 5)
MAX_HEAP = 9


@dataclass(frozen=True)
class Move:
    """Take ``count`` stones from heap ``heap``; ``str`` is ``"heap:count"``."""

    heap: int
    count: int

    def __post_init__(self) -> None:
        if type(self.heap) is not int or self.heap < 0:
            raise ValueError(f"a heap is a whole number from 0, not {self.heap!r}")
        if type(self.count) is not int or self.count < 1:
            raise ValueError(f"a move takes a whole number of stones from 1, not {self.count!r}")

    @property
    def kind(self) -> str:
        return "play"

    def __str__(self) -> str:
        return f"{self.heap}:{self.count}"

    @classmethod
    def parse(cls, text: str) -> Move:
        match = re.fullmatch(r"\s*([0-9]+)\s*:\s*([0-9]+)\s*", text) if isinstance(text, str) else None
        if match is None or int(match.group(2)) < 1:
            raise InvalidMoveText(_("a move is heap:stones, like 1:3 (three stones from heap 1): "
                                    "not {text}").format(text=repr(text)))
        return cls(int(match.group(1)), int(match.group(2)))


@dataclass(frozen=True)
class Explanation:
    legal: bool
    reason: str = ""
    points: int = 0

    def __str__(self) -> str:
        return self.reason or _("legal: {points} point(s)").format(points=self.points)


class Game(Picture):
    """A game of Nim, with its history for undo and redo."""

    players = 2

    def __init__(self, heaps: tuple[int, ...] | list[int] = CLASSIC) -> None:
        self.start = tuple(heaps)
        self.heaps = list(heaps)
        self.history: list[Move] = []
        self._undone: list[Move] = []

    @classmethod
    def new(cls, players: int = 2, seed: int | None = None) -> Game:
        if players != 2:
            raise ValueError(_("Nim is for 2 players, not {n}").format(n=players))
        if seed is None:
            return cls()
        rng = random.Random(seed)
        return cls([rng.randint(1, 7) for _heap in range(3)])

    # ----- data -------------------------------------------------------------------

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        check_position_keys(d, "nim", required=("heaps",), optional=("to_move",))
        heaps = d["heaps"]
        if (not isinstance(heaps, list) or not heaps
                or not all(type(h) is int and 0 <= h <= MAX_HEAP for h in heaps)):
            raise InvalidPosition(_("heaps is a list of whole numbers 0 to {most}, not {heaps}").format(
                most=MAX_HEAP, heaps=repr(heaps)))
        to_move = d.get("to_move", 0)
        if to_move not in (0, 1):
            raise InvalidPosition(_("to_move is 0 or 1, not {seat}").format(seat=repr(to_move)))
        game = cls(heaps)
        game._first = to_move
        return game

    _first = 0

    def to_dict(self) -> dict[str, Any]:
        return {"game": "nim", "heaps": list(self.heaps), "to_move": self.to_move}

    def copy(self) -> Game:
        twin = Game(self.start)
        twin.heaps, twin._first = list(self.heaps), self._first
        twin.history, twin._undone = list(self.history), list(self._undone)
        return twin

    def view(self, player: int) -> dict[str, Any]:
        return self.to_dict()          # nothing is hidden

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]   # mutable

    # ----- where it stands -----------------------------------------------------------

    @property
    def to_move(self) -> int:
        return (self._first + len(self.history)) % 2

    @property
    def is_over(self) -> bool:
        return not any(self.heaps)

    @property
    def winner(self) -> int | None:
        """The seat that took the last stone (None while stones are left)."""
        return 1 - self.to_move if self.is_over else None

    @property
    def scores(self) -> list[int]:
        won = self.winner
        return [int(won == seat) for seat in range(2)]

    @property
    def last_move(self) -> Move | None:
        return self.history[-1] if self.history else None

    @property
    def points_history(self) -> list[int]:
        """A move scores 1 when it takes the last stone, so only the last can score."""
        points = [0] * len(self.history)
        if points and self.is_over:
            points[-1] = 1
        return points

    @property
    def nim_sum(self) -> int:
        """The heaps' exclusive or: 0 means the seat to move loses against perfect play."""
        total = 0
        for h in self.heaps:
            total ^= h
        return total

    # ----- moves ---------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        return [Move(h, n) for h, size in enumerate(self.heaps) for n in range(1, size + 1)]

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def _as_move(self, move: Any) -> Move:
        if isinstance(move, Move):
            return move
        if isinstance(move, str):
            return Move.parse(move)
        raise IllegalMove(_("a move is a Move or its text, not {move}").format(move=repr(move)))

    def explain(self, move: Any) -> Explanation:
        move = self._as_move(move)
        if self.is_over:
            return Explanation(False, _("The game is over: every heap is empty."))
        if move.heap >= len(self.heaps):
            return Explanation(False, _("There is no heap {heap}: the heaps are 0 to {last}.").format(
                heap=move.heap, last=len(self.heaps) - 1))
        left = self.heaps[move.heap]
        if move.count > left:
            return Explanation(False, _("Heap {heap} has {left} stone(s): {count} cannot be taken.").format(
                heap=move.heap, left=left, count=move.count))
        return Explanation(True, "", int(sum(self.heaps) == move.count))

    def play(self, move: Any) -> int:
        move = self._as_move(move)
        why = self.explain(move)
        if not why.legal:
            # The place asked for: (heap, stones), as the board marks it.
            raise IllegalMove(why.reason, cells=[(move.heap, move.count)]
                              if move.count <= MAX_HEAP and move.heap < len(self.heaps) else [])
        self._put(move)
        self._undone.clear()
        return why.points

    def _put(self, move: Move) -> None:
        self.heaps[move.heap] -= move.count
        self.history.append(move)

    def undo(self) -> Move:
        if not self.history:
            raise IndexError("nothing to undo")
        move = self.history.pop()
        self.heaps[move.heap] += move.count
        self._undone.append(move)
        return move

    def redo(self) -> int:
        if not self._undone:
            raise IndexError("nothing to redo")
        move = self._undone.pop()
        self._put(move)
        return int(self.is_over)

    # ----- pictures --------------------------------------------------------------------

    def __str__(self) -> str:
        # The first line names the game, as every game's text board does (the text view reads it).
        head = _("Nim: {heaps} heap(s), {stones} stone(s) left").format(
            heaps=len(self.heaps), stones=sum(self.heaps))
        return "\n".join([head, *(f"{h}: {'o' * size or '-'}" for h, size in enumerate(self.heaps))])

    def _repr_svg_(self) -> str:
        from kit.nim.draw import draw
        return draw(self).to_svg()


def seat_name(seat: int) -> str:
    """A seat as the picker and the board name it."""
    return _("First player") if seat == 0 else _("Second player")


def random_game(seed: int) -> Game:
    """A few seeded random moves from a seeded deal (for tests wanting a mid-game)."""
    rng, game = random.Random(seed), Game.new(seed=seed)
    for _move in range(rng.randrange(3)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game
