"""TANKS actions drawn on the table before they are played, and a turn's actions after: a
move as the Measuring Arrow laid, the hull where it ends (dashed) and an arrow from where it
stood (an arc for a turn on the spot); a deployment, an Objective token or a terrain piece
as its outline where it goes; a shot as its lines of sight with the exact chance of
destroying; a destroyed tank crossed out. Render reads the rules' values (the states before
and after); it decides nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from workbench.games.tanks.render.pictures import OBJECTIVE_RADIUS_CM, measuring_arrow_overlay
from workbench.games.tanks.render.play import odds_overlay
from workbench.games.tanks.rules.actions import Deploy, Move, PlaceObjective, PlaceTerrain, Shoot
from workbench.games.tanks.rules.odds import shot_chances
from workbench.games.tanks.rules.state import Battle
from workbench.render.scene import (
    ANNOTATIONS,
    OVERLAYS,
    Arrow,
    Circle,
    Polygon,
    Polyline,
    Scene,
    Style,
)
from workbench.render.scene import Text as SceneText
from workbench.render.themes import Theme, theme_named

GHOST = Style(stroke="#1565c0", width=2.0, dash=(6.0, 4.0))
SHOT = "#c62828"
KILLED = "#c62828"


def _theme(scene: Scene) -> Theme:
    return scene.theme if isinstance(scene.theme, Theme) else theme_named(None)


def _corners(hull: Any) -> tuple[tuple[float, float], ...]:
    return tuple((float(x), float(y)) for x, y in hull.corners())


def _pivot(centre: tuple[float, float], start: float, end: float, radius: float) -> list[Any]:
    """An arc around ``centre`` from heading ``start`` to ``end`` (the shorter way), with a
    head at its end: a tank turning where it stands."""
    turn = (end - start + 180.0) % 360.0 - 180.0
    steps = max(2, int(abs(turn) // 10) + 1)

    def at(heading: float) -> tuple[float, float]:
        a = math.radians(heading)
        return (centre[0] + radius * math.sin(a), centre[1] - radius * math.cos(a))

    points = [at(start + turn * k / steps) for k in range(steps + 1)]
    style = Style(stroke=GHOST.stroke, width=2.5)
    return [Polyline(tuple(points[:-1]), style, f"turns {turn:+.0f}°"),
            Arrow(points[-2], points[-1], style, head=10.0)]  # fmt: skip


def move_marks(before: Battle, action: Move, after: Battle) -> list[Any]:
    """Where a Move takes the tank: the hull where it ends (dashed) and an arrow from its
    centre before (an arc when it turns where it stands)."""
    old, new = before.tank(action.tank).hull, after.tank(action.tank).hull
    marks: list[Any] = [Polygon(_corners(new), GHOST, f"{action.tank} ends here")]
    if math.dist(old.centre, new.centre) > 0.5:
        marks.append(Arrow(old.centre, new.centre, Style(stroke=GHOST.stroke, width=2.5), 12.0))
    elif abs((new.heading - old.heading + 180.0) % 360.0 - 180.0) > 0.5:
        marks += _pivot(old.centre, old.heading, new.heading, old.length * 0.7)
    return marks


def proposal_overlay(scene: Scene, before: Battle, action: Any, after: Battle | None) -> Scene:
    """``action``, proposed on ``before`` (``after``: the state it leads to, None when the
    rules refuse it), drawn on ``scene`` (see the module)."""
    if isinstance(action, Shoot):
        return odds_overlay(scene, shot_chances(before, action.tank, action.target, None))
    if after is None:
        return scene
    if isinstance(action, Move):
        laid = measuring_arrow_overlay(
            scene, before.table.arrow, (action.x, action.y), action.heading
        )
        return laid.add(ANNOTATIONS, move_marks(before, action, after))  # over the arrow
    if isinstance(action, Deploy):
        hull = after.tank(action.tank).hull
        return scene.add(OVERLAYS, [Polygon(_corners(hull), GHOST, f"{action.tank} deploys")])
    if isinstance(action, PlaceObjective):
        token = Circle((action.x, action.y), OBJECTIVE_RADIUS_CM, GHOST, "the Objective token")
        return scene.add(OVERLAYS, [token])
    if isinstance(action, PlaceTerrain):
        piece = next(p for p in after.table.pieces if p.name == action.piece)
        outline = tuple((float(x), float(y)) for x, y in list(piece.polygon.exterior.coords)[:-1])
        return scene.add(OVERLAYS, [Polygon(outline, GHOST, f"{piece.name} goes here")])
    return scene


def turn_overlay(scene: Scene, steps: Sequence[Any]) -> Scene | None:
    """A turn's steps (each with ``before``, ``action``, ``after``) drawn on ``scene``: the
    moves as arrows to the hulls where they ended, each shot as a line with its chance of
    destroying, each tank destroyed crossed out; None when nothing is drawn."""
    marks: list[Any] = []
    font = _theme(scene).name_min_px
    for step in steps:
        before, action, after = step.before, step.action, step.after
        if isinstance(action, Move):
            marks += move_marks(before, action, after)
        elif isinstance(action, Shoot):
            odds = shot_chances(before, action.tank, action.target, None)
            start, end = (
                before.tank(action.tank).hull.centre,
                before.tank(action.target).hull.centre,
            )
            marks.append(Arrow(start, end, Style(stroke=SHOT, width=2.5, dash=(8.0, 4.0)), 12.0))
            middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            marks.append(SceneText(middle, _pct(odds.destroy), _label(SHOT, font),
                                   f"{action.tank} shoots at {action.target}"))  # fmt: skip
    killed = _killed(steps)
    for tank in killed:
        x, y = tank.hull.centre
        r = tank.hull.length * 0.6
        cross, said = Style(stroke=KILLED, width=4.0), f"{tank.id} destroyed"
        marks += [Polyline(((x - r, y - r), (x + r, y + r)), cross, said),
                  Polyline(((x - r, y + r), (x + r, y - r)), cross, said)]  # fmt: skip
    return scene.add(ANNOTATIONS, marks) if marks else None


def _killed(steps: Sequence[Any]) -> list[Any]:
    """The tanks destroyed during ``steps`` (standing at its start, destroyed at its end)."""
    if not steps:
        return []
    first, last = steps[0].before, steps[-1].after
    standing = {t.id for t in first.tanks if not t.destroyed}
    return [t for t in last.tanks if t.destroyed and t.id in standing]


def _label(color: str, font: float) -> Style:
    return Style(fill=color, stroke="#ffffff", width=3.0, font_size=font, bold=True)


def _pct(value: Fraction) -> str:
    return f"destroys {float(value):.0%}"


__all__ = ["move_marks", "proposal_overlay", "turn_overlay"]
