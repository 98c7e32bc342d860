"""Benchmarks 40 and 41: TANKS on the open table: the 8,100-position cover heatmap and the
exact odds of one shot, each against a plain reference measured in the same run."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import numpy as np

from workbench.files import load
from workbench.games.tanks import lint as table_lint
from workbench.games.tanks.boards.cards import tanks_cards
from workbench.games.tanks.boards.table import Table, TerrainPiece
from workbench.games.tanks.rules import shooting
from workbench.games.tanks.rules.criticals import full_deck
from workbench.games.tanks.rules.setup import quick_deploy
from workbench.games.tanks.rules.sight import heatmaps, heatmaps_reference
from workbench.games.tanks.rules.state import Battle
from workbench.paths import MAPS
from workbench.testing.bench_cases import LearningCase, LessonCase, LintSamples, Sample
from workbench.testing.timing import Result, median_seconds, once_seconds


def _battle() -> Battle:
    """The standard set-up pieces (two woods, four buildings) and four tanks a side."""
    pieces = [
        TerrainPiece.box("North wood", "woods", 38, 20, 16, 14),
        TerrainPiece.box("South wood", "woods", 20, 55, 14, 16),
        TerrainPiece.box("Farmhouse", "building", 60, 40, 10, 8),
        TerrainPiece.box("Barn", "building", 20, 30, 9, 7),
        TerrainPiece.box("Cottage", "building", 55, 62, 8, 8),
        TerrainPiece.box("Chapel", "building", 40, 45, 6, 6),
    ]
    table = Table("benchmark table", pieces=tuple(pieces))
    cards = tanks_cards()
    german = quick_deploy(
        table, "north", [cards[n] for n in ("Panther", "Panther", "Panzer IV", "StuG G")], "German"
    )
    american = quick_deploy(table, "south", [cards[n] for n in ("Sherman (75mm)",) * 4], "American")
    return Battle(
        table, (*german, *american), "German", "American", phase="shooting", deck=full_deck()
    )


def cover_heatmap() -> Result:
    b = _battle()
    shooter, target = b.tanks[0], b.tanks[4]
    maps = heatmaps(b.table, b.tanks, shooter, target)
    warm = median_seconds(lambda: heatmaps(b.table, b.tanks, shooter, target), repeat=5)
    rng = np.random.default_rng(7)
    sample = rng.choice(np.flatnonzero(maps.placeable), 300, replace=False)
    answers: dict = {}
    seconds = once_seconds(
        lambda: answers.update(
            heatmaps_reference(b.table, b.tanks, shooter, target, maps.centres[sample])
        )
    )
    for name in ("seen", "in_cover", "close", "side"):
        if getattr(maps, name)[sample].tolist() != answers[name]:
            raise AssertionError(f"heatmap and reference disagree on {name}")
    reference = seconds * len(maps.centres) / len(sample)
    return Result(
        50, "TANKS heatmaps (seen, cover, close, side), 8,100 1-cm positions", warm, 0.300,
        "one position at a time through line_of_sight, cover, close_range, side_shot "
        "(300 sampled, scaled)",
        reference,
        f"{int(maps.placeable.sum()):,} positions where the hull may stand; 6 pieces, 8 tanks",
    )  # fmt: skip


def _clear_odds_caches() -> None:
    for f in (
        shooting.rolls,
        shooting._categories,
        shooting._left,
        shooting.attack_outcomes,
        shooting.after_defence,
    ):
        f.cache_clear()


def one_shot_odds() -> Result:
    b = _battle()
    shooter, target = next(
        (s.id, t.id) for s in b.tanks for t in b.tanks
        if s.side == "German" and t.side != s.side and shooting.pools(b, s.id, t.id).can_shoot
    )  # fmt: skip

    def cold() -> Any:
        _clear_odds_caches()
        return shooting.dice_odds(b, shooter, target)

    odds = cold()
    p = shooting.pools(b, shooter, target)
    plain = shooting.plain_shot_distribution(p.attack, p.defence, p.stationary, False, False)
    if odds.distribution != plain or sum(plain.values()) != Fraction(1):
        raise AssertionError("dice_odds and the brute-force reference disagree")
    seconds = median_seconds(cold, repeat=15)
    warm = median_seconds(lambda: shooting.dice_odds(b, shooter, target), repeat=15)
    reference = median_seconds(
        lambda: (
            shooting.pools(b, shooter, target),
            shooting.plain_shot_distribution(p.attack, p.defence, p.stationary, False, False),
        ),
        repeat=3,
    )
    random.seed(0)
    return Result(
        51, f"TANKS dice_odds, {p.attack} Attack v {p.defence} Defence dice, stationary (re-roll)",
        seconds, 0.005,
        "the same pools, then every face of every die enumerated (brute force, fractions)",
        reference,
        f"caches cleared before each run; warm (cached distributions) {warm * 1000:.2f} ms",
    )  # fmt: skip


BENCHMARKS = (cover_heatmap, one_shot_odds)


def table(side: float, pieces: int, seed: int = 1) -> Table:
    """A ``side`` cm square table with ``pieces`` woods and buildings of 6 to 18 cm, each in
    its own 24 cm slot (pieces may not overlap)."""
    rng = random.Random(seed)
    slots = int(side // 24)
    placed = []
    for i, slot in enumerate(rng.sample(range(slots * slots), pieces)):
        w, d = rng.uniform(6, 18), rng.uniform(6, 18)
        x, y = (
            24 * (slot % slots) + rng.uniform(0, 24 - w),
            24 * (slot // slots) + rng.uniform(0, 24 - d),
        )
        kind = rng.choice(["woods", "building"])
        placed.append(TerrainPiece.box(f"piece {i}", kind, x, y, w, d))
    return Table(f"{side:g} cm", side, side, tuple(placed))


def lint_samples(quick: bool) -> list[Sample]:
    """Tables, from the shipped Barkmann's Corner to the files' largest (1,000 cm)."""
    found: list[Sample] = [
        ("Barkmann's Corner", lambda: load(MAPS / "tanks" / "barkmanns-corner.json"),
         table_lint.CHECKS, {}),
        ("120 cm, 20 pieces", lambda: table(120, 20), table_lint.CHECKS, {}),
    ]  # fmt: skip
    if quick:
        return found
    return [
        *found,
        ("300 cm, 60 pieces, 10 cm cells", lambda: table(300, 60), table_lint.CHECKS,
         {"cell_cm": 10.0}),
        ("1,000 cm, 200 pieces, 40 cm cells", lambda: table(1000, 200), table_lint.CHECKS,
         {"cell_cm": 40.0}),
    ]  # fmt: skip


LINT_SAMPLES = LintSamples("TANKS tables", 88, table_lint.CHECKS, lint_samples)

LESSONS = (LessonCase("TANKS Firing", "tanks", "Firing"),)  # 12 questions: the exported lesson

LEARNING = LearningCase(
    "tanks", "standard-table", {"turn_limit": 3}
)  # benchmarks/dqn.py trains on it
