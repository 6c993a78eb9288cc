"""Smartrix: the 70-card pattern-matching game (rules, players, pictures).

Quick tour::

    from kit import smartrix
    g = smartrix.Game.new(players=3, seed=1)
    g.legal_moves()[:3]; g.explain("01000000@0,1"); g.play(g.legal_moves()[0])
    smartrix.threats(g)                      # lines one card short of a set
    smartrix.tournament([smartrix.GreedyPlayer(), smartrix.CautiousPlayer()], games=20)

Variants are options of ``Game.new``: ``window=None`` (children's), ``teams=True``
(4 players), ``auto_collect=False`` (free table: claims and challenges).
Rules live in ``rules.py``, players and analysis in ``ai.py``, pictures in
``draw.py``, the live board (``Board``) in ``board.py``, the explorer
(``Editor``, ``Replay``, ``analysis``) in ``explore.py``; see README.md beside
this file for the decisions taken.
"""

from kit.smartrix.ai import (CautiousPlayer, GreedyPlayer, RandomPlayer, Threat, Valuation,
                             expected_best, standings_table, threats, tournament)
from kit.smartrix.board import Board
from kit.smartrix.cards import (BOX_NAMES, CANONICAL, DECK, ORIENTATIONS, VALUE, card_text,
                                parse_card, rotate)
from kit.smartrix.explore import Editor, Replay, analysis
from kit.smartrix.draw import (Layout, cell_at, cell_box, draw, fitting_cells, hand_at, hand_box,
                               layout, legal_cells)
from kit.smartrix.moves import PASS, Explanation, Move, parse_move
from kit.smartrix.rules import Game

__all__ = [
    # rules
    "Game", "Move", "PASS", "Explanation", "parse_move",
    # cards
    "DECK", "VALUE", "CANONICAL", "ORIENTATIONS", "BOX_NAMES", "rotate", "card_text", "parse_card",
    # analysis and players
    "threats", "Threat", "expected_best", "RandomPlayer", "GreedyPlayer", "CautiousPlayer",
    "Valuation", "tournament", "standings_table", "analysis",
    # pictures
    "draw", "layout", "Layout", "cell_at", "cell_box", "hand_box", "hand_at", "legal_cells",
    "fitting_cells",
    # the live board and the explorer
    "Board", "Editor", "Replay",
]
