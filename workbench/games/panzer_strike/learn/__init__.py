"""Panzer Strike's question kinds, each registered with ``workbench.learn``."""
