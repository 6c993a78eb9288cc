"""The fourth game, Nim (kit/nim/), joins the kit as one folder: nothing outside
it names it. It is in the app picker (chosen, started, clicked, answered by the
computer), the soak plays it, the invariants watch it, bad input is refused by
it, it keeps the contract and it speaks Spanish and Bulgarian from its own
catalogues; the shared tests (contract, games, invariants, i18n) run over it as
over every registered game. tests/test_game_folder_in_a_fresh_clone.py copies
the folder into a clone that lacks it.
"""

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from kit import games, i18n
from kit.testing.badinput import check_refused
from kit.testing.events import click
from kit.testing.invariants import watch

from contract_checks import check_contract

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def nim():
    return games.get("nim")


def test_the_folder_registers_nim_after_the_three(nim):
    assert games.names()[:3] == ["iota", "mattix", "smartrix"] and "nim" in games.names()
    assert nim.title == "Nim" and nim.folder == ROOT / "kit" / "nim"
    game = nim.load_game().new()
    assert games.of(game) is nim and game.heaps == [3, 4, 5]
    # Its course, lesson module and puzzles are declared there; no benchmark: none is offered.
    assert nim.course == "nim" and nim.lesson == "kit.nim.lesson" and nim.benchmark is None
    assert nim.puzzles == ROOT / "kit" / "nim" / "puzzles.json" and nim.load_editor() is not None


def test_the_rules_take_stones_and_the_last_stone_wins(nim):
    game = nim.load_game().new()
    assert game.play("2:5") == 0 and game.heaps == [3, 4, 0] and game.to_move == 1
    with pytest.raises(ValueError, match="Heap 0 has 3 stone"):
        game.play("0:4")
    with pytest.raises(ValueError, match="There is no heap 3"):
        game.play("3:1")
    game.play("1:4")
    assert game.play("0:3") == 1 and game.is_over and game.scores == [1, 0]


def test_the_perfect_player_leaves_a_nim_sum_of_zero_and_beats_random(nim):
    from kit.nim import PerfectPlayer
    from kit.players import RandomPlayer
    Game = nim.load_game()
    game = Game.new()                          # 3 ^ 4 ^ 5 = 2: the first seat can win
    game.play(PerfectPlayer().choose(game, random.Random(0)))
    assert game.nim_sum == 0
    for seed in range(20):
        game, rng = Game.new(seed=seed), random.Random(seed)
        if game.nim_sum == 0:
            continue
        seats = [PerfectPlayer(), RandomPlayer()]
        while not game.is_over:
            game.play(seats[game.to_move].choose(game, rng))
        assert game.scores == [1, 0], seed


def test_the_app_picker_offers_it_and_plays_it(nim):
    from kit.ui.app import Launcher
    app = Launcher(delay=0, start=False)
    assert "Nim" in [value for _label, value in app.game.options]
    app.game.value = "Nim"
    assert [w.value for w in app.seats] == ["human", "perfect"]
    assert [w.description for w in app.seats] == ["First player", "Second player"]
    app.start.click()
    board = app.board
    assert type(board) is nim.load_board() and app.stage.children == (board,)
    heaps = list(board.game.heaps)
    click(board.canvas, *board.xy((0, heaps[0])))     # the first stone of heap 0: the whole heap
    assert str(board.game.history[0]) == f"0:{heaps[0]}"
    # The computer answered at once (no event loop), leaving a nim-sum of 0 when it could.
    assert len(board.game.history) == 2 and board.human_to_move


def test_a_click_left_of_the_stones_is_refused_and_marked(nim):
    board = nim.load_board()(seats=["human", "perfect"], delay=0, seed=3)
    before, n = board.game.to_dict(), board.game.heaps[0]
    click(board.canvas, *board.xy((0, n + 1)))      # the place left of heap 0's stones
    assert board.game.to_dict() == before and board.marks == ((0, n + 1),)
    assert f"Heap 0 has {n} stone(s): {n + 1} cannot be taken." in board.view.message
    assert board.scene().to_svg().count('stroke="#C00000"') == 2      # a red cross there


def test_a_hint_rings_the_stones_the_best_move_takes(nim):
    from kit.nim import Game
    board = nim.load_board()(Game.new(), seats=["human", "perfect"], delay=0)     # heaps 3, 4, 5
    board.controls["hint"].click()
    assert board.view.message.startswith("Hint:") and "0:2" in board.view.message
    assert board.scene().to_svg().count('stroke="#2E8B57"') == 2       # 3 -> 1: 1 ^ 4 ^ 5 = 0


def test_the_picture_draws_every_stone_and_the_last_move_hollow(nim):
    game = nim.load_game().new()
    game.play("1:2")
    svg = game._repr_svg_()
    # 3 + 2 + 5 stones left, and the 2 taken drawn hollow, ringed in orange
    assert svg.startswith("<svg") and svg.count("<circle") == 3 + 2 + 5 + 2
    assert svg.count('fill="#6B5B45"') == 10 and svg.count('stroke="#E08000"') == 2
    assert "<title>Nim: heaps of 3, 2, 5 stones</title>" in svg


def test_it_speaks_spanish_and_bulgarian_from_its_own_catalogue(nim):
    assert nim.languages() == ("es", "bg")
    game = nim.load_game().new()
    for lang, words in (("es", "El montón 0 tiene 3 piedra(s)"), ("bg", "В купчина 0 има само 3")):
        with i18n.speaking(lang):
            assert words in game.explain("0:9").reason
            assert nim.seat_name(0) != "First player"
    shared = catalogues_ids("kit/locale/es/LC_MESSAGES/kit.po")
    assert "Heap {heap} has {left} stone(s): {count} cannot be taken." not in shared


def catalogues_ids(path):
    from kit import catalogues
    return {m.id for m in catalogues.read(ROOT / path, "es") if m.id}


def test_the_soak_plays_it():
    spec = importlib.util.spec_from_file_location("soak_fourth", ROOT / "benchmarks" / "soak.py")
    soak = importlib.util.module_from_spec(spec)
    sys.modules["soak_fourth"] = soak     # its dataclasses look their module up by name
    try:
        spec.loader.exec_module(soak)
        report = soak.soak("nim", games=30, seed=0, jobs=1)
    finally:
        del sys.modules["soak_fourth"]
    assert report.games == 30 and not report.failures, report.lines()
    assert report.moves >= 30


def test_the_invariants_watch_a_seeded_game_move_by_move(nim):
    game = nim.load_game().new(seed=3)
    checked, rng = watch(game), random.Random(3)
    assert type(checked) is nim.load_watch()
    while not game.is_over:
        checked.check_legal_moves(rng)
        checked.play(rng.choice(game.legal_moves()))
    assert checked.moves >= 2 and sum(checked.points) == 1


def test_bad_input_is_refused(nim):
    game = nim.load_game().new(seed=5)
    rng = random.Random(5)
    for _ in range(2):
        assert check_refused(game, rng, 30) == []
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("seed", range(5))
def test_it_keeps_the_contract(nim, seed):
    assert check_contract(nim.load_game(), seed) >= 2
