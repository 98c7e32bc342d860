"""TANKS's question kinds, each registered with ``workbench.learn``."""
