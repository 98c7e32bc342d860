"""Pictures a person can read: no two labels overlap, none leaves the picture, and every label
has a WCAG contrast of at least 4.5:1 on what it is drawn on, for every shipped board and
scenario in every theme (text boxes from ``workbench.render.labels``)."""

from __future__ import annotations

from functools import cache

import pytest

from workbench.gallery import shipped_pictures
from workbench.render import show
from workbench.render.labels import outside, overlapping, scene_labels
from workbench.render.scene import Scene
from workbench.render.themes import THEMES

PICTURES = dict(shipped_pictures())


@cache
def _scene(name: str, theme: str, legend: bool) -> Scene:
    return show(PICTURES[name], theme=theme, legend=legend).scene


def _describe(pairs) -> str:
    return "; ".join(f"{a.text!r} ({a.layer}) over {b.text!r} ({b.layer})" for a, b in pairs[:6])


@pytest.mark.parametrize("legend", [False, True], ids=["plain", "legend"])
@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("name", sorted(PICTURES))
def test_no_label_overlaps_another_or_leaves_the_picture(name: str, theme: str, legend: bool):
    scene = _scene(name, theme, legend)
    labels = scene_labels(scene)
    assert labels, "a board picture has labels"
    pairs = overlapping(labels)
    assert not pairs, f"{len(pairs)} overlapping labels: {_describe(pairs)}"
    out = outside(labels, scene.width, scene.height)
    assert not out, f"labels leave the {scene.width} x {scene.height} picture: " + ", ".join(
        f"{label.text!r} at {tuple(round(v) for v in label.box)}" for label in out[:6]
    )
