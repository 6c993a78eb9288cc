"""Checks one Game class against the contract (``kit.contract``), by behaviour.

``check_contract(Game, seed)`` deals a game, plays it to the end with seeded
random moves and checks at each move what every game promises: the Protocols
hold (``isinstance`` against ``kit.contract``), ``to_dict``/``from_dict`` is an
exact JSON round trip, ``play`` returns an int and agrees with ``explain``,
``undo``/``redo`` restore ``to_dict`` exactly, move text and ``repr`` round
trip, an illegal move raises ``kit.IllegalMove`` (saying what ``explain`` says)
and changes nothing, and a finished game refuses every move. A failure is an
AssertionError naming the game, the seed and the move.

Used by tests/test_contract.py for every game in the registry and by the toy
game's test; nothing here names a game. Not covered: each game's own rules
(its tests), hidden information beyond ``view`` returning a dict, drawing
beyond ``_repr_svg_`` being an SVG.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from types import FunctionType
from typing import Any

from kit import IllegalMove, InvalidMoveText, contract

#: Moves a playout may take before the game is declared endless.
MAX_MOVES = 5000
#: Legal moves per position whose text, repr and explanation are checked.
SAMPLE = 4
#: Moves legal earlier, tried as (probably) illegal moves later.
POOL = 40


def check_contract(game_cls: type[Any], seed: int = 0, *,
                   new: Callable[[int], Any] | None = None,
                   max_moves: int = MAX_MOVES) -> int:
    """Play one seeded random game of ``game_cls`` checking the contract; return its length.

    ``new(seed)`` builds the first position (default ``game_cls.new(seed=seed)``).
    """
    game = new(seed) if new is not None else game_cls.new(seed=seed)
    check = _Checker(game_cls, game, seed)
    check.fresh_game(new)
    moves = check.playout(max_moves)
    check.finished()
    check.history_back_and_forth()
    return moves


class _Checker:
    def __init__(self, game_cls: type[Any], game: Any, seed: int) -> None:
        self.cls, self.game, self.seed = game_cls, game, seed
        self.rng = random.Random(seed)
        self.pool: list[Any] = []           # moves seen legal, to try again later
        self.namespace = _star_import(game_cls)

    def where(self, move: Any = None) -> str:
        at = f" after {len(self.game.history)} moves" if hasattr(self.game, "history") else ""
        what = f", move {str(move)!r}" if move is not None else ""
        return f"{self.cls.__module__}.{self.cls.__qualname__} (seed {self.seed}{at}{what})"

    # ----- the position ------------------------------------------------------------

    def fresh_game(self, new: Callable[[int], Any] | None) -> None:
        game = self.game
        assert isinstance(game, self.cls), f"{self.where()}: new() made a {type(game).__name__}"
        missing = [name for name in _members(contract.Game) if not hasattr(game, name)]
        assert not missing, f"{self.where()}: the game has no {', '.join(missing)} (kit.contract.Game)"
        assert isinstance(game, contract.Game), f"{self.where()}: not a kit.contract.Game"
        again = new(self.seed) if new is not None else self.cls.new(seed=self.seed)
        assert again.to_dict() == game.to_dict(), f"{self.where()}: the same seed dealt another game"
        assert list(game.history) == [], f"{self.where()}: a new game has a history"
        assert game.last_move is None, f"{self.where()}: a new game has a last move"
        assert list(game.points_history) == [], f"{self.where()}: a new game has points on record"
        for undo in (game.undo, game.redo):
            try:
                undo()
            except IndexError:
                pass
            else:
                raise AssertionError(f"{self.where()}: {undo.__name__}() on a new game did not "
                                     f"raise IndexError")
        with_bad_text = "\x00 no move at all \x00"
        try:
            game.parse_move(with_bad_text)
        except InvalidMoveText as err:
            assert isinstance(err, ValueError)
        else:
            raise AssertionError(f"{self.where()}: parse_move({with_bad_text!r}) raised nothing")
        self.position()

    def position(self) -> None:
        """What holds in any position: the data round trip, copy, view, pictures."""
        game = self.game
        data = game.to_dict()
        assert isinstance(data, dict), f"{self.where()}: to_dict() gave a {type(data).__name__}"
        assert json.loads(json.dumps(data)) == data, f"{self.where()}: to_dict() is not JSON data"
        again = self.cls.from_dict(json.loads(json.dumps(data)))
        assert again.to_dict() == data, f"{self.where()}: from_dict(to_dict()) is another position"
        assert (again.to_move, list(again.scores), again.is_over) == \
            (game.to_move, list(game.scores), game.is_over), f"{self.where()}: from_dict lost state"
        assert game.copy().to_dict() == data, f"{self.where()}: copy() is another position"
        scores = list(game.scores)
        assert scores and all(isinstance(s, int) and not isinstance(s, bool) for s in scores), \
            f"{self.where()}: scores {scores!r} are not one int per side"
        assert isinstance(game.to_move, int), f"{self.where()}: to_move is {game.to_move!r}"
        assert isinstance(game.view(game.to_move), dict), f"{self.where()}: view() is not a dict"

    # ----- moves -------------------------------------------------------------------

    def playout(self, max_moves: int) -> int:
        game = self.game
        for n in range(max_moves):
            legal = list(game.legal_moves())
            if game.is_over:
                return n
            assert legal, f"{self.where()}: the game is not over but has no legal move"
            for move in self.rng.sample(legal, min(SAMPLE, len(legal))):
                self.legal_move(move)
            self.illegal_moves(legal)
            self.pool.extend(self.rng.sample(legal, min(2, len(legal))))
            del self.pool[:-POOL]
            self.play(self.rng.choice(legal))
            if n % 5 == 0 or game.is_over:
                self.position()
        raise AssertionError(f"{self.where()}: no end after {max_moves} random moves")

    def legal_move(self, move: Any) -> None:
        game = self.game
        assert isinstance(move, contract.Move), f"{self.where(move)}: not a kit.contract.Move"
        assert isinstance(move.kind, str) and move.kind, f"{self.where(move)}: kind {move.kind!r}"
        text = str(move)
        assert type(move).parse(text) == move, f"{self.where(move)}: {type(move).__name__}.parse(str(move)) differs"
        assert game.parse_move(text) == move, f"{self.where(move)}: parse_move(str(move)) differs"
        if self.namespace is not None:
            assert eval(repr(move), dict(self.namespace)) == move, \
                f"{self.where(move)}: repr {move!r} does not evaluate to the move"
        for asked in (move, text):
            explanation = game.explain(asked)
            assert isinstance(explanation, contract.Explanation), \
                f"{self.where(move)}: explain() gave no kit.contract.Explanation"
            assert explanation.legal is True, \
                f"{self.where(move)}: a legal move is explained as illegal: {explanation.reason}"

    def play(self, move: Any) -> None:
        game = self.game
        before = game.to_dict()
        explanation = game.explain(move)
        assert game.to_dict() == before, f"{self.where(move)}: explain() changed the game"
        points_before = list(game.points_history)
        points = game.play(move)
        assert isinstance(points, int) and not isinstance(points, bool), \
            f"{self.where(move)}: play() returned {points!r}, not the points"
        self.points_on_record(points_before + [points], move, "play()")
        assert points == explanation.points, \
            f"{self.where(move)}: play() scored {points}, explain() said {explanation.points}"
        assert game.last_move == move, f"{self.where(move)}: last_move is {game.last_move!r}"
        assert list(game.history)[-1] == move, f"{self.where(move)}: the history does not end with it"
        after = game.to_dict()
        undone = game.undo()
        assert undone == move, f"{self.where(move)}: undo() returned {undone!r}"
        assert game.to_dict() == before, f"{self.where(move)}: undo() did not restore the position"
        self.points_on_record(points_before, move, "undo()")
        redone = game.redo()
        assert redone == points, f"{self.where(move)}: redo() scored {redone!r}, play() {points}"
        assert game.to_dict() == after, f"{self.where(move)}: redo() did not replay the move"
        self.points_on_record(points_before + [points], move, "redo()")

    def points_on_record(self, expected: list[int], move: Any, after: str) -> None:
        """``points_history``: one entry per move of the history, what each play returned
        (a board shows the move list's points from it, keeping no copy)."""
        game = self.game
        record = list(game.points_history)
        assert len(record) == len(list(game.history)), \
            f"{self.where(move)}: after {after}, {len(record)} points for {len(list(game.history))} moves"
        assert record == expected, f"{self.where(move)}: after {after}, points_history is {record}, not {expected}"

    def illegal_moves(self, legal: list[Any]) -> None:
        """Moves legal earlier and not now: explain says so, play refuses and changes nothing."""
        try:
            now: Any = set(legal)
        except TypeError:         # unhashable moves: compare one by one
            now = legal
        tried = [m for m in self.pool if m not in now][:3]
        for move in tried:
            self.refused(move)

    def refused(self, move: Any) -> None:
        game = self.game
        before = game.to_dict()
        explanation = game.explain(move)
        assert isinstance(explanation, contract.Explanation), \
            f"{self.where(move)}: explain() gave no kit.contract.Explanation"
        assert explanation.legal is False, \
            f"{self.where(move)}: not among legal_moves() but explained as legal"
        assert explanation.reason, f"{self.where(move)}: an illegal move's reason is empty"
        try:
            game.play(move)
        except IllegalMove as err:
            assert isinstance(err, ValueError)
            assert str(err) == explanation.reason, \
                f"{self.where(move)}: play() says {str(err)!r}, explain() {explanation.reason!r}"
        else:
            raise AssertionError(f"{self.where(move)}: an illegal move was played")
        assert game.to_dict() == before, f"{self.where(move)}: a refused move changed the game"

    # ----- the end -----------------------------------------------------------------

    def finished(self) -> None:
        game = self.game
        assert game.is_over and list(game.legal_moves()) == [], \
            f"{self.where()}: over, yet legal_moves() is not empty"
        for move in self.pool[:3]:
            self.refused(move)

    def history_back_and_forth(self) -> None:
        """Undo every move back to the deal, then redo them all: the same game again."""
        game = self.game
        end, moves = game.to_dict(), list(game.history)
        points = list(game.points_history)
        for n, move in enumerate(reversed(moves), 1):
            assert game.undo() == move, f"{self.where(move)}: undo() took back another move"
            assert list(game.points_history) == points[:len(points) - n], \
                f"{self.where(move)}: points_history does not follow undo()"
        assert not list(game.history), f"{self.where()}: moves left after undoing all"
        for _ in moves:
            game.redo()
        assert game.to_dict() == end, f"{self.where()}: undo all then redo all is another game"
        assert list(game.points_history) == points, f"{self.where()}: redo all gave other points"


def _members(protocol: type) -> list[str]:
    """The names a Protocol's body defines (not ``__str__``: every object has one)."""
    return sorted(name for name, value in vars(protocol).items()
                  if not name.startswith("__")
                  and isinstance(value, (property, classmethod, staticmethod, FunctionType)))


def _star_import(game_cls: type[Any]) -> dict[str, Any] | None:
    """The names ``from <the game's package> import *`` gives, where a move's repr is evaluated."""
    package = game_cls.__module__.rpartition(".")[0]
    if not package:
        return None
    namespace: dict[str, Any] = {}
    exec(f"from {package} import *", namespace)
    return namespace
