"""Panzer Vor!'s home: every part of the game, one subpackage or module a layer (``boards``,
``formats``, ``learn``, ``lint``, ``numbering``, ``render``, ``rules``, ``search``,
``widgets``, ``bench``), each found by :mod:`workbench.discovery` and registered with its layer
(ARCHITECTURE.md: "One home per game").

Nothing is imported here: importing a part imports only that part and what it needs.
"""
