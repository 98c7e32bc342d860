"""The shape of the code: imports run only downward through the layers and no modules import
each other in a cycle (every import read, at any depth: an import inside a function counts,
bar the few ARCHITECTURE.md lists with their reasons, at most 20 in the package), the rules
never import the testing helpers (not even lazily), and no module is over 800 lines (that the
repository needs nothing beside it is ``test_self_contained``)."""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "workbench"

# A layer may import its own layer and those below it (ARCHITECTURE.md).
RANKS = {
    "errors": 0,
    "arguments": 0,
    "bounds": 0,
    "paths": 0,
    "userdir": 0,
    "data": 0,
    "discovery": 0,
    "vocabulary": 0,
    "geometry": 1,
    "dice": 1,
    "boards": 2,
    "files": 3,
    "rules": 4,
    "games": 4,
    "testing": 4,
    "render": 5,
    "lint": 5,
    "learn": 5,
    "openspiel": 5,  # the OpenSpiel bridge: above the rules, beside balance
    "players": 5,  # the search players, on the bridge
    "balance": 5,  # the balance lab: seeded games of any game, through the protocol
    "widgets": 6,
    "export": 6,  # pages that open offline: beside the widgets, whose views it reads
}
TOP = 7  # workbench/__init__.py and the flat per-game modules (workbench/panzer_vor.py, ...)


# A game's home (workbench/games/<game>/): each part is at the rank of its layer.
GAME_PARTS = {"boards": "boards", "formats": "files", "rules": "rules", "render": "render",
              "lint": "lint", "learn": "learn", "numbering": "openspiel", "search": "players",
              "balance": "balance", "widgets": "widgets", "bench": "widgets",
              "testing": "testing"}  # fmt: skip


def _layer(module: str) -> int:
    parts = module.split(".")
    if parts[0] != "workbench":
        return -1
    if len(parts) == 1:
        return TOP
    if parts[1] == "games" and len(parts) >= 3:
        if len(parts) == 3:
            return 0  # a game's package: its docstring only
        return RANKS[GAME_PARTS[parts[3]]] if parts[3] in GAME_PARTS else TOP
    return RANKS.get(parts[1], TOP)


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _every_import(path: Path) -> list[tuple[int, str]]:
    """Every module the module imports, at module level or inside a function (``from a
    import b`` counts as ``a`` and as ``a.b``: b may be a module)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))
MOST_LINES = 800  # a module longer than this does more than one job: split it

# Every import inside a function of a workbench module, from the module on the left of the
# module on the right (ARCHITECTURE.md, "The layers", lists each with its reason): the lazy
# conveniences that would close a cycle or go upward, and the backends a method alone needs.
FUNCTION_LEVEL = {
    ("workbench.boards.values", "workbench.render"): "a value's _repr_svg_ draws it",
    ("workbench.boards.values", "workbench.files"): "a value's .save() writes its file",
    ("workbench.rules.core", "workbench.games"): "replay(record) finds the record's game",
    ("workbench.learn.question", "workbench.learn.drawing"): "a question's _repr_svg_ draws it",
    ("workbench.render", "workbench.render.png"): "cairosvg, only to write a PNG",
    ("workbench.render", "workbench.render.canvas"): "ipycanvas, only for a live canvas",
}
MOST_FUNCTION_LEVEL = 20  # import statements inside functions, in the whole package


@functools.cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _names() -> dict[str, Path]:
    return {_module_name(path): path for path in MODULES}


def _type_checking(node: ast.AST) -> bool:
    """``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``): imports for annotations only."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports_with_laziness(path: Path) -> Iterator[tuple[int, str, bool]]:
    """(line, imported name, inside a function?) for every import of the module but those
    under ``if TYPE_CHECKING:``; ``from a import b`` names ``a.b``."""

    def walk(node: ast.AST, lazy: bool) -> Iterator[tuple[int, str, bool]]:
        for child in ast.iter_child_nodes(node):
            if _type_checking(child):
                for other in child.orelse:  # type: ignore[attr-defined]
                    yield from walk_one(other, lazy)
                continue
            yield from walk_one(child, lazy)

    def walk_one(node: ast.AST, lazy: bool) -> Iterator[tuple[int, str, bool]]:
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name, lazy) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield from ((node.lineno, f"{node.module}.{a.name}", lazy) for a in node.names)
        else:
            inner = lazy or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            yield from walk(node, inner)

    yield from walk(_tree(path), False)


def import_graph() -> dict[str, dict[str, list[tuple[int, bool]]]]:
    """Module -> the workbench modules it imports -> (line, lazy) of each import. An
    imported name resolves to the longest module it names (``from a import b``: ``a.b``
    when b is a module, else ``a``)."""
    names = _names()
    graph: dict[str, dict[str, list[tuple[int, bool]]]] = {}
    for module, path in names.items():
        edges: dict[str, list[tuple[int, bool]]] = {}
        for line, name, lazy in _imports_with_laziness(path):
            target = name
            while target and target not in names:
                target = target.rpartition(".")[0]
            if target and target != module:
                edges.setdefault(target, []).append((line, lazy))
        graph[module] = edges
    return graph


@functools.cache
def _read_graph() -> dict[str, dict[str, list[tuple[int, bool]]]]:
    return import_graph()


def _graph() -> dict[str, dict[str, list[tuple[int, bool]]]]:
    """:func:`import_graph`, read once: a copy each test may change."""
    return {module: dict(edges) for module, edges in _read_graph().items()}


def cycles(graph: dict[str, dict[str, list[tuple[int, bool]]]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, kept
    iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_modules_import_each_other_in_a_cycle():
    graph = _graph()
    for importer, imported in FUNCTION_LEVEL:
        graph[importer].pop(imported, None)
    found = cycles(graph)
    described = []
    for component in found:
        members = set(component)
        edges = [
            f"{a} -> {b} (line {', '.join(str(n) + (' lazy' if lazy else '') for n, lazy in at)})"
            for a in component
            for b, at in sorted(graph[a].items())
            if b in members
        ]
        described.append("\n  ".join(edges))
    assert not found, "modules that import each other in a cycle:\n  " + "\n\n  ".join(described)


def _function_level(
    graph: dict[str, dict[str, list[tuple[int, bool]]]],
) -> list[tuple[str, str, int]]:
    """(module, the workbench module imported, line) of every import inside a function."""
    return sorted((module, target, line) for module, edges in graph.items()
                  for target, at in edges.items() for line, lazy in at if lazy)  # fmt: skip


def _statements_inside_functions() -> int:
    """Import statements of workbench modules inside functions (one statement may name
    several), every node of every module read."""
    count = 0
    for path in MODULES:
        inside: set[int] = set()  # the nodes within a function
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) or (
                id(node) in inside
            ):
                inside.update(id(child) for child in ast.iter_child_nodes(node))
                if id(node) in inside and isinstance(node, ast.Import | ast.ImportFrom):
                    count += _imports_workbench(node)
    return count


def _imports_workbench(node: ast.Import | ast.ImportFrom) -> bool:
    if isinstance(node, ast.ImportFrom):
        return node.level > 0 or (node.module or "").split(".")[0] == "workbench"
    return any(alias.name.split(".")[0] == "workbench" for alias in node.names)


def test_function_level_imports_are_few_and_each_listed_with_its_reason():
    """An import inside a function hides a dependency from the reader (and from this test's
    layers, were it not read): each one is listed above and in ARCHITECTURE.md with its
    reason, at most :data:`MOST_FUNCTION_LEVEL` statements in the whole package."""
    graph = _graph()
    found = _function_level(graph)
    unlisted = [f"{m}:{line} imports {t}" for m, t, line in found if (m, t) not in FUNCTION_LEVEL]
    assert not unlisted, "a function-level import not in FUNCTION_LEVEL (import it at the " \
        "top of the module, or list it here and in ARCHITECTURE.md with its reason):\n" + \
        "\n".join(unlisted)  # fmt: skip
    held = {(m, t) for m, t, _ in found}
    gone = [pair for pair in FUNCTION_LEVEL if pair not in held]
    assert not gone, f"no longer imported inside a function: take off the list {gone}"
    for importer, imported in FUNCTION_LEVEL:
        assert all(lazy for _, lazy in graph[importer][imported]), (
            f"{importer} imports {imported} at module level too"
        )
    assert _statements_inside_functions() <= MOST_FUNCTION_LEVEL
    named = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for importer, imported in FUNCTION_LEVEL:
        assert f"`{importer}` -> `{imported}`" in named, "ARCHITECTURE.md names each of them"


def test_an_import_at_any_depth_is_read(tmp_path):
    """The reading finds an import in a method of a class in a function, and tells it from one
    at module level or in a class body (which runs at import)."""
    module = tmp_path / "m.py"
    module.write_text(
        "import workbench.errors\nclass C:\n    import workbench.paths\n"
        "def f():\n    class D:\n        def g(self):\n            from workbench import games\n"
    )
    assert [(n, lazy) for _, n, lazy in _imports_with_laziness(module)] == [
        ("workbench.errors", False), ("workbench.paths", False), ("workbench.games", True),
    ]  # fmt: skip


def test_the_cycle_finder_finds_a_lazy_cycle():
    graph = {"a": {"b": [(1, False)]}, "b": {"c": [(2, True)]}, "c": {"a": [(3, True)]}, "d": {}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_imports_under_type_checking_are_not_counted(tmp_path):
    module = tmp_path / "m.py"
    module.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import x\n"
        "def f():\n    import y\n"
    )
    assert [(n, lazy) for _, n, lazy in _imports_with_laziness(module)] == [
        ("typing.TYPE_CHECKING", False),
        ("y", True),
    ]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_run_only_downward(path):
    module = _module_name(path)
    own = _layer(module)
    names = _names()
    upward = []
    for line, name, lazy in _imports_with_laziness(path):
        target = name
        while target and target not in names:
            target = target.rpartition(".")[0]
        if lazy and (module, target) in FUNCTION_LEVEL:
            continue  # listed with its reason
        if _layer(name) > own and not (own == 5 and name.startswith("workbench.render")):
            upward.append(f"line {line}: {name}" + (" (inside a function)" if lazy else ""))
    assert not upward, f"{module} (layer {own}) imports upward: {upward}"


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if _module_name(p).startswith("workbench.rules")],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_rules_never_import_the_testing_helpers(path):
    testing = [
        f"line {line}: {name}"
        for line, name in _every_import(path)
        if name == "workbench.testing" or name.startswith("workbench.testing.")
    ]
    assert not testing, f"{_module_name(path)} imports testing: {testing}"


def test_no_module_is_over_800_lines():
    long = {
        str(path.relative_to(ROOT)): count
        for path in MODULES
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert not long, f"modules over {MOST_LINES} lines: {long}"


def test_every_document_a_module_cites_is_in_the_repository():
    import re

    cited = {
        (str(path.relative_to(ROOT)), name)
        for path in MODULES
        for name in re.findall(r"\b([A-Z][A-Z_]*\.md)\b", path.read_text(encoding="utf-8"))
    }
    assert cited, "the modules cite ARCHITECTURE.md"
    assert not [(path, name) for path, name in cited if not (ROOT / name).is_file()]


# --- one definition each (ARCHITECTURE.md: "One word per concept") -----------------------------
DEFINED_ONCE = {  # a name for a concept every game's rules share, and its one home
    "DIRECTIONS": "workbench.geometry.hexgrid",  # the six hex steps, clockwise
    "FACINGS": "workbench.geometry.hexgrid",  # every facing a tank on a hex may have
    "HEX_STEPS": "workbench.geometry.hexgrid",  # DIRECTIONS as an array
    "HEX_NORMAL_STEPS": "workbench.geometry.hexgrid",
    "STEPS": "workbench.geometry.squaregrid",  # the eight square steps
}


def test_the_hex_directions_and_facings_are_defined_once():
    assigned = re.compile(r"^_?(" + "|".join(DEFINED_ONCE) + r")\s*(?::[^=\n]*)?=[^=]", re.M)
    found: dict[str, list[str]] = {}
    for path in MODULES:
        for name in assigned.findall(path.read_text(encoding="utf-8")):
            found.setdefault(name, []).append(_module_name(path))
    assert found == {name: [home] for name, home in DEFINED_ONCE.items()}
