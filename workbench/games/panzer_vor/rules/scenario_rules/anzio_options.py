"""The Anzio scenarios' Optional Rules that change the forces, the cards or a rule in force,
each an option of its scenario (the Revised scenario's Reinforcements are in ``anzio``).

Anzio (Revised): Optional Rules:

- CV33 (option ``cv33_machine_gun``): "there is no Damage Roll bonus when the CV33 shoots
  from within three hexes of a target" (the rule ``firing.NO_RANGE_BONUS`` applies when it is
  in force). Its default is the scenario file's: on when the file lists it in force.
- Balance adjustments (option ``balance_adjustment``): "If you feel that Ōarai is at a
  disadvantage, they can use the Volleyball Club Comeback! Scenario Card. If you feel that
  Anzio is at a disadvantage, during the Scenario Setup use the Reverse side of all Ōarai
  Teams except for the members of the Goosefish Team." Reading: one side is at a
  disadvantage, so one adjustment at a time; the option names the side it helps.

Anzio (Original): Optional Rules:

- Team Adjustments (option ``team_adjustments``, each player's own "may"): "The Ōarai player
  may move Yukari Akiyama from the Goosefish Team to the B1 bis. The Anzio player may
  substitute the revised versions of Carpaccio (+1 FP) and Pepperoni (+2MP) for the original
  versions." (The other translation's "substitute Carpaccio for Pepperoni" is not followed:
  the main rulebook stands.)
- Self-Sacrifice (option ``self_sacrifice``): "You may replace the Volleyball Club Comeback!
  Scenario card with the Self-Sacrifice Scenario card - if you do, replace the Duck Team
  with the Anteater Team (keep the Type 89 Tank though)." The Anteater Team takes the Duck
  Team's side (face up).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from workbench.games.panzer_vor.boards.scenario import Character, PanzerVorScenario, Side
from workbench.games.panzer_vor.rules import hooks, restrictions
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.tournament import GOOSEFISH
from workbench.rules.options import Option

OARAI, ANZIO = "Ōarai", "Anzio"
VOLLEYBALL, SELF_SACRIFICE = "Volleyball Club Comeback!", "Self-Sacrifice"
restrictions.unrestricted(
    SELF_SACRIFICE,
    why="the rulebook names it (Anzio (Original): Optional Rules) and prints "
    "neither its effect nor a restriction; its effect is a stand-in (cards.CATALOGUE)",
)


def _sides(
    scenario: PanzerVorScenario, school: str, change: Callable[[Side], Side]
) -> PanzerVorScenario:
    """The scenario with ``change`` made to the side of ``school``."""
    sides = tuple(change(s) if s.school == school else s for s in scenario.sides)
    return replace(scenario, sides=sides)


def _characters(side: Side, change: Callable[[str, Character], Character | None]) -> Side:
    """The side with each tank's characters changed (None: taken off), by the tank's name."""
    tanks = tuple(
        replace(t, characters=tuple(
            c2 for c in t.characters if (c2 := change(t.tank, c)) is not None))
        for t in side.tanks
    )  # fmt: skip
    return replace(side, tanks=tanks)


# --- Anzio (Revised): CV33 ----------------------------------------------------------------

CV33 = "CV33"


@hooks.OPTIONS(CV33)
def cv33_option(scenario: PanzerVorScenario) -> list[Option]:
    return [
        Option.flag(
            "cv33_machine_gun", S.CV33,
            "the CV33's machine gun: no Damage Roll bonus when a CV33 shoots from within "
            "three hexes of its target",
        ).with_default(CV33 in scenario.optional_rules)
    ]  # fmt: skip


@hooks.SCENARIO(CV33)
def cv33_in_force(scenario: PanzerVorScenario, options: Mapping[str, Any]) -> PanzerVorScenario:
    """The CV33 rule in force (or not) as the option says."""
    wanted = options.get("cv33_machine_gun", CV33 in scenario.optional_rules)
    rules = tuple(r for r in scenario.optional_rules if r != CV33)
    return replace(scenario, optional_rules=(*rules, CV33) if wanted else rules)


# --- Anzio (Revised): Balance adjustments -------------------------------------------------

BALANCE = "Balance adjustments"
BALANCES = ("none", "oarai", "anzio")  # the side helped


@hooks.OPTIONS(BALANCE)
def balance_option(scenario: PanzerVorScenario) -> list[Option]:
    return [
        Option.choice(
            "balance_adjustment", BALANCES, S.ANZIO_BALANCE,
            "the side felt to be at a disadvantage, one at a time: 'oarai': Ōarai holds the "
            "Volleyball Club Comeback! Scenario Card; 'anzio': every Ōarai team but the "
            "Goosefish Team's members starts on its Reverse side",
            respelled={OARAI: "oarai", ANZIO: "anzio"},
        )
    ]  # fmt: skip


@hooks.SCENARIO(BALANCE)
def balance(scenario: PanzerVorScenario, options: Mapping[str, Any]) -> PanzerVorScenario:
    helped = options.get("balance_adjustment", "none")
    if helped == "oarai":
        return _sides(scenario, OARAI, lambda s: replace(
            s, scenario_cards=(*s.scenario_cards, VOLLEYBALL)))  # fmt: skip
    if helped == "anzio":
        return _sides(scenario, OARAI, lambda s: _characters(s, _reversed_team))
    return scenario


def _reversed_team(tank: str, character: Character) -> Character:
    return character if character.name in GOOSEFISH else replace(character, side="reverse")


# --- Anzio (Original): Team Adjustments and Self-Sacrifice -------------------------------

TEAM = "Team Adjustments"
AKIYAMA = "akiyama-to-b1-bis"  # Yukari Akiyama to the B1 bis
REVISED_CHARACTERS = "revised-carpaccio-and-pepperoni"
REVISED = {"Carpaccio": "Carpaccio (+1 FP)", "Pepperoni": "Pepperoni (+2 MP)"}
B1_BIS = "Char B1 bis"


@hooks.OPTIONS(TEAM)
def team_option(scenario: PanzerVorScenario) -> list[Option]:
    return [
        Option.subset(
            "team_adjustments", (AKIYAMA, REVISED_CHARACTERS), S.ANZIO_TEAM_ADJUSTMENTS,
            f"each player's own choice: '{AKIYAMA}' (Ōarai moves Yukari Akiyama from the "
            f"Goosefish Team to the B1 bis), '{REVISED_CHARACTERS}' (Anzio uses Carpaccio "
            "(+1 FP) and Pepperoni (+2 MP) for the original versions)",
            respelled={
                "Yukari Akiyama to the B1 bis": AKIYAMA,
                "revised Carpaccio and Pepperoni": REVISED_CHARACTERS,
            },
        )
    ]  # fmt: skip


@hooks.SCENARIO(TEAM)
def team_adjustments(scenario: PanzerVorScenario, options: Mapping[str, Any]) -> PanzerVorScenario:
    chosen = options.get("team_adjustments", ())
    if AKIYAMA in chosen:
        scenario = _sides(scenario, OARAI, _akiyama_moves)
    if REVISED_CHARACTERS in chosen:
        scenario = _sides(scenario, ANZIO, _revised_characters)
    return scenario


def _akiyama_moves(side: Side) -> Side:
    akiyama = next(c for t in side.tanks for c in t.characters if c.name == "Yukari Akiyama")
    side = _characters(side, lambda tank, c: None if c is akiyama else c)
    tanks = tuple(
        replace(t, characters=(*t.characters, akiyama)) if t.tank == B1_BIS else t
        for t in side.tanks
    )
    return replace(side, tanks=tanks)


def _revised(character: Character) -> Character:
    return replace(character, name=REVISED.get(character.name, character.name))


def _revised_characters(side: Side) -> Side:
    side = _characters(side, lambda tank, c: _revised(c))
    return replace(side, characters=tuple(_revised(c) for c in side.characters))


@hooks.OPTIONS(SELF_SACRIFICE)
def self_sacrifice_option(scenario: PanzerVorScenario) -> list[Option]:
    return [
        Option.flag(
            "self_sacrifice", S.ANZIO_TEAM_ADJUSTMENTS,
            "Ōarai holds the Self-Sacrifice Scenario card instead of Volleyball Club "
            "Comeback!, and the Anteater Team replaces the Duck Team on the Type 89",
        )
    ]  # fmt: skip


@hooks.SCENARIO(SELF_SACRIFICE)
def self_sacrifice(scenario: PanzerVorScenario, options: Mapping[str, Any]) -> PanzerVorScenario:
    if not options.get("self_sacrifice"):
        return scenario

    def swap(side: Side) -> Side:
        cards = tuple(SELF_SACRIFICE if c == VOLLEYBALL else c for c in side.scenario_cards)
        side = _characters(side, lambda tank, c: replace(
            c, name="Anteater Team") if c.name == "Duck Team" else c)  # fmt: skip
        return replace(side, scenario_cards=cards)

    return _sides(scenario, OARAI, swap)
