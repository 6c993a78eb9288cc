"""Mattix: take tiles from the star's row or column; highest total wins.

``Game`` and ``Move`` are the rules (``rules.py``); ``solve``, ``analyse`` and
``search`` the exact and budgeted search (``solver.py``); the players and
``tournament`` live in ``ai.py``; pictures in ``draw.py``; the live board in
``board.py``; the replay, editor and analysis in ``explore.py``; the tile tables and
their rationale in ``tiles.py``.
"""

from kit.mattix.ai import (GreedyPlayer, LookaheadPlayer, RandomPlayer, SearchPlayer,
                           greedy_vs_best, lookahead_values, standings_table, tournament)
from kit.mattix.board import Board
from kit.mattix.explore import Editor, Replay, analysis
from kit.mattix.draw import board_scene, board_svg, cell_at, cell_box, layout, text_board
from kit.mattix.rules import COLUMN_PLAYER, ROW_PLAYER, Game, Move
from kit.mattix.solver import SearchResult, analyse, search, solve
from kit.mattix.tiles import tile_table

__all__ = ["Board", "Replay", "Editor", "analysis", "Game", "Move", "ROW_PLAYER", "COLUMN_PLAYER",
           "solve", "analyse", "search", "SearchResult",
           "RandomPlayer", "GreedyPlayer", "LookaheadPlayer", "SearchPlayer",
           "lookahead_values", "greedy_vs_best", "tournament", "standings_table",
           "board_scene", "board_svg", "cell_at", "cell_box", "layout", "text_board",
           "tile_table"]
