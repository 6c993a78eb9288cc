"""Loading the widget side of the kit on first use, so the engines need nothing else.

A game's rules, players, solvers and analysis run on the standard library
alone; its live ``Board``, ``Editor`` and ``Replay`` need ipywidgets and
ipycanvas. A game package names those by reference (``"kit.iota.board:Board"``)
and gives them to Python through a module ``__getattr__``::

    __getattr__ = lazy.attributes(__name__, {"Board": "kit.iota.board:Board"})

so ``import kit.iota`` imports no widget, and ``kit.iota.Board`` imports them
then, or says in one line what to install.

Not covered: which game has which widget (each game's ``__init__`` and its
registration in ``kit.games`` say so).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping

from kit.i18n import _

# The packages behind the widget side; a missing one is the user's install, not a bug.
WIDGET_PACKAGES = frozenset({"ipywidgets", "ipycanvas", "IPython", "traitlets", "comm"})


class MissingWidgets(ImportError):
    """A widget was asked for where ipywidgets / ipycanvas are not installed."""


def load(ref: str) -> object:
    """The object named by ``"package.module:attribute"``, imported now.

    Raises :class:`MissingWidgets` naming what to install when the import
    fails for want of a widget package; any other import error is raised as is.
    """
    module_name, sep, attribute = ref.partition(":")
    if not sep or not attribute:
        raise ValueError(f"a reference is 'package.module:attribute', not {ref!r}")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        missing = (exc.name or "").split(".")[0]
        if missing in WIDGET_PACKAGES:
            raise MissingWidgets(
                _("{name} ({module}) is a live widget and needs {package}, which is not "
                  "installed here: pip install ipywidgets ipycanvas (or install the kit with its "
                  "dependencies: pip install -e .)").format(name=attribute, module=module_name,
                                                             package=missing)) from exc
        raise
    return getattr(module, attribute)


def attributes(module: str, refs: Mapping[str, str]) -> Callable[[str], object]:
    """A module ``__getattr__`` that loads each of ``refs`` (name -> reference) on first use."""

    def __getattr__(name: str) -> object:
        if name not in refs:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        return load(refs[name])

    return __getattr__
