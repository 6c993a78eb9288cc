"""A Jupyter teaching kit for card and tile games: IOTA, Mattix and Smartrix.

Each game is a package (``kit.iota``, ``kit.mattix``, ``kit.smartrix``) with
its rules, players and drawing, and registers itself in ``kit.games``;
``kit.scene`` and ``kit.canvas`` are the shared drawing layer; ``kit.ui`` the
widget shell. The game packages are imported on first use (``kit.iota``), so
that ``import kit`` stays cheap and works while a game is still missing.
"""

import importlib
import pkgutil
from pathlib import Path

from kit.errors import IllegalMove, InvalidMoveText, InvalidPosition

# The errors and every game folder (one with a registration.py, as kit.games finds
# them), so that a new game needs no line here; read from the folders, not imported.
__all__ = ["IllegalMove", "InvalidMoveText", "InvalidPosition",
           *sorted(info.name for info in pkgutil.iter_modules(__path__)
                   if info.ispkg and (Path(getattr(info.module_finder, "path", "")) / info.name
                                      / "registration.py").is_file())]


def __getattr__(name: str) -> object:
    # Any subpackage on first use (the registered games among them); listing the
    # games for this needs no import of them.
    if any(info.name == name for info in pkgutil.iter_modules(__path__)):
        return importlib.import_module(f"kit.{name}")
    raise AttributeError(f"module 'kit' has no attribute {name!r}")
