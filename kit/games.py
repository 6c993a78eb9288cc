"""The registry of the kit's games: each game says once what the kit needs to know of it.

A game is a package under ``kit.__path__`` with a ``registration.py`` that
defines ``GAME = kit.games.GameSpec(...)``: its name and title, its ``Game``
class, its live widgets (``Board``, ``Editor``, ``Replay``), the app picker's
choices, its invariants watcher, its lesson module and graded puzzles, and the
soak's seeded setup. Classes are named by reference (``"kit.iota.rules:Game"``)
and loaded by :func:`kit.lazy.load` on first use, so listing the games imports
no game and no widget: the registry runs on the standard library alone.

The app picker (``kit.ui.app``), the invariants (``kit.testing.invariants``),
grading, handouts, the soak and the benchmarks loop over :func:`all`; adding a
game is adding its folder. A test adds a folder to ``kit.__path__`` and calls
:func:`refresh`.

Not covered: the games' rules (each package) or the contract every ``Game``
keeps (``kit.contract``).
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from kit import lazy
from kit.i18n import _

#: A picker option: (label, [(choice label, value), ...], default value).
Option = tuple[str, tuple[tuple[str, Any], ...], Any]
#: The soak's seeded setup: (seed, rng) -> (game, one player per seat, a label).
SoakSetup = Callable[[int, random.Random], tuple[Any, list[Any], str]]


def _seat(i: int) -> str:
    return _("Seat {n}").format(n=i + 1)


@dataclass(frozen=True)
class GameSpec:
    """What the kit knows of one game; every class is a ``"module:attribute"`` reference.

    ``players`` are the player counts the picker offers (one count: no choice
    shown); ``opponent`` the computer seated by default; ``seat_name`` names a
    seat from its index. ``options`` are the game's own (``Board(**options)``)
    and ``player_options`` the computer players' (``Board(player_options=...)``),
    each name -> :data:`Option`. ``lesson`` is the module with the course's
    ``Puzzle``, ``load_puzzles`` and ``check_puzzle``; ``answer_format`` says,
    in a graded set, how an answer is written; ``puzzle_picture`` (optional)
    draws a puzzle's position as SVG where the game's own picture would not do.
    ``benchmark`` names the module timing the engine, run as ``python -m
    <module> [--quick]`` (``benchmarks/bench_engines.py``, ``make bench``).
    ``plans`` names a module whose ``legal(board)`` and ``illegal(board)`` say
    what to click for a legal and a refused move (the browser tests' and
    ``bench_boards``' plans, beside the three games' own in tests/browser).
    ``keys`` names the live board's key map (``kit.ui.keys.KeyMap``: the cursor keys).
    ``course`` names the folder of its lesson notebooks under ``notebooks/``
    (None: no course; the welcome, handouts and slides offer it none).
    ``order`` sorts the games (the picker's first game is the lowest).
    ``folder`` is the game's folder (the registration's; filled in when it is
    discovered) and ``locale`` its message catalogues, by default the folder's
    ``locale/<lang>/LC_MESSAGES/<name>.po``/``.mo``: a language whose ``.po``
    the game ships is one it declares, and must translate completely
    (``python -m kit.catalogues check``); in any other it speaks English.
    """

    name: str                                   # the package: kit/<name>/, notebooks/<name>/
    title: str                                  # as people read it: "IOTA"
    game: str                                   # "kit.iota.rules:Game"
    board: str                                  # "kit.iota.board:Board"
    invariants: str                             # "kit.iota.invariants:IotaWatch"
    move: str                                   # the Move class: "kit.iota.moves:Move"
    editor: str | None = None
    replay: str | None = None
    analysis: str | None = None                 # "kit.iota.analysis:analysis" (a function)
    players: tuple[int, ...] = (2,)
    default_players: int = 2
    opponent: str = "greedy"
    seat_name: Callable[[int], str] = _seat
    options: Mapping[str, Option] = field(default_factory=dict)
    player_options: Mapping[str, Option] = field(default_factory=dict)
    lesson: str | None = None                   # "kit.lessons.iota"
    course: str | None = None                   # its lessons' folder under notebooks/: "iota"
    answer_format: str = ""
    puzzles: Path | None = None                 # the puzzle set's JSON
    puzzle_picture: Callable[[Any], str] | None = None
    soak: SoakSetup | None = None
    benchmark: str | None = None                # the engine benchmark's module: "kit.iota.benchmark"
    plans: str | None = None                    # what the browser tests click: "kit.nim.plans"
    keys: str | None = None                     # the board's key map (kit.ui.keys): "kit.iota.keys:KEYS"
    order: int = 100
    folder: Path | None = None                  # kit/<name>/ (set by the registry, not by a game)
    locale: Path | None = None                  # kit/<name>/locale/ (likewise)

    def catalogue(self, lang: str, suffix: str = ".mo") -> Path | None:
        """The game's own compiled catalogue of ``lang`` (``suffix=".po"``: its source), or None."""
        if self.locale is None:
            return None
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}{suffix}"

    def languages(self) -> tuple[str, ...]:
        """The languages the game translates its own messages into (ships a ``.po`` of)."""
        from kit.i18n import LANGUAGES
        return tuple(lang for lang in LANGUAGES[1:]
                     if (po := self.catalogue(lang, ".po")) is not None and po.is_file())

    def load_game(self) -> type[Any]:
        """The ``Game`` class (imports the engine, no widget)."""
        return _class(self.game)

    def load_board(self) -> type[Any]:
        """The live ``Board`` class (imports ipywidgets; says what to install if missing)."""
        return _class(self.board)

    def load_editor(self) -> type[Any] | None:
        return None if self.editor is None else _class(self.editor)

    def load_replay(self) -> type[Any] | None:
        return None if self.replay is None else _class(self.replay)

    def load_move(self) -> type[Any]:
        """The ``Move`` class (every kind of move is it or a subclass of it)."""
        return _class(self.move)

    def load_analysis(self) -> Callable[..., Any] | None:
        """The game's ``analysis(game)`` (plain data rows, no widget), if it has one."""
        if self.analysis is None:
            return None
        found = lazy.load(self.analysis)
        if not callable(found):
            raise TypeError(f"{self.analysis} is {found!r}, not a function")
        return found

    def load_keys(self) -> Any:
        """The live board's key map (a ``kit.ui.keys.KeyMap``), or None: no cursor keys."""
        return None if self.keys is None else lazy.load(self.keys)

    def load_watch(self) -> type[Any]:
        """The game's invariants watcher (a ``kit.testing.invariants.Watch`` subclass)."""
        return _class(self.invariants)

    def lesson_module(self) -> ModuleType | None:
        return None if self.lesson is None else importlib.import_module(self.lesson)


def _class(ref: str) -> type[Any]:
    loaded = lazy.load(ref)
    if not isinstance(loaded, type):
        raise TypeError(f"{ref} is {loaded!r}, not a class")
    return loaded


_cache: dict[str, GameSpec] | None = None


def _discover() -> dict[str, GameSpec]:
    import kit   # its game folders, on a __path__ a test may extend

    found: list[GameSpec] = []
    for name, path in kit._registrations():
        spec = getattr(_registration(name, path), "GAME", None)
        if not isinstance(spec, GameSpec):
            raise TypeError(f"kit/{name}/registration.py defines no GAME = GameSpec(...)")
        if spec.name != name:
            raise ValueError(f"kit/{name}/registration.py registers {spec.name!r}, "
                             f"not {name!r}")
        # Filled in place (the registration's GAME stays the very spec the registry hands out).
        object.__setattr__(spec, "folder", path.parent)
        object.__setattr__(spec, "locale", path.parent / "locale")   # where kit.i18n reads it
        found.append(spec)
    found.sort(key=lambda s: (s.order, s.name))
    return {s.name: s for s in found}


def _registration(name: str, path: Path) -> ModuleType:
    """``kit.<name>.registration``, without running the game package's ``__init__``
    when it is not imported yet (that would import the whole game to list it)."""
    full = f"kit.{name}.registration"
    if full in sys.modules or f"kit.{name}" in sys.modules:
        return importlib.import_module(full)
    loader = importlib.util.spec_from_file_location(full, path)
    if loader is None or loader.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(loader)
    sys.modules[full] = module      # the package's own import of it later finds this one
    try:
        loader.loader.exec_module(module)
    except BaseException:
        del sys.modules[full]
        raise
    return module


def _games() -> dict[str, GameSpec]:
    global _cache
    if _cache is None:
        _cache = _discover()
    return _cache


def all() -> list[GameSpec]:
    """Every registered game, IOTA first."""
    return list(_games().values())


def names() -> list[str]:
    """Every registered game's package name, in :func:`all`'s order."""
    return list(_games())


def get(name: str) -> GameSpec:
    """The game registered as ``name`` (its package name, or its title)."""
    games = _games()
    if name in games:
        return games[name]
    for spec in games.values():
        if spec.title == name:
            return spec
    raise ValueError(f"no game {name!r}; the games are {', '.join(games)}")


def of(game: object) -> GameSpec:
    """The spec of a ``Game`` instance or class: the game whose loaded class it is
    (or a subclass of)."""
    cls = game if isinstance(game, type) else type(game)
    specs = list(_games().values())
    # The games whose engine is imported first: a game's class exists only once its
    # module is, so the others are imported (the whole engine) only when none of these is it.
    imported = [s for s in specs if s.game.partition(":")[0] in sys.modules]
    for group in (imported, [s for s in specs if s not in imported]):
        for spec in group:
            if spec.load_game() is cls:
                return spec
        for spec in group:       # a test's or a lesson's subclass of a game
            if issubclass(cls, spec.load_game()):
                return spec
    raise ValueError(f"{cls.__qualname__} is no registered game's Game")


def refresh() -> None:
    """Forget what was discovered: the next call looks in ``kit.__path__`` again."""
    global _cache
    _cache = None
    from kit import i18n
    i18n.forget()       # the games' own catalogues are looked for again
