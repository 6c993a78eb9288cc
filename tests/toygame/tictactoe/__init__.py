"""Tic-tac-toe: the toy fourth game, in one folder, to show a game joins the kit by registering.

The tests (``tests/test_fourth_game.py``) put ``tests/toygame`` on
``kit.__path__``; then ``kit.tictactoe`` is a game like the three real ones:
the app picker offers it, the soak plays it, the invariants watch it and the
contract checks pass. Nothing outside this folder names it.
"""

from kit import lazy
from kit.tictactoe.draw import draw
from kit.tictactoe.rules import Explanation, Game, Move

__all__ = ["Game", "Move", "Explanation", "draw"]

__getattr__ = lazy.attributes(__name__, {"Board": "kit.tictactoe.board:Board"})
