"""Rules: one package per game; shared pieces in ``core`` (explained results) and ``workbench.dice``."""
