"""Panzer Vor!'s actions as OpenSpiel numbers and its longest game, registered with
``workbench.openspiel`` (pure Python: no pyspiel here)."""
