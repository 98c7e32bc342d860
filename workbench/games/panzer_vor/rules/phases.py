"""The closed sets of steps a card match goes through, as enums: the turn's phases (Turn
Phases), the stages of an Action card being carried out and of a shot, and the moments a
Reaction card may answer (Reactions).

Each member is a ``StrEnum``: it equals the text it is named by (``Phase.ACTION ==
"action"``) and prints as that text, so the events that name a phase read as before and a
front end that compares with the text keeps working. The purposes of choices and dice
(``Choice.purpose``, ``Chance.purpose``) are not a closed set: each rule that asks one
registers it (``hooks``).

>>> Phase.ACTION == "action", f"the {Phase.EVENT} phase", Stage("fire")
(True, 'the event phase', <Stage.FIRE: 'fire'>)
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the turn is (Sequence of Play): ``SETUP`` until the first turn begins."""

    SETUP = "setup"
    DRAW = "draw"
    ACTION = "action"
    EVENT = "event"
    END = "end"


class Stage(StrEnum):
    """An Action card being carried out (``Order``): ``CHOOSE`` a tank to declare, then the
    declared tank may ``MOVE``, ``FIRE``, do ``EITHER`` (Move/Fire) or, after moving, turn
    its ``TURRET`` (Optional Rules: Turret Rotation)."""

    CHOOSE = "choose"
    MOVE = "move"
    FIRE = "fire"
    EITHER = "either"
    TURRET = "turret"


class ShotStage(StrEnum):
    """A shot being resolved (``Shot``): a reaction window first, then each roll and the
    characters' abilities after it is seen (Firing, Characters)."""

    REACT = "react"
    ATTACK_ROLL = "attack roll"
    ATTACK_ABILITY = "attack ability"
    DAMAGE_ROLL = "damage roll"
    DAMAGE_ABILITY = "damage ability"

    @property
    def attack(self) -> bool:
        """Whether the attack roll is being resolved (else the damage roll)."""
        return self in (ShotStage.ATTACK_ROLL, ShotStage.ATTACK_ABILITY)

    @property
    def rolling(self) -> bool:
        """Whether the dice decide now."""
        return self in (ShotStage.ATTACK_ROLL, ShotStage.DAMAGE_ROLL)


class Moment(StrEnum):
    """When a Reaction card may answer (``Window``): a card ``PLAYED``, a tank ``MOVED``, an
    ``ATTACK`` declared, a ``HIT``, or another ``REACTION`` (Eavesdropping)."""

    PLAYED = "played"
    MOVED = "moved"
    ATTACK = "attack"
    HIT = "hit"
    REACTION = "reaction"


class TournamentStep(StrEnum):
    """Where Tournament Play is (``TournamentState.step``): the players choose their
    ``SCHOOLS``, one school is ``LEAVE_OUT`` of an odd field, the ``BRACKET`` is drawn, then
    for each pair (``MATCHES``) the players ``CHOOSE`` who plays or a die (``ROLL``) decides,
    each school takes its ``CHARACTERS``, the ``MATCH`` is played; ``OVER`` at the end."""

    SCHOOLS = "schools"
    LEAVE_OUT = "leave out"
    BRACKET = "bracket"
    MATCHES = "matches"
    CHOOSE = "choose"
    ROLL = "roll"
    CHARACTERS = "characters"
    MATCH = "match"
    OVER = "over"


class LinkedStep(StrEnum):
    """Where the Linked Scenarios are (``LinkedState.step``): a ``MATCH`` in play, Ōarai
    choosing the ``ANZIO`` scenario, the ``TEAMS`` on its tanks (Alternate Reality) or its
    Scenario ``CARDS``, a character's ``GROWTH`` between matches, or ``OVER``."""

    MATCH = "match"
    ANZIO = "anzio"
    TEAMS = "teams"
    CARDS = "cards"
    GROWTH = "growth"
    OVER = "over"
