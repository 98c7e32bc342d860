"""The pictures of a page, each stored once: every scene is drawn by the render layer's SVG
backend (:func:`workbench.render.svg.to_svg`, the app's own pictures), one layer at a time,
and split into its elements; an element, a layer and a picture met before are not stored
again. A game's board drawn at every step is one board layer and the few counters that moved.

The style classes of every picture become one style sheet for the page (the same style, the
same class), so a layer's elements read the same in any picture.

>>> from workbench.render.scene import Polygon, Scene, Style, Transform
>>> square = Polygon(((0, 0), (1, 0), (1, 1), (0, 1)), Style(fill="#336699"))
>>> store = PictureStore()
>>> first = store.add(Scene(20, 20, Transform(10.0), {"board": (square,)}))
>>> first == store.add(Scene(20, 20, Transform(10.0), {"board": (square,)}))
True
>>> store.data()["pieces"]
['<polygon class="k0" points="0,0 10,0 10,10 0,10"/>']
>>> store.sheet()
'.k0{fill:#336699;stroke:none}'
"""

from __future__ import annotations

import re
from typing import Any

from workbench.errors import InvalidValue
from workbench.render.scene import LAYER_GROUPS, Scene
from workbench.render.svg import to_svg

NAMESPACE = re.compile(r"""\s+xmlns=(["'])http://www\.w3\.org/2000/svg\1""")
_CLASS = re.compile(r'class="s(\d+)"')
_RULE = re.compile(r"\.s(\d+)\{([^{}<>]*)\}")
_SAFE_CSS = re.compile(r"[A-Za-z0-9#.,:;%()\-+ _]*")  # colours, sizes, font names: nothing else


def inline_svg(svg: str) -> str:
    """An SVG document as an element of an HTML page: its namespace attribute left out (an
    HTML page gives ``<svg>`` its namespace; the page names no address at all).

    >>> inline_svg("<svg xmlns='http://www.w3.org/2000/svg' width='2'></svg>")
    "<svg width='2'></svg>"
    """
    return NAMESPACE.sub("", svg, count=1)


def safe_css(css: str) -> str:
    """``css`` when it holds only what a picture's style holds (colours, sizes, font names),
    else InvalidValue: nothing read from a file can close the page's style sheet."""
    if not _SAFE_CSS.fullmatch(css) or "url(" in css or "//" in css:
        raise InvalidValue(f"a picture's style {css!r} holds more than colours and sizes")
    return css


class PictureStore:
    """Pictures added one by one (:meth:`add` gives each its number), stored once each:
    ``data()`` is what the page holds, ``sheet()`` the style sheet they share."""

    def __init__(self) -> None:
        self._classes: dict[str, str] = {}  # css -> the page's class name
        self._pieces: dict[str, int] = {}  # an element's SVG text -> its number
        self._layers: dict[tuple[int, ...], int] = {}  # a layer's pieces -> its number
        self._pictures: dict[tuple[Any, ...], int] = {}
        self._drawn: dict[tuple[Any, ...], tuple[Any, int]] = {}  # a layer already split

    def add(self, scene: Scene) -> int:
        """The number of ``scene``'s picture (a new one, or the same picture's number)."""
        theme = scene.theme
        layers = tuple(
            (name, self._layer(scene, name, prims)) for name, prims in scene.layers.items() if prims
        )
        background = getattr(theme, "background", None)
        key = (round(scene.width, 2), round(scene.height, 2), background, scene.title, layers)
        return self._pictures.setdefault(key, len(self._pictures))

    def _layer(self, scene: Scene, name: str, prims: Any) -> int:
        """The number of one layer's elements (each layer of a view's kept board is split
        once: the same primitives with the same transform and theme are the same layer)."""
        key = (name, id(prims), scene.transform, id(scene.theme))
        kept = self._drawn.get(key)
        if kept is not None and kept[0][0] is prims and kept[0][1] is scene.theme:
            return kept[1]
        alone = Scene(scene.width, scene.height, scene.transform, {name: prims}, theme=scene.theme)
        svg = to_svg(alone)
        local = {m.group(1): self._class(m.group(2)) for m in _RULE.finditer(svg)}
        start = svg.index(f'<g id="{name}">\n') + len(f'<g id="{name}">\n')
        body = svg[start : svg.rindex("\n</g>")]
        body = _CLASS.sub(lambda m: f'class="{local[m.group(1)]}"', body)
        pieces = tuple(self._pieces.setdefault(p, len(self._pieces)) for p in body.split("\n"))
        number = self._layers.setdefault(pieces, len(self._layers))
        self._drawn[key] = ((prims, scene.theme), number)
        return number

    def _class(self, css: str) -> str:
        return self._classes.setdefault(safe_css(css), f"k{len(self._classes)}")

    def sheet(self) -> str:
        """The style sheet every picture's classes are in."""
        return "\n".join(f".{name}{{{css}}}" for css, name in self._classes.items())

    def data(self) -> dict[str, Any]:
        """The pictures as the page reads them: ``pieces`` (SVG elements), ``layers`` (each a
        list of pieces), ``pictures`` (each ``[width, height, background, title, [[layer
        name, layer], ...]]``) and ``base``, the layers the page draws under the rest."""
        pictures = [
            [w, h, background, title, [list(layer) for layer in layers]]
            for w, h, background, title, layers in self._pictures
        ]
        return {
            "base": list(LAYER_GROUPS["base"]),
            "pieces": list(self._pieces),
            "layers": [list(pieces) for pieces in self._layers],
            "pictures": pictures,
        }


__all__ = ["PictureStore", "inline_svg", "safe_css"]
