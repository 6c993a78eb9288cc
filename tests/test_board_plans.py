"""The browser walks' click plans (tests/browser/board_plans.py), run here on a
board built in Python: every registered game has plans (its own folder's,
named by ``plans=`` in its registration, or the three games' in board_plans),
so the browser tests and bench_boards walk every game and skip none; the
refused click changes nothing and says the engine's words, the legal one plays
the planned move."""

import sys
from pathlib import Path

import pytest

from kit import games

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
import board_plans  # from tests/browser, put on the path above


def test_every_registered_game_has_click_plans():
    assert set(board_plans.LEGAL) == set(board_plans.ILLEGAL) == set(games.names())


@pytest.mark.parametrize("name", games.names())
def test_the_plans_refuse_then_play_on_the_local_board(name):
    spec = games.get(name)
    board = board_plans.build_offline(
        f'{name}.Board(seats=["human", "{spec.opponent}"], delay=0, seed=3)', name)
    before = board.game.to_dict()
    actions, rule = board_plans.ILLEGAL[name](board)
    for action in actions:
        board_plans.offline(board_plans.do, board, action)
    assert board.game.to_dict() == before
    assert rule.lower() in (board.view.message + board.view.more).lower()
    actions, text = board_plans.LEGAL[name](board)
    for action in board_plans.AFTER_REFUSAL.get(name, []) + actions:
        board_plans.offline(board_plans.do, board, action)
    assert text in [str(m) for m in board.game.history]
