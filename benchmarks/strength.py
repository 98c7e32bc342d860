"""`make bench-strength`: how strong the search players are (not part of `make test`).

Medium search against the greedy player, ``GAMES`` games from each seat, in each game that
declares a strength case in its search settings (``SearchSettings.strength``: a scenario and
a label; :func:`cases`); a draw counts as half a win; beside it greedy against itself and
medium against itself, how far the scenario leans to a seat between equal players, weak and
competent. Then the ladder random < greedy < easy < medium < hard: each player against the one
below it, ``LADDER_GAMES`` games from each seat. The table is printed and written into
benchmarks/README.md between the strength markers, with the number of games it was run with
(``--games``/``--ladder-games`` for a reduced run, labelled so), and how long a medium
decision takes in each game (median and 95th percentile over ``--positions`` positions of
seeded greedy games; the target: 1 s and 3 s).

A full run takes hours on a 2-core machine, so it is kept as it goes: each game's result is
written to its record, ``strength-games.csv`` in its home (its strength case's ``record``:
:func:`record_of`), in runs of :data:`CHUNK`
seeded games, under the version of the code that game's games depend on
(:func:`code_version`: a change to one game's files, as its strength case lists them, leaves
the other games' games counted). A run stopped part-way goes on from where it stopped; games
played by other code are not counted (nor deleted); ``--no-record`` neither reads nor writes
the file; ``--from-record`` plays and times nothing and prints the table of what the record holds
(``--readme`` writes it into README.md too, headed so, timed with ``--positions``).
A change that should play some matches as before (a refactor of the search players' shared
layer; a new simulation count for one level) is shown to by ``--carry`` (:func:`carry`: a
replay of each match's first chunk, the search players' matches and the rules' own players'
alike), which then counts those matches' recorded games for the new code and leaves the others
to be played again.

    python -m benchmarks.strength [--games 100] [--ladder-games 50] [--workers 2]
"""

from __future__ import annotations

import argparse
import ast
import csv
import fnmatch
import functools
import hashlib
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.ratings import Result, fitted, results_of, seat_edges
from benchmarks.ratings import verdicts as elo_verdicts
from workbench.balance import sweep
from workbench.balance.stats import wilson_interval
from workbench.games import get_game, names
from workbench.players import search
from workbench.players.settings import GREEDY, declared, settings_for
from workbench.rules.core import CHANCE
from workbench.rules.play import play_to_end, random_player, sample_chance

GAMES = 100
LADDER_GAMES = 50
POSITIONS = 20
README = Path(__file__).with_name("README.md")
BEGIN, END = "<!-- strength: begin -->", "<!-- strength: end -->"


def player(game: Any, name: str, seed: int) -> Any:
    if name == "random":
        return random_player
    if name == "greedy":
        return game.bots.get("greedy", random_player)
    return search(name, seed=seed)


def planned(game: str, games: int, ladder_games: int,
            self_games: int | None = None) -> tuple[list[tuple[str, str, int]],
                                                    tuple[str, ...]]:  # fmt: skip
    """The matches a run plays of ``game`` (first, second, games a seat) and its ladder,
    weakest first: medium against greedy, greedy and medium each against itself (``games``
    a seat; medium against itself ``self_games`` if given), then each rung of random < greedy
    < the levels the game offers (``ladder_games``; a level merged into another is played as
    that one, so not again).

    >>> matches, ladder = planned("panzer-strike", 100, 50)
    >>> ladder, matches[-1]
    (('random', 'greedy', 'medium'), ('greedy', 'random', 50))
    """
    settings = settings_for(game)
    medium = settings.plays_as("medium")
    matches = [] if medium == GREEDY else [(medium, GREEDY, games)]
    itself = games if self_games is None else self_games
    matches += [(GREEDY, GREEDY, games)] + ([] if medium == GREEDY else [(medium, medium, itself)])
    ladder = ("random", GREEDY, *settings.distinct())
    matches += [(ladder[i + 1], ladder[i], ladder_games) for i in range(len(ladder) - 1)
                if (ladder[i + 1], ladder[i]) != (medium, GREEDY)]  # fmt: skip
    return matches, ladder


def merged_in(game: str) -> list[str]:
    """Each level ``game`` merges into another, in words (none: every level is its own)."""
    settings = settings_for(game)
    return [f"{level} plays as {into} (merged: not shown apart)"
            for level, into in settings.merged.items()]  # fmt: skip


def points_of(winner: Any, side: str) -> float:
    """``side``'s points from a game a sweep tabulated with ``winner`` (a sweep writes a draw
    as ``"draw"``; a missing winner counts as one too).

    >>> points_of("German", "German"), points_of("draw", "German"), points_of("American", "German")
    (1.0, 0.5, 0.0)
    """
    if winner == side:
        return 1.0
    return 0.5 if winner in (None, "", "draw") or winner != winner else 0.0


CHUNK = 10  # games a sweep plays before they are written down (a match plays whole chunks)
FIELDS = ("version", "game", "scenario", "first", "second", "seat", "chunk", "index", "points")
ROOT = Path(__file__).resolve().parent.parent
# what a match's games depend on: every file of the library and the maps (:data:`SUFFIXES`),
# except the surface no match runs (:data:`SURFACE`), the other games' own files (each game's
# strength case lists them: :func:`own_files`) and, for a match of the rules' own players
# (random, greedy), the search players, the bridge and each game's parts of them
# (:data:`SEARCH`): a change to one game's rules, maps or search, or to the search players'
# layer, leaves the other games' games (or the greedy players') counted
LIBRARY = ("workbench", "maps")
SUFFIXES = (".py", ".json", ".csv")


def _parts(*layers: str) -> tuple[str, ...]:
    """Every game's part of these layers, as patterns (a module or a package)."""
    return tuple(p for layer in layers for p in (f"workbench/games/*/{layer}.py",
                                                 f"workbench/games/*/{layer}/*"))  # fmt: skip


SURFACE = ("workbench/render", "workbench/widgets", "workbench/learn", "workbench/lint",
           "workbench/testing", "workbench/gallery.py", "workbench/app_pool.py",
           "workbench/app_server.py", "workbench/server.py",
           "workbench/games/*/strength-games.csv",  # the records: writing one changes no code
           *_parts("render", "widgets", "learn", "lint", "bench"))  # fmt: skip
SEARCH = ("workbench/players", "workbench/openspiel", *_parts("search", "numbering"))


def cases() -> list[tuple[str, str, str]]:
    """(game, scenario, label) of every game with a strength case, in the games' order.

    >>> all(scenario in get_game(game).scenarios() for game, scenario, _ in cases())
    True
    """
    found = declared()
    return [(game, case.scenario, case.label) for game in names()
            if (case := found[game].strength if game in found else None)]  # fmt: skip


def own_files() -> dict[str, tuple[str, ...]]:
    """Each benchmarked game's own files (its strength case's ``files``), by game."""
    found = declared()
    return {game: found[game].strength.files for game, _, _ in cases()}  # type: ignore[union-attr]


def record_of(game: str) -> Path | None:
    """The file ``game``'s strength games are kept in: its home's, as its strength case names
    it (None: the game keeps none, or has no strength case).

    >>> all(record_of(game).name == "strength-games.csv" for game, _, _ in cases())
    True
    """
    case = declared()[game].strength if game in declared() else None
    return None if case is None else case.record


RULES_PLAYERS = ("random", "greedy")


def _under(path: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatch(path, p) or path.startswith(p + "/") for p in patterns)


def depends_on(game: str, search: bool = True, root: Path = ROOT) -> list[str]:
    """The files (paths from ``root``) a match of ``game`` depends on (see :func:`own_files`;
    ``search``: a search player plays in it).

    >>> game, other = [name for name, _, _ in cases()][:2]
    >>> files = depends_on(game)
    >>> "workbench/geometry/hexgrid.py" in files, "workbench/players/searching.py" in files
    (True, True)
    >>> any(f.startswith(own_files()[other]) or f.startswith("workbench/render/") for f in files)
    False
    >>> "workbench/players/searching.py" in depends_on(game, search=False)
    False
    """
    left_out = SURFACE + sum((own for other, own in own_files().items() if other != game), ())
    if not search:
        left_out += SEARCH
    found = []
    for folder in LIBRARY:
        for path in (root / folder).rglob("*"):
            name = path.relative_to(root).as_posix()
            if (path.suffix in SUFFIXES and "__pycache__" not in path.parts and path.is_file()
                    and not _under(name, left_out)):  # fmt: skip
                found.append(name)
    return sorted(found)


def code_version(game: str, search: bool = True, root: Path = ROOT) -> str:
    """A short hash of what the files a match of ``game`` depends on (:func:`depends_on`) do:
    a Python file's code without its comments and docstrings (:func:`code_of`: a correction
    to a text plays the same games), another file's bytes. Not their paths: a file moved
    unchanged plays the same games."""
    each = sorted(_digest(root / name) for name in depends_on(game, search, root))
    return hashlib.sha256(b"".join(each)).hexdigest()[:12]


def _digest(path: Path) -> bytes:
    """What one file does, hashed (see :func:`code_version`), read again only if it changed."""
    found = path.stat()
    return _digest_of(path, found.st_mtime_ns, found.st_size)


@functools.cache
def _digest_of(path: Path, mtime_ns: int, size: int) -> bytes:
    return hashlib.sha256(code_of(path) if path.suffix == ".py" else path.read_bytes()).digest()


def code_of(path: Path) -> bytes:
    """A Python file's syntax tree without its docstrings (comments are not in it).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     a, b, c = (Path(folder) / n for n in "abc")
    ...     _ = a.write_text('def f():\\n    "Doc."\\n    return 1  # one\\n')
    ...     _ = b.write_text('def f():\\n    "Another doc."\\n\\n    return 1\\n')
    ...     _ = c.write_text('def f():\\n    return 2\\n')
    ...     code_of(a) == code_of(b) != code_of(c)
    True
    """
    tree = ast.parse(path.read_bytes(), filename=str(path))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):  # fmt: skip
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree).encode()


def _of_rules_players(first: str, second: str) -> bool:
    return first in RULES_PLAYERS and second in RULES_PLAYERS


def version_of(game: str, first: str, second: str) -> str:
    """The :func:`code_version` a match of ``first`` against ``second`` in ``game`` is recorded
    under: without the search players' layer where neither is a search player."""
    return code_version(game, search=not _of_rules_players(first, second))


def recorded(record: Path, match: dict[str, str]) -> dict[tuple[int, int], dict[int, float]]:
    """The points of ``match``'s games in ``record`` (``match``: the fields that name it,
    version included), by (seat, chunk), then by index in the chunk."""
    found: dict[tuple[int, int], dict[int, float]] = {}
    if not record.exists():
        return found
    with record.open(newline="", encoding="utf-8") as lines:
        for row in csv.DictReader(lines):
            if all(row.get(k) == v for k, v in match.items()):
                games = found.setdefault((int(row["seat"]), int(row["chunk"])), {})
                games[int(row["index"])] = float(row["points"])
    return found


def write_down(record: Path, match: dict[str, str], seat: int, chunk: int,
               points: list[float]) -> None:  # fmt: skip
    """Add one chunk's points to ``record`` (its header written first if it is new)."""
    new = not record.exists()
    with record.open("a", newline="", encoding="utf-8") as lines:
        writer = csv.DictWriter(lines, fieldnames=FIELDS)
        if new:
            writer.writeheader()
        for index, value in enumerate(points):
            writer.writerow({**match, "seat": seat, "chunk": chunk, "index": index,
                             "points": value})  # fmt: skip


def carry(game: str, scenario: str, workers: int | None, record: Path,
          search: bool = True) -> str:  # fmt: skip
    """Keep ``game``'s search matches (``search``; else the rules' own players' matches)
    counted across a change that plays some of them the same (a refactor of the search
    players' layer, a new simulation count for one level, files moved): where ``record`` holds
    none of them for this code, each match recorded under the last version is replayed here,
    chunk 0 of each seat; a match whose every game's points come out as recorded has all its
    games written down again under this code's version, and the others are left for the run
    to play again. What was done, in words."""
    new = code_version(game, search=search)
    kind = "search games" if search else "games of the rules' own players"
    with record.open(newline="", encoding="utf-8") as lines:
        rows = [r for r in csv.DictReader(lines)
                if (r["game"], r["scenario"]) == (game, scenario)
                and _of_rules_players(r["first"], r["second"]) != search]  # fmt: skip
    if any(r["version"] == new for r in rows):
        return f"{game}: the record holds {kind} of this code ({new}); nothing carried"
    if not rows:
        return f"{game}: the record holds no {kind} to carry"
    old = rows[-1]["version"]
    rows = [r for r in rows if r["version"] == old]
    matches = sorted({(r["first"], r["second"]) for r in rows})
    chunk_zero = {(r["first"], r["second"], int(r["seat"]), int(r["index"])): float(r["points"])
                  for r in rows if r["chunk"] == "0"}  # fmt: skip
    carried, differ = [], []
    for first, second in matches:
        for seat in (0, 1):
            points = chunk_points(game, scenario, first, second, seat, 0, workers)
            was = [chunk_zero.get((first, second, seat, i)) for i in range(CHUNK)]
            if points != was:
                differ.append(f"{first} vs {second} from seat {seat} ({points} where {old} "
                              f"recorded {was})")  # fmt: skip
                break
        else:
            carried.append((first, second))
    otherwise = f"; played otherwise under this code: {'; '.join(differ)}" if differ else ""
    if not carried:
        return f"{game}: nothing carried{otherwise}"
    kept = [r for r in rows if (r["first"], r["second"]) in carried]
    with record.open("a", newline="", encoding="utf-8") as lines:
        writer = csv.DictWriter(lines, fieldnames=FIELDS)
        writer.writerows({**r, "version": new} for r in kept)
    return (
        f"{game}: chunk 0 of each seat of {len(carried)} of {len(matches)} matches replayed "
        f"as {old} recorded them; their {len(kept)} {kind} carried to {new}{otherwise}"
    )


def chunk_points(game: str, scenario: str, first: str, second: str, seat: int, chunk: int,
                 workers: int | None) -> list[float]:  # fmt: skip
    """``first``'s points in chunk ``chunk`` of the games it plays from ``seat`` against
    ``second``: a sweep of :data:`CHUNK` games seeded ``1000 seat + chunk``."""
    rules = get_game(game)
    value = rules.load_scenario(scenario)
    sides = rules.players(rules.start(value))
    side = sides[seat]
    players = {side: player(rules, first, 1 + seat),
               sides[1 - seat]: player(rules, second, 7 + seat)}  # fmt: skip
    result = sweep(
        rules, value, players, games=CHUNK, seed=1000 * seat + chunk, workers=workers,
        progress=False, max_seconds=None,  # a long run is what this benchmark is
    )  # fmt: skip
    return [points_of(w, side) for w in result.games["winner"]]


def held(game: str, scenario: str, first: str, second: str, games: int,
         record: Path) -> int:  # fmt: skip
    """How many of ``games`` games a seat ``record`` holds for this code, from each of the
    two seats: whole chunks from the first (what :func:`score` would play nothing for)."""
    match = {"version": version_of(game, first, second), "game": game, "scenario": scenario,
             "first": first, "second": second}  # fmt: skip
    known = recorded(record, match)
    counted = []
    for seat in (0, 1):
        chunk = 0
        while chunk * CHUNK < games and len(known.get((seat, chunk), {})) >= CHUNK:
            chunk += 1
        counted.append(min(games, chunk * CHUNK))
    return min(counted)


def score(
    game: str, scenario: str, first: str, second: str, games: int, workers: int | None,
    record: Path | None,
) -> list[float]:  # fmt: skip
    """``first``'s points (a win 1, a draw ½) over ``games`` games from each seat, by seat
    (played in chunks of :data:`CHUNK`: :func:`chunk_points`; the chunks ``record`` holds for
    this code are not played again)."""
    match = {"version": version_of(game, first, second), "game": game, "scenario": scenario,
             "first": first, "second": second}  # fmt: skip
    known = recorded(record, match) if record is not None else {}
    by_seat = []
    for seat in (0, 1):
        points = 0.0
        for chunk in range(-(-games // CHUNK)):
            wanted = min(CHUNK, games - chunk * CHUNK)
            have = known.get((seat, chunk), {})
            if not all(i in have for i in range(wanted)):
                played = chunk_points(game, scenario, first, second, seat, chunk, workers)
                if record is not None:
                    write_down(record, match, seat, chunk, played)
                have = dict(enumerate(played))
            points += sum(have[i] for i in range(wanted))
        by_seat.append(points)
    return by_seat


def decision_times(game: str, scenario: str, level: str, positions: int) -> list[float]:
    """Seconds one ``level`` decision takes, at ``positions`` positions spread through seeded
    greedy games (game *n* played to its end, then stopped at the first choice after
    ``n / positions`` of its steps, its dice rolled), after one untimed decision (a process's
    first pays for imports and numbering the scenario's actions: :func:`first_decision`)."""
    rules = get_game(game)
    value = rules.load_scenario(scenario)
    greedy = rules.bots.get("greedy", random_player)
    first_decision(game, scenario, level)
    times = []
    for n in range(positions):
        _, steps = play_to_end(rules, value, greedy, seed=n)
        state = rules.start(value)
        for step in steps[: len(steps) * n // positions]:
            state = rules.apply(state, rules.action_from_json(step.action)).state
        rng = random.Random(n)
        while (side := rules.current_player(state)) is CHANCE or (
            isinstance(side, str) and len(rules.legal_actions(state)) < 2
        ):
            if side is CHANCE:
                action = sample_chance(rules.chance_outcomes(state), rng)
            else:
                action = rules.legal_actions(state)[0]
            state = rules.apply(state, action).state
        if not isinstance(side, str):
            continue
        observation = rules.observation(state, side)
        start = time.perf_counter()
        search(level, seed=n)(rules, observation, random.Random(n))
        times.append(time.perf_counter() - start)
    return times


def first_decision(game: str, scenario: str, level: str) -> float:
    """Seconds of a ``level`` decision at the start of ``scenario``, the first in this process
    for ``game`` (it numbers the scenario's actions; the imports are not counted)."""
    rules = get_game(game)
    state = rules.start(rules.load_scenario(scenario))
    while (side := rules.current_player(state)) is CHANCE:
        state = rules.apply(state, rules.chance_outcomes(state)[0][0]).state
    assert isinstance(side, str), f"{scenario} ends before anyone decides"
    observation = rules.observation(state, side)
    start = time.perf_counter()
    search(level, seed=0)(rules, observation, random.Random(0))
    return time.perf_counter() - start


def first_decision_in_a_new_process(game: str, scenario: str, level: str) -> float:
    """:func:`first_decision` in a fresh Python process (in this one, the games and timings
    before it have numbered the scenario's actions already)."""
    code = (
        "from benchmarks.strength import first_decision; "
        f"print(first_decision({game!r}, {scenario!r}, {level!r}))"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    return float(done.stdout.split()[-1])


def timing_line(label: str, level: str, times: list[float]) -> str:
    if not times:
        return f"- {label}: no position with a choice found"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"- {label}: a {level} decision took {statistics.median(ordered):.2f} s median, "
            f"{p95:.2f} s at the 95th percentile ({len(ordered)} positions)")  # fmt: skip


def row(label: str, first: str, second: str, by_seat: list[float], games: int,
        seconds: float | None) -> str:  # fmt: skip
    """A table row: ``first``'s score from each seat (``games`` a seat) and from both, each
    with its Wilson 95 % interval (a draw counted half)."""
    seats = [_scored(points, games) for points in by_seat]
    both = _scored(sum(by_seat), games * len(by_seat))
    return (f"| {label} | {first} vs {second} | {games} | {' / '.join(seats)} | {both} | "
            + (f"{seconds:.0f} s |" if seconds is not None else "recorded |"))  # fmt: skip


def _scored(points: float, games: int) -> str:
    low, high = wilson_interval(points, games)
    return f"{points / games:.2f} [{low:.2f}, {high:.2f}]"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--ladder-games", type=int, default=LADDER_GAMES)
    parser.add_argument("--self-games", type=int, default=None, help="games a seat of "
                        "medium against itself (--games)")  # fmt: skip
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument(
        "--positions",
        type=int,
        default=None,
        help=f"positions timed a game ({POSITIONS}; none with --from-record)",
    )
    parser.add_argument("--cases", default="all", help="comma-separated game names, or all")
    parser.add_argument("--no-record", action="store_true", help="neither read nor write "
                        "the record of games played (each game's strength-games.csv)")  # fmt: skip
    parser.add_argument("--from-record", action="store_true", help="play nothing: print the "
                        "table of the games the record holds for this code (README.md is "
                        "left as the last run wrote it, but with --readme)")  # fmt: skip
    parser.add_argument("--readme", action="store_true", help="with --from-record: write "
                        "that table into README.md too, headed as the games the record holds "
                        "(and timed, with --positions)")  # fmt: skip
    parser.add_argument("--carry", action="store_true", help="play nothing new: carry each "
                        "game's games (its search matches', then its rules' players') to this "
                        "code where a replay shows it plays them as the version they were "
                        "recorded under did (carry())")  # fmt: skip
    args = parser.parse_args(argv)
    wanted = None if args.cases == "all" else set(args.cases.split(","))
    if args.carry:
        for game, scenario, _ in cases():
            if not wanted or game in wanted:
                record = record_of(game)
                for search_matches in (True, False):
                    if record is not None:
                        print(carry(game, scenario, args.workers, record, search=search_matches),
                              flush=True)  # fmt: skip
        return
    if args.positions is None:
        args.positions = 0 if args.from_record else POSITIONS
    reduced = (
        args.games < GAMES
        or args.ladder_games < LADDER_GAMES
        or (args.self_games is not None and args.self_games < args.games)
    )
    versions = ", ".join(
        f"{game} {code_version(game)} / {code_version(game, search=False)}"
        for game, _, _ in cases()
    )
    lines = [
        BEGIN,
        f"{time.strftime('%Y-%m-%d %H:%M')} UTC, code versions (a game's matches with a "
        "search player / the greedy and random players' own; the games in each game's "
        "`strength-games.csv`, in its home): "
        + versions
        + "; "
        + ("the games the record holds, up to " if args.from_record else "")
        + f"{args.games} games a seat for medium vs greedy, "
        f"{args.ladder_games} a seat for each rung of the ladder"
        + (f" — **a reduced run** (the full one: {GAMES} and {LADDER_GAMES})" if reduced else "")
        + ".",
        "",
        "| game | match | games a seat | first's score from each seat [Wilson 95 %] | both "
        "seats [Wilson 95 %] | time |",
        "|---|---|---|---|---|---|",
    ]
    elo_lines: list[str] = []
    for game, scenario, label in cases():
        if wanted and game not in wanted:
            continue
        # each player against itself: how far the scenario leans to a seat between two equal
        # players, greedy ones and competent ones (is the scenario fair?)
        matches, ladder = planned(game, args.games, args.ladder_games, args.self_games)
        medium = settings_for(game).plays_as("medium")
        target, target_games = None, 0
        results: list[Result] = []  # every match's games, for the Bradley-Terry fit
        own: list[float] | None = None  # greedy against itself, by seat
        record = None if args.no_record else record_of(game)
        for first, second, games in matches:
            if args.from_record and record is not None:
                games = held(game, scenario, first, second, games, record)
            if games <= 0:
                continue
            start = time.time()
            all_held = record is not None and held(game, scenario, first, second, games,
                                                   record) >= games  # fmt: skip
            by_seat = score(game, scenario, first, second, games, args.workers, record)
            seconds = None if all_held else time.time() - start  # None: "recorded"
            line = row(label, first, second, by_seat, games, seconds)
            print(line, flush=True)
            lines.append(line)
            results += results_of(first, second, scenario, by_seat, games)
            if (first, second) == ("greedy", "greedy") and games == target_games:  # paired seeds
                own = by_seat
            if (first, second) == (medium, GREEDY):
                target, target_games = by_seat, games
        heading = label
        said = [] if target is not None else ["medium vs greedy not played yet"]
        if any(r.first != r.second and "greedy" in (r.first, r.second) for r in results):
            fit = fitted(results, anchor="greedy")
            edges = seat_edges(target, own, target_games) if target and own else []
            said += elo_verdicts(fit, ladder, edges)
            heading += (f", Bradley-Terry with a seat term (greedy at 0; the first seat "
                        f"{fit.seat[scenario]:+.0f} Elo)")  # fmt: skip
        elo_lines.append(f"{heading}: " + "; ".join(said + merged_in(game)))
    lines += [
        "",
        "Against the targets, every match of a game fitted at once (`benchmarks/ratings.py`):",
        "",
        *(f"- {line}" for line in elo_lines),
    ]
    print("\n".join(elo_lines), flush=True)
    lines += ["", "Time (the target: a medium decision at most 1 s median, 3 s at the 95th):", ""]
    for game, scenario, label in cases():
        if (wanted and game not in wanted) or args.positions <= 0:
            continue
        times = decision_times(game, scenario, "medium", args.positions)
        line = timing_line(label, "medium", times)
        fresh = first_decision_in_a_new_process(game, scenario, "medium")
        line += f"; the first in a new process {fresh:.2f} s"
        print(line, flush=True)
        lines.append(line)
    lines.append(END)
    if args.from_record and not args.readme:
        return
    text = README.read_text(encoding="utf-8")
    block = "\n".join(lines)
    if BEGIN in text:
        text = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: block, text, flags=re.S)
    else:
        text += "\n## Strength of the search players (`make bench-strength`)\n\n" + block + "\n"
    README.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
