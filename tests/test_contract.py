"""The contract every game keeps (kit.contract, docs/design.md), checked the same way for all.

Each game's own tests go deep; this file checks that the games agree on the
shape of the contract, so lessons and widgets can treat them alike: every
registered game through tests/contract_checks.py (seeded playouts), and the
shared details below, for every registered game too; the variants further down
are each game's own deals, named.
"""

import importlib
import json
import random
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from contract_checks import check_contract

from kit import IllegalMove, InvalidMoveText, games, iota, mattix, smartrix

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("game", games.names())
def test_every_registered_game_keeps_the_contract(game, seed):
    assert check_contract(games.get(game).load_game(), seed) > 0


def _dealer(spec):
    Game = spec.load_game()
    return lambda seed: Game.new(seed=seed)     # each game's default deal


# The shared details, for every registered game: its default deal, and its package
# (where a move's repr is evaluated, as after `from kit.<game> import *`).
GAMES = {spec.name: _dealer(spec) for spec in games.all()}
MODULES = {spec.name: importlib.import_module(spec.game.partition(":")[0].rpartition(".")[0])
           for spec in games.all()}


@pytest.fixture(params=sorted(GAMES))
def name(request):
    return request.param


# Other deals the lessons use, through the same playout checks.
VARIANTS = {
    "iota, 1 player": lambda seed: iota.Game.new(players=1, seed=seed),
    "iota, 4 players, draw for start": lambda seed: iota.Game.new(players=4, seed=seed, draw_for_start=True),
    "mattix 4 x 4": lambda seed: mattix.Game.new(seed=seed, size=4),
    "mattix 6 x 6": lambda seed: mattix.Game.new(seed=seed, size=6),
    "smartrix, 3 players": lambda seed: smartrix.Game.new(players=3, seed=seed),
    "smartrix, teams": lambda seed: smartrix.Game.new(players=4, seed=seed, teams=True),
    "smartrix, children's (no window)": lambda seed: smartrix.Game.new(players=2, seed=seed, window=None),
    "smartrix, free table": lambda seed: smartrix.Game.new(players=3, seed=seed, auto_collect=False),
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_each_variant_keeps_the_contract(variant):
    new = VARIANTS[variant]
    assert check_contract(type(new(0)), 7, new=new) > 0


def played(name, seed=1, moves=6):
    game, rng = GAMES[name](seed), random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def test_same_seed_same_game_and_another_seed_another(name):
    assert GAMES[name](5).to_dict() == GAMES[name](5).to_dict()
    deals = {repr(GAMES[name](seed).to_dict()) for seed in range(8)}
    # A game dealt by chance deals differently for another seed; one that starts
    # the same every time (tic-tac-toe's empty grid) has a single deal. The kit's
    # card and tile games deal by chance.
    assert len(deals) > 1 or name not in ("iota", "mattix", "smartrix")
    if len(deals) > 1:
        assert GAMES[name](5).to_dict() != GAMES[name](6).to_dict()


def test_position_round_trips_through_json(name):
    game = played(name)
    data = json.loads(json.dumps(game.to_dict()))
    assert data["game"] == name
    again = MODULES[name].Game.from_dict(data)
    assert again.to_dict() == game.to_dict()
    assert (again.to_move, again.scores, again.is_over) == (game.to_move, game.scores, game.is_over)


def test_play_returns_points_undo_returns_the_move_redo_replays_it(name):
    game = played(name, moves=3)
    before = game.to_dict()
    move = game.legal_moves()[0]
    points = game.play(move)
    assert isinstance(points, int)
    after = game.to_dict()
    assert game.undo() == move and game.to_dict() == before
    assert game.redo() == points and game.to_dict() == after


def test_move_text_round_trips(name):
    game = played(name, moves=2)
    for move in game.legal_moves()[:20]:
        assert game.parse_move(str(move)) == move
        assert eval(repr(move), vars(MODULES[name])) == move  # copy-pasteable repr


def illegal_now(name, game):
    """A move written as the game writes moves that it refuses now: one that was
    legal in the starting position or was played, and is not among the moves
    legal now (the same for every game: no table of games)."""
    legal = {str(m) for m in game.legal_moves()}
    start = GAMES[name](1)
    for move in [*game.history, *start.legal_moves()]:
        if str(move) not in legal:
            return str(move)
    raise AssertionError(f"{name}: every move ever legal is legal again: no illegal move to try")


def test_bad_move_text_is_a_value_error_naming_the_text(name):
    game = played(name, moves=2)
    with pytest.raises(InvalidMoveText) as err:
        game.parse_move("not a move")
    assert isinstance(err.value, ValueError) and "not a move" in str(err.value)


def test_illegal_move_says_why_and_changes_nothing(name):
    game = played(name, moves=2)
    before = game.to_dict()
    illegal = illegal_now(name, game)
    with pytest.raises(IllegalMove) as err:
        game.play(illegal)
    assert isinstance(err.value, ValueError) and len(str(err.value)) > 15
    assert game.to_dict() == before


def test_copy_is_independent(name):
    game = played(name)
    twin = game.copy()
    twin.play(twin.legal_moves()[0])
    assert twin.to_dict() != game.to_dict()


def test_a_copy_undoing_and_playing_on_leaves_the_original_history_intact(name):
    game = played(name, moves=5)
    now = game.to_dict()
    twin = game.copy()
    twin.undo()
    for move in twin.legal_moves()[:3]:
        twin.play(move)
        twin.undo()
    twin.play(twin.legal_moves()[-1])
    assert game.to_dict() == now
    game.undo()
    game.redo()
    assert game.to_dict() == now


def test_pictures_text_and_view(name):
    game = played(name)
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert str(game).strip()


@pytest.mark.parametrize("card_game", ["iota", "smartrix"])
def test_a_seat_view_hides_the_other_hands_and_the_deck(card_game):
    game = played(card_game, moves=4)
    data = game.to_dict()
    other = (game.to_move + 1) % len(data["hands"])
    # The same position but for what this seat cannot see: a card of the
    # other hand swapped with a deck card, and the deck reversed.
    data["hands"][other][0], data["deck"][0] = data["deck"][0], data["hands"][other][0]
    data["deck"].reverse()
    secret = MODULES[card_game].Game.from_dict(data)
    assert secret.view(game.to_move) == game.view(game.to_move)
    assert secret.view(other) != game.view(other)


def test_mattix_hides_nothing():
    game = played("mattix")
    assert game.view(0) == game.view(1) == game.to_dict()


def test_a_whole_random_game_ends_with_one_score_per_side(name):
    game, rng = GAMES[name](3), random.Random(3)
    for _ in range(5000):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    assert game.is_over and all(isinstance(s, int) for s in game.scores)
    # A move that was legal at the start is refused once the game is over.
    with pytest.raises(IllegalMove):
        game.play(str(GAMES[name](3).legal_moves()[0]))


def test_malformed_position_data_is_named_alike_in_every_game(name):
    Game = MODULES[name].Game
    data = played(name).to_dict()
    with pytest.raises(ValueError, match=f"position data for {name} must be a dict, not list"):
        Game.from_dict([data])
    with pytest.raises(ValueError, match=f"'game' must be '{name}', not 'chess'"):
        Game.from_dict({**data, "game": "chess"})
    with pytest.raises(ValueError, match=r"unknown key\(s\) \['colour'\]"):
        Game.from_dict({**data, "colour": "red"})
    first = next(iter(k for k in data if k != "game"))
    with pytest.raises(ValueError, match=f"needs '{first}'"):
        Game.from_dict({k: v for k, v in data.items() if k != first})


def test_every_registered_game_class_is_a_contract_game_to_mypy(tmp_path):
    """The same contract, statically: mypy accepts each Game where a kit.contract.Game is due
    (and refuses a class that is none, so the check is not vacuous)."""
    lines = ["from kit import contract", "class NotAGame:", "    pass",
             "def not_a_game(game: NotAGame) -> contract.Game:", "    return game  # refused"]
    for i, spec in enumerate(games.all()):
        module, _, attribute = spec.game.partition(":")
        lines += [f"from {module} import {attribute} as Game{i}",
                  f"def {spec.name}(game: Game{i}) -> contract.Game:", "    return game"]
    # A new module name each run: mypy's cache would report a same-named module at its old path.
    snippet = tmp_path / f"conformance_{uuid.uuid4().hex}.py"
    snippet.write_text("\n".join(lines) + "\n")
    result = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                             "--no-error-summary", str(snippet)],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    errors = [line for line in result.stdout.splitlines()
              if line.startswith(str(snippet)) and ": error:" in line]
    refused = [line for line in errors if f"{snippet}:5:" in line]
    assert len(refused) == 1, result.stdout + result.stderr
    assert errors == refused, "\n".join(line for line in result.stdout.splitlines()
                                        if line.startswith(str(snippet)))
