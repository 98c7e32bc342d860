"""The all-pairs visibility matrix agrees with line_of_sight on every pair."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from panzer_vor_pieces import board

from workbench.boards.hexmap import HexMap
from workbench.games.panzer_vor.rules.sight import line_of_sight
from workbench.games.panzer_vor.rules.visibility import visibility_matrix

KINDS = ["clear"] * 6 + ["forest", "hill", "ridge", "alley", "forest path", "church"]


@pytest.mark.parametrize("seed", range(4))
def test_matrix_matches_line_of_sight_on_random_maps(seed):
    rng = random.Random(seed)
    hexmap = board(7, 9)
    cells = list(hexmap.grid)
    hexmap = hexmap.with_terrain({h: rng.choice(KINDS) for h in cells})
    for a in rng.sample(cells, 8):
        hexmap = hexmap.with_hexside(a, rng.choice(hexmap.grid.neighbors(a)), "white")
    seen = visibility_matrix(hexmap)
    for a in cells:
        for b in cells:
            assert seen.sees(a, b) == line_of_sight(hexmap, a, b).clear, (a, b)


def test_counts_say_how_many_hexes_each_hex_sees():
    hexmap = board(5, 5, forest=["0303"])
    seen = visibility_matrix(hexmap)
    hidden = [hexmap.grid.label(h) for h in hexmap.grid if not seen.sees("0101", h)]
    assert hidden == ["0404", "0405", "0504", "0505"]  # behind the forest, seen from a corner
    assert seen.counts()[hexmap.hex("0101")] == 24 - len(hidden)


LAYOUTS = [{"orientation": o, "shifted": p} for o in ("pointy", "flat") for p in ("odd", "even")]


@settings(max_examples=25)
@given(
    layout=st.sampled_from(LAYOUTS),
    rows=st.integers(1, 6),
    cols=st.integers(1, 7),
    seed=st.integers(0, 10**6),
)
def test_matrix_matches_line_of_sight_on_every_layout(layout, rows, cols, seed):
    """Flat-top grids have axial rows of different lengths; hills see hills across hills;
    white hexsides block fire between neighbours and across the map."""
    rng = random.Random(seed)
    hexmap = HexMap.blank(rows, cols, **layout)
    cells = list(hexmap.grid)
    hexmap = hexmap.with_terrain({h: rng.choice(KINDS) for h in cells})
    for a in rng.sample(cells, min(len(cells), 6)):
        if hexmap.grid.neighbors(a):
            hexmap = hexmap.with_hexside(a, rng.choice(hexmap.grid.neighbors(a)), "white")
    seen = visibility_matrix(hexmap)
    assert seen.hexes == tuple(hexmap.grid)
    for a in cells:
        for b in cells:
            assert seen.sees(a, b) == line_of_sight(hexmap, a, b).clear, (a, b)


def test_a_large_map_agrees_with_line_of_sight_on_sampled_pairs():
    """60 × 80 holds a row of hexes in two 64-bit words; most sampled pairs are far apart."""
    rng = random.Random(5)
    hexmap = HexMap.blank(60, 80)
    cells = list(hexmap.grid)
    hexmap = hexmap.with_terrain({h: rng.choice(KINDS) for h in rng.sample(cells, 1500)})
    for a in rng.sample(cells, 60):
        hexmap = hexmap.with_hexside(a, rng.choice(hexmap.grid.neighbors(a)), "white")
    seen = visibility_matrix(hexmap)
    for _ in range(300):
        a, b = rng.choice(cells), rng.choice(cells)
        assert seen.sees(a, b) == line_of_sight(hexmap, a, b).clear, (a, b)
