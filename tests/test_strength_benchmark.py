"""The strength benchmark's bookkeeping (``benchmarks/strength.py``; its games are long and
run by ``make bench-strength``, not here)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_a_draw_counts_half_in_the_strength_benchmark():
    """``benchmarks.strength.score`` counts a draw as half: a sweep writes it ``"draw"``
    (TANKS' standard table ends in one when both sides destroyed the same points)."""
    from benchmarks.strength import points_of

    assert [points_of(w, "German") for w in ("German", "draw", None, "American")] == [
        1.0, 0.5, 0.5, 0.0,
    ]  # fmt: skip


def test_the_strength_benchmark_keeps_its_games_and_goes_on_from_where_it_stopped(
    tmp_path, monkeypatch
):
    """``score`` writes each chunk of games down under the code's version; asked again it
    plays nothing it holds for that version, and a version it does not hold is played anew."""
    import benchmarks.strength as strength

    record = tmp_path / "games.csv"
    monkeypatch.setattr(strength, "CHUNK", 2)
    match = ("panzer-vor", "mock-battle", "random", "random")
    first = strength.score(*match, 3, None, record)
    with record.open(newline="") as lines:
        rows = list(csv.DictReader(lines))
    assert list(rows[0]) == list(strength.FIELDS)
    assert len(rows) == 2 * 4  # two seats, two whole chunks of 2 each
    for seat, points in enumerate(first):  # each seat's first three games counted, not the 4th
        counted = [float(r["points"]) for r in rows if r["seat"] == str(seat)][:3]
        assert points == pytest.approx(sum(counted))

    assert strength.held(*match, 3, record) == 3 and strength.held(*match, 9, record) == 4

    def no_games(*args, **kwargs):
        raise AssertionError("played a game the record holds")

    monkeypatch.setattr(strength, "sweep", no_games)
    assert strength.score(*match, 3, None, record) == first
    monkeypatch.setattr(strength, "code_version", lambda *args, **kwargs: "another")
    with pytest.raises(AssertionError, match="played a game"):
        strength.score(*match, 1, None, record)


def test_a_match_is_recorded_under_its_own_game_s_code(tmp_path):
    """A change to the search players makes their matches' games count no more, but not the
    games of the rules' own players (greedy against random or itself), which do not run them;
    a change to one game's files (its strength case's: its home, maps and data) counts
    against that game's matches only, its search and numbering parts against its search
    matches only; one to the library under every game against all of them; one to the
    surface (what a match never runs, a game's pictures included), or to a comment or
    docstring, against none; a file moved unchanged against none."""
    from benchmarks.strength import cases, code_version

    files = ["workbench/players/searching.py", "workbench/players/playouts.py",
             "workbench/games/tanks/search.py", "workbench/games/panzer_vor/search.py",
             "workbench/games/tanks/numbering/space.py", "workbench/rules/core.py",
             "workbench/games/panzer_strike/rules/match.py", "workbench/geometry/hexgrid.py",
             "workbench/data/tanks-cards.csv", "workbench/widgets/stepper.py",
             "workbench/games/tanks/render/pictures.py", "maps/panzer-vor/mock.json",
             "workbench/games/tanks/strength-games.csv"]  # fmt: skip
    for number, name in enumerate(files):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(f"x = {number}\n")
    games = [game for game, _, _ in cases()]
    assert {"panzer-vor", "panzer-strike", "tanks"} <= set(games)

    def versions():
        return {(g, search): code_version(g, search, tmp_path) for g in games
                for search in (True, False)}  # fmt: skip

    def changed_by(name):
        before = versions()
        (tmp_path / name).write_text((tmp_path / name).read_text() + "x += 1\n")
        return {key for key, version in versions().items() if version != before[key]}

    everything = set(versions())
    searching = {(g, True) for g in games}
    assert changed_by("workbench/players/searching.py") == searching
    assert changed_by("workbench/players/playouts.py") == searching
    assert changed_by("workbench/games/tanks/search.py") == {("tanks", True)}
    assert changed_by("workbench/games/panzer_vor/search.py") == {("panzer-vor", True)}
    assert changed_by("workbench/games/tanks/numbering/space.py") == {("tanks", True)}
    assert changed_by("workbench/games/panzer_strike/rules/match.py") == {
        ("panzer-strike", True), ("panzer-strike", False)}  # fmt: skip
    assert changed_by("maps/panzer-vor/mock.json") == {("panzer-vor", True), ("panzer-vor", False)}
    assert changed_by("workbench/data/tanks-cards.csv") == {("tanks", True), ("tanks", False)}
    assert changed_by("workbench/rules/core.py") == everything
    assert changed_by("workbench/geometry/hexgrid.py") == everything
    assert changed_by("workbench/widgets/stepper.py") == set()
    assert changed_by("workbench/games/tanks/render/pictures.py") == set()
    assert changed_by("workbench/games/tanks/strength-games.csv") == set()  # its record

    before = versions()  # a comment or a docstring corrected plays the same games
    (tmp_path / "workbench/rules/core.py").write_text('"""The rules."""\n\nx = 5  # five\nx += 1\n')
    assert versions() == before
    (tmp_path / "workbench/rules/core.py").rename(tmp_path / "workbench/rules/kernel.py")
    assert versions() == before  # moved, unchanged


def test_a_refactor_keeps_the_record_only_where_a_replay_plays_the_same_games(
    tmp_path, monkeypatch
):
    """``carry``: a match's search games recorded under the last version are counted for this
    code when replaying its chunk 0 from both seats gives every game's recorded points, and
    not at all when one game comes out otherwise (the other matches are still carried); the
    rules' own players' games (another version) are left as they are."""
    import benchmarks.strength as strength

    record = tmp_path / "games.csv"
    monkeypatch.setattr(strength, "CHUNK", 2)
    game = ("panzer-vor", "mock-battle")
    points = {("easy", "greedy"): [[1.0, 0.0], [0.5, 1.0]], ("medium", "easy"): [[1, 1], [0, 1]]}
    for (first, second), by_seat in points.items():
        match = {"version": "old", "game": game[0], "scenario": game[1], "first": first,
                 "second": second}  # fmt: skip
        for seat, played in enumerate(by_seat):
            strength.write_down(record, match, seat, 0, played)
            strength.write_down(record, match, seat, 1, [0.0, 0.0])
    before = record.read_text()
    monkeypatch.setattr(strength, "code_version", lambda *args, **kwargs: "new")

    def replay_differs(game, scenario, first, second, seat, chunk, workers):
        assert chunk == 0
        return [1.0 - p for p in points[first, second][seat]]

    monkeypatch.setattr(strength, "chunk_points", replay_differs)
    assert "nothing carried" in strength.carry(*game, None, record)
    assert record.read_text() == before
    assert strength.held(*game, "easy", "greedy", 4, record) == 0

    def replay_one_same(game, scenario, first, second, seat, chunk, workers):
        same = [float(p) for p in points[first, second][seat]]
        return same if first == "medium" else [1.0 - p for p in same]

    monkeypatch.setattr(strength, "chunk_points", replay_one_same)
    said = strength.carry(*game, None, record)
    assert "1 of 2 matches replayed" in said and "8 search games carried" in said
    assert "easy vs greedy from seat 0" in said
    assert strength.held(*game, "medium", "easy", 4, record) == 4
    assert strength.held(*game, "easy", "greedy", 4, record) == 0
    assert "nothing carried" in strength.carry(*game, None, record)  # carried once
    record.write_text(before)

    def replay_same(game, scenario, first, second, seat, chunk, workers):
        return [float(p) for p in points[first, second][seat]]

    monkeypatch.setattr(strength, "chunk_points", replay_same)
    said = strength.carry(*game, None, record)
    assert "2 of 2 matches replayed" in said and "their 16 search games carried to new" in said
    assert strength.held(*game, "easy", "greedy", 4, record) == 4
    assert strength.score(*game, "medium", "easy", 4, None, record) == [2.0, 1.0]
    assert "nothing carried" in strength.carry(*game, None, record)  # carried once


def test_the_table_from_the_record_plays_nothing_and_leaves_the_readme(
    tmp_path, monkeypatch, capsys
):
    """``--from-record`` prints the table of the games held (here two random games a seat),
    plays and times nothing, and leaves README.md as the last run wrote it; with ``--readme``
    it writes that table there, headed as the record's."""
    import benchmarks.strength as strength

    record, readme = tmp_path / "games.csv", tmp_path / "README.md"
    readme.write_text("the last run's table\n")
    monkeypatch.setattr(strength, "CHUNK", 2)
    monkeypatch.setattr(strength, "record_of", lambda game: record)
    monkeypatch.setattr(strength, "README", readme)
    strength.score("panzer-vor", "mock-battle", "greedy", "random", 2, None, record)

    def no_games(*args, **kwargs):
        raise AssertionError("played a game")

    monkeypatch.setattr(strength, "sweep", no_games)
    monkeypatch.setattr(strength, "decision_times", no_games)
    strength.main(["--from-record", "--cases", "panzer-vor"])
    printed = capsys.readouterr().out
    assert "| Mock Battle (card game) | greedy vs random | 2 |" in printed
    assert "| recorded |" in printed and "| medium vs greedy |" not in printed
    assert "medium vs greedy not played yet" in printed
    assert readme.read_text() == "the last run's table\n"

    strength.main(["--from-record", "--readme", "--cases", "panzer-vor"])  # now written down
    written = readme.read_text()
    assert written.startswith("the last run's table\n") and strength.BEGIN in written
    assert "the games the record holds, up to" in written
    assert "| Mock Battle (card game) | greedy vs random | 2 |" in written


def test_the_strength_benchmark_s_examples_hold():
    """The doctests of ``benchmarks/strength.py`` (``make test`` collects doctests under
    ``workbench/`` only): a draw's points, and the verdict against the targets."""
    import doctest

    import benchmarks.strength as strength

    failed, tried = doctest.testmod(strength)
    assert tried >= 3 and failed == 0


def test_each_game_keeps_its_strength_games_in_its_home():
    """The record of a benchmarked game's games is a file of its own home (named by its strength
    case), holding that game's rows only; none is kept in ``benchmarks/``."""
    from benchmarks.strength import FIELDS, cases, record_of
    from workbench.discovery import GAMES, game_packages

    homes = {f"{GAMES}.{home}".replace(".", "/") for home in game_packages()}
    for game, _, _ in cases():
        record = record_of(game)
        assert record is not None and record.exists(), game
        home = record.parent.relative_to(ROOT).as_posix()
        assert home in homes and record.name == "strength-games.csv", record
        with record.open(newline="", encoding="utf-8") as lines:
            rows = list(csv.DictReader(lines))
        assert rows and tuple(rows[0]) == FIELDS
        assert {row["game"] for row in rows} == {game}, record
    assert not list((ROOT / "benchmarks").glob("*.csv"))


def test_a_run_ladders_the_levels_each_game_offers_and_plays_no_match_twice():
    """A level a game merges into another is not laddered (it plays as that one); medium's
    rung over greedy is the target match, played once; every match's players are offered."""
    from benchmarks.strength import cases, planned
    from workbench.players.settings import settings_for

    for game, _, _ in cases():
        settings = settings_for(game)
        matches, ladder = planned(game, 100, 50, self_games=0)
        assert ladder == ("random", "greedy", *settings.distinct())
        pairs = [(first, second) for first, second, _ in matches]
        assert len(pairs) == len(set(pairs)), game
        games = dict(((first, second), n) for first, second, n in matches)
        assert games.pop(("medium", "greedy")) == games.pop(("greedy", "greedy")) == 100
        assert games.pop(("medium", "medium")) == 0  # self_games
        rungs = [(ladder[i + 1], ladder[i]) for i in range(len(ladder) - 1)]
        assert games == {rung: 50 for rung in rungs if rung != ("medium", "greedy")}, game
    assert "hard" not in planned("panzer-vor", 100, 50)[1]  # merged into medium there
    assert planned("panzer-strike", 100, 50)[1] == ("random", "greedy", "medium")
