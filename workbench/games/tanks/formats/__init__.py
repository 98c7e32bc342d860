"""TANKS's file formats, each registered with ``workbench.files`` when imported."""

# The layer first: it imports every game's part, this one's modules each whole in turn, so
# a module here imported on its own finds the others complete.
import workbench.files.formats  # noqa: F401
