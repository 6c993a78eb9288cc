"""IOTA: the rules engine, legal moves, score explanations, players and pictures.

``Game`` keeps the kit's contract (see DESIGN.md); moves are ``Play``,
``Pass`` and ``Recycle`` (``Move.parse`` reads any of them); ``explain``
results are ``Explanation``; players are ``RandomPlayer``, ``GreedyPlayer``
and ``PlannerPlayer``; ``tournament`` plays seeded games between them and
``rank_moves`` lists plays best first for hints and ``best_turn`` finds the
best turn exhaustively; ``Board`` (``board.py``) is the live board; ``Editor``,
``Replay`` and ``analysis`` (``explore.py``) explore positions. See README.md
beside this file.
"""

from kit.iota.ai import (GreedyPlayer, PlannerPlayer, RandomPlayer, best_turn, rank_moves,
                         tournament)
from kit.iota.board import Board
from kit.iota.cards import WILD, card_text, describe, parse_card
from kit.iota.draw import cell_at, cell_box, draw_game, draw_hand, layout_for, text_board
from kit.iota.explore import Editor, Replay, analysis
from kit.iota.moves import Move, Pass, Play, Recycle
from kit.iota.rules import Game
from kit.iota.scoring import Explanation, ScoredLine

__all__ = ["Board", "Editor", "Replay", "analysis", "Game", "Move", "Play", "Pass", "Recycle",
           "Explanation", "ScoredLine", "best_turn", "RandomPlayer", "GreedyPlayer", "PlannerPlayer", "tournament", "rank_moves",
           "draw_game", "draw_hand", "layout_for", "cell_at", "cell_box", "text_board",
           "WILD", "card_text", "parse_card", "describe"]
