"""Panzer Strike's options as one list (:mod:`workbench.rules.options`): the rulebook's two
optional rules, this project's readings of the cases the text leaves open (each a named option
whose values are the readings a player could take) and the turn limit. Each option gives the
values it allows, its default, the rulebook section it reads and, in a line that reads as a
choice, what each value chooses. ``start`` checks what it is given against this list.

The defaults, and why (the code applying each reading quotes its sentence):

- ``damage``, ``barricades`` off: they are the rulebook's "Optional Rules", not its Rules.
  Records saved before every option was written out played the board's barricades
  (``unwritten``: on), and are read so.
- ``backward_counts`` on, ``backward_alone`` off, ``backward_steps`` ``'once'``: "A movement
  backwards is restricted to one step: a tank can move only by a square backwards." The
  restriction must restrict something, and forward steps are a square each too: the backward
  part of a movement is one square (and a step of the die) among its other steps.
- ``diagonal_cut`` ``'allowed'``: the text names no corner rule for moving.
- ``trajectory`` ``'crossed'``: "there must not be anything on its way": the pieces stand on
  the centre of their squares, and a line that only touches a square's corner passes it by.
- ``distance_rounding`` ``'up'``: the ruler is read to the next whole unit it reaches.
- ``divided_square`` ``'side'``: "Any shot fired from a square divided by an arrow hits the
  side armour".
- ``flag_next_to`` ``'eight'``: "next to" a square is any square that touches it.
- ``flag_turning`` ``'moves'``: "Any motion forward by one square or rotation for 45° counts
  as one step": a rotation is movement, so a tank that turned did not "stand still".
- ``flag_arrival`` ``'arrive'``: "a tank must come to a square next to it": a tank already
  there did not come.
- ``one_die_per_tank`` on: "a player can move a tank per dice rolled".
- ``any_flags``, ``any_positions`` off: the counts and positions the rulebook gives.
- ``turn_limit`` 30: the rulebook's limit in attack vs. defence is the players' choice; in the
  other tasks it is a practice stand-in so that a game ends.

>>> [o.name for o in OPTIONS][:3]
['damage', 'barricades', 'backward_counts']
>>> check_options(OPTIONS, {"damage": "no"})
Traceback (most recent call last):
...
workbench.rules.options.OptionError: options["damage"]: expected true or false, got 'no'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from workbench.games.panzer_strike.rules import sections
from workbench.rules.options import MAX_TURN_LIMIT, Option, OptionError, check_options

DIAGONAL_CUTS = ("allowed", "not-between-two", "not-past-any")
TRAJECTORIES = ("crossed", "met", "both")
ROUNDINGS = ("up", "nearest", "exact")
DIVIDED = ("side", "centre")
NEXT_TO = ("eight", "four")
BACKWARD_STEPS = ("once", "repeatable")
TURNING = ("moves", "still")
ARRIVAL = ("arrive", "present")

OPTIONS: tuple[Option, ...] = (
    Option.flag(
        "damage",
        sections.DAMAGE,
        "on, a sum equal to distance + armour only damages the target (it can't move, it can "
        "only shoot); off, it destroys",
    ),
    Option.flag(
        "barricades",
        sections.BARRICADES,
        "on, the board's barricades stop moves and shots; off, their squares are streets",
        unwritten=True,
    ),
    Option.flag(
        "backward_counts",
        sections.MOVEMENT,
        "on, the square backwards costs a step of the die; off, it is free",
        default=True,
    ),
    Option.flag(
        "backward_alone",
        sections.MOVEMENT,
        "on, a move backwards is that square alone; off, it may come among turns and forward steps",
    ),
    Option.choice(
        "backward_steps",
        BACKWARD_STEPS,
        sections.MOVEMENT,
        "'once', a move goes one square backwards at most; 'repeatable', a step back may be "
        "taken again in the same move (with backward_counts on)",
    ),
    Option.choice(
        "diagonal_cut",
        DIAGONAL_CUTS,
        sections.MOVEMENT,
        "a diagonal step past blocked squares: 'allowed'; 'not-between-two', refused when both "
        "squares beside it block; 'not-past-any', when either does",
    ),
    Option.choice(
        "trajectory",
        TRAJECTORIES,
        sections.SHOOTING,
        "a shot past a corner where two squares meet: 'crossed', it goes by; 'met', either "
        "square stops it; 'both', only the two together",
    ),
    Option.choice(
        "distance_rounding",
        ROUNDINGS,
        sections.SHOOTING,
        "the ruler distance added to the armour: rounded 'up', to the 'nearest' (halves up), "
        "or 'exact'",
    ),
    Option.choice(
        "divided_square",
        DIVIDED,
        sections.SHOOTING,
        "a firing square a zone line cuts: 'side', it hits the side armour; 'centre', it is "
        "judged by its centre",
    ),
    Option.choice(
        "flag_next_to",
        NEXT_TO,
        sections.CAPTURE_THE_FLAG,
        "next to a flag: 'eight', the eight squares around it; 'four', the four orthogonal ones",
    ),
    Option.choice(
        "flag_turning",
        TURNING,
        sections.CAPTURE_THE_FLAG,
        "a tank by a flag that only turns in place: 'moves', it has moved (it did not stand "
        "still); 'still', it stands still",
    ),
    Option.choice(
        "flag_arrival",
        ARRIVAL,
        sections.CAPTURE_THE_FLAG,
        "a tank that starts its turn next to a flag: 'arrive', it must move there first; "
        "'present', staying there starts the count",
    ),
    Option.flag(
        "one_die_per_tank",
        sections.MOVEMENT,
        "on, a tank moves on one die a turn at most; off, it may move again on another die",
        default=True,
    ),
    Option.flag(
        "any_flags",
        sections.CAPTURE_THE_FLAG,
        "on, flag counts the rulebook does not list are allowed (a designer's variant); off, "
        "they are refused",
    ),
    Option.flag(
        "any_positions",
        sections.INITIAL_POSITIONS,
        "on, forces need not start on opposite sides (a lesson, a what-if); off, they must",
    ),
    Option.whole(
        "turn_limit",
        30,
        sections.CAPTURE_THE_FLAG,
        "rounds played before the game ends: in attack vs. defence the rulebook's limit; "
        "elsewhere a practice stand-in (the side that lost less wins); null, none",
        low=1,
        high=MAX_TURN_LIMIT,
        none_allowed=True,
    ),
)

OPTION_NAMES = tuple(o.name for o in OPTIONS)
# the options that read what the rulebook leaves open (not its optional rules, a designer's
# variants or the turn limit): explain names those a verdict turns on
READINGS = (
    "backward_counts",
    "backward_alone",
    "backward_steps",
    "diagonal_cut",
    "trajectory",
    "distance_rounding",
    "divided_square",
    "flag_next_to",
    "flag_turning",
    "flag_arrival",
    "one_die_per_tank",
)


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

    >>> from workbench.games.panzer_strike.rules.setup import open_board
    >>> [o.default for o in options(open_board()) if o.name == "turn_limit"]
    [30]
    """
    own = own_options(scenario)
    return [o.with_default(own[o.name]) if o.name in own else o for o in OPTIONS]


def chosen(scenario: Any, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The scenario's own options with ``given`` over them, all checked."""
    return {**own_options(scenario), **check_options(OPTIONS, given)}
