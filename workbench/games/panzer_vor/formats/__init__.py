"""Panzer Vor!'s file formats, each registered with ``workbench.files`` when imported."""
