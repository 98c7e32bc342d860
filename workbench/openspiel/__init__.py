"""Every workbench game as an OpenSpiel game (its own layer above the rules, beside
``balance``): ``game(name, scenario=None, options=None)`` gives a ``pyspiel.Game`` for a
registered game, one of its shipped scenarios (by name) or any scenario (a file's path, or a
scenario value made in the editor: its whole content goes into the game string, which names
no file), with the game's options. Importing this package registers every numbered game with
OpenSpiel (when OpenSpiel is installed), so ``pyspiel.load_game("workbench_panzer_strike")``
and reading a serialized state work in any process that imported it; states serialize as data
(:mod:`workbench.openspiel.bridge`, :mod:`workbench.openspiel.state_text`).

Each game's numbering, longest game and the options the bridge plays it with where OpenSpiel
needs one the rules leave open (:func:`bridge_options`) are registered by the game's own
``numbering`` part (:mod:`workbench.openspiel.spaces`, :mod:`workbench.openspiel.bounds`).

OpenSpiel (PyPI ``open_spiel``) is an optional extra: ``pip install -e '.[search]'`` (``make
install`` installs it). Without it everything else works and :func:`game` says how to install
it. The numbered actions (:func:`action_space`) need no OpenSpiel.
"""

from __future__ import annotations

import importlib.util
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from workbench.arguments import check_all
from workbench.discovery import import_all, parts
from workbench.errors import ArgumentError, WorkbenchError
from workbench.files import to_document
from workbench.games import get_game
from workbench.openspiel.bounds import bridge_options
from workbench.openspiel.bounds import step_limit as default_limit
from workbench.openspiel.game_string import NO_LIMIT, canonical_json, escaped
from workbench.openspiel.numbering import ActionSpace, NotNumbered, TooManyActions
from workbench.openspiel.spaces import action_space as _space
from workbench.rules.core import Game

import_all(parts("numbering"))  # each game's numbered actions and bounds register themselves

INSTALL = "pip install -e '.[search]'  (or: pip install 'open_spiel>=2.0.2')"
DEFAULT = "default"  # game(step_limit=...): the game's own default

__all__ = [
    "INSTALL",
    "ActionSpace",
    "NotNumbered",
    "OpenSpielMissing",
    "TooManyActions",
    "action_space",
    "bridge_options",
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


def _scenario_value(rules: Game, scenario: Any) -> Any:
    """The scenario ``scenario`` names (see :func:`game`), loaded."""
    if scenario is None:
        return rules.load_scenario(next(iter(rules.scenarios())))
    if isinstance(scenario, str | os.PathLike):
        return rules.load_scenario(Path(scenario) if not isinstance(scenario, str) else scenario)
    kinds = rules.scenario_types
    if (kinds and not isinstance(scenario, kinds)) or not hasattr(scenario, "save"):
        raise ArgumentError(
            "scenario", scenario,
            f"a scenario {rules.name} ships (its name), a scenario file's path or a scenario value",
        )  # fmt: skip
    return scenario


def _plain(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options as JSON values (a path as its text), as a game string holds them."""
    try:
        return dict(json.loads(json.dumps(dict(options or {}), default=os.fspath, allow_nan=False)))
    except (TypeError, ValueError, RecursionError):
        raise ArgumentError(
            "options", options, "a mapping of option names to JSON values (text, numbers, "
            "true/false, null, lists and mappings, a path as text)",
        ) from None  # fmt: skip


def action_space(
    name: str, scenario: Any = None, options: Mapping[str, Any] | None = None
) -> ActionSpace:
    """The numbered actions of game ``name`` for ``scenario`` (default: its first shipped
    one) with ``options`` (see :mod:`workbench.openspiel.spaces`)."""
    rules = get_game(name)
    value = _scenario_value(rules, scenario)
    return _space(rules.name, value, rules.start(value, options))


def game(
    name: str,
    scenario: Any = None,
    options: Mapping[str, Any] | None = None,
    step_limit: int | str | None = DEFAULT,  # DEFAULT, a whole number, or None: none
) -> Any:
    """A ``pyspiel.Game`` of the registered game ``name`` and ``scenario``: a shipped one's
    name (default: the first), a scenario file's path or a scenario value, with ``options``
    (checked as ``start`` checks them; :func:`bridge_options` first, where a game needs one)
    and the bridge's ``step_limit``: the steps after which it ends the game, a draw (the
    game's default, :func:`workbench.openspiel.bounds.step_limit`, written into the game
    string; None: no limit but the game's own)."""
    if pyspiel_module() is None or _bridge is None:  # installed after this package was imported
        raise OpenSpielMissing("OpenSpiel was installed after workbench.openspiel was imported: "
                               "start Python again")  # fmt: skip
    rules = get_game(name)
    params: dict[str, Any] = {}
    if scenario is None or (isinstance(scenario, str) and scenario in rules.scenarios()):
        params["scenario"] = scenario or next(iter(rules.scenarios()), "")
    else:
        value = _scenario_value(rules, scenario)
        whole = value.self_contained() if hasattr(value, "self_contained") else value
        params["scenario_text"] = escaped(canonical_json(to_document(whole)))
    given = {**bridge_options(rules.name), **_plain(options)}
    if given:
        params["options"] = escaped(canonical_json(given))
    if step_limit == DEFAULT:
        step_limit = default_limit(rules.name, params.get("scenario", ""))
    if step_limit is not None:
        params["step_limit"] = step_limit
    elif default_limit(rules.name, params.get("scenario", "")) is not None:
        params["step_limit"] = NO_LIMIT  # written: else loading it again gives the default
    return _bridge.WorkbenchGame(params, rules=rules)


check_all(globals(), ["action_space", "game"])

_bridge: Any = None
if importlib.util.find_spec("pyspiel") is not None:  # OpenSpiel is installed: register
    from workbench.openspiel import bridge as _bridge

    _bridge.register_all()
