"""A Jupyter teaching kit for IOTA, Mattix and Smartrix.

``kit.iota``, ``kit.mattix`` and ``kit.smartrix`` hold each game's rules,
players and drawing; ``kit.scene`` and ``kit.canvas`` are the shared drawing
layer; ``kit.ui`` the widget shell. The game packages are imported lazily so
that ``import kit`` stays cheap and works while a game is still missing.
"""

import importlib

from kit.errors import IllegalMove, InvalidMoveText, InvalidPosition

__all__ = ["IllegalMove", "InvalidMoveText", "InvalidPosition", "iota", "mattix", "smartrix"]

_GAMES = ("iota", "mattix", "smartrix")


def __getattr__(name):
    if name in _GAMES:
        return importlib.import_module(f"kit.{name}")
    raise AttributeError(f"module 'kit' has no attribute {name!r}")
