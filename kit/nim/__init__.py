"""Nim: heaps of stones; take any number from one heap; who takes the last stone wins.

The kit's fourth game, in one folder: its rules, move text, players, picture,
live board, invariants, registration and its own Spanish and Bulgarian
messages (``locale/``). Nothing outside this folder names it.
"""

from kit import lazy
from kit.nim.draw import draw
from kit.nim.players import PerfectPlayer
from kit.nim.rules import Explanation, Game, Move

__all__ = ["Explanation", "Game", "Move", "PerfectPlayer", "draw"]

__getattr__ = lazy.attributes(__name__, {"Board": "kit.nim.board:Board"})
