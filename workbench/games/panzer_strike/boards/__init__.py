"""Panzer Strike: France 1944 – Pocket pieces: tiles, boards, the tank types of Table A."""
