"""Tiny Race's explorer and stepper view."""
