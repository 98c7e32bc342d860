"""Panzer Strike's options as one list (:mod:`workbench.rules.options`): the rulebook's two
optional rules, this project's readings of the cases the text leaves open (each a named option
whose values are the readings a player could take) and the turn limit. Each option gives the
values it allows, its default, the rulebook section it reads and what each value chooses.
``start`` checks what it is given against this list; the defaults are the rules as played
before the list existed (a record keeps the options it was played with).

>>> [o.name for o in OPTIONS][:3]
['damage', 'barricades', 'backward_counts']
>>> check_options(OPTIONS, {"damage": "no"})
Traceback (most recent call last):
...
workbench.rules.options.OptionError: options["damage"]: expected true or false, got 'no'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from workbench.rules.options import Option, OptionError, check_options
from workbench.rules.panzer_strike import sections

DIAGONAL_CUTS = ("allowed", "not-between-two", "not-past-any")
TRAJECTORIES = ("crossed", "met")
ROUNDINGS = ("up", "nearest", "exact")
DIVIDED = ("side", "centre")
NEXT_TO = ("eight", "four")

OPTIONS: tuple[Option, ...] = (
    Option.flag(
        "damage",
        sections.DAMAGE,
        "the optional Damage rule: on, a sum equal to distance + armour only damages the target "
        "(it can't move, it can only shoot) and a greater sum destroys it; off, an equal sum "
        "destroys (Shooting and Armour: 'equal or greater')",
    ),
    Option.flag(
        "barricades",
        sections.BARRICADES,
        "the optional Barricades rule: on, the board's barricades are in play (tanks can "
        "neither move nor shoot over them); off, their squares are streets",
        default=True,
    ),
    Option.flag(
        "backward_counts",
        sections.MOVEMENT,
        "'A movement backwards is restricted to one step': on, the square backwards counts as "
        "a step of the die; off, it is free",
        default=True,
    ),
    Option.flag(
        "backward_alone",
        sections.MOVEMENT,
        "on, a move backwards is that one square and nothing else; off, the square backwards "
        "may be one step among turns and forward steps (at most one a move)",
    ),
    Option.choice(
        "diagonal_cut",
        DIAGONAL_CUTS,
        sections.MOVEMENT,
        "a diagonal step past blocked squares: 'allowed' always; 'not-between-two' refused "
        "when both orthogonal neighbours block; 'not-past-any' refused when either does",
    ),
    Option.choice(
        "trajectory",
        TRAJECTORIES,
        sections.SHOOTING,
        "'there must not be anything on its way': 'crossed', what stands on a square whose "
        "inside the line crosses stops the shell; 'met', a square it only grazes at an edge or "
        "a corner stops it too",
    ),
    Option.choice(
        "distance_rounding",
        ROUNDINGS,
        sections.SHOOTING,
        "the ruler distance added to the armour: 'up' to whole squares (a partly covered unit "
        "counts), to the 'nearest' (halves up), or 'exact' (then Damage, an equal sum, happens "
        "only at whole distances)",
    ),
    Option.choice(
        "divided_square",
        DIVIDED,
        sections.SHOOTING,
        "'Any shot fired from a square divided by an arrow hits the side armour': 'side', a "
        "firing square a dividing line cuts hits the side; 'centre', it is judged by its centre "
        "(on the line: side)",
    ),
    Option.choice(
        "flag_next_to",
        NEXT_TO,
        sections.CAPTURE_THE_FLAG,
        "'a tank must come to a square next to it': 'eight', any of the eight squares around "
        "the flag; 'four', the four orthogonal ones",
    ),
    Option.flag(
        "one_die_per_tank",
        sections.MOVEMENT,
        "'a player can move a tank per dice rolled': on, each tank moves on at most one die a "
        "turn; off, a tank may move again on another die",
        default=True,
    ),
    Option.flag(
        "any_flags",
        sections.CAPTURE_THE_FLAG,
        "on, flag counts the rulebook does not list are allowed (symmetrical: 1 or 2 flags "
        "each; attack vs. defence: up to 4), for a designer's variant; off, they are refused",
    ),
    Option.flag(
        "any_positions",
        sections.INITIAL_POSITIONS,
        "on, forces need not start on opposite sides of the board (a lesson's position, a "
        "designer's what-if); off, a scenario that does not is refused",
    ),
    Option.whole(
        "turn_limit",
        30,
        sections.CAPTURE_THE_FLAG,
        "rounds played (each side one turn) before the game ends: in attack vs. defence the "
        "rulebook's limit, by which the attacker must capture every flag; in the other tasks "
        "a practice stand-in (not the rulebook's) so that a game ends, the side whose losses "
        "are worth less winning; null, no limit",
        low=1,
        none_allowed=True,
    ),
)

OPTION_NAMES = tuple(o.name for o in OPTIONS)


def own_options(scenario: Any) -> dict[str, Any]:
    """The options a scenario file sets, checked against :data:`OPTIONS` (OptionError naming
    the scenario and the option)."""
    own = getattr(scenario, "options", None) or {}
    try:
        return check_options(OPTIONS, own)
    except OptionError as refused:
        where = f"the options of scenario {getattr(scenario, 'name', '?')!r}"
        raise OptionError(
            refused.option, refused.found, f"{refused.expected} ({where})", refused.section
        ) from None


def options(scenario: Any) -> list[Option]:
    """Every option, with the scenario's own values as the defaults (a scenario file may set
    some, e.g. ``"damage": true``).

    >>> from workbench.rules.panzer_strike.setup import open_board
    >>> [o.default for o in options(open_board()) if o.name == "turn_limit"]
    [30]
    """
    own = own_options(scenario)
    return [replace(o, default=own[o.name]) if o.name in own else o for o in OPTIONS]


def chosen(scenario: Any, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The scenario's own options with ``given`` over them, all checked."""
    return {**own_options(scenario), **check_options(OPTIONS, given)}
