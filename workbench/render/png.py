"""PNG backend: the SVG of a scene rasterised by cairosvg (imported only when used)."""

from __future__ import annotations

import math
from pathlib import Path

from workbench.bounds import MAX_BYTES, MAX_SECONDS, Cost, refuse_past
from workbench.errors import ArgumentError, InvalidValue
from workbench.render.scene import Scene
from workbench.render.svg import to_svg

# cairosvg's cost, about three times the CPU time measured here (benchmarks/README.md,
# "Pictures' estimates"): parsing the SVG text, then every pixel of the image (a 4-byte
# surface, the PNG made from it)
PNG_SECONDS_PER_SVG_BYTE = 6e-6
PNG_SECONDS_PER_PIXEL = 1.2e-7
PNG_BYTES_PER_SVG_BYTE = 100
PNG_BYTES_PER_PIXEL = 5


def png_cost(svg_bytes: int, pixels: int) -> Cost:
    """The estimated peak memory and time of rasterising ``svg_bytes`` of SVG to ``pixels``."""
    return Cost(
        PNG_BYTES_PER_SVG_BYTE * svg_bytes + PNG_BYTES_PER_PIXEL * pixels,
        PNG_SECONDS_PER_SVG_BYTE * svg_bytes + PNG_SECONDS_PER_PIXEL * pixels,
    )


def to_png(
    scene: Scene,
    scale: float = 1.0,
    *,
    max_bytes: int = MAX_BYTES,
    max_seconds: float | None = MAX_SECONDS,
) -> bytes:
    """The scene as PNG bytes, ``scale`` times its pixel size (2.0 for a sharp projector).
    An image whose estimate (:func:`png_cost`) would pass ``max_bytes`` (2 GiB: about 400
    million pixels) or ``max_seconds`` (60 s) is refused first (ArgumentError naming
    ``scale``)."""
    real = isinstance(scale, int | float) and not isinstance(scale, bool)
    if not real or not math.isfinite(scale) or scale <= 0:
        raise ArgumentError("scale", scale, "a finite number more than 0")
    width = max(1, round(scene.width * scale))
    height = max(1, round(scene.height * scale))
    svg = to_svg(scene).encode("utf-8")
    what = f"a scale whose {width:,} x {height:,} pixels fit"
    refuse_past("scale", scale, what, png_cost(len(svg), width * height), max_bytes,
                max_seconds, instead="a smaller scale, or ")  # fmt: skip
    import cairosvg  # lazily: a C library that only PNG export needs

    data = cairosvg.svg2png(bytestring=svg, output_width=width, output_height=height)
    return bytes(data)


def save_png(
    scene: Scene,
    path: str | Path,
    scale: float = 1.0,
    *,
    max_bytes: int = MAX_BYTES,
    max_seconds: float | None = MAX_SECONDS,
) -> Path:
    """Write the scene as a PNG file and return its path (bounded as :func:`to_png`)."""
    data = to_png(scene, scale, max_bytes=max_bytes, max_seconds=max_seconds)
    target = Path(path)
    target.write_bytes(data)
    return target


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height read from a PNG header.

    >>> png_size(b"\\x89PNG\\r\\n\\x1a\\n" + b"\\x00\\x00\\x00\\rIHDR" + (3).to_bytes(4, "big")
    ...          + (2).to_bytes(4, "big"))
    (3, 2)
    """
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise InvalidValue("not a PNG image")
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
