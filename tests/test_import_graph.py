"""The import graph of kit/, read from the source: no cycles, and engines that need no widget.

Every import statement counts for cycles, at module level, inside a function
(a function-level import that closes a cycle is a cycle postponed, not removed)
or under ``if TYPE_CHECKING:`` (a type-only import that closes a cycle still
ties the two modules together: neither reads without the other). Not counted:
references by string (``kit.lazy.load("kit.iota.board:Board")``, the registry's).

- No cycle at all. A game's rules may draw themselves on demand (``_repr_svg_``
  importing ``draw`` in the method) because the drawing and the words name the
  game through a Protocol (``kit/<game>/view.py``), never ``rules``.
- Layers (type-only imports not followed: they never run): no engine module
  (everything in ``kit/<game>/`` but the widgets
  ``board.py``, ``editor.py``, ``replay.py``, ``keys.py``) reaches ipywidgets, ipycanvas,
  IPython or ``kit.ui``, even through other modules or a package's
  ``__init__``. An import inside ``try: ... except ImportError`` is optional
  (the module works without it) and not followed.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "kit"

#: A game's widget modules: the only ones in kit/<game>/ that may load ipywidgets.
#: ``lesson`` is a game's course kept in its folder (kit/nim/lesson.py): it belongs to
#: the lesson layer, whose exercises show boards, as kit/lessons/<game>/ does.
WIDGET_MODULES = ("board", "editor", "replay", "keys", "lesson")
#: What no engine may reach.
FORBIDDEN = ("ipywidgets", "ipycanvas", "IPython", "kit.ui")


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    function: str | None      # the enclosing function, None at module level
    optional: bool            # inside try/except ImportError
    line: int
    type_only: bool = False   # under if TYPE_CHECKING: (never runs)

    def __str__(self) -> str:
        where = f" in {self.function}()" if self.function else ""
        return f"{self.source} -> {self.target} ({_path(self.source)}:{self.line}{where})"


def _path(module: str) -> str:
    path = KIT.parent / Path(*module.split("."))
    return str((path / "__init__.py" if path.is_dir() else path.with_suffix(".py")).relative_to(ROOT))


def kit_modules(root: Path = KIT) -> dict[str, Path]:
    """Every module of the package at ``root``: dotted name -> file."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    names = [handler.type] if not isinstance(handler.type, ast.Tuple) else handler.type.elts
    return any(isinstance(n, ast.Name) and n.id in ("ImportError", "ModuleNotFoundError")
               for n in names if n is not None)


def _imports(tree: ast.AST):
    """(node, enclosing function or None, optional, type_only) for each import."""

    def visit(node, function, optional, type_only=False):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                yield from visit(child, function, optional, True)
            for child in node.orelse:
                yield from visit(child, function, optional, type_only)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, function, optional, type_only
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node.name
        if isinstance(node, ast.Try) and any(_catches_import_error(h) for h in node.handlers):
            for child in node.body:
                yield from visit(child, function, True, type_only)
            for part in (node.handlers, node.orelse, node.finalbody):
                for child in part:
                    yield from visit(child, function, optional, type_only)
            return
        for child in ast.iter_child_nodes(node):
            yield from visit(child, function, optional, type_only)

    yield from visit(tree, None, False)


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a ``from ... import`` names (relative imports resolved)."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base.pop()
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def import_edges(modules: dict[str, Path]) -> list[Edge]:
    """One edge per module imported by a kit module; outside kit/, the top-level name."""
    edges = []
    for module, path in modules.items():
        tree = ast.parse(path.read_text(), str(path))
        for node, function, optional, type_only in _imports(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = _resolve(module, path.name == "__init__.py", node)
                # `from kit.iota import board` imports the module kit.iota.board.
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                           for a in node.names]
            for target in targets:
                if target.split(".")[0] == "kit":
                    while target not in modules and "." in target:   # kit.iota.rules.Game
                        target = target.rpartition(".")[0]
                else:
                    target = target.split(".")[0]
                    if target in sys.stdlib_module_names:
                        continue
                if target != module:
                    edges.append(Edge(module, target, function, optional, node.lineno, type_only))
    return edges


def cycles(edges: list[Edge]) -> list[list[Edge]]:
    """One cycle (as its edges) through each strongly connected group of kit modules."""
    graph: dict[str, list[Edge]] = {}
    for edge in edges:
        if edge.target.startswith("kit"):
            graph.setdefault(edge.source, []).append(edge)
    found, done = [], set()
    for group in _strongly_connected(graph):
        if len(group) > 1 and not group & done:
            found.append(_cycle_through(min(group), group, graph))
            done |= group
    return found


def _strongly_connected(graph: dict[str, list[Edge]]) -> list[set[str]]:
    """Tarjan's algorithm, iterative (kit's chains are deep enough for recursion limits)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(graph.get(start, [])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for edge in children:
                child = edge.target
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph.get(child, []))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    groups.append(group)
    return groups


def _cycle_through(start: str, group: set[str], graph: dict[str, list[Edge]]) -> list[Edge]:
    """The shortest cycle from ``start`` back to it inside ``group`` (breadth first)."""
    paths: dict[str, list[Edge]] = {start: []}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for edge in graph.get(node, []):
            if edge.target == start:
                return paths[node] + [edge]
            if edge.target in group and edge.target not in paths:
                paths[edge.target] = paths[node] + [edge]
                queue.append(edge.target)
    raise AssertionError(f"no cycle through {start}")   # a strongly connected group has one


def engine_modules(modules: dict[str, Path]) -> list[str]:
    """Every module in a game's folder (kit/<game>/) but its widgets."""
    games = {name for name, path in modules.items()
             if name.count(".") == 1 and path.name == "__init__.py" and (path.parent / "rules.py").exists()}
    return sorted(name for name in modules
                  if name.rpartition(".")[0] in games and name.rpartition(".")[2] not in WIDGET_MODULES
                  or name in games)


def reaches(module: str, edges: list[Edge], modules: dict[str, Path]) -> dict[str, list[Edge]]:
    """Every module ``module`` imports, directly or not, with the chain of imports to it.

    Importing ``kit.a.b`` runs ``kit/a/__init__.py`` first, so a package's
    ``__init__`` is reached with each of its modules. Optional imports are not followed.
    """
    out: dict[str, list[Edge]] = {}
    for name in modules:                      # importing kit.a.b runs kit/a/__init__.py
        parent = name.rpartition(".")[0]
        if parent in modules:
            out.setdefault(name, []).append(Edge(name, parent, None, False, 0))
    for edge in edges:
        if not edge.optional and not edge.type_only:
            out.setdefault(edge.source, []).append(edge)
    chains: dict[str, list[Edge]] = {module: []}
    queue = [module]
    while queue:
        node = queue.pop(0)
        for edge in out.get(node, []):
            if edge.target not in chains:
                chains[edge.target] = chains[node] + [edge]
                queue.append(edge.target)
    return chains


def forbidden(name: str) -> bool:
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


# ----- the tests ---------------------------------------------------------------------

MODULES = kit_modules()
EDGES = import_edges(MODULES)


def test_no_import_cycles_in_kit():
    found = cycles(EDGES)
    assert not found, "import cycles in kit/:\n" + "\n".join(
        "  " + " -> ".join([c[0].source] + [e.target for e in c]) + "\n"
        + "".join(f"      {e}\n" for e in c) for c in found)


@pytest.mark.parametrize("module", engine_modules(MODULES))
def test_an_engine_module_reaches_no_widget(module):
    chains = reaches(module, EDGES, MODULES)
    bad = sorted(name for name in chains if forbidden(name))
    assert not bad, f"{module} imports {bad[0]}:\n" + "\n".join(f"  {e}" for e in chains[bad[0]])


def test_every_registered_game_has_its_engine_modules_checked():
    from kit import games

    engines = engine_modules(MODULES)
    for game in games.names():
        module = games.get(game).game.partition(":")[0]
        assert module in engines and f"kit.{game}" in engines, (game, module)
        assert not {f"kit.{game}.{widget}" for widget in WIDGET_MODULES} & set(engines)


# ----- the reader, on made-up packages -------------------------------------------------

def write(root: Path, files: dict[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return kit_modules(root / "kit")


def test_a_function_level_import_closing_a_loop_is_a_cycle(tmp_path):
    modules = write(tmp_path, {
        "kit/__init__.py": "", "kit/g/__init__.py": "",
        "kit/g/board.py": "from kit.g.explore import Editor\n",
        "kit/g/explore.py": "def play():\n    from kit.g import board\n",
    })
    found = cycles(import_edges(modules))
    assert [[(e.source, e.target, e.function) for e in c] for c in found] == [
        [("kit.g.board", "kit.g.explore", None), ("kit.g.explore", "kit.g.board", "play")]]


def test_rules_drawing_themselves_is_no_cycle_only_while_the_drawing_names_no_rules(tmp_path):
    files = {"kit/__init__.py": "", "kit/g/__init__.py": "",
             "kit/g/view.py": "from typing import Protocol\nclass GameView(Protocol):\n    size: int\n",
             "kit/g/draw.py": "from kit.g.view import GameView\n",
             "kit/g/rules.py": "class Game:\n    def _repr_svg_(self):\n        from kit.g.draw import draw\n"}
    assert cycles(import_edges(write(tmp_path, files))) == []
    # the drawing naming the rules' Game, even for its types only, closes the loop
    files["kit/g/draw.py"] = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                              "    from kit.g.rules import Game\n")
    found = cycles(import_edges(write(tmp_path, files)))
    assert [[(e.source, e.target, e.type_only) for e in c] for c in found] == [
        [("kit.g.draw", "kit.g.rules", True), ("kit.g.rules", "kit.g.draw", False)]]


def test_type_checking_imports_count_for_cycles_not_for_layers(tmp_path):
    modules = write(tmp_path, {
        "kit/__init__.py": "", "kit/g/__init__.py": "",
        "kit/g/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from kit.g.b import B\n",
        "kit/g/b.py": "from . import a\nfrom .a import thing\nimport ipywidgets.widgets\n",
    })
    edges = import_edges(modules)
    assert {(e.source, e.target, e.type_only) for e in edges} == {
        ("kit.g.a", "kit.g.b", True), ("kit.g.b", "kit.g.a", False), ("kit.g.b", "ipywidgets", False)}
    assert len(cycles(edges)) == 1
    assert "ipywidgets" in reaches("kit.g.b", edges, modules)
    assert "kit.g.b" not in reaches("kit.g.a", edges, modules)   # a type-only import never runs


def test_widgets_reached_through_a_package_init_are_found_and_optional_ones_are_not(tmp_path):
    modules = write(tmp_path, {
        "kit/__init__.py": "", "kit/g/__init__.py": "from kit.g.board import Board\n",
        "kit/g/rules.py": "from kit.g.cards import DECK\n",
        "kit/g/cards.py": "try:\n    import IPython\nexcept ImportError:\n    IPython = None\n",
        "kit/g/board.py": "import ipywidgets\n",
    })
    edges = import_edges(modules)
    assert engine_modules(modules) == ["kit.g", "kit.g.cards", "kit.g.rules"]
    chains = reaches("kit.g.rules", edges, modules)
    assert "ipywidgets" in chains and "IPython" not in chains
    assert [e.target for e in chains["ipywidgets"]] == ["kit.g", "kit.g.board", "ipywidgets"]
