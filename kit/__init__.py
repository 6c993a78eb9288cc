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
from kit.i18n import set_language


def _registrations() -> list[tuple[str, Path]]:
    """Each game folder on ``__path__`` (a package with a ``registration.py``) as
    (name, that file): read from the folders, nothing imported. ``kit.games`` loads
    these; a test may extend ``__path__``."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        path = Path(getattr(info.module_finder, "path", "")) / info.name / "registration.py"
        if info.ispkg and path.is_file():
            found.append((info.name, path))
    return found


# The errors and every game folder, so that a new game needs no line here.
__all__ = ["IllegalMove", "InvalidMoveText", "InvalidPosition", "set_language",
           *sorted(name for name, _ in _registrations())]


def __getattr__(name: str) -> object:
    # Any subpackage on first use (the registered games among them); listing the
    # games for this needs no import of them.
    if any(info.name == name for info in pkgutil.iter_modules(__path__)):
        return importlib.import_module(f"kit.{name}")
    raise AttributeError(f"module 'kit' has no attribute {name!r}")
