"""Every workbench game as an OpenSpiel game (its own layer above the rules, beside
``balance``): ``game(name, scenario=None, options=None)`` gives a ``pyspiel.Game`` for a
registered game, one of its shipped scenarios (by name) or any scenario (a file's path, or a
scenario value made in the editor), with the game's options.

OpenSpiel (PyPI ``open_spiel``) is an optional extra: ``pip install -e '.[search]'`` (``make
install`` installs it). Without it everything else works and :func:`game` says how to install
it. The numbered actions (:func:`action_space`) need no OpenSpiel.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from workbench.discovery import import_all, parts
from workbench.errors import WorkbenchError
from workbench.games import get_game
from workbench.openspiel.numbering import ActionSpace, NotNumbered, TooManyActions
from workbench.openspiel.spaces import action_space as _space

import_all(parts("numbering"))  # each game's numbered actions and bounds register themselves

# OpenSpiel needs the longest game a game can run to. Tournament Play's reading plays a drawn
# match again "until it has a winner", which has no bound; so unless the options say otherwise
# the bridge plays it with at most three replays of a drawn match, then a die decides it. A
# stand-in of the bridge's, not the rulebook's: options={"drawn_replays": None} asks for the
# unbounded reading, which OpenSpiel cannot take, and is refused with that reason.
BRIDGE_OPTIONS: dict[str, dict[str, Any]] = {"panzer-vor-tournament": {"drawn_replays": 3}}

INSTALL = "pip install -e '.[search]'  (or: pip install 'open_spiel>=2.0.2')"

__all__ = [
    "BRIDGE_OPTIONS",
    "INSTALL",
    "ActionSpace",
    "NotNumbered",
    "OpenSpielMissing",
    "TooManyActions",
    "action_space",
    "game",
]


class OpenSpielMissing(WorkbenchError, ImportError):
    """OpenSpiel is not installed (the message says how to install it)."""


def pyspiel_module() -> Any:
    try:
        import pyspiel
    except ImportError:
        raise OpenSpielMissing(
            f"the OpenSpiel bridge needs OpenSpiel, an optional extra: {INSTALL}"
        ) from None
    return pyspiel


def _scenario_value(name: str, scenario: Any) -> Any:
    rules = get_game(name)
    if scenario is None:
        return rules.load_scenario(next(iter(rules.scenarios())))
    if isinstance(scenario, str | Path):
        return rules.load_scenario(scenario)
    return scenario


def action_space(
    name: str, scenario: Any = None, options: Mapping[str, Any] | None = None
) -> ActionSpace:
    """The numbered actions of game ``name`` for ``scenario`` (default: its first shipped
    one) with ``options`` (see :mod:`workbench.openspiel.spaces`)."""
    rules = get_game(name)
    value = _scenario_value(name, scenario)
    return _space(rules.name, value, rules.start(value, options))


def game(name: str, scenario: Any = None, options: Mapping[str, Any] | None = None) -> Any:
    """A ``pyspiel.Game`` of the registered game ``name`` and ``scenario``: a shipped one's
    name (default: the first), a scenario file's path or a scenario value, with ``options``
    (checked as ``start`` checks them; :data:`BRIDGE_OPTIONS` first, where a game needs one)."""
    pyspiel_module()
    from workbench.openspiel.bridge import WorkbenchGame, hexed

    rules = get_game(name)
    params: dict[str, str] = {}
    value = None
    if scenario is None or (isinstance(scenario, str) and scenario in rules.scenarios()):
        params["scenario"] = scenario or next(iter(rules.scenarios()))
    elif isinstance(scenario, str | Path):
        params["scenario_file"] = hexed(str(Path(scenario).resolve()))
    else:
        from workbench.files import to_document

        value = scenario
        params["scenario_document"] = hexed(json.dumps(to_document(scenario)))
    options = {**BRIDGE_OPTIONS.get(rules.name, {}), **(options or {})}
    if options:
        params["options"] = hexed(json.dumps(options, sort_keys=True))
    return WorkbenchGame(params, rules=rules, scenario=value)
