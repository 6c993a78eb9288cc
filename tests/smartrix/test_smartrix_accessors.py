"""The public, typed accessors (instead of reading Game._grid / _hands), last_move,
and an engine that imports without the widget stack."""

import subprocess
import sys

import pytest

from kit.smartrix import Game, GreedyPlayer, Move, parse_card
from kit.smartrix.cards import TEXT


def _mid_game(seed=3, moves=8):
    import random

    g, rng = Game.new(3, seed=seed), random.Random(seed)
    for _ in range(moves):
        g.play(GreedyPlayer().choose(g, rng))
    return g


def test_table_is_a_read_only_view_of_the_card_ints():
    g = _mid_game()
    assert {cell: TEXT[card] for cell, card in g.table.items()} == g.grid
    with pytest.raises(TypeError):
        g.table[(9, 9)] = 0   # the game's state changes only by its moves
    before = dict(g.table)
    g.play(g.legal_moves()[0])
    g.undo()
    assert dict(g.table) == before


def test_hands_and_piles_as_card_ints():
    g = _mid_game()
    for seat in range(g.players):
        assert g.hand_cards(seat) == tuple(parse_card(t) for t in g.hand(seat))
        assert g.collected_cards(seat) == tuple(parse_card(t) for t in g.collected(seat))
    assert isinstance(g.hand_cards(0), tuple)   # a copy: the hand is not handed out


def test_last_move_is_the_latest_on_the_record():
    g = Game.new(2, seed=1)
    assert g.last_move is None
    first = g.legal_moves()[0]
    g.play(first)
    assert g.last_move == first and isinstance(g.last_move, Move)
    g.play("pass")
    assert g.last_move == Move.parse("pass")
    g.undo()
    assert g.last_move == first


def test_the_engine_imports_without_widgets():
    code = ("import sys, kit.smartrix as s; g = s.Game.new(2, seed=1); s.analysis(g); "
            "s.draw(g); str(g); assert not [m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'ipycanvas', 'IPython') or m.startswith('kit.ui')], sorted(sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
