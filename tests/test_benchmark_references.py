"""The straightforward references the benchmarks time against must give the rules' answers
(a benchmark checks its sample before timing; these keep the references right between full
``make bench`` runs)."""

from __future__ import annotations

import random

import pytest

from workbench.games.panzer_vor.bench.boards import obstructed_map
from workbench.games.panzer_vor.bench.reference import sees
from workbench.games.panzer_vor.rules.sight import line_of_sight
from workbench.games.panzer_vor.rules.visibility import visibility_matrix
from workbench.geometry.hexgrid import Hex


def test_the_line_of_sight_reference_blocks_at_a_white_hexsides_middle_near_corners():
    # Rules correction 1: a line crossing a white hexside through its middle is blocked, also
    # when the same line passes corners near it (here: corners of 0812 and 1014)
    hexmap = obstructed_map(16, 17)
    a, b = Hex(5, 7), Hex(10, 9)
    label = hexmap.grid.label
    assert not line_of_sight(hexmap, label(a), label(b)).clear
    assert not sees(hexmap, a, b) and not sees(hexmap, b, a)


@pytest.mark.parametrize("count", [200, pytest.param(600, marks=pytest.mark.soak)])
def test_the_line_of_sight_reference_agrees_with_the_matrix_on_sampled_pairs(count):
    for seed in (1, 5):
        hexmap = obstructed_map(16, 17, seed=seed)
        matrix = visibility_matrix(hexmap)
        rng = random.Random(seed)
        hexes = list(hexmap.grid)
        pairs = [(rng.choice(hexes), rng.choice(hexes)) for _ in range(count)]
        assert [sees(hexmap, a, b) for a, b in pairs] == [matrix.sees(a, b) for a, b in pairs]
