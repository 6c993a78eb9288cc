"""How many of kit/'s functions are fully annotated, per package (read from the source).

A function counts as fully annotated when every parameter but ``self``/``cls``
(the first of a method) has an annotation, ``*args``/``**kwargs`` included, and
it has a return annotation (``__init__`` included: mypy checks an unannotated
one's body only with check_untyped_defs). Lambdas are not functions here.

    python benchmarks/annotation_share.py            # the table, one row per package
    python benchmarks/annotation_share.py --missing kit.lessons   # the functions short of it
"""

from __future__ import annotations

import argparse
import ast
from dataclasses import dataclass
from pathlib import Path

KIT = Path(__file__).resolve().parents[1] / "kit"


@dataclass(frozen=True)
class Function:
    module: str
    name: str
    line: int
    annotated: bool


def _fully_annotated(node: ast.FunctionDef | ast.AsyncFunctionDef, method: bool) -> bool:
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    if method and positional and not any(
            isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list):
        positional = positional[1:]
    params = [*positional, *args.kwonlyargs, *(a for a in (args.vararg, args.kwarg) if a)]
    return node.returns is not None and all(p.annotation is not None for p in params)


def _visit(node: ast.AST, module: str, in_class: bool, found: list[Function]) -> None:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.append(Function(module, child.name, child.lineno, _fully_annotated(child, in_class)))
            _visit(child, module, False, found)
        else:
            # A def under ``if TYPE_CHECKING:`` (or a try) in a class body is still a method.
            method_body = isinstance(child, ast.ClassDef) or (in_class and isinstance(child, (ast.If, ast.Try)))
            _visit(child, module, method_body, found)


def functions(root: Path = KIT) -> list[Function]:
    """Every def in every module under ``root`` (nested ones and methods included)."""
    found: list[Function] = []
    for path in sorted(root.rglob("*.py")):
        module = ".".join(path.relative_to(root.parent).with_suffix("").parts)
        tree = ast.parse(path.read_text(), str(path))

        _visit(tree, module, False, found)
    return found


def package_of(module: str) -> str:
    """``kit.lessons.exercise`` -> ``kit.lessons``; a top-level module is ``kit``."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 2 else "kit"


def share(found: list[Function]) -> float:
    return sum(f.annotated for f in found) / len(found) if found else 1.0


def table(found: list[Function]) -> str:
    packages: dict[str, list[Function]] = {}
    for f in found:
        packages.setdefault(package_of(f.module), []).append(f)
    rows = [f"{'package':<18} {'functions':>9} {'annotated':>9} {'share':>7}"]
    for name in sorted(packages):
        group = packages[name]
        rows.append(f"{name:<18} {len(group):>9} {sum(f.annotated for f in group):>9} {share(group):>7.1%}")
    rows.append(f"{'all of kit/':<18} {len(found):>9} {sum(f.annotated for f in found):>9} {share(found):>7.1%}")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--missing", metavar="PACKAGE", help="list the functions not fully annotated")
    ns = parser.parse_args()
    found = functions()
    if ns.missing:
        for f in found:
            if not f.annotated and (f.module == ns.missing or f.module.startswith(ns.missing + ".")):
                print(f"{f.module}:{f.line} {f.name}")
    else:
        print(table(found))


if __name__ == "__main__":
    main()
