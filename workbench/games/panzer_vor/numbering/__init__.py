"""Panzer Vor!'s actions as OpenSpiel numbers and its longest game, registered with
``workbench.openspiel`` (pure Python: no pyspiel here)."""

# The layer first: it imports every game's part, this one's modules each whole in turn, so
# a module here imported on its own finds the others complete.
import workbench.openspiel  # noqa: F401
