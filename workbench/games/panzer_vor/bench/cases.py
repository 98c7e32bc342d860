"""What Panzer Vor! gives the generic benchmarks (``workbench.testing.bench_cases``): its hex
maps and scenarios for lint's estimates, the practice game's Mock Battle for the balance
lab's sweep, and a 30 × 40 board of 40 tanks for the browser's click."""

from __future__ import annotations

from workbench.boards import HexMap
from workbench.files import load
from workbench.games.panzer_vor import lint as hex_lint
from workbench.games.panzer_vor.bench.boards import battle, obstructed_map
from workbench.games.panzer_vor.rules import movement
from workbench.games.panzer_vor.rules.state import GameState
from workbench.games.panzer_vor.widgets.explorer import Explorer
from workbench.paths import MAPS
from workbench.testing.bench_cases import (
    ClickCase,
    LessonCase,
    LintSamples,
    Pixel,
    Sample,
    Sweep,
)


def _zoned(side: int) -> HexMap:
    board = HexMap.blank(side, side, digits=3)
    for i, col in enumerate((1, side // 3, 2 * side // 3, side)):
        board = board.with_zone(f"zone {i}", [board.grid.from_offset(col - 1, 0)])
    return board


def lint_samples(quick: bool) -> list[Sample]:
    """Hex maps and scenarios, from tiny to the files' largest (200 × 200)."""
    found: list[Sample] = [
        ("blank 10 x 10", lambda: HexMap.blank(10, 10), hex_lint.CHECKS, {}),
        ("obstructed 30 x 40", lambda: obstructed_map(30, 40), hex_lint.CHECKS, {}),
        ("Ōarai city (alleys)", lambda: load(MAPS / "panzer-vor" / "oarai-city.json"),
         hex_lint.CHECKS, {}),
        ("St. Gloriana (scenario)",
         lambda: load(MAPS / "panzer-vor" / "scenarios" / "st-gloriana.json"),
         hex_lint.SCENARIO_CHECKS, {}),
        ("obstructed 60 x 60", lambda: obstructed_map(60, 60), hex_lint.CHECKS, {}),
    ]  # fmt: skip
    if quick:
        return found
    return [
        *found,
        ("obstructed 120 x 120", lambda: obstructed_map(120, 120), hex_lint.CHECKS, {}),
        ("obstructed 200 x 200 (exposure left out)", lambda: obstructed_map(200, 200),
         hex_lint.CHECKS, {"leave_out": ["exposure", "blind spots"]}),
        ("blank 200 x 200 with 4 zones", lambda: _zoned(200), hex_lint.CHECKS, {}),
    ]  # fmt: skip


LINT_SAMPLES = LintSamples("hex maps and scenarios", 86, hex_lint.CHECKS, lint_samples)

SWEEP = Sweep(
    "panzer-vor-practice", "mock-battle", {"turn_limit": 10}, "Mock Battle practice games"
)


def _state() -> GameState:
    return battle(obstructed_map(30, 40, share=0.15, seed=3), 40, seed=7)


def click_board() -> Explorer:
    """The explorer the browser clicks in: a 30 × 40 board, 40 tanks."""
    return Explorer(_state(), size=20)


def click_geometry() -> tuple[Pixel, Pixel, Pixel]:
    """The firer's counter, a neighbouring hex it can reach, and far empty ground, in pixels."""
    state = _state()
    explorer = Explorer(state, size=20)
    firer = state.tank("Firer")
    reach = movement.reach(state, "Firer").hex_costs()
    near = next(h for h in firer.hex.neighbors() if h in reach and state.tank_at(h) is None)
    occupied = {t.hex for t in state.tanks}
    empty = next(
        h
        for h in reversed(list(state.map.grid))
        if h not in reach and h not in occupied and h.distance(firer.hex) > 10
    )
    # Just beside the neighbour's centre (its MP number is drawn at the centre).
    nx, ny = explorer.scene.pixel_of(near)
    return explorer.scene.pixel_of(firer.hex), (nx - 6, ny + 4), explorer.scene.pixel_of(empty)


CLICK = ClickCase(f"from {__name__} import click_board\nclick_board()", click_geometry)

TWELVE = (  # twelve questions: every kind, three of them answered by places
    ("reach", 0), ("reach", 1), ("reach", 2), ("move", 0), ("move", 1), ("sight", 0),
    ("sight", 1), ("armour", 0), ("to-hit", 0), ("to-hit", 1), ("to-hit-odds", 0), ("card", 0),
)  # fmt: skip
LESSONS = (  # the exported lessons measured: twelve of every kind, and the first chapter
    LessonCase("Panzer Vor!, every kind", "panzer-vor", questions=TWELVE),
    LessonCase("Panzer Vor! Moving", "panzer-vor", "Moving", sized=False, painted=True),
)
