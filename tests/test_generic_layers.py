"""The generic layers know no game (ARCHITECTURE.md: "One home per game"): a search of
``workbench/players/``, ``workbench/openspiel/`` and ``benchmarks/`` finds no game's name (as
text in the code or an identifier), no import of a game's home and no ``isinstance`` on a
game's classes (nor a class's name compared as text); each game's parts are found by
registration. ``learn/``, ``widgets/``, ``render/`` and ``lint/`` are searched the same way,
but what they hold today is allowed (:data:`NOT_YET_GENERIC`) until they are cleaned: that
list may only shrink.

What counts: the code, every doctest in a docstring included, not the prose of docstrings
and comments (a generic module may say in words which game an example comes from). A game
is known by the registry (its registered names and the first words of its title) and by its
home's package name.
"""

from __future__ import annotations

import ast
import doctest
import re
import subprocess
import sys
import textwrap
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from workbench.discovery import game_packages
from workbench.games import all_games

ROOT = Path(__file__).resolve().parent.parent
STRICT = ("workbench/players", "workbench/openspiel", "benchmarks")
CLEANED_ELSEWHERE = ("workbench/learn", "workbench/widgets", "workbench/render", "workbench/lint")

# What the layers cleaned on other branches held when this test was written, by file (from
# workbench/): each finding "what: text" (an import by the module it imports from), once a time
# it occurs. A finding goes from here when it goes from the code.
NOT_YET_GENERIC: dict[str, list[str]] = {
    "learn/__init__.py": [
        "doctest text: panzer-vor",
        "doctest text: panzer-vor",
    ],
    "render/counters.py": [
        "import: workbench.games.panzer_vor.rules.state",
    ],
    "render/editing.py": [
        "identifier: panzer_vor_roster",
        "import: workbench.games.panzer_vor.boards.counters",
        "import: workbench.games.panzer_vor.boards.scenario",
        "import: workbench.games.panzer_vor.formats.shipped",
        "import: workbench.games.panzer_vor.rules.state",
    ],
    "render/hex_units.py": [
        "import: workbench.games.panzer_vor.rules.state",
    ],
    "render/hexboard.py": [
        "doctest identifier: panzer_vor_types",
        "import: workbench.games.panzer_vor.rules.state",
    ],
    "render/pdf.py": [
        "import: workbench.games.panzer_strike.boards.board",
        "import: workbench.games.panzer_vor.boards.scenario",
        "import: workbench.games.tanks.boards.table",
        "isinstance: isinstance(board, PanzerVorScenario)",
        "isinstance: isinstance(board, Table)",
    ],
    "render/sides.py": [
        "text: The ground colours are checked against when a picture names ",
    ],
    "widgets/__init__.py": [
        "text: workbench.games.panzer_strike.widgets.explorer",
        "text: workbench.games.panzer_vor.widgets.explorer",
        "text: workbench.games.panzer_vor.widgets.explorer",
    ],
    "widgets/editor_tools.py": [
        "identifier: panzer_vor_roster",
        "import: workbench.games.panzer_strike.boards.board",
        "import: workbench.games.panzer_strike.render.pictures",
        "import: workbench.games.panzer_vor.boards.scenario",
        "import: workbench.games.panzer_vor.formats.shipped",
        "import: workbench.games.tanks.boards.table",
        "import: workbench.games.tanks.render.pictures",
        "isinstance: isinstance(board, HexMap | PanzerVorScenario)",
        "isinstance: isinstance(board, SquareBoard)",
        "isinstance: isinstance(board, Table)",
        "isinstance: isinstance(editor.value, PanzerVorScenario)",
        "isinstance: isinstance(value, PanzerVorScenario)",
        "isinstance: isinstance(value, PanzerVorScenario)",
        "isinstance: isinstance(value, PanzerVorScenario)",
    ],
    "widgets/explorers.py": [
        "doctest text: tanks",
    ],
    "widgets/stepper_guide.py": [
        "doctest text: maps/panzer-vor/games/first-shots.json",
    ],
}


class Vocabulary:
    """What names a game: its registered names, its title's first words and its home."""

    def __init__(self) -> None:
        self.names = {g.name for g in all_games()}
        self.homes = set(game_packages())
        self.titles = {re.split(r"[:!(–]", g.title)[0].strip() for g in all_games()}
        self.titles.discard("")
        words = sorted(self.names | self.homes, key=len, reverse=True)
        separated = [w for w in words if "-" in w or "_" in w]
        self.token = re.compile(
            r"(?<![\w-])(" + "|".join(map(re.escape, separated)) + r")(?![\w-])"
        )
        self.path = re.compile(r"(?:^|[/.])(" + "|".join(map(re.escape, words)) + r")(?:[/.]|$)")
        self.title = re.compile(r"\b(" + "|".join(map(re.escape, sorted(self.titles))) + r")\b")

    def in_text(self, text: str) -> str | None:
        """The game a string constant names, if any."""
        if text in self.names or text in self.homes:
            return text
        for pattern in (self.token, self.path, self.title):
            found = pattern.search(text)
            if found:
                return found.group(1)
        return None

    def in_identifier(self, name: str) -> str | None:
        """The game an identifier names: a home's name in it (``panzer_strike``,
        ``PANZER_STRIKE_BENCHMARKS``, ``tanks_space``), a one-word home only in capitals or as
        its first word (``tanks`` alone is a plain word)."""
        lowered = name.lower()
        for home in self.homes:
            if "_" in home and home in lowered:
                return home
            if "_" not in home and (f"{home.upper()}" in name.split("_")
                                    or lowered.startswith(home + "_")):  # fmt: skip
                return home
        return None

    def home_module(self, module: str) -> bool:
        return any(module == f"workbench.games.{h}" or module.startswith(f"workbench.games.{h}.")
                   for h in self.homes)  # fmt: skip


DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _docstring_nodes(tree: ast.AST) -> frozenset[int]:
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(node, DOCUMENTED) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            found.add(id(first.value))
    return frozenset(found)


def _doctests(tree: ast.AST) -> Iterator[ast.AST]:
    """Each doctest example of the module's docstrings, parsed."""
    parser = doctest.DocTestParser()
    for node in ast.walk(tree):
        if isinstance(node, DOCUMENTED):
            text = ast.get_docstring(node, clean=True)
            for example in parser.get_examples(text or ""):
                try:
                    yield ast.parse(example.source)
                except SyntaxError:
                    continue


def findings_in(
    tree: ast.AST, words: Vocabulary, skip: frozenset[int] = frozenset()
) -> Iterator[tuple[str, str]]:
    """(what, the text) of each game-specific thing in the code of ``tree``."""
    from_homes: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if words.home_module(alias.name):
                    from_homes.add((alias.asname or alias.name).split(".")[0])
                    yield "import", alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            named = [a for a in node.names if words.home_module(f"{node.module}.{a.name}")]
            from_homes.update(alias.asname or alias.name for alias in named)
            if named:
                yield "import", node.module
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            game = words.in_text(node.value)
            if game:
                yield "text", node.value[:60]
        named = None
        if isinstance(node, ast.Name):
            named = node.id
        elif isinstance(node, ast.Attribute):
            named = node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            named = node.name
        elif isinstance(node, ast.arg):
            named = node.arg
        elif isinstance(node, ast.alias):
            named = node.asname
        if named and words.in_identifier(named):
            yield "identifier", named
        checks = isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        if checks and node.func.id in ("isinstance", "issubclass") and len(node.args) == 2:
            used = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
            if used & from_homes:
                yield "isinstance", ast.unparse(node)
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Attribute) and s.attr == "__name__" for s in sides):
                texts = [c.value for s in sides for c in ast.walk(s)
                         if isinstance(c, ast.Constant) and isinstance(c.value, str)]  # fmt: skip
                if texts:
                    yield "class name", ast.unparse(node)


def findings(path: Path, words: Vocabulary) -> Counter[tuple[str, str, str]]:
    """Every game-specific thing in one file's code and doctests."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = path.relative_to(ROOT).as_posix()
    found: Counter[tuple[str, str, str]] = Counter()
    for what, text in findings_in(tree, words, _docstring_nodes(tree)):
        found[name, what, text] += 1
    for example in _doctests(tree):
        for what, text in findings_in(example, words):
            found[name, f"doctest {what}", text] += 1
    return found


def _files(folders: tuple[str, ...]) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


@pytest.fixture(scope="module")
def words() -> Vocabulary:
    return Vocabulary()


def _shown(found: Counter[tuple[str, str, str]]) -> str:
    return "\n".join(f"  {f}: {what} {text!r}" + (f" (x{n})" if n > 1 else "")
                     for (f, what, text), n in sorted(found.items()))  # fmt: skip


def _allowed() -> Counter[tuple[str, str, str]]:
    allowed: Counter[tuple[str, str, str]] = Counter()
    for name, listed in NOT_YET_GENERIC.items():
        for finding in listed:
            what, _, text = finding.partition(": ")
            allowed[f"workbench/{name}", what, text] += 1
    return allowed


@pytest.mark.parametrize("path", _files(STRICT), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_generic_layers_name_no_game(path, words):
    found = findings(path, words)
    assert not found, "a generic layer names a game (declare it in the game's home):\n" + _shown(
        found
    )


def test_the_layers_cleaned_elsewhere_hold_no_more_than_they_did(words):
    found: Counter[tuple[str, str, str]] = Counter()
    for path in _files(CLEANED_ELSEWHERE):
        found += findings(path, words)
    more = found - _allowed()
    gone = _allowed() - found
    assert not more, "new game-specific code in a generic layer:\n" + _shown(more)
    assert not gone, "gone from the code: take these off NOT_YET_GENERIC:\n" + _shown(gone)


def test_the_search_finds_what_it_looks_for(words, tmp_path):
    """Each kind of finding, in a module written to hold them (and none in one that does
    not)."""
    home = sorted(words.homes)[0]
    name = sorted(words.names)[0]
    module = tmp_path / "m.py"
    module.write_text(
        f'"""Prose may name {name}.\n\n>>> get_game("{name}")\n"""\n'
        f"from workbench.games.{home}.rules import actions as A\n"
        f"from workbench.games import get_game\n"
        f"def {home}_space(x, tanks):\n"
        f"    return isinstance(x, A.Move) or type(x).__name__ == 'Move'\n"
        f"RULES = {{'{name}': 1}}\n"
    )
    tree = ast.parse(module.read_text())
    found = set(findings_in(tree, words, _docstring_nodes(tree)))
    kinds = {what for what, _ in found}
    assert {"import", "text", "identifier", "isinstance", "class name"} <= kinds, found
    assert ("text", f'Prose may name {name}.\n\n>>> get_game("{name}")\n') not in found
    assert any(what == "text" for e in _doctests(tree) for what, _ in findings_in(e, words))
    plain = tmp_path / "plain.py"
    plain.write_text(
        "from workbench.games import get_game\n\ndef f(tanks, game):\n"
        "    return [t for t in tanks if isinstance(t, str)], get_game(game)\n"
    )
    assert not list(findings_in(ast.parse(plain.read_text()), words))


SEARCHED_GENERICALLY = textwrap.dedent("""
    import random, sys
    import workbench.games
    workbench.games.__path__.append(sys.argv[1])  # Tiny Race, laid beside the shipped games

    import pyspiel
    import workbench.openspiel as bridge
    from workbench.games import get_game
    from workbench.openspiel.bounds import Unbounded
    from workbench.players import LEVELS, search
    from workbench.players.settings import GENERIC, settings_for
    from workbench.rules.core import TERMINAL
    from workbench.rules.play import play

    game = get_game("tiny-race")
    assert settings_for("tiny-race") is GENERIC  # it declares no search settings
    assert search("medium").simulations_in("tiny-race") == LEVELS["medium"]
    try:
        bridge.game("tiny-race", "short")  # pits on: no bound, and it says which option
    except Unbounded as refused:
        assert "pits" in str(refused), refused
    else:
        raise AssertionError("a race with pits has no bound")
    pyspiel.random_sim_test(bridge.game("tiny-race", "short", {"pits": False}), num_sims=5,
                            serialize=True, verbose=False)

    track, options = game.load_scenario("short"), {"pits": False}
    players = {"Red": search("easy", seed=3), "Blue": search("medium", seed=4)}
    first = play(game, track, players, seed=1, options=options)
    again = play(game, track, players, seed=1, options=options)
    assert first.steps == again.steps and game.outcome(
        game.apply_all(game.start(track, options),
                       [game.action_from_json(s.action) for s in first.steps])) is not None
    print("searched", len(first.steps))
""")


def test_a_game_without_search_settings_is_searched_the_generic_way():
    """Tiny Race (``tests/fixture_game/tiny/``) registers its numbering and nothing for the
    search players: OpenSpiel plays it (random simulations, a bound that names the option
    it needs), and a search player plays it with the generic settings, the same game again
    from the same seeds. In a fresh process, so no other test sees the fixture."""
    pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")
    done = subprocess.run(
        [sys.executable, "-c", SEARCHED_GENERICALLY, str(ROOT / "tests" / "fixture_game")],
        capture_output=True, text=True, cwd=ROOT, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "searched" in done.stdout
