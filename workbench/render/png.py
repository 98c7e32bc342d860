"""PNG backend: the SVG of a scene rasterised by cairosvg (imported only when used)."""

from __future__ import annotations

from pathlib import Path

from workbench.errors import InvalidValue
from workbench.render.scene import Scene
from workbench.render.svg import to_svg


def to_png(scene: Scene, scale: float = 1.0) -> bytes:
    """The scene as PNG bytes, ``scale`` times its pixel size (2.0 for a sharp projector)."""
    if scale <= 0:
        raise InvalidValue(f"scale must be positive, not {scale}")
    import cairosvg  # lazily: a C library that only PNG export needs

    width = max(1, round(scene.width * scale))
    height = max(1, round(scene.height * scale))
    data = cairosvg.svg2png(
        bytestring=to_svg(scene).encode("utf-8"), output_width=width, output_height=height
    )
    return bytes(data)


def save_png(scene: Scene, path: str | Path, scale: float = 1.0) -> Path:
    """Write the scene as a PNG file and return its path."""
    target = Path(path)
    target.write_bytes(to_png(scene, scale))
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
