"""Seeded bad input for any of the kit's games, and the check that it is refused.

The kit's promise (docs/design.md) is that bad input raises a ``ValueError``
subclass naming the problem and changes nothing. This module makes bad input
from a real game and position, and checks that promise; it is shared by the
property tests (``tests/test_fuzz_bad_input.py``) and the soak script, which
calls :func:`check_refused` at positions of long random games.

- :func:`bad_moves` (game, rng, n): move objects of the game's own Move
  classes built by hand with wrong fields (floats, bools, None, strings,
  out-of-range ints, nested wrong shapes, cells that are not pairs), legal
  moves with one field corrupted or one integer nudged (well formed, most
  of them illegal), garbled move text, and things that are no move at all.
- :func:`bad_positions` (d, rng, n): corruptions of a real ``to_dict()``:
  keys deleted or added, values of the wrong type, out-of-range numbers,
  random JSON-like values swapped in, anywhere in the nested data.
- :func:`move_failures` / :func:`position_failures`: the judgement of one
  input; :func:`check_refused` (game, rng, n) makes both kinds and returns a
  description of every failure: anything but a ``ValueError`` escaping
  ``play``, ``explain``, ``check_move``, ``parse_move``, ``from_dict`` or a
  Move class's constructor; the game (or the data given to ``from_dict``)
  changed by a refused input; ``explain``/``check_move`` and ``play``
  disagreeing; an accepted move that ``undo`` does not take back exactly;
  an accepted position whose ``to_dict`` does not round-trip through JSON
  and ``from_dict``, or that cannot be played (not over but no legal move,
  or its first legal move refused).

Game-agnostic: the game is reached through its contract (``kit.contract``) and its
Move classes through its registration (``kit.games``). Accepted input is not a
failure in itself (a random move can be legal). All randomness comes from the
``random.Random`` passed in. Not covered: undo/redo misuse (``undo`` with
nothing to undo raises IndexError by contract), ``Game.new`` arguments,
widgets. Runtime code: it does not import hypothesis.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
import reprlib
from collections.abc import Callable, Sequence
from typing import Any

from kit import games
from kit.contract import Game

#: A JSON-like value (None, bool, int, float, str, list, tuple, dict), or any
#: object a fuzzer throws: the functions below take and make such values whole.
Value = Any

_REPR = reprlib.Repr()
_REPR.maxstring, _REPR.maxother, _REPR.maxlist, _REPR.maxtuple = 60, 60, 8, 8

_INTS = (0, 1, -1, 2, 3, 7, 8, 63, 64, 65, 255, 256, 2 ** 31, 2 ** 63, 10 ** 30, -10 ** 30)
_FLOATS = (0.5, 1.0, -0.0, 2.5, math.inf, -math.inf, math.nan, 1e300)
_STRANGER = object()   # no move of any game; one object, so the same seed shows the same
_CHARS = "0123456789,@ -;()WRGBYCSTXwpassclaimrecycle\t\n\u0661"


def shown(value: object) -> str:
    """A short repr for failure messages. Moves are shown field by field: a
    move's own repr is its text, which can hide (or fail on) a bad field."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = ", ".join(f"{f.name}={_REPR.repr(getattr(value, f.name, None))}"
                           for f in dataclasses.fields(value))
        return f"{type(value).__name__}({fields})"
    return _REPR.repr(value)


class _Shown:
    """``shown(value)``, worked out only if a failure message is formatted."""

    def __init__(self, value: object) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        return shown(self.value)


#: (label, build): build() makes a bad move (and may raise), label() says what it
#: was meant to be.
_Case = tuple[Callable[[], str], Callable[[], Any]]


# ----- JSON-like values and mutations -------------------------------------------

def json_like(rng: random.Random, words: Sequence[str] = (), depth: int = 2) -> Value:
    """A random JSON-like value (None, bool, int, float, str, list, dict),
    nested at most ``depth`` deep; ``words`` are strings worth trying (card
    texts, move words) mixed in with random ones."""
    kind = rng.randrange(8 if depth > 0 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice(_INTS) if rng.random() < 0.5 else rng.randint(-10, 70)
    if kind == 3:
        return rng.choice(_FLOATS)
    if kind in (4, 5):
        if words and rng.random() < 0.6:
            return rng.choice(words)
        return "".join(rng.choice(_CHARS) for _ in range(rng.randrange(8)))
    if kind == 6:
        return [json_like(rng, words, depth - 1) for _ in range(rng.randrange(4))]
    return {rng.choice(list(words) or ["k"]) if rng.random() < 0.5 else f"k{i}":
            json_like(rng, words, depth - 1) for i in range(rng.randrange(4))}


def _change_int(x: int, rng: random.Random) -> Value:
    return rng.choice([x + 1, x - 1, -x - 1, x + rng.randint(2, 70), rng.choice(_INTS),
                       str(x), float(x), bool(x % 2), None, [x], (x, x)])


def _change_str(x: str, rng: random.Random) -> Value:
    return rng.choice(["", x + rng.choice(_CHARS), x[:-1], x[::-1], x * 2, x.lower(),
                       x.upper(), " " + x + " ", 3, None, [x]])


def _change_sequence(x: list[Value] | tuple[Value, ...], rng: random.Random) -> Value:
    items, same = list(x), type(x)
    other = tuple if isinstance(x, list) else list
    choices = [same(items + [json_like(rng, depth=1)]), same(reversed(items)), same(),
               other(items), {str(j): v for j, v in enumerate(items)}, same([x])]
    if items:
        i = rng.randrange(len(items))
        choices += [same(items[:i] + items[i + 1:]), same(items[:i + 1] + items[i:]),
                    same(items[:i] + [json_like(rng, depth=1)] + items[i + 1:])]
    return rng.choice(choices)


def _change_dict(x: dict[Any, Any], rng: random.Random) -> Value:
    items = dict(x)
    if items and rng.random() < 0.5:
        del items[rng.choice(list(items))]
        return items
    return rng.choice([{**items, "unknown": json_like(rng, depth=1)}, {}, list(items.items()),
                       list(items)])


def _change(value: Value, rng: random.Random, words: Sequence[str] = ()) -> Value:
    if rng.random() < 0.2:
        return json_like(rng, words)
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return json_like(rng, words)
    if isinstance(value, int):
        return _change_int(value, rng)
    if isinstance(value, str):
        return _change_str(value, rng)
    if isinstance(value, (list, tuple)):
        return _change_sequence(value, rng)
    if isinstance(value, dict):
        return _change_dict(value, rng)
    return json_like(rng, words)


def mutate(value: Value, rng: random.Random, words: Sequence[str] = ()) -> Value:
    """``value`` with one random change at one random place inside it (the
    original is not modified): a deleted or added element or key, a value of
    another type, a number out of range, a random JSON-like value swapped in."""
    if isinstance(value, (list, tuple, dict)) and value and rng.random() < 0.75:
        if isinstance(value, dict):
            key = rng.choice(list(value))
            return {**value, key: mutate(value[key], rng, words)}
        i = rng.randrange(len(value))
        items = list(value)
        items[i] = mutate(items[i], rng, words)
        return type(value)(items)
    return _change(value, rng, words)


def _has_int(value: object) -> bool:
    if isinstance(value, (list, tuple)):
        return any(_has_int(v) for v in value)
    return isinstance(value, int) and not isinstance(value, bool)


def nudge(value: Value, rng: random.Random) -> Value:
    """``value`` with one integer inside it moved by 1 to 3 (shape and types
    kept): a legal move nudged is well formed and most often illegal."""
    if isinstance(value, (list, tuple)):
        places = [i for i, v in enumerate(value) if _has_int(v)]
        if not places:
            return value
        i = rng.choice(places)
        items = list(value)
        items[i] = nudge(items[i], rng)
        return type(value)(items)
    if _has_int(value):
        return value + rng.choice([-3, -2, -1, 1, 2, 3])
    return value


def _words(game: Game, legal: Sequence[object]) -> tuple[str, ...]:
    """Strings worth trying: the words of a few legal moves and the position's texts."""
    words = {w for m in legal[:10] for w in str(m).split()}
    stack = [game.to_dict()]
    while stack and len(words) < 60:
        v = stack.pop()
        if isinstance(v, dict):
            words.update(k for k in v if isinstance(k, str))
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str):
            words.add(v)
    return tuple(sorted(words))


# ----- bad moves -------------------------------------------------------------------

def move_classes(game: Game) -> list[type[Any]]:
    """The game's Move class (as registered in ``kit.games``) and every subclass of it
    (a game may have one Move class per kind of move)."""
    classes, todo = [], [games.of(game).load_move()]
    while todo:
        cls = todo.pop(0)
        classes.append(cls)
        todo.extend(cls.__subclasses__())
    return classes


def _hand_built(cls: type[Any], legal: Sequence[object], rng: random.Random,
                words: Sequence[str]) -> _Case:
    """(label, build) for a ``cls`` built with at least one wrong field."""
    fields = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
    if not fields:
        return lambda: f"{cls.__name__}()", cls
    real = [m for m in legal if type(m) is cls]
    base = {f.name: getattr(rng.choice(real), f.name) if real else json_like(rng, words)
            for f in fields}
    wrong = rng.sample([f.name for f in fields], rng.randint(1, len(fields)))
    for name in wrong:
        pick = rng.random()
        if pick < 0.4:
            base[name] = mutate(base[name], rng, words)
        elif pick < 0.7:
            base[name] = json_like(rng, words)
        else:   # nested wrong shapes: tuples of odd things, pairs of pairs
            base[name] = tuple(json_like(rng, words, depth=1) if rng.random() < 0.5
                               else (json_like(rng, words, 0), json_like(rng, words, 0))
                               for _ in range(rng.randrange(4)))
    return (lambda: f"{cls.__name__}({', '.join(f'{k}={shown(v)}' for k, v in base.items())})",
            lambda: cls(**base))


def _replaced(move: object, rng: random.Random, change: Callable[[Value], Value]) -> _Case:
    """(label, build) for a legal move with one field changed by ``change``."""
    fields = dataclasses.fields(move) if dataclasses.is_dataclass(move) else ()
    if not fields:
        return lambda: f"{move!r} (unchanged)", lambda: move
    name = rng.choice(fields).name
    value = change(getattr(move, name))
    return (lambda: f"{type(move).__name__} {str(move)!r} with {name}={shown(value)}",
            lambda: dataclasses.replace(move, **{name: value}))  # type: ignore[type-var]


def _garbled_text(text: str, rng: random.Random, words: Sequence[str]) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(chars) + 1)
        op = rng.randrange(4)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars.insert(i, rng.choice(_CHARS))
        elif op == 2 and chars:
            chars[min(i, len(chars) - 1)] = rng.choice(_CHARS)
        else:
            chars.insert(i, " " + (rng.choice(words) if words else "x") + " ")
    return "".join(chars)


def _move_cases(game: Game, rng: random.Random, n: int) -> list[_Case]:
    """``n`` (label, build) pairs: build() makes the bad move (and may raise),
    label() says what it was meant to be (only called for a failure: reprs cost)."""
    legal = game.legal_moves()
    words = _words(game, legal)
    classes = move_classes(game)
    cases: list[_Case] = []
    for _ in range(n):
        kind = rng.randrange(6) if legal else rng.choice([0, 4, 5])
        if kind == 0:
            cases.append(_hand_built(rng.choice(classes), legal, rng, words))
        elif kind == 1:
            cases.append(_replaced(rng.choice(legal), rng, lambda v: mutate(v, rng, words)))
        elif kind == 2:
            cases.append(_replaced(rng.choice(legal), rng, lambda v: nudge(v, rng)))
        elif kind == 3:
            cases.append(_fixed(_garbled_text(str(rng.choice(legal)), rng, words), repr))
        elif kind == 4:
            text = "".join(rng.choice(_CHARS) for _ in range(rng.randrange(12)))
            cases.append(_fixed(text, repr))
        else:
            value = rng.choice([json_like(rng, words), _STRANGER, b"pass", 1.5, (1, 2, 3),
                                [0, 0], rng.choice(classes)])
            cases.append(_fixed(value, shown))
    return cases


def _fixed(value: object, label: Callable[[object], str]) -> _Case:
    """(label, build) for a value thrown as it is."""
    return (lambda: label(value), lambda: value)


def bad_moves(game: Game, rng: random.Random, n: int = 20) -> list[Any]:
    """``n`` or fewer bad moves for ``game`` (see the module docstring); a case
    whose constructor refuses its fields is left out (check_refused reports a
    constructor that raises anything but ValueError)."""
    moves = []
    for _, build in _move_cases(game, rng, n):
        try:
            moves.append(build())
        except Exception:
            continue
    return moves


# ----- bad positions ---------------------------------------------------------------

def bad_positions(d: dict[str, Any], rng: random.Random, n: int = 20) -> list[Any]:
    """``n`` corruptions of the position data ``d`` (1 to 3 changes each; a few
    are not a dict at all). ``d`` itself is not modified."""
    words = tuple(sorted({w for w in json.dumps(d).replace('"', " ").split() if w.isalnum()}))[:60]
    out = []
    for _ in range(n):
        if rng.random() < 0.05:
            out.append(json_like(rng, words))
            continue
        data = d
        for _ in range(rng.randint(1, 3)):
            data = mutate(data, rng, words)
        out.append(data)
    return out


# ----- judging -----------------------------------------------------------------------

def _same(game: Game, before: Game, before_dict: dict[str, Any]) -> bool:
    return game == before and game.to_dict() == before_dict


def move_failures(game: Game, move: object) -> list[str]:
    """What is wrong with how ``game`` takes ``move`` (empty: all good).

    ``play``, ``explain``, ``check_move`` and ``parse_move`` (those the game
    has) may only raise ValueError, and then must leave the game as it was;
    their verdicts must agree with ``play``'s; a move ``play`` accepts must be
    taken back exactly by ``undo``. ``game`` itself is never changed.
    """
    before, before_dict = game.copy(), game.to_dict()
    work, what = game.copy(), _Shown(move)
    failures: list[str] = []
    says_legal: bool | None = None
    for name in ("parse_move", "explain", "check_move"):
        method = getattr(work, name, None)
        if method is None:
            continue
        try:
            result = method(move)
            if name == "explain":
                str(result)
                says_legal = bool(getattr(result, "legal", result))
            elif name == "check_move":
                says_legal = True
        except ValueError:
            if name in ("explain", "check_move"):
                says_legal = False
        except Exception as err:
            failures.append(f"{name}({what}) raised {type(err).__name__}: {err}")
        if not _same(work, before, before_dict):
            failures.append(f"{name}({what}) changed the game")
            work = game.copy()
    try:
        points = work.play(move)
    except ValueError as err:
        if not _same(work, before, before_dict):
            failures.append(f"play({what}) refused it ({err}) but changed the game")
        if says_legal:
            failures.append(f"play({what}) refused it ({err}) though explain/check_move "
                            f"called it legal")
    except Exception as err:
        failures.append(f"play({what}) raised {type(err).__name__}: {err}")
    else:
        if says_legal is False:
            failures.append(f"play({what}) accepted it though explain/check_move refused it")
        if not isinstance(points, int) or isinstance(points, bool):
            failures.append(f"play({what}) returned {shown(points)}, not the points (an int)")
        try:
            work.undo()
            if not _same(work, before, before_dict):
                failures.append(f"undo after play({what}) did not restore the game")
        except Exception as err:
            failures.append(f"undo after play({what}) raised {type(err).__name__}: {err}")
    if not _same(game, before, before_dict):
        failures.append(f"checking {what} changed the game it was given")
    return failures


def position_failures(game_class: type[Game], data: Value) -> list[str]:
    """What is wrong with how ``game_class.from_dict`` takes ``data`` (empty:
    all good): only ValueError may come out, ``data`` must not be modified,
    and accepted data must give a game whose ``to_dict`` round-trips through
    JSON and ``from_dict``, and that can be played."""
    kept = repr(data)   # exact for JSON-like data, NaN included (NaN != NaN)
    try:
        game = game_class.from_dict(data)
    except ValueError:
        game = None
    except Exception as err:
        return [f"from_dict({shown(data)}) raised {type(err).__name__}: {err}"]
    what = _Shown(data)
    failures = [] if repr(data) == kept else [f"from_dict({what}) modified its input"]
    if game is None:
        return failures
    try:
        d = game.to_dict()
        again = game_class.from_dict(json.loads(json.dumps(d, allow_nan=False)))
        if again != game or again.to_dict() != d:
            failures.append(f"from_dict accepted {what} but its to_dict does not round-trip")
        legal = game.legal_moves()
        if not game.is_over and not legal:
            failures.append(f"from_dict accepted {what}: not over, yet no legal move")
        if legal:
            game.play(legal[0])
    except Exception as err:
        failures.append(f"from_dict accepted {what}, then {type(err).__name__}: {err}")
    return failures


def check_refused(game: Game, rng: random.Random, n: int = 20) -> list[str]:
    """Throw ``n`` bad moves and ``n`` bad positions at ``game``; return one
    line per failure (see the module docstring). ``game`` is not changed."""
    failures: list[str] = []
    for label, build in _move_cases(game, rng, n):
        try:
            move = build()
        except ValueError:
            continue    # the constructor refused it: that is a clean refusal
        except Exception as err:
            failures.append(f"constructing {label()} raised {type(err).__name__}: {err}")
            continue
        failures += move_failures(game, move)
    for data in bad_positions(game.to_dict(), rng, n):
        failures += position_failures(type(game), data)
    return failures
