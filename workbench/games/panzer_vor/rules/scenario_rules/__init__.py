"""Each scenario's own rules in the card game (Part 2 - Scenarios), one module per scenario:
each registers its functions at the hook points and in the tables of
:mod:`workbench.games.panzer_vor.rules.hooks`, keyed by the special rule (or Optional Rule) they
carry out, as the scenario file names it.

Every module of this package is imported with it (``cardgame`` imports it before a match
starts), so a scenario's new rule is a function in its module here, and a new scenario's
rules are a new module here: nothing else names them. ARCHITECTURE.md ("Panzer Vor!'s
scenario rules") lists the hook points.
"""

from workbench.discovery import import_all, modules_of

MODULES = import_all(modules_of(__name__))
