"""TANKS's explorer and the stepper's view of it, registered with ``workbench.widgets``."""
