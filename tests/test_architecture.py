"""The shape of the code: imports run only downward through the layers, the rules never
import the testing helpers (not even lazily), and no module is over 800 lines (that the
repository needs nothing beside it is ``test_self_contained``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "workbench"

# A layer may import its own layer and those below it (ARCHITECTURE.md).
RANKS = {
    "errors": 0,
    "arguments": 0,
    "paths": 0,
    "userdir": 0,
    "data": 0,
    "discovery": 0,
    "geometry": 1,
    "dice": 1,
    "boards": 2,
    "files": 3,
    "rules": 4,
    "games": 4,
    "testing": 4,
    "render": 5,
    "lint": 5,
    "openspiel": 5,  # the OpenSpiel bridge: above the rules, beside balance
    "players": 5,  # the search players, on the bridge
    "widgets": 6,
}
TOP = 7  # workbench/__init__.py and the flat per-game modules (workbench/panzer_vor.py, ...)


def _layer(module: str) -> int:
    parts = module.split(".")
    if parts[0] != "workbench":
        return -1
    if len(parts) == 1:
        return TOP
    return RANKS.get(parts[1], TOP)


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _top_level_imports(path: Path) -> list[tuple[int, str]]:
    """Imports at module level (not inside functions, where lazy upward imports are allowed)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


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


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_run_only_downward(path):
    module = _module_name(path)
    own = _layer(module)
    upward = [
        f"line {line}: {name}"
        for line, name in _top_level_imports(path)
        if _layer(name) > own and not (own == 5 and name.startswith("workbench.render"))
    ]
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
