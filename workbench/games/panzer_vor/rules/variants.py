"""Card-game options that change a scenario or its Optional Rules before the match starts
(``cardgame.start`` applies them, once ``game_options`` has checked them).

- ``optional_rules``: Optional Rules put in force on top of the scenario's own
  (``["turret-rotation", "wreckage"]``: ``setup.OPTIONAL_RULE_VALUES`` names each rule).
- ``turret_penalty``: the reading of Turret Rotation's "-2 when you rotate a turret and fire
  in the same turn (example 3 above)": ``"attack-card"`` (the default: only the turn made as
  part of the shot) or ``"any-rotation"`` (any turn of the tank's turret that turn, a
  Movement-card turn included). See ``turret``.
- ``teasy_tease``: Kuromorimine Stage 1 lists "Smokescreen (or Operation: Teasy-Tease)";
  with ``True`` the Ōarai player holds Operation: Teasy-Tease instead of Smokescreen. The
  rulebook prints no effect for that card: its effect is a labelled stand-in (``cards``) that
  a deck file replaces.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.rules import sections
from workbench.games.panzer_vor.rules.match import CardMatch, evolve
from workbench.games.panzer_vor.rules.setup import OPTIONAL_RULE_VALUES
from workbench.games.panzer_vor.rules.state import TURRET_PENALTIES
from workbench.rules.core import IllegalAction, Reason

VARIANT_OPTIONS = ("optional_rules", "turret_penalty", "teasy_tease")
SMOKESCREEN, TEASY_TEASE = "Smokescreen", "Operation: Teasy-Tease"
TEASY_TEASE_RULE = "Scenario Card: Operation: Teasy-Tease (effect: stand-in)"


def scenario_for(scenario: PanzerVorScenario, options: Mapping[str, Any]) -> PanzerVorScenario:
    """The scenario with the options' Optional Rules in force and its Scenario cards swapped."""
    extra = tuple(OPTIONAL_RULE_VALUES[value] for value in options.get("optional_rules", ()))
    if extra:
        rules = (*scenario.optional_rules, *(r for r in extra if r not in scenario.optional_rules))
        scenario = replace(scenario, optional_rules=rules)
    if options.get("teasy_tease"):
        scenario = with_teasy_tease(scenario)
    return scenario


def with_teasy_tease(scenario: PanzerVorScenario) -> PanzerVorScenario:
    """Kuromorimine Stage 1 with Operation: Teasy-Tease in place of Smokescreen."""
    if not any(SMOKESCREEN in s.scenario_cards for s in scenario.sides):
        why = (
            f"{scenario.name} holds no Smokescreen card to swap for {TEASY_TEASE} (only "
            "Kuromorimine Stage 1 offers the choice)"
        )
        raise IllegalAction(Reason(why, sections.STAGE_1_SCENARIO_CARDS))
    sides = tuple(
        replace(s, scenario_cards=tuple(_swap(c) for c in s.scenario_cards)) for s in scenario.sides
    )
    rules = tuple(
        TEASY_TEASE_RULE if r == f"Scenario Card: {SMOKESCREEN}" else r
        for r in scenario.special_rules
    )
    return replace(scenario, sides=sides, special_rules=rules)


def _swap(card: str) -> str:
    return TEASY_TEASE if card == SMOKESCREEN else card


def after_start(match: CardMatch, options: Mapping[str, Any]) -> CardMatch:
    """The started match with the chosen reading of the turret penalty."""
    penalty = options.get("turret_penalty", TURRET_PENALTIES[0])
    if penalty != TURRET_PENALTIES[0]:
        match = evolve(match, board=match.board.with_options(turret_penalty=penalty))
    return match
