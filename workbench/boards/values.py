"""What every board, roster and scenario value shares: it saves itself as a file, and a
board shows itself as a picture in a notebook (rendering is imported only when asked)."""

from __future__ import annotations

from pathlib import Path


class FileValue:
    """A value with a file format (see :mod:`workbench.files`)."""

    def save(self, path: str | Path) -> Path:
        """Write this value as JSON, atomically (see :func:`workbench.files.save`)."""
        from workbench.files import save

        return save(self, path)


class Pictured:
    """A value a notebook shows as a picture (python-chess style ``_repr_svg_``)."""

    def _repr_svg_(self) -> str:
        from workbench.render import svg_of

        return svg_of(self)
