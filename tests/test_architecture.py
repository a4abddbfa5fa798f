"""The layers of docs/architecture.md, from the import graph: nothing imports upwards, no cycle.

Every module of the package is parsed with `ast`; every import counts, at the top, under
`if TYPE_CHECKING:` or inside a function, relative ones resolved. `from package import name` is
an edge to the submodule `package.name` when there is one, else to the package.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import majiang

# The layers, lowest first. A module may import its own layer and the layers of lower tiers,
# never a layer of its own tier or above. "majiang" is the package root (`score`, `__version__`);
# "cli" is every command module (`cli.py`, `*_cli.py`, `__main__.py`), whatever its package.
# The browser client (`majiang/web/`) is no layer: no module imports it.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("majiang.tiles", "majiang.shown"),
    ("majiang.analysis",),
    ("majiang.rules",),
    ("majiang.scoring",),
    ("majiang",),
    ("majiang.economy",),
    ("majiang.game",),
    ("majiang.bots",),
    ("majiang.env",),
    ("majiang.sim", "majiang.server"),  # neither imports the other
    ("majiang.perf",),
    ("cli",),
)
TIER = {layer: i for i, tier in enumerate(LAYERS) for layer in tier}

PACKAGE = Path(majiang.__file__).parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> str | None:
    """The layer of a module (None: none, e.g. `majiang.web`)."""
    last = module.rpartition(".")[2]
    if module in MODULES and (last in ("cli", "__main__") or last.endswith("_cli")):
        return "cli"
    if module == "majiang":
        return module
    return next((n for n in TIER if n != "majiang" and (module + ".").startswith(n + ".")), None)


def imports_of(source: str, module: str, is_package: bool = False) -> Iterator[tuple[str, int]]:
    """(imported module, line) of every import of the package's own modules in `source`."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        targets: list[str] = []
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.append(sub if sub in MODULES else base)
        for target in targets:
            if target == "majiang" or target.startswith("majiang."):
                yield target, line


def imports(module: str) -> list[tuple[str, int]]:
    path = MODULES[module]
    source = path.read_text(encoding="utf-8")
    return sorted(set(imports_of(source, module, path.name == "__init__.py")))


GRAPH = {m: imports(m) for m in MODULES}


def where(module: str, line: int) -> str:
    return f"{MODULES[module].relative_to(PACKAGE.parent)}:{line}"


def test_every_module_has_a_layer() -> None:
    assert [m for m in MODULES if layer(m) is None] == []


def upward(graph: dict[str, list[tuple[str, int]]]) -> list[str]:
    """Every import of a layer of the same tier or above, or of no layer."""
    found = []
    for module, targets in graph.items():
        mine = layer(module)
        assert mine is not None
        for target, line in targets:
            theirs = layer(target)
            if theirs != mine and (theirs is None or TIER[theirs] >= TIER[mine]):
                found.append(f"{where(module, line)}: {mine} imports {target} ({theirs})")
    return found


def test_no_layer_imports_upwards() -> None:
    violations = upward(GRAPH)
    assert violations == [], "\n".join(violations)


def strongly_connected(graph: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle() -> None:
    graph = {m: sorted({t for t, _ in ts if t in MODULES and t != m}) for m, ts in GRAPH.items()}
    cycles = []
    for component in strongly_connected(graph):
        inside = set(component)
        edges = [
            f"{where(m, line)} -> {t}"
            for m in component
            for t, line in GRAPH[m]
            if t in inside and t != m
        ]
        cycles.append(" <-> ".join(component) + "\n    " + "\n    ".join(edges))
    assert cycles == [], "\n".join(cycles)


def test_the_checker_sees_every_kind_of_import() -> None:
    """Type-only, function-level and relative imports are edges; submodules are told apart."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "import json\n"
        "from majiang.analysis import Shape, win\n"
        "if TYPE_CHECKING:\n    from majiang.game.hand import Hand\n"
        "def f() -> None:\n    from ..rules import base\n    from . import nothing_here\n"
    )
    assert sorted(imports_of(source, "majiang.game.views")) == [
        ("majiang.analysis", 3),
        ("majiang.analysis.win", 3),
        ("majiang.game", 8),
        ("majiang.game.hand", 5),
        ("majiang.rules.base", 7),
    ]
    assert layer("majiang.analysis.win") == "majiang.analysis"
    assert layer("majiang.sim.cli") == "cli" and layer("majiang") == "majiang"
    assert layer("majiang.web") is None
    assert strongly_connected({"a": ["b"], "b": ["a", "c"], "c": []}) == [["a", "b"]]
    wrong = {
        "majiang.tiles": [("majiang.analysis", 1), ("majiang.tiles", 2)],
        "majiang.server.app": [("majiang.sim.runner", 3), ("majiang.web", 4), ("majiang.game", 5)],
        "majiang.cli": [("majiang.server.app", 6)],
    }
    assert [v.split(": ")[0] for v in upward(wrong)] == [
        "majiang/tiles.py:1", "majiang/server/app.py:3", "majiang/server/app.py:4"
    ]
