"""Panzer Strike's pictures: scenes of its boards, states and results, registered with
``workbench.render``."""

# The layer first: it imports every game's part, this one's modules each whole in turn, so
# a module here imported on its own finds the others complete.
import workbench.render  # noqa: F401
