"""SVG backend: a scene as a deterministic, self-contained SVG document.

Same scene, same bytes: coordinates are written with two decimals, styles become CSS classes
numbered in order of first use, and nothing depends on time, ids or dict order beyond the
scene's own. Text is XML-escaped (control characters dropped), so any label is safe. A batch
(``Polygons``, ``Segments``, ``Texts``) is written as its single elements, in order.
"""

from __future__ import annotations

import re
from pathlib import Path

from workbench.render.scene import (
    Arrow,
    Circle,
    Point,
    Polygon,
    Polyline,
    Scene,
    Single,
    Style,
    Text,
    Transform,
    singles,
)

_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
TEXT_BASELINE_SHIFT = 0.35
"""Text is placed on an alphabetic baseline this many font sizes below its anchor point, so
it looks vertically centred in every renderer (cairosvg ignores ``dominant-baseline``)."""


def number(value: float) -> str:
    """A coordinate with at most two decimals and no ``-0``.

    >>> number(1.0), number(2.345), number(-0.001), number(12.5)
    ('1', '2.35', '0', '12.5')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def escape(text: str) -> str:
    """Text safe inside an element or a double-quoted attribute.

    >>> escape('<hit & "run">')
    '&lt;hit &amp; &quot;run&quot;&gt;'
    """
    text = _CONTROL.sub("", text)
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _points(points: tuple[Point, ...], t: Transform) -> str:
    return " ".join(f"{number(x)},{number(y)}" for x, y in (t.to_pixel(*p) for p in points))


def _css(style: Style, kind: str, family: str) -> str:
    parts = []
    if kind in ("text", "halo"):
        if kind == "halo":
            parts.append(f"fill:{style.stroke};stroke:{style.stroke}")
            parts.append(f"stroke-width:{number(style.width)}px;stroke-linejoin:round")
        else:
            parts.append(f"fill:{style.fill or style.stroke or '#000000'}")
        parts.append(f"font-size:{number(style.font_size)}px")
        parts.append(f"font-family:{family}")
        if style.bold:
            parts.append("font-weight:bold")
        parts.append(f"text-anchor:{style.anchor}")
    else:
        fill = style.fill if kind != "line" else None
        parts.append(f"fill:{fill or 'none'}")
        if style.stroke:
            parts.append(f"stroke:{style.stroke};stroke-width:{number(style.width)}px")
            parts.append("stroke-linejoin:round;stroke-linecap:round")
            if style.dash:
                parts.append("stroke-dasharray:" + ",".join(number(d) for d in style.dash))
        else:
            parts.append("stroke:none")
    if style.opacity != 1.0:
        parts.append(f"opacity:{number(style.opacity)}")
    return ";".join(parts)


class _Classes:
    """CSS classes for styles, numbered in order of first use (deterministic)."""

    def __init__(self, family: str) -> None:
        self.family = family
        self.names: dict[str, str] = {}

    def of(self, style: Style, kind: str) -> str:
        css = _css(style, kind, self.family)
        if css not in self.names:
            self.names[css] = f"s{len(self.names)}"
        return self.names[css]

    def sheet(self) -> str:
        return "\n".join(f".{name}{{{css}}}" for css, name in self.names.items())


def _title(prim: Single) -> str:
    return f"<title>{escape(prim.title)}</title>" if prim.title else ""


def _element(prim: Single, t: Transform, classes: _Classes) -> str:
    if isinstance(prim, Polygon):
        cls = classes.of(prim.style, "shape")
        body = f'<polygon class="{cls}" points="{_points(prim.points, t)}"'
    elif isinstance(prim, Polyline):
        cls = classes.of(prim.style, "line")
        body = f'<polyline class="{cls}" points="{_points(prim.points, t)}"'
    elif isinstance(prim, Circle):
        cls = classes.of(prim.style, "shape")
        x, y = t.to_pixel(*prim.center)
        r = prim.radius * t.scale
        body = f'<circle class="{cls}" cx="{number(x)}" cy="{number(y)}" r="{number(r)}"'
    elif isinstance(prim, Text):
        cls = classes.of(prim.style, "text")
        x, y = t.to_pixel(*prim.at)
        y += prim.style.font_size * TEXT_BASELINE_SHIFT
        title = _title(prim)
        xy = f'x="{number(x)}" y="{number(y)}"'
        text = f'<text class="{cls}" {xy}>{escape(prim.text)}{title}</text>'
        if prim.style.fill and prim.style.stroke:  # a halo under the text, for readability
            halo = classes.of(prim.style, "halo")
            return f'<text class="{halo}" {xy}>{escape(prim.text)}</text>{text}'
        return text
    elif isinstance(prim, Arrow):
        line = classes.of(prim.style, "line")
        head_style = Style(fill=prim.style.stroke or prim.style.fill, opacity=prim.style.opacity)
        head = classes.of(head_style, "shape")
        x0, y0 = t.to_pixel(*prim.start)
        x1, y1 = prim.shaft_end(t)
        tip = " ".join(f"{number(x)},{number(y)}" for x, y in prim.head_points(t))
        return (
            f"<g>{_title(prim)}"
            f'<line class="{line}" x1="{number(x0)}" y1="{number(y0)}" '
            f'x2="{number(x1)}" y2="{number(y1)}"/>'
            f'<polygon class="{head}" points="{tip}"/></g>'
        )
    else:  # pragma: no cover - the Primitive union is closed
        raise TypeError(f"cannot draw {type(prim).__name__} as SVG")
    title = _title(prim)
    return f"{body}>{title}</{body[1 : body.index(' ')]}>" if title else f"{body}/>"


FLUID = "max-width: 100%"
"""The style that lets a picture shrink to a narrower output area (a notebook's), whole (its
``viewBox`` scales the drawing; no ``height: auto``, which cairosvg reads as no height)."""


def to_svg(scene: Scene, *, fluid: bool = False) -> str:
    """The scene as an SVG document (a string; deterministic). ``fluid``: it is shown at its
    own size where there is room, else scaled down to the width of its place, never cut
    (its ``viewBox`` keeps the drawing whole)."""
    family = getattr(scene.theme, "font_family", "DejaVu Sans, Arial, sans-serif")
    background = getattr(scene.theme, "background", None)
    classes = _Classes(family)
    t = scene.transform
    groups = []
    for name, prims in scene.layers.items():
        if not prims:
            continue
        body = "\n".join(_element(p, t, classes) for p in singles(prims))
        groups.append(f'<g id="{escape(name)}">\n{body}\n</g>')
    w, h = number(scene.width), number(scene.height)
    head = [
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'width="{w}" height="{h}" viewBox="0 0 {w} {h}"' + (f' style="{FLUID}">' if fluid else ">")
    ]
    if scene.title:
        head.append(f"<title>{escape(scene.title)}</title>")
    head.append(f"<style>\n{classes.sheet()}\n</style>")
    if background:
        head.append(f'<rect width="{w}" height="{h}" fill="{escape(background)}"/>')
    return "\n".join([*head, *groups, "</svg>"]) + "\n"


def save_svg(scene: Scene, path: str | Path) -> Path:
    """Write the scene as an SVG file (UTF-8) and return its path."""
    target = Path(path)
    target.write_text(to_svg(scene), encoding="utf-8")
    return target
