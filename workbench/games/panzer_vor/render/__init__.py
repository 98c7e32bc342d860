"""Panzer Vor!'s pictures: scenes of its boards, states and results, registered with
``workbench.render``."""
