"""Mattix: take tiles from the star's row or column; highest total wins.

``Game``, ``Move`` and ``Explanation`` are the rules (``rules.py``); ``solve``,
``analyse`` and ``search`` the exact and budgeted search (``solver.py``); the
players and ``tournament`` live in ``ai.py``; ``analysis`` ranks every take as
plain data (``analysis.py``); pictures: ``layout.py`` (where the cells are),
``draw.py`` (``draw``, ``board_svg``), ``text.py`` (``text_board``); the tile
tables and their rationale in ``tiles.py``.

The widgets load on first use, so the engine needs only the standard library:
the live ``Board`` (``board.py``), the ``Replay`` (``replay.py``) and the
position ``Editor`` (``editor.py``).
"""

from kit import lazy
from kit.mattix.ai import (GreedyPlayer, LookaheadPlayer, RandomPlayer, SearchPlayer,
                           greedy_vs_best, lookahead_values, standings_table, tournament)
from kit.mattix.analysis import analysis
from kit.mattix.draw import board_scene, board_svg, draw
from kit.mattix.layout import cell_at, cell_box, layout
from kit.mattix.rules import COLUMN_PLAYER, ROW_PLAYER, SIDE_NAMES, Explanation, Game, Move
from kit.mattix.solver import SearchResult, analyse, search, solve
from kit.mattix.text import text_board
from kit.mattix.tiles import tile_table

__getattr__ = lazy.attributes(__name__, {"Board": "kit.mattix.board:Board",
                                         "Editor": "kit.mattix.editor:Editor",
                                         "Replay": "kit.mattix.replay:Replay"})

__all__ = ["Board", "Replay", "Editor", "analysis", "Game", "Move", "Explanation",
           "ROW_PLAYER", "COLUMN_PLAYER", "SIDE_NAMES",
           "solve", "analyse", "search", "SearchResult",
           "RandomPlayer", "GreedyPlayer", "LookaheadPlayer", "SearchPlayer",
           "lookahead_values", "greedy_vs_best", "tournament", "standings_table",
           "draw", "board_scene", "board_svg", "cell_at", "cell_box", "layout", "text_board",
           "tile_table"]
