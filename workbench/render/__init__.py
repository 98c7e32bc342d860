"""Pictures of boards and analyses: scene builders, themes and the SVG, PNG and canvas backends.

``show(obj)`` picks the builder by the object's type and returns a picture that notebooks
display as SVG; ``legend_of(obj)`` is its legend as a picture of its own; ``svg_of(obj)``
gives the SVG text, so a rules value can offer itself to
Jupyter with a lazy one-liner (python-chess style)::

    def _repr_svg_(self) -> str:
        from workbench.render import svg_of
        return svg_of(self)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from workbench.bounds import MAX_BYTES, MAX_SECONDS
from workbench.discovery import import_all, import_new, parts
from workbench.render.fitting import NOTEBOOK_WIDTH, fit_size
from workbench.render.legend import legend_scene
from workbench.render.scene import Scene
from workbench.render.svg import save_svg, to_svg
from workbench.render.themes import COLORBLIND, DEFAULT, PROJECTOR, Theme

__all__ = [
    "COLORBLIND",
    "DEFAULT",
    "PROJECTOR",
    "Picture",
    "Scene",
    "Theme",
    "legend_of",
    "scene_of",
    "show",
    "svg_of",
]


@functools.singledispatch
def scene_of(obj: Any, **options: Any) -> Scene:
    """The scene for a board, game state or rules result, chosen by its type: each game's
    home registers its types with ``@scene_of.register`` in its ``render`` (found by
    :mod:`workbench.discovery`); options go to the builder (e.g. ``size=48,
    theme="projector"``)."""
    if import_new(parts("render")):  # a game added since: its pictures too
        return scene_of(obj, **options)
    raise TypeError(
        f"no picture for a {type(obj).__name__}: expected a board, game state or rules result"
    )


@scene_of.register
def _(obj: Scene, **options: Any) -> Scene:
    return obj


def svg_of(obj: Any, **options: Any) -> str:
    """The SVG text of a board or game value as a notebook shows it (see :func:`show`)."""
    return to_svg(notebook_scene(obj, **options), fluid=True)


def notebook_scene(obj: Any, **options: Any) -> Scene:
    """The scene of ``obj`` (see :func:`scene_of`); without a ``size``, one wider than a
    notebook's output (:data:`~workbench.render.fitting.NOTEBOOK_WIDTH`) is drawn at the size
    that fits it, so that its labels keep their sizes on the screen (a notebook would shrink
    the picture, and its labels with it)."""
    scene = scene_of(obj, **options)
    if "size" in options or scene.width <= NOTEBOOK_WIDTH:
        return scene
    try:
        start = 36.0 * NOTEBOOK_WIDTH / scene.width
        size = fit_size(
            lambda s: scene_of(obj, size=s, **options), (NOTEBOOK_WIDTH, math.inf), start=start
        )
        return scene_of(obj, size=size, **options)
    except TypeError:  # a picture drawn without a cell size (a chart): as it is
        return scene


@dataclass(frozen=True)
class Picture:
    """A scene that Jupyter shows as SVG; ``save`` writes .svg or .png by the suffix."""

    scene: Scene

    def __repr__(self) -> str:
        title = f" {self.scene.title!r}" if getattr(self.scene, "title", "") else ""
        return f"<Picture{title}, {self.scene.width:.0f} × {self.scene.height:.0f} px>"

    def svg(self) -> str:
        """The SVG text, as a notebook or a page shows it: scaled down to its place's width,
        never cut."""
        return to_svg(self.scene, fluid=True)

    def _repr_svg_(self) -> str:
        return self.svg()

    def save(
        self,
        path: str | Path,
        scale: float = 1.0,
        *,
        max_bytes: int = MAX_BYTES,
        max_seconds: float | None = MAX_SECONDS,
    ) -> Path:
        """Write the picture; a PNG ``scale`` times its size, refused first past
        ``max_bytes`` or ``max_seconds`` (:func:`workbench.render.png.to_png`)."""
        target = Path(path)
        if target.suffix.lower() == ".png":
            from workbench.render.png import save_png  # cairosvg, only to write a PNG

            return save_png(self.scene, target, scale, max_bytes=max_bytes, max_seconds=max_seconds)

        return save_svg(self.scene, target)

    def canvas(self) -> Any:
        """A live ipycanvas ``MultiCanvas`` of the same scene."""
        from workbench.render.canvas import canvas_of  # ipycanvas, only for a live canvas

        return canvas_of(self.scene)


def legend_of(obj: Any, **options: Any) -> Picture:
    """The legend of a board or game state as a picture of its own (each terrain with its
    colour, symbol and what it does, the hexside features, zones, each side's colour and the
    markers in play), one entry a row: the app shows it in a section of its own. Options:
    ``theme``, ``width`` (pixels, default 420) and ``size`` (the board's cell size)."""
    return Picture(legend_scene(obj, **options))


def show(obj: Any, **options: Any) -> Picture:
    """A displayable picture of a board or game value (options go to its scene builder,
    e.g. ``size=48, theme="projector"``). Without a ``size``, a board wider than a notebook's
    output is drawn to fit it (:func:`notebook_scene`)."""
    return Picture(notebook_scene(obj, **options))


# The hex map (a board of no game) draws itself; each game's render part, found in its home,
# registers its boards, states and results with scene_of, as do the linter's reports.
# Imported by name, as the file formats are: each imports this package for scene_of, so none
# is imported from here.
import_all(("workbench.render.hexboard", "workbench.render.findings", *parts("render")))
