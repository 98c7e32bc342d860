"""Tiny Race's rules (a test fixture)."""
