"""Panzer Strike: France 1944 – Pocket rules: movement dice and steps, shooting with hit
directions, kill odds, flags, and the game on the protocol of ``workbench.rules.core``."""
