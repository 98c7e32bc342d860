"""Pictures of boards and analyses: scene builders, themes and the SVG, PNG and canvas backends.

``show(obj)`` picks the builder by the object's type and returns a picture that notebooks
display as SVG; ``svg_of(obj)`` gives the SVG text, so a rules value can offer itself to
Jupyter with a lazy one-liner (python-chess style)::

    def _repr_svg_(self) -> str:
        from workbench.render import svg_of
        return svg_of(self)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from workbench.render.scene import Scene
from workbench.render.themes import COLORBLIND, DEFAULT, PROJECTOR, Theme

__all__ = [
    "COLORBLIND",
    "DEFAULT",
    "PROJECTOR",
    "Picture",
    "Scene",
    "Theme",
    "scene_of",
    "show",
    "svg_of",
]


def scene_of(obj: Any, **options: Any) -> Scene:
    """The scene for a board or game value: a Scene as it is, a HexMap, a Panzer Vor!
    GameState (``.map`` and ``.tanks``), a TANKS Table, or a square board."""
    if isinstance(obj, Scene):
        return obj
    from workbench.render.panzer_strike import DRAWN, panzer_strike_scene

    if isinstance(obj, DRAWN):
        return panzer_strike_scene(obj, **options)
    from workbench.boards.hexmap import HexMap

    if isinstance(obj, HexMap):
        from workbench.render.hexboard import hexmap_scene

        return hexmap_scene(obj, **options)
    if isinstance(getattr(obj, "map", None), HexMap) and hasattr(obj, "tanks"):
        from workbench.render.hexboard import state_scene

        return state_scene(obj, **options)
    if hasattr(obj, "pieces") and hasattr(obj, "depth") and hasattr(obj, "arrow"):
        from workbench.render.tanks import table_scene

        return table_scene(obj, **options)
    if isinstance(getattr(obj, "table", None), object) and hasattr(
        getattr(obj, "table", None), "pieces"
    ):
        from workbench.render.tanks import table_scene

        options.setdefault("tanks", getattr(obj, "tanks", ()))
        return table_scene(obj.table, **options)
    board = getattr(obj, "board", None)
    if board is not None and (hasattr(board, "cols") or hasattr(board, "width")):
        from workbench.render.panzer_strike import squareboard_scene

        options.setdefault("tanks", getattr(obj, "tanks", ()))
        return squareboard_scene(board, **options)
    if (hasattr(obj, "cols") and hasattr(obj, "rows")) or hasattr(obj, "squares"):
        from workbench.render.panzer_strike import squareboard_scene

        return squareboard_scene(obj, **options)
    raise TypeError(f"no picture for a {type(obj).__name__}: expected a map, table, board or state")


def svg_of(obj: Any, **options: Any) -> str:
    """The SVG text of a board or game value (see :func:`scene_of`)."""
    from workbench.render.svg import to_svg

    return to_svg(scene_of(obj, **options))


@dataclass(frozen=True)
class Picture:
    """A scene that Jupyter shows as SVG; ``save`` writes .svg or .png by the suffix."""

    scene: Scene

    def __repr__(self) -> str:
        title = f" {self.scene.title!r}" if getattr(self.scene, "title", "") else ""
        return f"<Picture{title}, {self.scene.width:.0f} × {self.scene.height:.0f} px>"

    def _repr_svg_(self) -> str:
        from workbench.render.svg import to_svg

        return to_svg(self.scene)

    def save(self, path: str | Path, scale: float = 1.0) -> Path:
        target = Path(path)
        if target.suffix.lower() == ".png":
            from workbench.render.png import save_png

            return save_png(self.scene, target, scale=scale)
        from workbench.render.svg import save_svg

        return save_svg(self.scene, target)

    def canvas(self) -> Any:
        """A live ipycanvas ``MultiCanvas`` of the same scene."""
        from workbench.render.canvas import canvas_of

        return canvas_of(self.scene)


def show(obj: Any, **options: Any) -> Picture:
    """A displayable picture of a board or game value (options go to its scene builder,
    e.g. ``size=48, theme="projector"``)."""
    return Picture(scene_of(obj, **options))
