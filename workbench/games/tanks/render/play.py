"""TANKS pictures of play: a battle, the Measuring Arrow's sweep of a tank's moves, a shot
(the visible part shaded, what each blocker hides, the four corner lines with the blockers
named), the exact odds as a bar chart, a shot's odds in play (the shot and the chance of
destroying), where a tank can move now, and designers' heatmaps. Each rules type registers
with ``workbench.render.scene_of``. Render reads the rules' values; it decides nothing.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from workbench.games.tanks.render.pictures import (
    TableLayout,
    deployment_colors,
    table_colors,
    table_legend,
    table_scene,
    tank_drawing,
)
from workbench.games.tanks.rules import objectives
from workbench.games.tanks.rules.actions import AttackRoll, DefenceRoll, RepairRoll, SetUpRoll
from workbench.games.tanks.rules.deployment import deploy_area, deploying_next
from workbench.games.tanks.rules.movement import MoveSweep
from workbench.games.tanks.rules.odds import Odds
from workbench.games.tanks.rules.reach import TableReach
from workbench.games.tanks.rules.shooting import ShotExam, ShotOdds, examine_shot
from workbench.games.tanks.rules.sight import Heatmaps
from workbench.games.tanks.rules.state import Battle
from workbench.games.tanks.rules.table_setup import setup_step_text
from workbench.render import scene_of
from workbench.render.dice import DieFace, dice_of
from workbench.render.fitting import NOTEBOOK_WIDTH
from workbench.render.legend import Entry, legend_entries, line_swatch
from workbench.render.overlays import caption_overlay, heatmap_overlay
from workbench.render.scene import (
    ANNOTATIONS,
    OVERLAYS,
    Circle,
    Polygon,
    Polyline,
    Scene,
    Style,
    Text,
    Transform,
)
from workbench.render.sides import colors_register
from workbench.render.themes import Theme, theme_named

SEEN = "#2e9e44"
HIDDEN = "#7a7a7a"
BLOCKED = "#c62828"
SWEEP = "#1565c0"
KEEP_CLEAR = Style(stroke="#6a1b9a", width=1.4, dash=(6.0, 4.0))  # Table Setup's distances
PLACING = Style(stroke="#e65100", width=1.6, dash=(4.0, 3.0))  # where a token or tank may go
KEEP_CLEAR_TEXT = "keep clear: no terrain within a Measuring Arrow (Game Set Up: Table Setup)"


def _outlines(geometry: Any) -> list[tuple[tuple[float, float], ...]]:
    """Outer rings of a polygon or of each part of a multi-polygon (board units)."""
    if geometry.is_empty:
        return []
    parts = getattr(geometry, "geoms", [geometry])
    rings = []
    for part in parts:
        if part.geom_type == "Polygon" and part.area > 1e-9:
            rings.append(tuple((float(x), float(y)) for x, y in list(part.exterior.coords)[:-1]))
    return rings


def battle_scene(battle: Battle, *, caption: bool = True, **options: Any) -> Scene:
    """The table with every tank (destroyed ones grey) and the mission's objectives."""
    roles = {"Attacker": battle.attacker, "Defender": battle.defender}
    scene = table_scene(battle.table, tanks=battle.tanks, roles=roles, **options)
    marks: list[Any] = []
    for owner, (x, y) in battle.objectives:
        marks.append(
            Circle(
                (x, y),
                2.0,
                Style(fill="#ffd54f", stroke="#222222", width=1.5),
                f"objective ({owner})",
            )
        )
        font = scene.theme.name_min_px if isinstance(scene.theme, Theme) else 10.0
        marks.append(Text((x, y), "O", Style(fill="#111111", font_size=font, bold=True)))
    scene = scene.add(ANNOTATIONS, marks)
    if battle.setup is not None and battle.setup.step == "terrain":
        scene = keep_clear_overlay(scene, battle)
    if battle.phase in ("objectives", "deployment") and battle.setup is None:
        scene = placing_overlay(scene, battle)
    if caption:
        state = "game over: " + str(battle.ended) if battle.ended else f"{battle.phase} phase"
        if battle.setup is not None:
            state = f"set-up: {setup_step_text(battle)}"
        scene = caption_overlay(scene, f"turn {battle.turn}, {state} · {battle.mission}")
    return scene


def keep_clear_overlay(scene: Scene, battle: Battle) -> Scene:
    """Table Setup's distances while terrain is placed: the line a Measuring Arrow in from
    the table edges and one around each piece placed, which no new piece may cross."""
    table, reach = battle.table, battle.table.arrow.length
    w, d = table.width, table.depth
    prims: list[Any] = []
    if w > 2 * reach and d > 2 * reach:
        inner = ((reach, reach), (w - reach, reach), (w - reach, d - reach), (reach, d - reach))
        prims.append(Polygon(inner, KEEP_CLEAR, "a Measuring Arrow from the table edges"))
    for piece in table.pieces:
        for ring in _outlines(piece.polygon.buffer(reach, quad_segs=8)):
            prims.append(Polygon(ring, KEEP_CLEAR, f"a Measuring Arrow from {piece.name}"))
    return scene.add(OVERLAYS, prims)


def placing_overlay(scene: Scene, battle: Battle) -> Scene:
    """Where the next Objective token, or the next tank, may go (dashed): the band the rules
    allow (``objectives.band``, ``deployment.deploy_area``)."""
    if battle.phase == "objectives":
        side = objectives.placer(battle)
        where, label = objectives.band(battle), f"{side}'s Objective token goes here"
    else:
        nxt = deploying_next(battle)
        if not nxt:
            return scene
        side = nxt[0].side
        where, label = deploy_area(battle, side), f"{side} deploys here ({nxt[0].id} next)"
    prims = [Polygon(ring, PLACING, label) for ring in _outlines(where)]
    return scene.add(OVERLAYS, prims)


def placements_overlay(scene: Scene, battle: Battle, options: Any, caption: str) -> Scene:
    """Every hull a tank may end as (outlines), the arrows laid for them (faint) and a
    caption; ``options`` are (placement, hull) pairs."""
    arrow = battle.table.arrow
    prims: list[Any] = []
    laid = set()
    for placement, hull in options:
        key = (placement.x, placement.y, placement.heading)
        if key not in laid:
            laid.add(key)
            outline = tuple(
                (float(x), float(y))
                for x, y in list(arrow.polygon(key[:2], key[2]).exterior.coords)[:-1]
            )
            prims.append(
                Polygon(outline, Style(fill="#ffffff", stroke=SWEEP, width=0.8, opacity=0.35))
            )
        corners = tuple((float(x), float(y)) for x, y in hull.corners())
        prims.append(
            Polygon(
                corners,
                Style(stroke=SWEEP, width=1.0, opacity=0.6),
                f"placement {placement.as_tuple()}",
            )
        )
    return caption_overlay(scene.add(OVERLAYS, prims), caption)


def sweep_overlay(scene: Scene, sweep: MoveSweep) -> Scene:
    """Every hull the tank may end as in the display sample, and a count of them."""
    caption = f"{sweep.tank}: {len(sweep.options)} placements of the display sample"
    return placements_overlay(scene, sweep.battle, sweep.options, caption)


def reach_overlay(scene: Scene, reach: TableReach) -> Scene:
    """The hulls of the tank's legal moves now, or why it cannot move."""
    placed = [(move.placement, hull) for move, hull in reach.hulls()]
    if placed:
        caption = f"{reach.tank}: {len(reach.destinations)} destinations now"
    else:
        caption = f"{reach.tank} cannot move now: {reach.reasons[0]}"
    return placements_overlay(scene, reach.battle, placed, caption)


def odds_overlay(scene: Scene, odds: Odds) -> Scene:
    """The shot as :func:`shot_overlay` draws it, and the chance of destroying the target."""
    scene = shot_overlay(scene, examine_shot(odds.battle, odds.attacker, odds.target))
    text = (
        f"destroys {odds.target} ({odds.left} Damage Points left): "
        f"{_pct(odds.destroy)}; one damage or more: {_pct(odds.at_least(1))}"
    )
    if odds.refusal is not None:
        text += f" ({odds.refusal.text})"
    return caption_overlay(scene, text)


def shot_overlay(scene: Scene, exam: ShotExam) -> Scene:
    """The visible part of the target shaded, each blocker's hidden share grey and named, the
    four corner lines (green seen, red dashed blocked, with the blockers named)."""
    battle = exam.battle
    shooter, target = battle.tank(exam.shooter), battle.tank(exam.target)
    eye = shooter.eye
    prims: list[Any] = []
    for name, part in exam.sight.part.hidden_by:
        for ring in _outlines(part):
            prims.append(
                Polygon(
                    ring,
                    Style(fill=HIDDEN, stroke="#333333", width=1.0, opacity=0.85),
                    f"hidden by {name}",
                )
            )
    for ring in _outlines(exam.sight.part.seen):
        prims.append(
            Polygon(ring, Style(fill="#7CFC00", stroke="#0b5d1e", width=1.5, opacity=0.85), "seen")
        )
    notes: list[Any] = []
    for line in exam.cover.corners:
        style = (
            Style(stroke=SEEN, width=1.6)
            if line.seen
            else Style(stroke=BLOCKED, width=1.6, dash=(6, 4))
        )
        prims.append(
            Polyline(
                (eye, line.at),
                style,
                f"{line.corner}: {'seen' if line.seen else ', '.join(line.blockers)}",
            )
        )
        if not line.seen:
            notes.append(Text(line.at, "×", Style(fill=BLOCKED, font_size=14, bold=True)))
    prims.append(Circle(eye, 0.6, Style(fill="#ffffff", stroke="#111111", width=1.5), "eye"))
    hidden_names = ", ".join(exam.sight.part.blockers) or "nothing"
    x0, _, x1, y1 = target.polygon.bounds
    label = f"{exam.sight.part.fraction:.0%} seen; hidden by {hidden_names}"
    notes.append(
        Text(
            ((x0 + x1) / 2, y1 + 3.0),
            label,
            Style(fill="#111111", stroke="#ffffff", width=3.0, font_size=12, bold=True),
        )
    )
    blocked = sorted({b for line in exam.cover.corners for b in line.blockers})
    corner_text = f"corners seen {exam.cover.corners_seen}/4" + (
        f" (blocked by {', '.join(blocked)})" if blocked else ""
    )
    lines = [p for p in prims if isinstance(p, Polyline | Circle)]
    shading = [p for p in prims if isinstance(p, Polygon)]
    scene = scene.add(OVERLAYS, lines).add(ANNOTATIONS, [*shading, *notes])
    flags = [
        "in Cover" if exam.cover.in_cover else "not in Cover",
        "Close Range" if exam.close[0] else "not close",
        "Side Shot" if exam.side[0] else "no Side Shot",
    ]
    scene = caption_overlay(
        scene, f"{exam.shooter} → {exam.target}: {corner_text}; {'; '.join(flags)}"
    )
    odds = exam.odds
    if odds.can_shoot:
        damage, crits = float(odds.expected_damage()), float(odds.expected_criticals())
        pools = f"{odds.attack_dice} Attack v {odds.defence_dice} Defence dice"
        text = (
            f"{pools}: no effect {_pct(odds.no_effect())}, "
            f"expected damage {damage:.2f}, criticals {crits:.2f}"
        )
    else:
        text = f"no shot: {odds.reasons[0].text}" if odds.reasons else "no shot"
    return caption_overlay(scene, text)


def _pct(value: Fraction) -> str:
    return f"{float(value):.0%}"


def odds_chart(odds: ShotOdds, *, width: float | None = None, height: float = 260.0) -> Scene:
    """A bar chart of the exact outcome distribution: one bar per (damage, criticals)."""
    th = theme_named(None)
    items = sorted(odds.distribution.items())
    width = width or max(560.0, min(NOTEBOOK_WIDTH, 42.0 * len(items) + 60.0))  # no shrinking
    margin, base = 40.0, height - 50.0
    prims: list[Any] = [
        Polyline(((margin, base), (width - 10, base)), Style(stroke="#333333", width=1.0))
    ]
    if items:
        top = max(p for _, p in items)
        slot = (width - margin - 10) / len(items)
        for i, ((damage, crits), p) in enumerate(items):
            h = float(p / top) * (base - 30)
            x = margin + i * slot + slot * 0.15
            w = slot * 0.7
            bar = ((x, base - h), (x + w, base - h), (x + w, base), (x, base))
            style = Style(fill=th.path_color, stroke="#222222")
            prims.append(Polygon(bar, style, f"{damage} damage, {crits} critical: {p}"))
            prims.append(
                Text((x + w / 2, base - h - 8), _pct(p), Style(fill="#111111", font_size=10))
            )
            prims.append(
                Text(
                    (x + w / 2, base + 12),
                    f"{damage}d {crits}c",
                    Style(fill="#111111", font_size=10),
                )
            )
    title = f"{odds.shooter} → {odds.target}: damage (d) and Critical cards (c) after defence"
    prims.append(Text((width / 2, 14), title, Style(fill="#111111", font_size=12, bold=True)))
    prims.append(
        Text(
            (width / 2, height - 14),
            "exact probabilities (fractions in the odds value)",
            Style(fill="#444444", font_size=10),
        )
    )
    return Scene(width, height, Transform(1.0), {ANNOTATIONS: tuple(prims)}, None, th, title)


def heatmap_scene(battle: Battle, maps: Heatmaps, name: str = "in_cover", **options: Any) -> Scene:
    """One heatmap (``seen``, ``in_cover``, ``close`` or ``side``) over the table: 1 where it
    holds, 0 where not, blank where the hull cannot stand."""
    step = float(battle.table.width) / maps.shape[1]
    scene = table_scene(battle.table, tanks=battle.tanks, cell_cm=step, **options)
    layout: TableLayout = scene.layout
    values = np.where(maps.placeable, np.asarray(getattr(maps, name), dtype=float), np.nan)
    cells = {
        cell: float(v) for cell, v in zip(layout.cells(), values.tolist(), strict=True) if v == v
    }
    return heatmap_overlay(scene, cells, low=0.0, high=1.0, legend=name.replace("_", " "))


@scene_of.register
def _battle(battle: Battle, **options: Any) -> Scene:
    return battle_scene(battle, **options)


@colors_register
def _battle_colors(battle: Battle, th: Theme) -> dict[str, str]:
    """Both sides' colours, by name, before any tank is on the table (a set-up) too."""
    return table_colors([*battle.sides, *(tank_drawing(t).side for t in battle.tanks)], th)


@legend_entries.register
def _battle_legend(battle: Battle, th: Theme, px: float) -> list[Entry]:
    drawn = tuple(tank_drawing(t) for t in battle.tanks)
    roles = {"Attacker": battle.attacker, "Defender": battle.defender}
    entries = table_legend(
        battle.table, drawn, th, deployment_colors(battle.table, drawn, th, roles)
    )
    if battle.setup is not None and battle.setup.step == "terrain":
        entries.append(Entry(KEEP_CLEAR_TEXT, line_swatch(KEEP_CLEAR)))
    return entries


@scene_of.register
def _sweep(sweep: MoveSweep, **options: Any) -> Scene:
    return sweep_overlay(battle_scene(sweep.battle, caption=False, **options), sweep)


@scene_of.register
def _reach(reach: TableReach, **options: Any) -> Scene:
    return reach_overlay(battle_scene(reach.battle, caption=False, **options), reach)


@scene_of.register
def _chances(odds: Odds, **options: Any) -> Scene:
    return odds_overlay(battle_scene(odds.battle, caption=False, **options), odds)


@scene_of.register
def _shot(exam: ShotExam, **options: Any) -> Scene:
    return shot_overlay(battle_scene(exam.battle, caption=False, **options), exam)


@scene_of.register
def _odds(odds: ShotOdds, **options: Any) -> Scene:
    return odds_chart(odds, **options)


@dice_of.register
def _(action: AttackRoll) -> tuple[DieFace, ...]:
    return tuple(DieFace(d, kind="attack") for d in action.faces)


@dice_of.register
def _(action: DefenceRoll) -> tuple[DieFace, ...]:
    return tuple(DieFace(d, kind="defence") for d in action.faces)


@dice_of.register
def _(action: RepairRoll) -> tuple[DieFace, ...]:
    return (DieFace(action.face, kind="repair"),)


@dice_of.register
def _(action: SetUpRoll) -> tuple[DieFace, ...]:
    return tuple(DieFace(d, kind="set-up") for d in action.faces)
