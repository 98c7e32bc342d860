"""Nothing read from outside can run code (RELIABILITY.md promises 4 and 6): no module of the
package unpickles, unmarshals, evaluates or executes anything, nor gives an object a pickle
form of its own, but where the allow-list below says why that reads nothing from outside.
The package's code is read token by token: its comments and docstrings may name these."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "workbench"

# a name in the code (not in a comment or a text) that runs code or reads a pickle
FORBIDDEN = {
    "pickle", "cPickle", "_pickle", "cloudpickle", "dill", "jsonpickle", "marshal", "shelve",
    "copyreg", "eval", "exec", "__reduce__", "__reduce_ex__", "__getstate__", "__setstate__",
    "ProcessPoolExecutor", "multiprocessing", "unsafe_load", "full_load", "UnsafeLoader",
}  # fmt: skip
YAML_LOADS = ("load", "load_all")  # yaml.load(...) and yaml.load_all(...)

# (file, name): why it reads nothing from outside
ALLOWED = {
    ("balance/executors.py", "ProcessPoolExecutor"):
        "a sweep's own tasks to its own worker processes, pickled by the pool; nothing read "
        "from a file or a string given",
    ("players/__init__.py", "__getstate__"):
        "a search player's own three values (level, seed, seconds) for Dask and the pool",
    ("players/__init__.py", "__setstate__"):
        "rebuilds a search player through its checked constructor from those three values",
    ("openspiel/bridge.py", "__getstate__"):
        "a state pickled by its user writes the bridge's data text (openspiel/state_text.py)",
    ("balance/checks.py", "pickle"):
        "pickle.dumps of the players a sweep was given, to refuse early those a worker process "
        "could not receive; nothing is ever unpickled here",
    ("openspiel/bridge.py", "__setstate__"):
        "reads that text as data and replays it through the rules; nothing is unpickled",
}  # fmt: skip


@functools.cache
def _names(path: Path) -> tuple[tuple[int, str], ...]:
    """The names in a module's code, with their lines (comments and texts left out: the
    module is parsed), and ``yaml.load``-like calls as one name."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Name):
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            found.append((node.lineno, node.attr))
            yaml = isinstance(node.value, ast.Name) and node.value.id == "yaml"
            if yaml and node.attr in YAML_LOADS:
                found.append((node.lineno, f"yaml.{node.attr}"))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.append((node.lineno, node.name))
        elif isinstance(node, ast.alias):
            found.extend((node.lineno, part) for part in node.name.split("."))
    return tuple(found)


def test_no_module_unpickles_evaluates_or_executes_what_it_reads():
    hits = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        for line, name in _names(path):
            forbidden = name in FORBIDDEN or name.startswith("yaml.")
            if forbidden and (where, name) not in ALLOWED:
                hits.append(f"workbench/{where}:{line}: {name}")
    assert hits == [], "\n".join(hits)


def test_the_allow_list_is_still_needed_and_every_entry_says_why():
    used = {
        (path.relative_to(PACKAGE).as_posix(), name)
        for path in PACKAGE.rglob("*.py")
        for _, name in _names(path)
    }
    assert set(ALLOWED) <= used  # an entry no code needs is removed
    assert all(len(reason) > 30 for reason in ALLOWED.values())


def test_the_grep_finds_what_it_looks_for(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""pickle in a docstring is fine."""\n# eval in a comment too\n'
        "import pickle\nx = eval('1')\nyaml.load(s)\ny = 'exec'\n",
        "utf-8",
    )
    names = [name for _, name in _names(sample)]
    assert {"pickle", "eval", "yaml.load"} <= set(names) and "exec" not in names
