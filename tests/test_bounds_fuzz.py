"""Bounded work under random sizes and options: lint of hex maps, scenarios, square boards
and tables, the visibility matrix and TANKS' target heatmaps, each called with random board
sizes, bounds and option values (good and bad). Each call answers or raises the workbench's
own error (a ``WorkbenchError``), never another exception, and ends before a deadline set
from the time bound it was given: an estimate that let through work far past its bound would
hang here. A report names every check as run or left out, and says so.

``WORKBENCH_BOUNDS_FUZZ_EXAMPLES`` sets the calls of each kind (``make soak`` raises it);
``make test`` makes the same small sample every time.
"""

from __future__ import annotations

import math
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import workbench
import workbench.tanks as tanks
from workbench.boards import HexMap
from workbench.errors import WorkbenchError
from workbench.games.panzer_strike import lint as square_lint
from workbench.games.panzer_strike.bench import square_board
from workbench.games.panzer_vor import lint as hex_lint
from workbench.games.panzer_vor.bench.boards import obstructed_map
from workbench.games.panzer_vor.rules.visibility import visibility_matrix
from workbench.games.tanks import lint as table_lint
from workbench.games.tanks.bench import table
from workbench.lint import LintReport, lint

EXAMPLES = int(os.environ.get("WORKBENCH_BOUNDS_FUZZ_EXAMPLES", "12"))
SOAK = "WORKBENCH_BOUNDS_FUZZ_EXAMPLES" in os.environ
SLACK = 20.0  # seconds past the bound a call may take on the busy shared machine

SECONDS = [1e-6, 0.01, 0.1, 0.5, 1.0]
BAD = [float("nan"), float("inf"), -1, 0, "1", True, None, 10**30, [], 2.5]
MAX_BYTES = st.sampled_from([0, 1000, 10**6, 10**8, 2**31, float("nan"), -1, "big", 2.5])


class Overran(Exception):
    """A call ran past its deadline."""


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    def overran(signum: int, frame: Any) -> None:
        raise Overran(f"still running after {seconds:.1f} s")

    previous = signal.signal(signal.SIGALRM, overran)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _answers(call: Callable[[], Any], max_seconds: object, slack: float = SLACK) -> Any:
    """The call's answer, or None when it raised the workbench's own error; within three
    times ``max_seconds`` (when it is a bound; else 1 s) and the ``slack``."""
    bound = max_seconds if isinstance(max_seconds, float) and math.isfinite(max_seconds) else 1.0
    try:
        with deadline(bound * 3 + slack):
            return call()
    except WorkbenchError:
        return None


def _check_report(report: Any, names: tuple[str, ...]) -> None:
    if report is None:
        return
    assert isinstance(report, LintReport)
    left = [leftout.check for leftout in report.left_out]
    assert sorted([*report.ran, *left]) == sorted(names) and not set(report.ran) & set(left)
    text = str(report)
    assert ("left out: " in text) == bool(left)
    assert text != "no findings" or not left


FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
    derandomize=not SOAK,
)
TIME = st.sampled_from(SECONDS) | st.sampled_from(BAD)
LEAVE_OUT = st.sampled_from([(), ["exposure"], ["reach", "zones"], "exposure", ["x"], 5])


@st.composite
def hex_maps(draw: st.DrawFn) -> HexMap:
    if draw(st.integers(0, 9)) == 0:  # large, blank (an obstructed one takes long to make)
        rows, cols = draw(st.sampled_from([(300, 300), (150, 400), (999, 3)]))
        return HexMap.blank(rows, cols, digits=3)
    rows, cols = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    if rows >= 2 and cols >= 2 and draw(st.booleans()):
        return obstructed_map(rows, cols, seed=draw(st.integers(0, 5)))
    return HexMap.blank(rows, cols, digits=3)


@FUZZ
@given(
    board=hex_maps(), max_seconds=TIME, max_bytes=MAX_BYTES, leave_out=LEAVE_OUT,
    mp=st.sampled_from([None, 1, 4, 100, 0, -3, 2.5, "4"]),
    turns=st.sampled_from([0, 3, 10**6, -1, 1.5]),
)  # fmt: skip
def test_lint_of_a_random_hex_map_answers_or_refuses_in_time(
    board, max_seconds, max_bytes, leave_out, mp, turns
) -> None:
    options = dict(max_seconds=max_seconds, max_bytes=max_bytes, leave_out=leave_out, mp=mp,
                   turns=turns)  # fmt: skip
    report = _answers(lambda: lint(board, **options), max_seconds)
    _check_report(report, hex_lint.CHECKS.names)


SCENARIOS = ["mock-battle", "st-gloriana", "test-your-luck", "anzio-revised"]


@FUZZ
@given(name=st.sampled_from(SCENARIOS), max_seconds=TIME, leave_out=LEAVE_OUT)
def test_lint_of_a_scenario_answers_or_refuses_in_time(name, max_seconds, leave_out) -> None:
    scenario = workbench.load(f"maps/panzer-vor/scenarios/{name}.json")
    report = _answers(lambda: lint(scenario, max_seconds=max_seconds, leave_out=leave_out),
                      max_seconds)  # fmt: skip
    _check_report(report, hex_lint.SCENARIO_CHECKS.names)


@FUZZ
@given(
    tiles=st.integers(1, 4), size=st.integers(1, 12), max_seconds=TIME, max_bytes=MAX_BYTES,
    rows=st.sampled_from([1, 2, 3, 0, -1, 40, 2.0, "2"]),
    leave_out=st.sampled_from([(), ["lines of fire"], ["flags", "reach"], ["exposure"]]),
)  # fmt: skip
def test_lint_of_a_random_square_board_answers_or_refuses_in_time(
    tiles, size, max_seconds, max_bytes, rows, leave_out
) -> None:
    board = square_board(tiles, size)
    options = dict(max_seconds=max_seconds, max_bytes=max_bytes, deployment_rows=rows,
                   leave_out=leave_out)  # fmt: skip
    report = _answers(lambda: lint(board, **options), max_seconds)
    _check_report(report, square_lint.CHECKS.names)


@FUZZ
@given(
    side=st.integers(24, 400), pieces=st.integers(0, 8), max_seconds=TIME, max_bytes=MAX_BYTES,
    cell=st.sampled_from([5.0, 10.0, 30.0, 0.5, 1e-9, 0.0, -1.0, float("nan"), 1e9, "5"]),
    margin=st.sampled_from([3.0, 0.0, 50.0, -1.0, 1e9, float("inf")]),
    leave_out=st.sampled_from([(), ["sight"], ["cover", "sight"], ["reach"]]),
)  # fmt: skip
def test_lint_of_a_random_table_answers_or_refuses_in_time(
    side, pieces, max_seconds, max_bytes, cell, margin, leave_out
) -> None:
    board = table(side, min(pieces, (side // 24) ** 2))
    options = dict(max_seconds=max_seconds, max_bytes=max_bytes, cell_cm=cell,
                   cover_margin=margin, leave_out=leave_out)  # fmt: skip
    report = _answers(lambda: lint(board, **options), max_seconds)
    _check_report(report, table_lint.CHECKS.names)


@FUZZ
@given(board=hex_maps(), max_seconds=TIME, max_bytes=MAX_BYTES)
def test_a_random_visibility_matrix_answers_or_refuses_in_time(board, max_seconds, max_bytes):
    matrix = _answers(
        lambda: visibility_matrix(board, max_bytes=max_bytes, max_seconds=max_seconds),
        max_seconds,
    )
    assert matrix is None or matrix.matrix.shape == (len(board.grid),) * 2


# the tanks deployed at once (deployment is played by default since issue 49)
BATTLE = tanks.start(tanks.load_scenario(next(iter(tanks.scenarios()))), {"deployment": "quick"})


@FUZZ
@given(
    step=st.sampled_from([0.05, 0.3, 1.0, 3.0, 10.0, 0.0, -1.0, float("nan"), 1e9, "1", True]),
    max_seconds=TIME, max_bytes=MAX_BYTES,
    pair=st.sampled_from([(0, 1), (1, 0), (0, 0)]),
)  # fmt: skip
def test_random_target_heatmaps_answer_or_refuse_in_time(step, max_seconds, max_bytes, pair):
    a, b = (BATTLE.tanks[i].id for i in pair)
    maps = _answers(
        lambda: tanks.target_heatmaps(
            BATTLE, a, b, step, max_bytes=max_bytes, max_seconds=max_seconds
        ),
        max_seconds,
    )
    assert maps is None or maps.seen.size == maps.shape[0] * maps.shape[1]


def _endless() -> None:
    while True:
        pass


def test_the_deadline_catches_a_call_that_overruns() -> None:
    with pytest.raises(Overran):
        _answers(_endless, 0.001, slack=0.1)
