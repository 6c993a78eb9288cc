"""The invariants every game keeps, move by move: checked by the property tests
(tests/*/test_*_properties.py) and by the soak (benchmarks/soak.py, `make soak`).

A :class:`Watch` follows one game from its start. ``watch.play(move)`` plays
the move and then checks, after every move: the points play() returned add up
to the scores; every card or tile is still somewhere, exactly once; undo then
redo are exact; the position survives to_dict / JSON / from_dict exactly.
``watch.check_legal_moves(rng, k)`` compares legal_moves() with what the rules
accept (``explain``, or a watcher's own ``accepts``) on k sampled legal moves and
k random candidate moves, legal or not. A broken invariant raises
:class:`InvariantBroken` (an AssertionError) saying which one and where.

This is the generic part. Each game's watcher, a subclass saying what
"conserved" means and which candidate moves to try, is ``kit/<game>/invariants.py``,
named in the game's registration; :func:`watch` finds it through ``kit.games``.

Not covered: choosing moves or games (the callers do), malformed input
(kit.testing.badinput), pictures.
"""

from __future__ import annotations

import json
import random
from typing import Any

from kit import games


class InvariantBroken(AssertionError):
    """An invariant did not hold; the message names it."""


def require(ok: object, message: str) -> None:
    if not ok:
        raise InvariantBroken(message)


def watch(game: Any) -> Watch:
    """The Watch for ``game``: its game's watcher, as registered in ``kit.games``."""
    watcher = games.of(game).load_watch()
    made = watcher(game)
    if not isinstance(made, Watch):
        raise TypeError(f"{watcher.__qualname__} is not a kit.testing.invariants.Watch")
    return made


class Watch:
    """Plays one game and checks every invariant after every move.

    ``points[seat]`` is the sum of the points play() returned to that seat.
    Subclasses say what "conserved" and "the scores add up" mean for their game.
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        self.start: dict[str, Any] = game.to_dict()
        self.points = [0] * self.seats()
        self.position = self.start      # to_dict() of the current position
        self.moves = 0

    def play(self, move: Any) -> int:
        """Play ``move`` (a move or its text; IllegalMove propagates), check
        everything, return the points."""
        game, before = self.game, self.position
        if isinstance(move, str):
            move = game.parse_move(move)
        seat = game.to_move
        points: int = game.play(move)
        require(isinstance(points, int), f"play({move}) returned {points!r}, not an int")
        self.points[seat] += points
        self.moves += 1
        after = game.to_dict()
        self.position = after
        self.check_conserved()
        self.check_scores()
        self.check_round_trip(after)
        self.check_undo_redo(move, points, before, after)
        return points

    # ----- the generic checks ----------------------------------------------------

    def check_round_trip(self, data: dict[str, Any]) -> None:
        again = type(self.game).from_dict(json.loads(json.dumps(data)))
        require(again.to_dict() == data and again == self.game,
                "from_dict(to_dict()) is not the same position")

    def check_undo_redo(self, move: Any, points: int, before: dict[str, Any],
                        after: dict[str, Any]) -> None:
        game = self.game
        undone = game.undo()
        require(undone == move, f"undo() returned {undone}, not the move played, {move}")
        require(game.to_dict() == before, f"undo() of {move} did not restore the position")
        again = game.redo()
        require(again == points, f"redo() of {move} returned {again}, play() returned {points}")
        require(game.to_dict() == after, f"redo() of {move} did not give the same position")

    def check_legal_moves(self, rng: random.Random, k: int = 8) -> None:
        """k sampled legal moves are accepted; k candidates accepted are legal."""
        legal = self.game.legal_moves()
        for move in rng.sample(legal, min(k, len(legal))):
            require(self.accepts(move), f"legal_moves() lists {move} but the rules refuse it")
        listed = set(legal)
        for move in self.candidates(rng, k):
            require(not self.accepts(move) or move in listed,
                    f"the rules accept {move} but legal_moves() does not list it")

    # ----- what each game fills in -----------------------------------------------

    def seats(self) -> int:
        return int(self.game.players)

    def accepts(self, move: Any) -> bool:
        return bool(self.game.explain(move).legal)

    def candidates(self, rng: random.Random, k: int) -> list[Any]:
        raise NotImplementedError

    def check_conserved(self) -> None:
        raise NotImplementedError

    def check_scores(self) -> None:
        require(self.game.scores == self.points,
                f"scores {self.game.scores} but play() returned {self.points} in all")
