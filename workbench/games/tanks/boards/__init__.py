"""TANKS: Panther vs Sherman pieces: the open table with its terrain and the tank cards."""
