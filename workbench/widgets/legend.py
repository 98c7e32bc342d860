"""A board's legend as a section that folds away: what the teacher app (or a notebook) places
beside a board. The picture is :func:`workbench.render.legend_of`'s; this module only wraps it.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from workbench.render import legend_of


def legend_widget(value: Any, *, title: str = "Legend", **options: Any) -> widgets.Accordion:
    """The legend of a board or game state (terrain, zones, sides, markers) in a folded
    section called ``title``: one click opens it. ``options`` go to
    :func:`~workbench.render.legend_of` (``theme``, ``width``, ``size``)."""
    picture = widgets.HTML(legend_of(value, **options).svg())
    return widgets.Accordion(children=[picture], titles=(title,), selected_index=None)


__all__ = ["legend_widget"]
