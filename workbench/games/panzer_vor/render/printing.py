"""How a Panzer Vor! scenario prints (:mod:`workbench.render.pdf`): its map, as a hex map
prints."""

from __future__ import annotations

from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.render.pdf import PrintScale, Sizes, print_scale


@print_scale.register
def _scenario(scenario: PanzerVorScenario, sizes: Sizes) -> PrintScale:
    return print_scale(scenario.hexmap, sizes)
