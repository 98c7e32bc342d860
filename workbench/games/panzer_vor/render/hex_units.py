"""A Panzer Vor! game state on its map's picture: each side in its colour
(:mod:`workbench.render.sides`), each tank a silhouette in its hex under the hex number, its
name on a tag beside it (:mod:`workbench.games.panzer_vor.render.counters`).

The map's picture can be made once and kept (the stepper does): :func:`board_with_counters`
adds the counters of a state to it, and moves a place's or a zone's name only when a counter
now stands on it (the labels are then laid out again round the counters).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from workbench.games.panzer_vor.render.counters import (
    PARTS,
    Counter,
    counter_fill,
    counter_parts,
    tag_parts,
    tank_title,
)
from workbench.games.panzer_vor.rules.state import GameState
from workbench.render.hex_labels import map_labels, number_widths, px_box
from workbench.render.hexboard import hexmap_scene, map_legend, used_terrain
from workbench.render.labels import ASCENT, text_box
from workbench.render.legend import Entry, box_swatch, legend_band, legend_entries, line_swatch
from workbench.render.pieces import tank_swatch
from workbench.render.scene import LABELS, UNITS, Primitive, Scene, Style, Text, Texts
from workbench.render.sides import WRECK_COLOR, colors_register, side_colors, themed
from workbench.render.themes import Theme, theme_named


def map_ground(hexmap: Any, th: Theme) -> str:
    """The colour of a map's ground (its default terrain), that counters must stand out on."""
    kind = hexmap.terrain_types[hexmap.default_terrain]
    return th.terrain_color(hexmap.default_terrain, kind.color)


def state_side_colors(state: Any, th: Theme) -> dict[str, str]:
    """Each side's colour in a game state: its sides in their order, their schools' colours
    where those stay distinct (:func:`workbench.render.sides.side_colors`), a theme's own side
    colours over them."""
    sides = list(dict.fromkeys([*state.sides, *(t.side for t in state.tanks)]))
    preferred = {name: side.color for name, side in state.sides.items()}
    colors = side_colors(tuple(sides), preferred, map_ground(state.map, th))
    return themed(th.side_colors, colors)


@colors_register
def _state_colors(state: GameState, th: Theme) -> dict[str, str]:
    return state_side_colors(state, th)


def counters_of(state: Any, layout: Any, th: Theme) -> list[Counter]:
    """A :class:`~workbench.render.counters.Counter` per tank, in drawing order (by hex, then
    id: a second tank in a hex is drawn over the first)."""
    room = layout.room
    colors = state_side_colors(state, th)
    grid = state.map.grid
    out = []
    for tank in sorted(state.tanks, key=lambda t: (t.hex, t.id)):
        x, y = layout.cell_center(tank.hex)
        heading = layout.direction(tank.facing)
        turret = layout.direction(tank.turret_facing) if tank.turret is not None else heading
        out.append(
            Counter(
                tank,
                (x, y + room.counter_dy),
                heading,
                turret,
                room.radius,
                counter_fill(tank, colors),
                tank_title(tank, grid.label(tank.hex)),
            )
        )
    return out


def counter_boxes(counters: Sequence[Counter]) -> list[tuple[float, float, float, float]]:
    """The box (board units) each counter's silhouette covers."""
    return [
        (c.centre[0] - c.radius, c.centre[1] - c.radius, c.centre[0] + c.radius,
         c.centre[1] + c.radius)
        for c in counters
    ]  # fmt: skip


def _label_boxes(scene: Scene) -> npt.NDArray[np.float64]:
    """The pixel boxes of the scene's labels (names and hex numbers), rows (x0, y0, x1, y1)."""
    t = scene.transform
    rows: list[npt.NDArray[np.float64]] = []
    for prim in scene.layer(LABELS):
        if isinstance(prim, Text):
            rows.append(np.array([text_box(prim, t)], dtype=float))
        elif isinstance(prim, Texts) and len(prim):
            at = prim.at * t.scale + np.array([t.offset_x, t.offset_y])
            half = number_widths(prim.texts, prim.style.font_size) / 2
            tall = ASCENT * prim.style.font_size
            rows.append(
                np.column_stack(
                    [at[:, 0] - half, at[:, 1] - tall, at[:, 0] + half, at[:, 1] + tall]
                )
            )
    return np.concatenate(rows) if rows else np.zeros((0, 4))


def units_primitives(state: Any, scene: Scene) -> list[Primitive]:
    """The counters of ``state`` on the map's ``scene`` (its layout and theme), every part of
    every counter grouped by part and style (a backend draws each group in a few calls); tanks
    sharing a hex stack, the second drawn whole over the first."""
    th = scene.theme
    counters = counters_of(state, scene.layout, th)
    px = scene.transform.scale
    drawn: dict[tuple[int, int], dict[Style, list[Primitive]]] = {}
    level_in_hex: dict[Any, int] = {}
    levels = []
    for counter in counters:
        level = level_in_hex[counter.tank.hex] = level_in_hex.get(counter.tank.hex, -1) + 1
        levels.append(level)
        for part, prim in counter_parts(counter, th, px):
            drawn.setdefault((level, PARTS.index(part)), {}).setdefault(prim.style, []).append(prim)
    taken = _label_boxes(scene)
    size = (scene.width, scene.height)
    tags = tag_parts(counters, th, px, scene.transform, size, taken)
    for parts, level in zip(tags, levels, strict=True):
        for part, prim in parts:
            key = (level, PARTS.index(part))
            drawn.setdefault(key, {}).setdefault(prim.style, []).append(prim)
    return [prim for key in sorted(drawn) for run in drawn[key].values() for prim in run]


def covered_names(scene: Scene, counters: Sequence[Counter]) -> list[Text]:
    """The place and zone names (haloed labels) of the scene that a counter stands on."""
    t = scene.transform
    boxes = [px_box(t, b) for b in counter_boxes(counters)]
    named = [p for p in scene.layer(LABELS) if isinstance(p, Text) and p.style.stroke]
    return [p for p in named if any(text_box(p, t).overlaps(b) for b in boxes)]


def board_with_counters(scene: Scene, state: Any) -> Scene:
    """The map's ``scene`` with the counters of ``state`` on it; its labels laid out again
    round the counters when one stands on a place's or a zone's name."""
    counters = counters_of(state, scene.layout, scene.theme)
    if covered_names(scene, counters):
        scene = relabelled(scene, state.map, counter_boxes(counters))
    return scene.add(UNITS, units_primitives(state, scene))


def relabelled(scene: Scene, hexmap: Any, reserved: Sequence[Sequence[float]]) -> Scene:
    """The scene with its labels laid out again, keeping clear of ``reserved`` boxes."""
    layout = scene.layout
    grounds = layout.grounds
    by_type = {str(i): np.flatnonzero(grounds.codes == i) for i in range(len(grounds.fills))}
    fills = {str(i): fill for i, fill in enumerate(grounds.fills)}
    by_type = {k: v for k, v in by_type.items() if len(v)}
    numbers = any(isinstance(p, Texts) for p in scene.layer(LABELS))
    labels = map_labels(
        hexmap,
        layout,
        scene.transform,
        (scene.width, scene.height),
        scene.theme,
        layout.room,
        numbers=numbers,
        reserved=reserved,
        by_type=by_type,
        fills=fills,
    )
    return scene.without(LABELS).add(LABELS, labels)


def state_scene(
    state: Any,
    *,
    size: float = 36.0,
    theme: Theme | str | None = None,
    labels: bool = True,
    margin: float | None = None,
    legend: bool = False,
) -> Scene:
    """A game state: its map with a counter for every tank (labels keep clear of the
    counters), and (``legend``) the map's legend with the sides and markers."""
    th = theme_named(theme)
    scene = hexmap_scene(state.map, size=size, theme=th, labels=labels, margin=margin)
    scene = board_with_counters(scene, state)
    if legend:
        scene = legend_band(scene, state_legend(state, th, scene.transform.scale))
    return scene


def state_legend(state: Any, th: Theme, px: float) -> list[Entry]:
    """The legend of a game state: its map's, then the sides and the markers in play."""
    entries = map_legend(state.map, used_terrain(state.map), th, px)
    colors = state_side_colors(state, th)
    sides = [side for side in colors if any(t.side == side for t in state.tanks)]
    entries += [Entry(side, tank_swatch(colors[side], th.counter_stroke)) for side in sides]
    if any(t.flag for t in state.tanks):
        entries.append(Entry("flag", box_swatch(th.flag_color)))
    if any(t.smoke for t in state.tanks):
        entries.append(Entry("smoke", box_swatch(th.smoke_color)))
    if any(t.immobile for t in state.tanks):
        entries.append(Entry("immobile", line_swatch(Style(stroke=th.immobile_color, width=3.0))))
    if any(t.wreck for t in state.tanks):
        entries.append(Entry("wreck", box_swatch(WRECK_COLOR)))
    return entries


@legend_entries.register
def _state_legend(state: GameState, th: Theme, px: float) -> list[Entry]:
    return state_legend(state, th, px)


__all__ = [
    "board_with_counters",
    "counter_boxes",
    "counters_of",
    "covered_names",
    "map_ground",
    "relabelled",
    "state_legend",
    "state_scene",
    "state_side_colors",
    "units_primitives",
]
