"""Panzer Strike: France 1944 – Pocket pieces: tiles, square boards and the tank types of Table A."""
