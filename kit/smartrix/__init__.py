"""Smartrix: the 70-card pattern-matching game (rules, players, pictures).

Quick tour::

    from kit import smartrix
    g = smartrix.Game.new(players=3, seed=1)
    g.legal_moves()[:3]; g.explain("01000000@0,1"); g.play(g.legal_moves()[0])
    smartrix.threats(g)                      # lines one card short of a set
    smartrix.tournament([smartrix.GreedyPlayer(), smartrix.CautiousPlayer()], games=20)

Variants are options of ``Game.new``: ``window=None`` (children's), ``teams=True``
(4 players), ``auto_collect=False`` (free table: claims and challenges).
Rules live in ``rules.py``, players in ``ai.py`` (the look-ahead one in
``lookahead.py``), the ranked moves in
``analysis.py``, the geometry in ``layout.py``, pictures in ``draw.py`` and the
plain-text board in ``text.py``: all of them need only the standard library.
The widgets, the live board (``Board``, ``board.py``), the position editor
(``Editor``, ``editor.py``) and the replay (``Replay``, ``replay.py``), load
ipywidgets when first used. See README.md beside this file for the decisions
taken.
"""

from kit import lazy
from kit.smartrix.ai import (CautiousPlayer, GreedyPlayer, RandomPlayer, Threat, Valuation,
                             expected_best, standings_table, threats, tournament)
from kit.smartrix.analysis import analysis
from kit.smartrix.cards import (BOX_NAMES, CANONICAL, DECK, ORIENTATIONS, VALUE, card_text,
                                parse_card, rotate)
from kit.smartrix.draw import draw
from kit.smartrix.lookahead import LookaheadPlayer
from kit.smartrix.layout import (Layout, cell_at, cell_box, fitting_cells, hand_at, hand_box,
                                 layout, legal_cells)
from kit.smartrix.moves import PASS, Explanation, Move, parse_move
from kit.smartrix.rules import Game
from kit.smartrix.text import text_board

__all__ = [
    # rules
    "Game", "Move", "PASS", "Explanation", "parse_move",
    # cards
    "DECK", "VALUE", "CANONICAL", "ORIENTATIONS", "BOX_NAMES", "rotate", "card_text", "parse_card",
    # analysis and players
    "threats", "Threat", "expected_best", "RandomPlayer", "GreedyPlayer", "CautiousPlayer",
    "LookaheadPlayer", "Valuation", "tournament", "standings_table", "analysis",
    # pictures and text
    "draw", "layout", "Layout", "cell_at", "cell_box", "hand_box", "hand_at", "legal_cells",
    "fitting_cells", "text_board",
]
# Not the widgets in __all__: ``from kit.smartrix import *`` (where a move's repr is
# evaluated) must work without ipywidgets. They load on first use:
__getattr__ = lazy.attributes(__name__, {"Board": "kit.smartrix.board:Board",
                                         "Editor": "kit.smartrix.editor:Editor",
                                         "Replay": "kit.smartrix.replay:Replay"})
