"""TANKS measurements drawn (the learner's reveal): Close Range as the least distance between
the two hulls, written in centimetres, beside a Measuring Arrow laid from the same point
towards the target; a Side Shot as the line of the target's hull front across the table and
the shooter's corners marked on either side of it. Render reads the rules' values."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from shapely.geometry import LineString, box

from workbench.games.tanks.render.pictures import measuring_arrow_overlay
from workbench.games.tanks.render.play import battle_scene
from workbench.games.tanks.rules.measures import Measured
from workbench.render import scene_of
from workbench.render.overlays import caption_overlay
from workbench.render.scene import ANNOTATIONS, Circle, Polyline, Scene, Style, Text
from workbench.render.themes import Theme, theme_named

NEAR = "#2e7d32"
FAR = "#c62828"


def _heading(start: tuple[float, float], end: tuple[float, float]) -> float:
    """Degrees clockwise from north (y down) from ``start`` towards ``end``."""
    return math.degrees(math.atan2(end[0] - start[0], start[1] - end[1])) % 360.0


def _font(scene: Scene) -> float:
    th = scene.theme if isinstance(scene.theme, Theme) else theme_named(None)
    return float(th.name_min_px)


def close_range_overlay(scene: Scene, measured: Measured) -> Scene:
    """The gap between the hulls drawn and written, a Measuring Arrow laid beside it."""
    (px, py), (qx, qy) = measured.ends
    color = NEAR if measured.near else FAR
    if measured.gap > 0:
        scene = measuring_arrow_overlay(
            scene, measured.battle.table.arrow, (px, py), _heading((px, py), (qx, qy))
        )
    middle = ((px + qx) / 2, (py + qy) / 2)
    label = f"{measured.gap:.1f} cm"
    style = Style(fill=color, stroke="#ffffff", width=3.0, font_size=_font(scene) * 1.2, bold=True)
    marks: list[Any] = [
        Polyline(((px, py), (qx, qy)), Style(stroke=color, width=3.5), label),
        Circle((px, py), 0.6, Style(fill=color), "nearest point"),
        Circle((qx, qy), 0.6, Style(fill=color), "nearest point"),
        Text((middle[0], middle[1] - 3.0), label, style, measured.reason.text),
    ]
    return scene.add(ANNOTATIONS, marks)


def side_shot_overlay(scene: Scene, measured: Measured) -> Scene:
    """The line of the target's hull front, across the table, and each corner of the
    shooter's hull: red behind that line (a Side Shot), green in front of it."""
    battle = measured.battle
    target, shooter = battle.tank(measured.target).hull, battle.tank(measured.shooter).hull
    gx, gy = target.gun_point
    a = math.radians(target.heading)
    along = (math.cos(a), math.sin(a))  # across the hull, perpendicular to its heading
    reach = math.hypot(battle.table.width, battle.table.depth)
    ends = (
        (gx - along[0] * reach, gy - along[1] * reach),
        (gx + along[0] * reach, gy + along[1] * reach),
    )
    front = Style(stroke="#6a1b9a", width=2.5, dash=(8.0, 4.0))
    line = _clipped(ends, battle.table.width, battle.table.depth)
    marks: list[Any] = [Polyline(line, front, f"the line of {measured.target}'s front")]
    corners = np.asarray(shooter.corners())
    for (x, y), behind in zip(corners, target.behind_front(corners), strict=True):
        dot = Style(fill=FAR if behind else NEAR, stroke="#ffffff", width=1.5)
        said = "behind the front" if behind else "in front"
        marks.append(Circle((float(x), float(y)), 0.7, dot, f"{measured.shooter}'s corner: {said}"))
    return scene.add(ANNOTATIONS, marks)


def _clipped(
    line: tuple[tuple[float, float], tuple[float, float]], width: float, depth: float
) -> tuple[tuple[float, float], ...]:
    """The part of ``line`` on the table (a ``width`` × ``depth`` rectangle)."""
    part = LineString(line).intersection(box(0, 0, width, depth))
    if part.is_empty or part.geom_type != "LineString":
        return line
    return tuple((float(x), float(y)) for x, y in part.coords)


@scene_of.register
def _measured(measured: Measured, **options: Any) -> Scene:
    scene = battle_scene(measured.battle, caption=False, **options)
    if measured.kind == "close-range":
        scene = close_range_overlay(scene, measured)
    else:
        scene = side_shot_overlay(scene, measured)
    return caption_overlay(scene, measured.reason.text)


__all__ = ["close_range_overlay", "side_shot_overlay"]
