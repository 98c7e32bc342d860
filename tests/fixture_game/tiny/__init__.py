"""Tiny Race, the fixture game: every part of a game in one package
(tests/test_adding_a_game.py)."""
