"""Calls whose cost grows with their input estimate it first and refuse past a documented
default, saying the estimate and how to allow more; each estimate is checked within 2x of
the measured peak (the long measures run in ``make soak``)."""

from __future__ import annotations

import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

import workbench
import workbench.panzer_strike as ps
import workbench.tanks as tanks
from workbench.boards.hexmap import HexMap
from workbench.errors import ArgumentError
from workbench.lint import hexmap as lint_hexmap_module
from workbench.rules.panzer_vor.visibility import (
    MAX_MATRIX_BYTES,
    visibility_matrix,
    visibility_peak,
)
from workbench.rules.tanks.sight import HEATMAP_BYTES_PER_CELL, heatmap_cells

ROOT = Path(__file__).resolve().parents[1]


def _battle():
    return tanks.start(tanks.load_scenario(next(iter(tanks.scenarios()))))


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), "1e9", True, -1, 2.5])
def test_visibility_max_bytes_is_a_whole_number_of_bytes(bad):
    # the issue: max_bytes=float("nan") slipped past the guard
    with pytest.raises(ArgumentError, match="max_bytes"):
        visibility_matrix(HexMap.blank(4, 4), max_bytes=bad)


def test_visibility_refuses_past_its_peak_estimate_by_default_saying_how_to_allow_more():
    side = next(s for s in range(100, 300) if visibility_peak(s * s) > MAX_MATRIX_BYTES)
    with pytest.raises(ArgumentError) as refused:
        visibility_matrix(HexMap.blank(side, side, digits=3))
    text = str(refused.value)
    assert f"{visibility_peak(side * side):,} bytes at its peak" in text and "max_bytes" in text
    assert 150 <= side <= 200  # the default allows the loader's maps up to about 170 x 170


def _check_visibility_estimate(side: int) -> None:
    board = HexMap.blank(side, side)
    tracemalloc.start()
    try:
        visibility_matrix(board)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    estimate = visibility_peak(len(board.grid))
    assert peak / 2 <= estimate <= peak * 2, (estimate, peak)


def test_visibility_peak_estimate_is_within_twice_the_traced_peak():
    _check_visibility_estimate(40)  # the estimate holds from 40 x 40 up (smaller maps need less)


def test_blind_spots_in_bands_find_what_the_whole_matrix_finds(monkeypatch):
    board = HexMap.blank(9, 9).with_terrain({"0505": "forest", "0305": "forest", "0504": "forest"})
    whole = lint_hexmap_module.blind_spots(board)
    monkeypatch.setattr(lint_hexmap_module, "FAR_CHUNK", 7)  # bands of one row
    board_again = HexMap.blank(9, 9).with_terrain(
        {"0505": "forest", "0305": "forest", "0504": "forest"}
    )
    assert lint_hexmap_module.blind_spots(board_again) == whole


def test_lint_leaves_out_exposure_past_its_bound_with_a_note(monkeypatch):
    report = workbench.lint(HexMap.blank(12, 12), max_bytes=1000)
    assert "exposure" not in report.heatmaps
    assert any("left out" in str(n) and "max_bytes" in str(n) for n in report.notes)
    assert "exposure" in workbench.lint(HexMap.blank(12, 12)).heatmaps


@pytest.mark.parametrize("step", [0.03, 0.0, -1.0, float("nan"), float("inf"), 10**4])
def test_heatmaps_refuse_a_step_past_their_bound_or_out_of_range(step):
    # the issue: step=0.03 took 49 s and 7.9 GB
    battle = _battle()
    a, b = (t.id for t in battle.tanks[:2])
    with pytest.raises(ArgumentError, match="step"):
        tanks.target_heatmaps(battle, a, b, step)


def test_heatmaps_say_their_estimate_and_allow_more_by_max_bytes():
    battle = _battle()
    a, b = (t.id for t in battle.tanks[:2])
    with pytest.raises(ArgumentError, match=r"8,100 cells fit in max_bytes=1,000 .*7,290,000"):
        tanks.target_heatmaps(battle, a, b, 1.0, max_bytes=1000)
    assert tanks.target_heatmaps(battle, a, b, 3.0).seen.size == heatmap_cells(battle.table, 3.0)


def test_trajectory_squares_must_be_on_the_board():
    # the issue: Square(10**6, 10**6) took 9 s and 827 MB, off-board squares accepted
    match = ps.start(ps.load_scenario("capture-the-flag"))
    with pytest.raises(ArgumentError, match="target: expected a square on the"):
        ps.trajectory(match, ps.Square(0, 0), ps.Square(10**6, 10**6))
    with pytest.raises(ArgumentError, match="firer"):
        ps.trajectory(match, ps.Square(-1, 0), ps.Square(1, 1))


MEASURE_HEATMAPS = """
import json, os, resource, sys
import workbench.tanks as tanks
battle = tanks.start(tanks.load_scenario(next(iter(tanks.scenarios()))))
a, b = (t.id for t in battle.tanks[:2])
with open("/proc/self/statm") as statm:  # resident now, in pages
    before = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
tanks.target_heatmaps(battle, a, b, float(sys.argv[1]))
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps(peak - before))
"""


@pytest.mark.soak
@pytest.mark.parametrize("step", [0.3])
def test_heatmaps_peak_estimate_is_within_twice_the_measured_peak(step):
    # shapely's geometries live outside Python's allocator: resident memory of a fresh process
    out = subprocess.run(
        [sys.executable, "-c", MEASURE_HEATMAPS, str(step)],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    grown = json.loads(out.stdout)
    estimate = heatmap_cells(_battle().table, step) * HEATMAP_BYTES_PER_CELL
    assert grown / 2 <= estimate <= grown * 2, (estimate, grown)


@pytest.mark.soak
def test_visibility_peak_estimate_holds_on_a_large_map():
    _check_visibility_estimate(90)
