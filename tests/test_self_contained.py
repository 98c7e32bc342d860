"""The repository needs nothing beside it: no test, notebook, benchmark, tool, app or shipped
file refers to a path outside the repository, in any form (``../`` climbing out, an absolute
path to a non-system folder, ``Path(__file__).parents[n]`` or ``ROOT.parent`` above the root,
``os.path.dirname`` chains). A line that names an outside path on purpose (a test that the
loader refuses ``../../secret.json``) says so with the comment ``# outside on purpose``."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parents[1]
PURPOSE = "# outside on purpose"
# absolute paths into the machine's own system folders are fine (a browser, /dev/zero, /tmp)
SYSTEM = {"usr", "dev", "proc", "tmp", "etc", "bin", "sys", "var", "opt", "lib"}
FOLDERS = ("tests", "workbench", "notebooks", "benchmarks", "tools", "app")
TEXTS = ("README.md", "ARCHITECTURE.md", "RELIABILITY.md", "Makefile", "maps")


def _files(*suffixes: str) -> list[Path]:
    found: list[Path] = []
    for folder in FOLDERS:
        found += [p for p in (ROOT / folder).rglob("*") if p.suffix in suffixes]
    return sorted(p for p in found if ".ipynb_checkpoints" not in p.parts)


def _escapes(text: str, base: Path) -> bool:
    """Whether a path written relative to ``base`` (a folder inside the repository) climbs
    out of the repository, or is absolute: into this copy of the repository (wherever it
    lies, /tmp included) or outside the system folders."""
    if text == str(ROOT) or text.startswith(f"{ROOT}/"):  # this machine's copy of the repository
        return True
    if text.startswith("/"):  # a folder of this machine's that is not a system folder
        first = PurePosixPath(text).parts[1:2]
        return bool(first) and first[0] not in SYSTEM and Path("/", first[0]).is_dir()
    if ".." not in re.split(r"[\\/]", text):
        return False
    depth = len(base.relative_to(ROOT).parts)
    for part in re.split(r"[\\/]", text):
        depth += -1 if part == ".." else (0 if part in ("", ".") else 1)
        if depth < 0:
            return True
    return False


class _Climbs(ast.NodeVisitor):
    """Expressions that walk up from ``__file__`` (or a name bound to such a walk) past the
    repository's root: ``Path(__file__).resolve().parents[2]``, ``ROOT.parent``,
    ``os.path.dirname(os.path.dirname(__file__))``."""

    def __init__(self, depth: int) -> None:
        self.file_depth = depth  # folders between the root and the file
        self.names: dict[str, int] = {}  # name -> depth of the folder it is bound to
        self.found: list[int] = []

    def level(self, node: ast.AST) -> int | None:
        """The depth of the folder an expression names (the file counts as its folder's
        depth + 1), or None when it is not a walk from ``__file__``."""
        if isinstance(node, ast.Name):
            if node.id == "__file__":
                return self.file_depth + 1
            return self.names.get(node.id)
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "Path" and node.args:
                return self.level(node.args[0])
            if isinstance(func, ast.Attribute) and func.attr in ("resolve", "absolute"):
                return self.level(func.value)
            if isinstance(func, ast.Attribute) and func.attr in ("dirname", "realpath"):
                inner = self.level(node.args[0]) if node.args else None
                return None if inner is None else inner - (func.attr == "dirname")
        if isinstance(node, ast.Attribute) and node.attr == "parent":
            inner = self.level(node.value)
            return None if inner is None else inner - 1
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "parents"
            and isinstance(node.slice, ast.Constant)
        ):
            inner = self.level(node.value.value)
            return None if inner is None else inner - 1 - int(node.slice.value)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            inner = self.level(node.left)
            if inner is not None and isinstance(node.right, ast.Constant):
                part = str(node.right.value)
                return inner + sum(-1 if p == ".." else 1 for p in re.split(r"[\\/]", part) if p)
            return inner
        return None

    def visit_Assign(self, node: ast.Assign) -> None:
        depth = self.level(node.value)
        for target in node.targets:
            if depth is not None and isinstance(target, ast.Name):
                self.names[target.id] = depth
        self.generic_visit(node)

    def generic_visit(self, node: ast.AST) -> None:
        if isinstance(node, ast.expr):
            depth = self.level(node)
            if depth is not None and depth < 0:
                self.found.append(node.lineno)
                return
        super().generic_visit(node)


def _python_offences(source: str, path: Path, base: Path) -> list[str]:
    try:
        tree = ast.parse(source)
    except SyntaxError:  # a notebook cell with IPython magics: its strings are still read
        tree = None
    lines = source.splitlines()
    allowed = {n for n, line in enumerate(lines, 1) if PURPOSE in line}
    found: list[int] = []
    if tree is not None:
        climbs = _Climbs(len(path.parent.relative_to(ROOT).parts))
        climbs.visit(tree)
        found += climbs.found
        found += [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and len(node.value) < 300
            and _escapes(node.value, base)
        ]
    found += [n for n, line in enumerate(lines, 1) if "../shared" in line or "shared/rules" in line]
    return sorted({f"{path.relative_to(ROOT)}:{n}" for n in found if n not in allowed})


def test_a_climb_past_the_root_is_found_in_every_form():
    here = ROOT / "tests" / "x.py"  # relative paths read from the root: one "../" leaves it
    # a folder of this machine's that is no system folder (the repository may lie in /tmp)
    folder = next(
        p.name for p in sorted(Path("/").iterdir()) if p.name not in SYSTEM and p.is_dir()
    )
    for climb in (
        "R = Path(__file__).resolve().parents[1]\nT = R.parent / 'rules'",
        "T = Path(__file__).parents[2] / 'shared'",
        "T = Path(__file__).resolve().parent.parent.parent",
        "T = os.path.dirname(os.path.dirname(os.path.dirname(__file__)))",
        "T = open('../../secret.json')",
        f"T = Path('{ROOT}/../rules.txt')",
        f"T = Path('/{folder}/other/rules.txt')",
        "R = Path(__file__).parents[1]\nT = R / '..' / 'x'",
    ):
        assert _python_offences(climb, here, ROOT), climb
    inside = "R = Path(__file__).resolve().parents[1]\nT = R / 'maps'\nB = '/usr/bin/chromium'"
    assert not _python_offences(inside, here, ROOT)
    assert not _python_offences(f"T = '../../x'  {PURPOSE}: the loader refuses it", here, ROOT)


@pytest.mark.parametrize(
    "path",
    [p for p in _files(".py") if p != Path(__file__).resolve()],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_python_file_refers_outside_the_repository(path):
    source = path.read_text(encoding="utf-8")  # a relative path read from the file's folder
    assert not _python_offences(source, path, path.parent)


def test_no_notebook_refers_outside_the_repository():
    offences = []
    for path in _files(".ipynb"):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for number, cell in enumerate(cells):
            source = "".join(cell["source"])
            if cell["cell_type"] == "code":  # a notebook runs in its own folder
                offences += [
                    f"{o} (cell {number})" for o in _python_offences(source, path, path.parent)
                ]
            elif "../shared" in source or "shared/rules" in source:
                offences.append(f"{path.relative_to(ROOT)} (cell {number})")
    assert not offences


def test_no_shipped_text_sends_a_user_outside_the_repository():
    texts = [ROOT / name for name in TEXTS]
    files = [p for t in texts for p in ([t] if t.is_file() else sorted(t.rglob("*")))]
    files += [p for p in (ROOT / "workbench").rglob("*") if p.suffix in (".json", ".csv", ".md")]
    offenders = [
        str(p.relative_to(ROOT))
        for p in files
        if p.is_file()
        and re.search(r"\.\./shared|shared/(rules|data)|/work/", p.read_text(encoding="utf-8"))
    ]
    assert not offenders
