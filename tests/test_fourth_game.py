"""A fourth game joins the kit by adding one folder: tests/toygame/tictactoe/.

The fixture puts tests/toygame on ``kit.__path__`` and asks ``kit.games`` to
look again; nothing else is edited. Then tic-tac-toe is in the app picker
(chosen, started, clicked, answered by the computer), the soak plays it, the
invariants watch it, bad input is refused by it and it keeps the contract.
"""

import importlib.util
import random
import sys
from pathlib import Path

import pytest

import kit
from kit import games
from kit.testing.badinput import check_refused
from kit.testing.events import click
from kit.testing.invariants import watch

from contract_checks import check_contract

ROOT = Path(__file__).resolve().parents[1]
TOYS = str(ROOT / "tests" / "toygame")


@pytest.fixture
def fourth_game():
    kit.__path__.append(TOYS)
    games.refresh()
    try:
        yield games.get("tictactoe")
    finally:
        kit.__path__.remove(TOYS)
        for name in [m for m in sys.modules if m == "kit.tictactoe" or m.startswith("kit.tictactoe.")]:
            del sys.modules[name]
        if hasattr(kit, "tictactoe"):
            delattr(kit, "tictactoe")
        games.refresh()


def test_the_folder_registers_the_game_after_the_three_and_leaves_when_it_goes(fourth_game):
    assert games.names()[:3] == ["iota", "mattix", "smartrix"]
    assert games.names()[-1] == "tictactoe" and fourth_game.title == "Tic-tac-toe"
    game = fourth_game.load_game().new()
    assert games.of(game) is fourth_game and games.of(type(game)) is fourth_game


def test_without_the_folder_there_are_three_games():
    assert "tictactoe" not in games.names()


def test_the_app_picker_offers_it_and_plays_it(fourth_game):
    from kit.ui.app import Launcher
    app = Launcher(delay=0, start=False)
    assert "Tic-tac-toe" in [value for _label, value in app.game.options]
    assert "Tic-tac-toe" in app.picker.children[0].value          # named in the heading
    app.game.value = "Tic-tac-toe"
    assert [w.value for w in app.seats] == ["human", "random"]
    assert [w.description for w in app.seats] == ["X player", "O player"]
    app.start.click()
    board = app.board
    assert type(board) is fourth_game.load_board() and app.stage.children == (board,)
    assert "Now playing Tic-tac-toe" in app.status.value
    click(board.canvas, *board.xy((1, 1)))
    # The person's X in the centre, then the computer's O (no event loop: at once).
    assert [str(m) for m in board.game.history][:1] == ["1,1"]
    assert len(board.game.history) == 2 and board.game.cells.count("O") == 1
    assert board.human_to_move


def test_the_soak_plays_it(fourth_game):
    spec = importlib.util.spec_from_file_location("soak_fourth", ROOT / "benchmarks" / "soak.py")
    soak = importlib.util.module_from_spec(spec)
    sys.modules["soak_fourth"] = soak     # its dataclasses look their module up by name
    try:
        spec.loader.exec_module(soak)
        report = soak.soak("tictactoe", games=30, seed=0, jobs=1)
    finally:
        del sys.modules["soak_fourth"]
    assert report.games == 30 and not report.failures, report.lines()
    assert 30 * 5 <= report.moves <= 30 * 9


def test_the_invariants_watch_a_seeded_game_move_by_move(fourth_game):
    game = fourth_game.load_game().new(seed=3)
    checked, rng = watch(game), random.Random(3)
    assert type(checked) is fourth_game.load_watch()
    while not game.is_over:
        checked.check_legal_moves(rng)
        checked.play(rng.choice(game.legal_moves()))
    assert checked.moves >= 5 and sum(checked.points) == sum(game.scores)


def test_bad_input_is_refused(fourth_game):
    game = fourth_game.load_game().new()
    rng = random.Random(5)
    for _ in range(3):
        assert check_refused(game, rng, 30) == []
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("seed", range(5))
def test_it_keeps_the_contract(fourth_game, seed):
    assert check_contract(fourth_game.load_game(), seed) >= 5
