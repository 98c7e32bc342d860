"""Rules: one package per game; shared pieces in ``core`` and ``workbench.dice``."""
