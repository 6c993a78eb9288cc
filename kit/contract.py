"""The contract every game keeps, written down as :class:`typing.Protocol` classes.

Lessons, widgets, players, the classroom tools and the tests treat IOTA, Mattix,
Smartrix (and any game added later) alike through these three protocols:

- :class:`Game`: a position with its history. ``Game.new(players, seed)`` deals
  a reproducible game, ``from_dict``/``to_dict`` are an exact JSON round trip,
  ``legal_moves()`` lists every legal move of the player to move, ``play(move)``
  (a move or its text) returns the points it scored or raises
  :class:`kit.IllegalMove` leaving the game unchanged, ``undo()``/``redo()`` are
  exact inverses, ``explain(move)`` says whether a move is legal and why without
  playing it, ``last_move``, ``history`` and ``points_history`` say what was played and what it scored, ``is_over`` and
  ``scores`` (one int per player or team) say how it stands, ``view(seat)`` is
  what one seat may see, ``copy()`` an independent twin, and ``str(game)`` /
  ``_repr_svg_()`` its text board and picture.
- :class:`Move`: a frozen value with a ``kind`` ("play", "pass", "take", ...);
  ``str(move)`` is its text, ``type(move).parse(text)`` reads it back (malformed
  text raises :class:`kit.InvalidMoveText`), ``repr(move)`` is copy-pasteable.
- :class:`Explanation`: ``legal``, ``reason`` (for an illegal move the rule
  broken and where, the same words ``play`` raises; a legal one may be
  described or left empty) and ``points`` (what a legal move scores).

Each game's own types satisfy these structurally (nothing subclasses them);
``isinstance(game, contract.Game)`` checks that the names exist, and
``tests/contract_checks.py`` checks the behaviour (round trips, exact undo,
illegal moves changing nothing) for every game in the registry.

Not covered: the rules themselves; each game's extra options (``Game.new``
takes its own keywords beyond ``players`` and ``seed``) and extra fields
(an Explanation's cells, lines or sets); how the position dict is laid out
(``docs/design.md``); drawing (each game's ``draw(game) -> Scene``), players
(:mod:`kit.players`) and analysis (:mod:`kit.analysis`); and hidden
information beyond ``view``. A game may accept more as a move (a tuple, a
Move built by hand): the contract promises only its own Move and its text,
so move parameters are typed ``Any`` here (a parameter typed with this
module's ``Move`` would refuse every game's narrower one).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

__all__ = ["Game", "Move", "Explanation"]


@runtime_checkable
class Move(Protocol):
    """One move: a frozen value whose text round-trips through ``parse``."""

    @property
    def kind(self) -> str:
        """What sort of move: "play", "pass", "recycle", "take", "claim", ..."""
        ...

    def __str__(self) -> str:
        """The move text, as a player writes it."""
        ...

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move ``text`` names; :class:`kit.InvalidMoveText` if it names none."""
        ...


@runtime_checkable
class Explanation(Protocol):
    """Whether a move is legal here, and why."""

    @property
    def legal(self) -> bool: ...

    @property
    def reason(self) -> str:
        """For an illegal move the rule broken and where (what ``play`` raises)."""
        ...

    @property
    def points(self) -> int:
        """What the move scores if played (0 for an illegal one)."""
        ...


@runtime_checkable
class Game(Protocol):
    """A game position with its history; see the module docstring."""

    # ----- construction and data ---------------------------------------------

    @classmethod
    def new(cls, players: int = 2, seed: int | None = None) -> Game:
        """A fresh game for ``players`` seats, the same one for the same ``seed``."""
        ...

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        """The position ``d``; ValueError naming the problem if it is malformed."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-able data: ``from_dict(to_dict())`` is the same game."""
        ...

    def copy(self) -> Game:
        """An independent twin, history included."""
        ...

    def view(self, player: int) -> dict[str, Any]:
        """What seat ``player`` may see of the position."""
        ...

    # ----- where the game stands -----------------------------------------------

    @property
    def to_move(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def scores(self) -> Sequence[int]:
        """One score per player (per team in team games)."""
        ...

    @property
    def history(self) -> Sequence[Move]:
        """The moves played and not undone, oldest first."""
        ...

    @property
    def points_history(self) -> Sequence[int]:
        """The points each move of ``history`` scored (what ``play`` returned), oldest first."""
        ...

    @property
    def last_move(self) -> Move | None:
        """The most recent move on the record, or None."""
        ...

    # ----- moves ---------------------------------------------------------------

    def legal_moves(self) -> Sequence[Move]:
        """Every legal move of the player to move (empty once the game is over)."""
        ...

    def parse_move(self, text: str) -> Move:
        """The move ``text`` names in this game (:class:`kit.InvalidMoveText` if none)."""
        ...

    def explain(self, move: Any) -> Explanation:
        """Whether ``move`` (a Move or its text) is legal now, why, and what it scores."""
        ...

    def play(self, move: Any) -> int:
        """Make ``move`` (a Move or its text); return its points.

        :class:`kit.IllegalMove` (the rule and where) if the rules forbid it,
        and then the game is exactly as before.
        """
        ...

    def undo(self) -> Move:
        """Take back the last move exactly; return it (IndexError if none)."""
        ...

    def redo(self) -> int:
        """Replay the last undone move; return its points (IndexError if none)."""
        ...

    # ----- pictures --------------------------------------------------------------

    def __str__(self) -> str:
        """The text board (for screen readers and plain output)."""
        ...

    def _repr_svg_(self) -> str:
        """The position as an SVG picture (Jupyter shows it)."""
        ...
