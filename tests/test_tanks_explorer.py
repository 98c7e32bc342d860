"""The TANKS explorer driven without a browser: clicks in, panel text and canvas messages out."""

from collections import Counter
from pathlib import Path

import pytest

from tests.tanks_pieces import rulebook_example
from workbench.errors import ArgumentError
from workbench.games.tanks.widgets.explorer import TanksExplorer
from workbench.render.canvas import GROUPS

ROOT = Path(__file__).resolve().parents[1]
BARKMANN = ROOT / "maps/tanks/barkmanns-corner.json"


def test_it_opens_a_table_file_or_a_battle():
    explorer = TanksExplorer(BARKMANN)
    assert explorer.state.tanks[0].id == "Panther G1"
    assert "click a tank" in repr(explorer) and "0x" not in repr(explorer)
    assert TanksExplorer(rulebook_example()).state.tank("Sherman").speed == 2
    with pytest.raises(ArgumentError, match="board: expected"):
        TanksExplorer(42)  # type: ignore[arg-type]


def test_click_a_tank_then_a_placement_then_an_enemy(sent):
    explorer = TanksExplorer(rulebook_example())
    assert len(sent) == 1 and Counter(sent[0])["switchCanvas"] == len(GROUPS)
    sent.clear()
    x, y = explorer.scene.pixel_of(explorer.state.tank("Panther").hull.centre)
    explorer.click(x, y)
    assert explorer.selected == "Panther" and explorer.sweep is not None
    assert "placements of the display sample" in explorer.panel_text
    assert len(sent) == 1 and Counter(sent[0])["switchCanvas"] == 2, "only the overlay layers"
    _, hull = explorer.sweep.options[0]
    explorer.click_at(*hull.centre)
    assert explorer.preview is not None and explorer.preview[1].legal
    assert "Preview: legal move" in explorer.panel_text
    assert "Panther moves to" in explorer.panel_text
    explorer.click_at(*explorer.state.tank("Sherman").hull.centre)
    assert explorer.target == "Sherman"
    text = explorer.panel_text
    assert "Panther sees 100% of Sherman" in text and "(Shooting: Close Range)" in text
    assert "Outcome after defence (5 Attack v 4 Defence dice)" in text
    assert "1 damage, 1 critical:" in text
    explorer.click_at(80, 80)
    assert explorer.selected is None and "Click a tank" in explorer.panel_text
