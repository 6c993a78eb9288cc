"""IOTA: the rules engine, legal moves, score explanations, players and pictures.

``Game`` keeps the kit's contract (see DESIGN.md); moves are ``Play``,
``Pass`` and ``Recycle`` (``Move.parse`` reads any of them); ``explain``
results are ``Explanation``; players are ``RandomPlayer``, ``GreedyPlayer``
and ``PlannerPlayer``; ``tournament`` plays seeded games between them and
``rank_moves`` lists plays best first for hints; ``Board`` (``board.py``) is the
live board. See README.md beside this file.
"""

from kit.iota.ai import GreedyPlayer, PlannerPlayer, RandomPlayer, rank_moves, tournament
from kit.iota.board import Board
from kit.iota.cards import WILD, card_text, describe, parse_card
from kit.iota.draw import cell_at, cell_box, draw_game, draw_hand, layout_for, text_board
from kit.iota.moves import Move, Pass, Play, Recycle
from kit.iota.rules import Game
from kit.iota.scoring import Explanation, ScoredLine

__all__ = ["Board", "Game", "Move", "Play", "Pass", "Recycle", "Explanation", "ScoredLine",
           "RandomPlayer", "GreedyPlayer", "PlannerPlayer", "tournament", "rank_moves",
           "draw_game", "draw_hand", "layout_for", "cell_at", "cell_box", "text_board",
           "WILD", "card_text", "parse_card", "describe"]
