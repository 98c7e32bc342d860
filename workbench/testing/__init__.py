"""Checks every registered game must pass (used by the test suite and ``make soak``)."""
