"""TANKS as OpenSpiel numbers: its actions (:mod:`.space`), its longest game
(:mod:`.bound`) and its tensors (:mod:`.tensors`), registered with ``workbench.openspiel``
(pure Python and numpy: no pyspiel here)."""

# The layer first: it imports every game's part, this one's modules each whole in turn, so
# a module here imported on its own finds the others complete.
import workbench.openspiel  # noqa: F401
