"""How a TANKS table prints (:mod:`workbench.render.pdf`): at ``table_scale``, a board unit
being a centimetre of the table."""

from __future__ import annotations

from workbench.games.tanks.boards.table import Table
from workbench.render.pdf import PrintScale, Sizes, print_scale


@print_scale.register
def _table(board: Table, sizes: Sizes) -> PrintScale:
    scale = sizes.table_scale
    return PrintScale(board, 10.0 * scale, f"table at scale {scale:g} (1 cm = {10 * scale:g} mm)")
