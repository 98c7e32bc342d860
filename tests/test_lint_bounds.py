"""Lint's whole cost, estimated before any check runs: a board past the bound is refused with
the estimate and the keyword that allows it, the costly checks are left out and named in the
report (its text, its picture, the editor's panel), and each estimate counts the work its
check does (operations counted as the checks run, compared with the estimate's units: no
timing here; ``make bench`` compares the seconds, benchmarks 86-89)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
import shapely

import workbench
from workbench.boards import HexMap
from workbench.bounds import Cost
from workbench.errors import ArgumentError
from workbench.games.panzer_strike import lint as square_lint
from workbench.games.panzer_strike.bench import square_board
from workbench.games.panzer_vor import lint as hex_lint
from workbench.games.panzer_vor.bench.boards import obstructed_map
from workbench.games.tanks import lint as table_lint
from workbench.games.tanks.bench import table
from workbench.games.tanks.boards import table as table_module
from workbench.lint import Checks, LintReport, Work, lint
from workbench.render import svg_of
from workbench.widgets.editor import Editor


@pytest.fixture(scope="module")
def huge_map() -> HexMap:
    return HexMap.blank(1000, 1000, digits=4)  # the issue's: 262 s and 1.2 GB, no refusal


def _no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("a check started")

    for name in ("move_table", "visibility_matrix", "blind_spots", "_edge_ring"):
        monkeypatch.setattr(hex_lint, name, started)


def test_a_huge_map_is_refused_before_any_check_with_the_estimate_and_the_keyword(
    huge_map: HexMap, monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_work(monkeypatch)
    with pytest.raises(ArgumentError) as refused:
        lint(huge_map)
    text = str(refused.value)
    assert text.startswith(
        "board: expected a hex map whose checks (edge hexsides, zones, reach, zones apart)"
    )
    assert "a 1000 x 1000 map of 1,000,000 hexes" in text
    assert "bytes at its peak and" in text and "pass leave_out=" in text
    assert "a larger max_bytes or max_seconds to allow it" in text


def test_the_checks_estimates_add_up_to_more_than_the_bound_on_the_huge_map(
    huge_map: HexMap,
) -> None:
    options = {"mp": 4, "turns": 3, "zones": {}}
    costs = hex_lint.CHECKS.estimate(huge_map, options)
    assert costs["the visibility matrix"].bytes > 10**12  # a byte per pair of a million hexes
    assert costs["reach"].seconds > 60 or costs["reach"].bytes > 2**31


def test_a_board_refused_by_the_bound_is_linted_with_the_keyword() -> None:
    board = obstructed_map(20, 20)
    with pytest.raises(ArgumentError, match=r"max_seconds=1e-05 .*pass leave_out="):
        lint(board, max_seconds=1e-5)
    report = lint(board, max_seconds=None)
    assert report.ran == hex_lint.CHECKS.names and not report.left_out
    assert "exposure" in report.heatmaps


def test_a_check_left_out_for_its_cost_is_named_with_its_estimate_and_keyword() -> None:
    board = HexMap.blank(30, 30)
    whole = lint(HexMap.blank(30, 30))
    assert str(whole) == "no findings" and whole.left_out == ()
    report = lint(board, max_seconds=_essential(board).seconds * 1.01)  # all but exposure
    assert [left.check for left in report.left_out] == ["exposure", "blind spots"]
    assert "exposure" not in report.heatmaps and "reach" in report.ran
    text = str(report)
    assert text.startswith("no findings in the checks run; left out: exposure (would take ~")
    assert "lint(..., max_seconds=" in text and ") runs it" in text
    allowed = float(text.split("max_seconds=")[1].split(")")[0])
    assert "exposure" in lint(HexMap.blank(30, 30), max_seconds=allowed).heatmaps


def test_a_check_left_out_by_option_is_named_and_its_findings_kept_apart() -> None:
    board = HexMap.blank(9, 9)
    board = board.with_terrain({n: "forest" for n in board.hex("0505").neighbors()})
    report = lint(board, leave_out=["blind spots"])
    assert report.of("blind-spot") == () and [f.kind for f in report] == ["unreachable"]
    assert str(report).splitlines()[-1] == "left out: blind spots (by leave_out)"
    assert "blind spots" not in report.ran


def _hex_options(board: HexMap) -> dict[str, object]:
    return {"mp": 4, "turns": 3, "zones": dict(board.zones)}


def _essential(board: HexMap):
    """The estimate of the checks that are not optional (the bound that leaves out exposure)."""
    optional = [c.name for c in hex_lint.CHECKS.checks if c.optional]
    return hex_lint.CHECKS.plan(board, _hex_options(board), 2**40, None, optional)[2]


@pytest.mark.parametrize(
    ("option", "value"),
    [("leave_out", "exposure"), ("leave_out", ["sight"]), ("max_bytes", float("nan")),
     ("max_seconds", -1), ("mp", 0), ("turns", -1), ("zones", {"z": ["9999"]}),
     ("zones", {"z": 5}), ("mp", "4"), ("colour", "red")],
)  # fmt: skip
def test_a_bad_option_is_an_argument_error_naming_it(option: str, value: object) -> None:
    with pytest.raises(ArgumentError, match=f"^{option}: expected") as refused:
        lint(HexMap.blank(5, 5), **{option: value})
    assert refused.value.argument == option


@pytest.mark.parametrize(
    ("board", "option", "value"),
    [(lambda: table(120, 4), "cell_cm", 0.0), (lambda: table(120, 4), "cell_cm", float("inf")),
     (lambda: table(120, 4), "cover_margin", -1.0),
     (lambda: square_board(2, 6), "deployment_rows", 7),
     (lambda: square_board(2, 6), "deployment_rows", 0)],
)  # fmt: skip
def test_the_other_boards_options_are_checked(board, option: str, value: object) -> None:
    with pytest.raises(ArgumentError, match=f"^{option}: expected"):
        lint(board(), **{option: value})


def test_every_board_kinds_optional_checks_are_left_out_past_the_bound() -> None:
    cases = [(square_board(2, 8), square_lint.CHECKS), (table(120, 6), table_lint.CHECKS)]
    for board, checks in cases:
        optional = [c.name for c in checks.checks if c.optional]
        report = lint(board, max_seconds=checks.plan(board, _options_of(board), 2**40, None,
                                                         optional)[2].seconds * 1.01)  # fmt: skip
        assert [left.check for left in report.left_out] == optional
        assert set(report.ran) == set(checks.names) - set(optional)
        assert "left out: " in str(report)


def _options_of(board: object) -> dict[str, object]:
    if isinstance(board, table_module.Table):
        return {"cell_cm": 5.0, "cover_margin": 3.0}
    return {"deployment_rows": 2}


def test_the_reports_picture_says_which_checks_were_left_out() -> None:
    report = lint(HexMap.blank(6, 6), leave_out=["exposure", "blind spots"])
    picture = svg_of(report)
    assert "no findings in the checks run; left out: exposure (by leave_out); blind" in picture


def test_the_editor_lints_within_its_live_bound_and_says_what_was_left_out() -> None:
    board = HexMap.blank(30, 30)
    editor = Editor(board, lint_seconds=_essential(board).seconds * 1.01)
    assert editor.report is not None and "exposure" not in editor.report.heatmaps
    assert "Lint left out: exposure (would take ~" in editor.panel_text
    full = Editor(HexMap.blank(8, 8), lint_seconds=None)
    assert full.report is not None and not full.report.left_out
    assert "left out" not in full.panel_text
    with pytest.raises(ArgumentError, match="lint_seconds"):
        Editor(HexMap.blank(4, 4), lint_seconds=float("nan"))


def test_a_report_made_by_a_plain_linter_still_reads() -> None:
    assert str(LintReport(None)) == "no findings"
    assert LintReport(None).left_out_text == ""


def test_a_check_that_uses_work_it_did_not_declare_is_caught() -> None:
    checks = Checks("test board")
    work = Work("something", lambda board, options: 1, lambda board, options: Cost(0, 0.0))

    @checks.check("sneaky", cost=lambda board, options: Cost(0, 0.0))
    def _sneaky(board, options, found) -> None:
        found.made(work)

    with pytest.raises(RuntimeError, match="without declaring it"):
        checks.run(None, {}, max_bytes=100, max_seconds=None)


# --- the estimates count the work the checks do ------------------------------------------


def _count(monkeypatch, counted: Counter[str], module, name: str, key: str, amount) -> None:
    """Replace ``module.name`` by itself adding ``amount(arguments, answer)`` to
    ``counted[key]`` at each call (the work the call does, counted as it runs)."""
    real = getattr(module, name)

    def counting(*args, **kwargs):
        answer = real(*args, **kwargs)
        counted[key] += amount(args, answer)
        return answer

    monkeypatch.setattr(module, name, counting)


def _counting_hex_work(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    counted: Counter[str] = Counter()
    made = set()

    def new_table(args, table) -> int:  # a table made now, not one cached on the map
        fresh = id(table) not in made
        made.add(id(table))
        return len(args[0].grid) if fresh else 0

    _count(monkeypatch, counted, hex_lint, "move_table", "tables", new_table)
    _count(monkeypatch, counted, hex_lint, "reach_costs", "searched", lambda a, out: len(out))
    _count(monkeypatch, counted, hex_lint, "visibility_matrix", "pairs",
           lambda a, out: out.matrix.size)  # fmt: skip
    return counted


ROOT_MAPS = "maps/panzer-vor"


@pytest.mark.parametrize(
    "make",
    [lambda: HexMap.blank(12, 15), lambda: obstructed_map(20, 24),
     lambda: workbench.load(f"{ROOT_MAPS}/oarai-city.json"),
     lambda: workbench.load(f"{ROOT_MAPS}/scenarios/st-gloriana.json")],
    ids=["blank", "obstructed", "alleys", "scenario"],
)  # fmt: skip
def test_a_hex_maps_estimate_counts_its_checks_work_within_twice(make, monkeypatch) -> None:
    board = make()
    hexmap = hex_lint._hexmap(board)
    zones = (
        {side.name: board.deployment_hexes(side.key) for side in board.sides}
        if hexmap is not board
        else dict(hexmap.zones)
    )
    units = hex_lint.work_units(board, {"zones": {k: v for k, v in zones.items() if v}})
    counted = _counting_hex_work(monkeypatch)
    lint(board)
    assert counted["pairs"] == units["pairs"]
    assert counted["tables"] == units["tables"]
    assert units["searched"] / 2 <= counted["searched"] <= units["searched"], (counted, units)


def test_a_square_boards_estimate_counts_its_checks_work(monkeypatch) -> None:
    board = square_board(3, 7)  # 21 x 21 squares, a tenth of them buildings
    units = square_lint.work_units(board, {"deployment_rows": 2})
    counted: Counter[str] = Counter()

    def across(args, clear) -> int:
        a, b = args[1], args[2]
        counted["lines"] += 1
        return abs(b.x - a.x) + abs(b.y - a.y) + 1

    _count(monkeypatch, counted, square_lint, "reach", "searched", lambda a, out: len(out))
    _count(monkeypatch, counted, square_lint, "line_clear", "traced", across)
    lint(board)
    assert units["squares"] <= counted["searched"] <= 2 * units["squares"]
    assert units["lines"] * 0.7 <= counted["lines"] <= units["lines"]
    assert units["traced"] * 0.7 <= counted["traced"] <= units["traced"] * 1.1, (counted, units)


@pytest.mark.parametrize("pieces", [0, 6, 20])
def test_a_tables_estimate_counts_its_checks_work(pieces: int, monkeypatch) -> None:
    board = table(120, pieces, seed=pieces)
    options = {"cell_cm": 10.0, "cover_margin": 3.0}
    units = table_lint.work_units(board, options)
    counted: Counter[str] = Counter()

    def met(args, clear) -> int:  # the pieces blocking sight the lines from a point meet
        start, ends, blockers = args
        counted["pairs"] += len(ends)
        if not blockers:
            return 0
        lines = shapely.linestrings([[start, end] for end in ends])
        tree = shapely.STRtree(np.asarray(blockers, dtype=object))
        return tree.query(lines, predicate="intersects").shape[1]

    _count(monkeypatch, counted, table_lint, "sample_points", "points", lambda a, out: len(out))
    _count(monkeypatch, counted, table_module, "lines_clear", "hits", met)
    lint(board, **options)
    assert units["points"] * 0.9 <= counted["points"] <= min(units["points"] * 1.1, units["cells"])
    assert (
        units["pairs"] * 0.8 <= counted["pairs"] == counted["points"] ** 2 <= units["pairs"] * 1.2
    )
    assert counted["hits"] / 2 <= units["hits"] <= max(counted["hits"] * 2, 0), (counted, units)
