"""The generic layers know no game (ARCHITECTURE.md: "One home per game"): each game's parts
live in its home, ``workbench/games/<game>/``, and a generic layer finds them by registration
(``workbench.discovery.parts``). So the code of a generic layer names no game, imports no
game's home (nor a flat per-game module) and tests no game's classes; its docstrings may use a
shipped game as an example (a doctest needs one), its code may not. The generic layers
searched: ``widgets/``, ``render/``, ``learn/``, ``lint/``, ``players/``, ``openspiel/`` and
``benchmarks/`` (each game's benchmarks are in its home's ``bench`` part).

What counts as naming a game, read from the registry and the games' packages, never from a
list here: a string holding a registered name (``"panzer-vor"``) or a home's name
(``"panzer_vor"``) as a word of a path or module, or a game's title (``"Panzer Vor"``); an
identifier made of a home's name (``panzer_vor_roster``, ``PanzerVorScenario``; a one-word
name, ``tanks``, counts only capitalised, ``TanksExplorer``: ``state.tanks`` is every game's);
an import of a game's home (``isinstance(board, Table)`` needs one); and a string that is the
name of a class a game's home defines and no generic module does, compared
(``type(x).__name__ == "Table"``) or a compound name (``"SquareBoard"``)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from workbench.discovery import game_packages
from workbench.games import all_games

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "workbench"


def _words(identifier: str) -> list[str]:
    """``PanzerVorScenario`` and ``panzer_vor_roster`` as their words, lowercased."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", identifier)
    return [w.lower() for w in spaced.split("_") if w]


def _holds(words: list[str], part: list[str]) -> bool:
    return any(words[i : i + len(part)] == part for i in range(len(words) - len(part) + 1))


def _titles() -> set[str]:
    """Each game's title up to its first punctuation (``Panzer Vor``, ``TANKS``)."""
    return {re.split(r"[:!(–]", game.title)[0].strip() for game in all_games()}


def _classes_in(paths: Iterator[Path]) -> set[str]:
    return {
        node.name
        for path in paths
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
    }


def _game_classes() -> set[str]:
    """The names of the classes the games' homes define and no generic module does."""
    games = PACKAGE / "games"
    homes = _classes_in(p for home in game_packages() for p in (games / home).rglob("*.py"))
    generic = _classes_in(p for p in PACKAGE.rglob("*.py") if not p.is_relative_to(games))
    return homes - generic


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the strings that stand as statements: docstrings (a module's, a class's, a
    function's, an attribute's under its assignment)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def _identifiers(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, ast.Attribute):
        yield node.attr
    elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        yield node.name
    elif isinstance(node, ast.arg):
        yield node.arg
    elif isinstance(node, ast.alias):
        yield node.asname or node.name.split(".")[-1]
    elif isinstance(node, ast.keyword) and node.arg:
        yield node.arg


def _imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.module:
        return [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
    return []


class GameWords:
    """What names a game, from the registry and the games' homes."""

    def __init__(self) -> None:
        self.homes = game_packages()
        names = {game.name for game in all_games()}
        self.home_modules = {f"workbench.games.{home}" for home in self.homes}
        self.flat_modules = {f"workbench.{home}" for home in self.homes}
        named = "|".join(map(re.escape, sorted(names | set(self.homes), key=len, reverse=True)))
        titles = "|".join(map(re.escape, sorted(_titles())))
        self.in_text = re.compile(  # a whole string, a path's or a module's part, a title
            rf"(?:^|[/.])({named})(?:[/.]|$)|\b({titles})\b"
        )
        self.classes = _game_classes()

    def in_identifier(self, identifier: str) -> str | None:
        words = _words(identifier)
        for home in self.homes:
            part = home.split("_")
            if len(part) > 1 and _holds(words, part):
                return identifier
            if len(part) == 1 and identifier.startswith(home.capitalize()) and words[0] == home:
                return identifier
        return None

    def in_string(self, text: str, compared: bool = False) -> str | None:
        if text in self.classes and (compared or len(_words(text)) > 1):
            return f"{text!r}, a class of a game's home"
        found = self.in_text.search(text)
        return None if found is None else repr(text)

    def in_import(self, module: str) -> str | None:
        for home in self.home_modules | self.flat_modules:
            if module == home or module.startswith(home + "."):
                return f"import of {module}"
        return None


def game_words_in(path: Path, words: GameWords) -> list[str]:
    """Every place in the module's code that names a game (docstrings aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = _docstrings(tree)
    compared = {
        id(side)
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare)
        for side in (node.left, *node.comparators)
    }
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    found = []
    for node in ast.walk(tree):
        hits = [words.in_import(m) for m in _imported(node)]
        hits += [words.in_identifier(name) for name in _identifiers(node)]
        text = isinstance(node, ast.Constant) and isinstance(node.value, str)
        if text and id(node) not in docstrings:
            hits.append(words.in_string(node.value, id(node) in compared))
        line = getattr(node, "lineno", 0)
        found += [f"{where}:{line}: {hit}" for hit in hits if hit]
    return sorted(set(found), key=lambda s: (s.split(":")[0], int(s.split(":")[1])))


GENERIC = (*(PACKAGE / layer for layer in ("widgets", "render", "learn", "lint", "players",
                                           "openspiel")), ROOT / "benchmarks")  # fmt: skip


@pytest.fixture(scope="module")
def game_words() -> GameWords:
    return GameWords()


def _generic_files() -> list[Path]:
    return sorted(path for folder in GENERIC for path in folder.rglob("*.py"))


@pytest.mark.parametrize("path", _generic_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_generic_layers_name_no_game(path, game_words):
    """The editor's tools, the pictures, the learner's kinds and chapters, the linters, the
    search settings, the OpenSpiel numbering and the benchmarks are each game's, registered
    from its home: the generic modules name none."""
    found = game_words_in(path, game_words)
    assert not found, "a generic layer names a game (declare it in the game's home):\n" + "\n".join(
        found
    )


def test_the_search_finds_what_it_looks_for(game_words, tmp_path):
    """The search itself: each way of naming a game is found, and a generic word is not."""
    module = tmp_path / "sample.py"
    module.write_text(
        '"""A docstring may say Panzer Vor! and "panzer-vor"."""\n'
        "from workbench.games.tanks.boards.table import Table\n"
        "import workbench.panzer_vor\n"
        'GAME = "panzer-strike"\n'
        'PATH = "maps/tanks/x.json"\n'
        'LATER = {"E": "workbench.games.panzer_vor.widgets.explorer"}\n'
        'TITLE = "a TANKS table"\n'
        "def tools(board):\n"
        "    '''Docstrings aside.'''\n"
        "    n = len(board.tanks)  # every game's\n"
        '    say = "click one of your tanks"\n'
        "    roster = panzer_vor_roster()\n"
        "    return isinstance(board, PanzerVorScenario) or TanksExplorer\n"
        'KIND = type(n).__name__ == "SquareBoard"\n'
    )
    found = [hit.split(":", 2)[1:] for hit in game_words_in(module, game_words)]
    lines = sorted({int(line) for line, _ in found})
    assert lines == [2, 3, 4, 5, 6, 7, 12, 13, 14], found


SEARCHED_BY_ITS_SETTINGS = textwrap.dedent("""
    import sys
    import workbench.games
    workbench.games.__path__.append(sys.argv[1])  # Tiny Race, laid beside the shipped games

    import pyspiel
    import workbench.openspiel as bridge
    from workbench.games import get_game
    from workbench.openspiel.bounds import Unbounded
    from workbench.players import search
    from workbench.players.settings import GENERIC, settings_for
    from workbench.rules.core import TERMINAL
    from workbench.rules.play import play
    from workbench.testing.bench_cases import declared

    game = get_game("tiny-race")
    settings = settings_for("tiny-race")  # its home's search part: its own levels
    assert settings is not GENERIC and settings.levels["medium"] == 8
    assert settings.playouts is None and settings.evaluator is None  # else the generic search
    assert search("medium").simulations_in("tiny-race") == 8
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

    # its benchmark, found by its home's bench part as a shipped game's are, and run
    mine = [bench for bench in declared("BENCHMARKS") if bench.__module__.startswith(
        "workbench.games.tiny.")]
    assert [bench.__name__ for bench in mine] == ["a_race"], mine
    result = mine[0]()
    assert result.seconds is not None and result.verdict.startswith("met"), result
    print("benchmarked", result.number)
""")


def test_a_game_with_its_own_parts_is_numbered_searched_and_benchmarked():
    """Tiny Race (``tests/fixture_game/tiny/``) registers its numbering, its search settings
    and a benchmark from its own home: OpenSpiel plays it (random simulations, a bound that
    names the option it needs), a search player plays it with its own levels, the same game
    again from the same seeds, and the benchmarks find and run its own. In a fresh process,
    so no other test sees the fixture."""
    pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")
    done = subprocess.run(
        [sys.executable, "-c", SEARCHED_BY_ITS_SETTINGS, str(ROOT / "tests" / "fixture_game")],
        capture_output=True, text=True, cwd=ROOT, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "searched" in done.stdout and "benchmarked 900" in done.stdout
