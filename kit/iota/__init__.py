"""IOTA: the rules engine, legal moves, score explanations, players and pictures.

``Game`` keeps the kit's contract (see docs/design.md); moves are ``Play``,
``Pass`` and ``Recycle`` (each with its ``kind``; ``Move.parse`` reads any of
them); ``explain`` results are ``Explanation``; players are ``RandomPlayer``,
``GreedyPlayer`` and ``PlannerPlayer``; ``tournament`` plays seeded games
between them, ``rank_moves`` lists plays best first for hints and
``best_turn`` finds the best turn exhaustively; ``analysis`` ranks a position's
moves as plain data. Pictures: ``draw`` (with ``Marks``), ``draw_hand``,
``text_board``; their geometry ``layout``, ``cell_box``, ``cell_at``.

Everything above needs only the standard library. The live widgets ``Board``
(``board.py``), ``Editor`` (``editor.py``) and ``Replay`` (``replay.py``)
load ipywidgets on first use. See README.md beside this file.
"""

from typing import TYPE_CHECKING

from kit import lazy
from kit.iota.ai import (GreedyPlayer, PlannerPlayer, RandomPlayer, best_turn, rank_moves,
                         tournament)
from kit.iota.analysis import analysis
from kit.iota.cards import WILD, card_text, describe, parse_card
from kit.iota.draw import Marks, draw, draw_game, draw_hand
from kit.iota.layout import Layout, cell_at, cell_box, layout
from kit.iota.lookahead import LookaheadPlayer, lookahead_values
from kit.iota.moves import Move, Pass, Play, Recycle
from kit.iota.rules import Game
from kit.iota.scoring import Explanation, ScoredLine
from kit.iota.text import text_board

if TYPE_CHECKING:   # what the lazy names below are, for type checkers only (never run)
    from kit.iota.board import Board as Board
    from kit.iota.editor import Editor as Editor
    from kit.iota.replay import Replay as Replay

__getattr__ = lazy.attributes(__name__, {"Board": "kit.iota.board:Board",
                                         "Editor": "kit.iota.editor:Editor",
                                         "Replay": "kit.iota.replay:Replay"})

# Public before issue 19, kept for users' notebooks: deprecated, use draw(game, Marks(...)) and layout.
layout_for = layout

# Not the widgets: ``from kit.iota import *`` must work without ipywidgets.
__all__ = ["analysis", "Game", "Move", "Play", "Pass", "Recycle",
           "Explanation", "ScoredLine", "best_turn", "RandomPlayer", "GreedyPlayer",
           "PlannerPlayer", "LookaheadPlayer", "lookahead_values", "tournament", "rank_moves",
           "draw", "Marks", "draw_hand", "layout", "Layout", "cell_at", "cell_box", "text_board",
           "WILD", "card_text", "parse_card", "describe",
           "draw_game", "layout_for"]   # deprecated aliases
