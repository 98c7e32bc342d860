"""TANKS as OpenSpiel numbers: its tensors (:mod:`.tensors`), registered with
``workbench.openspiel`` (pure Python and numpy: no pyspiel here)."""
