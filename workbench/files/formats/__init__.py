"""The built-in file formats; importing this package registers each of them."""

from workbench.files.formats import hexmap_format

__all__ = ["hexmap_format"]
