"""Mattix's explorer: the replay, the position editor and the analysis panel."""

import random

import pytest

from kit import IllegalMove, mattix
from kit.mattix import Board, Game, Move, Replay
from kit.players import play_game
from kit.ui.replay import BadReplayMove
from kit.ui.testing import click


def seeded_game(seed=5, size=6, level=2):
    g = Game.new(seed=seed, size=size, level=level)
    play_game(g, [mattix.GreedyPlayer(), mattix.LookaheadPlayer()], random.Random(seed))
    return g


# ----- replay --------------------------------------------------------------------

def test_a_replay_of_a_whole_seeded_game_ends_in_the_games_position():
    g = seeded_game()
    texts = [str(m) for m in g.history]
    r = Replay(Game.new(seed=5, size=6, level=2), texts)
    assert r.position(len(texts)) == g and r.position(-1).is_over
    assert r.moves == g.history
    r.last()
    assert f"Row player {g.scores[0]}" in r.view.scene.to_svg()
    assert r.view.message == f"Move {len(texts)} of {len(texts)}: {texts[-1]}"


def test_a_tampered_move_list_is_rejected_with_its_number_and_the_rule():
    g = seeded_game()
    texts = [str(m) for m in g.history]
    texts[6] = texts[4]                       # a tile already taken
    with pytest.raises(BadReplayMove) as info:
        Replay(Game.new(seed=5, size=6, level=2), texts)
    assert info.value.number == 7
    assert str(info.value).startswith(f"move 7 ('{texts[4]}'): ")
    assert isinstance(info.value.reason, IllegalMove)
    with pytest.raises(BadReplayMove, match=r"move 2 \('2;3'\): cannot read"):
        Replay(Game.new(seed=5, size=6), [texts[0], "2;3"])


def test_each_step_rings_the_last_take():
    g = seeded_game(size=4, level=1)
    r = Replay(Game.new(seed=5, size=4, level=1), g.history)
    r.go(3)
    svg = r.view.scene.to_svg()
    assert f"last move {g.history[2]}" in svg and 'stroke-dasharray="8 5"' in svg
    assert "last move" not in r.frames()[0]


def test_a_board_hands_over_its_replay_from_the_deal():
    b = Board(seats=["human", "greedy"], delay=0, seed=3)
    for _ in range(3):
        click(b.canvas, *b.xy(b.game.legal_moves()[0].cell))
    r = b.replay()
    assert r.start == Game.new(seed=3, size=4)
    assert r.position(-1) == b.game and len(r.moves) == len(b.game.history) == 6


def test_replay_json_round_trip_and_page_size():
    g = seeded_game(size=8, level=2)
    r = Replay(Game.new(seed=5, size=8, level=2), g.history)
    again = Replay.from_json(r.to_json())
    assert again.moves == r.moves and again.position(-1) == g
    page = r.to_html("Mattix 8 x 8")
    assert page.count("<figure") == len(g.history) + 1
