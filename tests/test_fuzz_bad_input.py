"""Arbitrary bad input at every game's doors (issue 8, section 2).

Hypothesis throws at ``play``, ``explain`` / ``check_move``, ``parse_move``
and ``from_dict`` of each game: move objects of the game's own Move classes
with arbitrary fields, arbitrary JSON-like data, and real positions with one
part deleted or replaced. Only a ValueError may come out, and the game (or
the data) must be exactly as before; accepted input must behave (an accepted
move undoes exactly, an accepted position round-trips and plays). The
judging is :func:`kit.testing.badinput.move_failures` / ``position_failures``, the
same the soak uses; the hand-written cases are in each game's
``test_*_bad_input.py``.
"""

import dataclasses
import random
import typing
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit import games
from kit.testing.badinput import (bad_moves, bad_positions, check_refused, move_classes,
                                  move_failures, position_failures, shown)


def _seeded(name: str, seed: int):
    """A new game of ``name``: the soak's seeded variant (players, size, options)."""
    setup = games.get(name).soak
    assert setup is not None, f"{name} registers no seeded game"
    return lambda: setup(seed, random.Random(seed))[0]


NEW = {name: [_seeded(name, 3), _seeded(name, 5)] for name in games.names()}
GAME = {spec.name: spec.load_game() for spec in games.all()}
PLAYED = (0, 7, 30)   # moves played before the bad input comes
FUZZ = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@cache
def _position(name: str, which: int) -> dict:
    """A seeded position of ``name`` (which: new game x moves played), as data."""
    game = NEW[name][which // len(PLAYED)]()
    rng = random.Random(which)
    for _ in range(PLAYED[which % len(PLAYED)]):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game.to_dict()


def positions(name: str):
    """One of the game's seeded positions, as a fresh game."""
    count = len(NEW[name]) * len(PLAYED)
    return st.integers(0, count - 1).map(lambda i: GAME[name].from_dict(_position(name, i)))


json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: (st.lists(inner, max_size=4) | st.tuples(inner, inner)
                   | st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)


def _field_values(cls, field):
    """Anything for one field: its declared type's values, JSON-like data, and
    tuples of pairs (the shapes cells and placements have)."""
    hint = typing.get_type_hints(cls).get(field.name)
    declared = st.from_type(hint) if hint is not None else st.nothing()
    pairs = st.tuples(json_like, st.tuples(json_like, json_like))
    return declared | json_like | st.lists(pairs | json_like, max_size=4).map(tuple)


REFUSED = object()   # the constructor refused the fields with a ValueError: clean


def _build(cls, fields: dict):
    try:
        return cls(**fields)
    except ValueError:
        return REFUSED


def move_objects(game):
    """Instances of the game's Move classes with arbitrary fields (constructors
    that raise anything but ValueError fail the test right here)."""
    options = []
    for cls in move_classes(game):
        fields = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
        values = st.fixed_dictionaries({f.name: _field_values(cls, f) for f in fields})
        options.append(st.builds(_build, st.just(cls), values))
    return st.one_of(options)


def _paths(value, path=()):
    """Every place inside nested position data, as key/index paths."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, path + (i,))


def _changed(value, path, new, delete):
    """A copy of ``value`` with the part at ``path`` replaced by ``new`` or deleted."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    if delete and not rest:
        del copy[head]
    else:
        copy[head] = _changed(copy[head], rest, new, delete)
    return copy


each_game = pytest.mark.parametrize("name", sorted(NEW))


@each_game
@FUZZ
@given(data=st.data())
def test_arbitrary_move_objects_are_refused_cleanly(name, data):
    game = data.draw(positions(name))
    move = data.draw(move_objects(game))
    if move is not REFUSED:
        assert move_failures(game, move) == []


@each_game
@FUZZ
@given(data=st.data(), thing=json_like)
def test_arbitrary_json_like_data_as_a_move_or_a_position(name, data, thing):
    game = data.draw(positions(name))
    assert move_failures(game, thing) == []
    assert position_failures(type(game), thing) == []


@each_game
@FUZZ
@given(data=st.data(), new=json_like, delete=st.booleans())
def test_a_real_position_with_one_part_replaced_or_deleted(name, data, new, delete):
    game = data.draw(positions(name))
    d = game.to_dict()
    path = data.draw(st.sampled_from(list(_paths(d))))
    assert position_failures(type(game), _changed(d, path, new, delete and bool(path))) == []


@each_game
@settings(max_examples=10, deadline=None, derandomize=True)
@given(data=st.data(), seed=st.integers(0, 2 ** 32))
def test_the_soaks_seeded_bad_input_is_refused_cleanly(name, data, seed):
    game = data.draw(positions(name))
    assert check_refused(game, random.Random(seed), n=10) == []


@each_game
def test_the_seeded_generators_make_the_same_input_from_the_same_seed(name):
    game = NEW[name][0]()
    moves = [bad_moves(game, random.Random(4), 15) for _ in range(2)]
    assert [shown(m) for m in moves[0]] == [shown(m) for m in moves[1]] and moves[0]
    d = game.to_dict()
    datas = [bad_positions(d, random.Random(4), 15) for _ in range(2)]
    assert repr(datas[0]) == repr(datas[1]) and d == game.to_dict()
    assert sum(x != d for x in datas[0]) >= 10
