"""Panzer Vor! cards as data: the five types (Card Types), what each card does, and the deck.

The rulebook prints what a handful of cards do (Full Speed Ahead! +2 MP, Mobile Fire 2 −2 to
the attack roll, Aimed Shot 2 +2, Crack Shot needs no attack roll, Morale Boost draws three,
Repairs/Maintenance, Recovery, the Enforcement cards, the Scenario cards its scenarios
describe). Everything else a card says is printed only on the card: those values are
**stand-ins**, each card's ``source`` says which, and a user replaces them with a deck file
(:func:`load_deck`). The deck's composition is not printed either (the Glossary gives 96 cards,
78 of them not Scenario cards): :data:`STAND_IN_DECK` is a labelled 78-card stand-in.

>>> CARDS["Full Speed Ahead!"].mp, CARDS["Full Speed Ahead!"].source
(2, 'rulebook: Moving: Movement Bonuses')
>>> sum(STAND_IN_DECK.values())
78
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from workbench.errors import ArgumentError

CardKind = Literal["action", "event", "reaction", "enforcement", "scenario"]
STAND_IN = "stand-in"


@dataclass(frozen=True)
class Card:
    """One card. ``kind`` is its type (Card Types); for a Scenario card ``acts_as`` is the type
    it is played as ("action", "event", "reaction", "drawn": it acts when drawn, "any": its
    scenario rule says when). An Action card's icons: ``move`` and/or ``attack``
    (neither: a plain Action card). ``tanks``: how many tanks act (0: all of them)."""

    name: str
    kind: CardKind
    text: str
    source: str = STAND_IN
    move: bool = False
    attack: bool = False
    tanks: int = 1
    mp: int = 0  # movement bonus
    attack_modifier: int = 0
    damage_modifier: int = 0
    then_fire: bool = False  # move, then the same tank fires (Mobile Fire, Commander!)
    either: bool = False  # move or fire, one of them (Move/Fire)
    no_attack_roll: bool = False  # Crack Shot
    same_target: bool = False  # Covering Fire
    acts_as: str = ""  # Scenario cards: see above
    effect: str = ""  # the name of a special effect the rules engine carries out

    @property
    def is_action(self) -> bool:
        return self.kind == "action" or self.acts_as == "action"


def _action(name: str, text: str, source: str = STAND_IN, **kw: object) -> Card:
    return Card(name, "action", text, source, **kw)  # type: ignore[arg-type]


MOVING = "rulebook: Moving"
CATALOGUE: tuple[Card, ...] = (
    # Action cards (Card Types: Action Cards)
    _action("Move", "Move one tank up to its movement score.", MOVING, move=True),
    _action("Fire", "One attack with one tank.", "rulebook: Firing", attack=True),
    _action(
        "Move/Fire",
        "Move one tank, or make one attack with one tank.",
        "rulebook: Enforcement Cards: Engine Trouble",
        move=True,
        attack=True,
        either=True,
    ),
    _action("Move All Tanks", "Every one of your tanks may move.", MOVING, move=True, tanks=0),
    _action(
        "Coordinated Move",
        "Move up to three tanks, one after another (stand-in: three).",
        "rulebook: Reactions (moves several tanks); number of tanks: stand-in",
        move=True,
        tanks=3,
    ),
    _action(
        "Full Speed Ahead!",
        "Move one tank with +2 MP.",
        "rulebook: Moving: Movement Bonuses",
        move=True,
        mp=2,
    ),
    _action(
        "Mobile Fire 2",
        "Move one tank, then it attacks with −2 to the attack roll.",
        "rulebook: Firing: Attack Modifiers",
        move=True,
        attack=True,
        then_fire=True,
        attack_modifier=-2,
    ),
    _action(
        "Mobile Fire 3",
        "Move one tank, then it attacks with −3 (stand-in, after the fan list's Moving Shot 3).",
        move=True,
        attack=True,
        then_fire=True,
        attack_modifier=-3,
    ),
    _action(
        "Commander!",
        "Move one tank, then it attacks with +1 to the attack roll (+1: fan card list).",
        "rulebook: Moving (move then fire); +1: fan card list",
        move=True,
        attack=True,
        then_fire=True,
        attack_modifier=1,
    ),
    _action(
        "Volley Fire",
        "Up to three tanks attack, one after another (stand-in: three).",
        "rulebook: Firing (several tanks attack); number: stand-in",
        attack=True,
        tanks=3,
    ),
    _action(
        "Covering Fire",
        "Two tanks attack the same target.",
        "rulebook: Firing (several tanks); two at one target: fan card list",
        attack=True,
        tanks=2,
        same_target=True,
    ),
    _action(
        "Aimed Shot 2",
        "One attack with +2 to the attack roll.",
        "rulebook: Firing: Extreme Range",
        attack=True,
        attack_modifier=2,
    ),
    _action(
        "Deadly Shot",
        "One attack with +2 to the damage roll (stand-in +2).",
        attack=True,
        damage_modifier=2,
    ),
    _action(
        "Solid Hit",
        "One attack with +1 to the damage roll (stand-in +1).",
        attack=True,
        damage_modifier=1,
    ),
    _action(
        "Crack Shot",
        "One attack that needs no attack roll: it hits; roll for damage.",
        "rulebook: Reactions (Ricochet: Crack Shot does not require an Attack Roll)",
        attack=True,
        no_attack_roll=True,
    ),
    # Event cards (Turn Phases: Event Phase)
    Card(
        "Recon",
        "event",
        "Draw one card (stand-in); upgrades the Panzer IV in Test Your Luck!.",
        STAND_IN,
        effect="recon",
    ),
    Card(
        "Morale Boost",
        "event",
        "Draw three cards; Enforcement cards drawn are discarded.",
        "rulebook: Turn Phases: Event Phase",
        effect="morale",
    ),
    Card(
        "Repairs/Maintenance",
        "event",
        "Remove an Immobile marker, or take a card (not an "
        "Enforcement card) from the discard pile. With the Optional Rule Wreckage you may "
        "also remove a single wreck from anywhere on the map.",
        "rulebook: Turn Phases: Event Phase",
        effect="repairs",
    ),
    Card(
        "Recovery",
        "event",
        "A removed or face-down character recovers.",
        "rulebook: Turn Phases: Event Phase",
        effect="recovery",
    ),
    # Reaction cards (Reactions)
    Card(
        "Quick Shot",
        "reaction",
        "Before the acting tank attacks (or right after it moved), "
        "one of your tanks attacks it first.",
        "rulebook: Reactions (examples)",
        effect="quick shot",
    ),
    Card(
        "Emergency Stop",
        "reaction",
        "Declared before the attack roll against your tank: −3 to that attack roll (stand-in −3).",
        STAND_IN,
        attack_modifier=-3,
        effect="modify attack",
    ),
    Card(
        "Poor Visibility",
        "reaction",
        "Declared before an attack roll: −2 to it (stand-in −2).",
        STAND_IN,
        attack_modifier=-2,
        effect="modify attack",
    ),
    Card(
        "Ricochet",
        "reaction",
        "After an attack roll hits your tank: the shot glances off "
        "(no damage roll). Not against Crack Shot, which makes no attack roll.",
        "rulebook: Reactions (Ricochet); effect: stand-in",
        effect="ricochet",
    ),
    # Enforcement cards (Enforcement Cards)
    Card(
        "Desperate Situation!",
        "enforcement",
        "No Actions (Movement or Firing) for the rest "
        "of this turn; an Event card may still be played.",
        "rulebook: Enforcement Cards",
        effect="desperate",
    ),
    Card(
        "Thrown Tread",
        "enforcement",
        "One of your tanks, chosen at random, becomes Immobile.",
        "rulebook: Enforcement Cards (random tank); Immobile: Turn Phases",
        effect="thrown tread",
    ),
    Card(
        "Engine Trouble",
        "enforcement",
        "No card with a Move icon and no movement this turn (only the Fire option of Move/Fire).",
        "rulebook: Enforcement Cards",
        effect="engine trouble",
    ),
    # Scenario cards (Part 2: each scenario)
    Card(
        "Eavesdropping",
        "scenario",
        "Cancel the card your opponent just played (an Action "
        "or a Reaction card) (stand-in effect); may answer a Reaction card.",
        "rulebook: Reactions (Eavesdropping); effect: stand-in",
        acts_as="reaction",
        effect="eavesdropping",
    ),
    Card(
        "Ambush",
        "scenario",
        "One attack with +2 to the attack roll (stand-in).",
        acts_as="action",
        attack=True,
        attack_modifier=2,
    ),
    Card(
        "Fair Play",
        "scenario",
        "When drawn: Saunders removes tanks until it has as many as Ōarai.",
        "rulebook: Saunders",
        acts_as="drawn",
        effect="fair play",
    ),
    Card(
        "Decoy",
        "scenario",
        "Only after Eavesdropping or Fair Play: move one tank (stand-in).",
        "rulebook: Saunders (when); effect: stand-in",
        acts_as="action",
        move=True,
        effect="decoy",
    ),
    Card(
        "Reinforcements",
        "scenario",
        "When drawn: the scenario's reinforcements arrive.",
        "rulebook: St. Gloriana; Kuromorimine Stage 2",
        acts_as="drawn",
        effect="reinforcements",
    ),
    Card(
        "Operation: Macaroni",
        "scenario",
        "After an Ōarai tank shoots an Anzio tank: move "
        "the target up to 5 hexes, not next to an Ōarai tank; no attack roll.",
        "rulebook: Anzio (Revised)",
        acts_as="reaction",
        effect="macaroni",
    ),
    Card(
        "Childhood Friend",
        "scenario",
        "Anzio's turn: if Carpaccio's Semovente and Hippo "
        "Team's StuG III see each other, remove both.",
        "rulebook: Anzio (Revised)",
        acts_as="action",
        effect="childhood friend",
    ),
    Card(
        "Trap",
        "scenario",
        "After Anzio lost a tank: Ōarai may not use character abilities "
        "until the next Enforcement card is drawn.",
        "rulebook: Anzio (Original)",
        acts_as="event",
        effect="trap",
    ),
    Card(
        "Volleyball Club Comeback!",
        "scenario",
        "One attack with +3 to the attack roll (stand-in).",
        acts_as="action",
        attack=True,
        attack_modifier=3,
    ),
    Card(
        "Self-Sacrifice",
        "scenario",
        "One attack with +2 to the damage roll (stand-in).",
        acts_as="action",
        attack=True,
        damage_modifier=2,
    ),
    Card(
        "Ceasefire",
        "scenario",
        "When an Ōarai tank is within two hexes of the Church: "
        "redeploy, reshuffle, refill hands; Ōarai acts first.",
        "rulebook: Pravda",
        acts_as="event",
        effect="ceasefire",
    ),
    Card(
        "Goosefish Dance",
        "scenario",
        "After Ceasefire: +1 to every Ōarai attack roll.",
        "rulebook: Pravda",
        acts_as="event",
        effect="goosefish dance",
    ),
    Card(
        "The Snowy March",
        "scenario",
        "Sing 'Yuki no shingun': move up to two tanks with +1 MP (effect: stand-in).",
        "rulebook: Pravda (sing); effect: stand-in",
        acts_as="action",
        move=True,
        tanks=2,
        mp=1,
    ),
    Card(
        "Pinpoint Shot",
        "scenario",
        "One attack with +2 to attack and damage (stand-in).",
        acts_as="action",
        attack=True,
        attack_modifier=2,
        damage_modifier=2,
    ),
    Card(
        "Panzer Vor!",
        "scenario",
        "Play one more Action card this turn (stand-in).",
        acts_as="event",
        effect="panzer vor",
    ),
    Card(
        "Smokescreen",
        "scenario",
        "After Kuromorimine played an Attack card: a smoke marker on each Ōarai tank.",
        "rulebook: Kuromorimine Stage 1",
        acts_as="event",
        effect="smokescreen",
    ),
    Card(
        "Operation: Teasy-Tease",
        "scenario",
        "The rulebook prints no effect for this card: Kuromorimine Stage 1 only names it as "
        "the alternative to Smokescreen. Stand-in: move up to two of your tanks, one after "
        "another. Replace it with your card's text in a deck file (load_deck).",
        "stand-in: the rulebook names the card (Kuromorimine Stage 1: Scenario Cards, "
        "'Smokescreen (or Operation: Teasy-Tease)') and prints no effect",
        acts_as="action",
        move=True,
        tanks=2,
    ),
    Card(
        "HS0017",
        "scenario",
        "Only if the Kuromorimine Flag Tank can fire at Ōarai's: the Ōarai Flag Tank goes to "
        "1402, the Kuromorimine Flag Tank to 1006 and another Ōarai tank to 1007; no tank may "
        "enter 1007 for the rest of the match, and the tank there may not move or fire at the "
        "Flag Tank.",
        "rulebook: Kuromorimine Stage 2: Scenario Card: HS0017",
        acts_as="event",
        effect="hs0017",
    ),
    Card(
        "Spirit of the Student Council",
        "scenario",
        "Against the Maus: one attack with +2 to the damage roll (stand-in).",
        acts_as="action",
        attack=True,
        damage_modifier=2,
    ),
    Card(
        "Super Strategy",
        "scenario",
        "Only if the tank could enter the hex behind the target: it slips in there and "
        "attacks with +1 damage (effect: stand-in).",
        "rulebook: Kuromorimine Stage 2 (condition); effect: stand-in",
        acts_as="action",
        attack=True,
        damage_modifier=1,
        effect="super strategy",
    ),
)
CARDS: Mapping[str, Card] = MappingProxyType({c.name: c for c in CATALOGUE})

#: 78 cards that are not Scenario cards (Game Setup). The counts are a stand-in: the
#: rulebook prints no deck list. Replace with :func:`load_deck`.
STAND_IN_DECK: Mapping[str, int] = MappingProxyType(
    {
        "Move": 12,
        "Fire": 10,
        "Move/Fire": 8,
        "Move All Tanks": 3,
        "Coordinated Move": 3,
        "Full Speed Ahead!": 3,
        "Mobile Fire 2": 3,
        "Mobile Fire 3": 2,
        "Commander!": 2,
        "Volley Fire": 1,
        "Covering Fire": 2,
        "Aimed Shot 2": 3,
        "Deadly Shot": 2,
        "Solid Hit": 2,
        "Crack Shot": 1,
        "Recon": 2,
        "Morale Boost": 2,
        "Repairs/Maintenance": 2,
        "Recovery": 1,
        "Quick Shot": 2,
        "Emergency Stop": 2,
        "Poor Visibility": 2,
        "Ricochet": 2,
        "Desperate Situation!": 2,
        "Thrown Tread": 2,
        "Engine Trouble": 2,
    }
)


@dataclass(frozen=True)
class Deck:
    """A deck list (card name -> count) and the card texts it uses; ``source`` says whose."""

    counts: Mapping[str, int]
    cards: Mapping[str, Card] = field(default_factory=lambda: CARDS)
    source: str = "stand-in deck list (the rulebook prints none)"

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "counts", MappingProxyType(dict(self.counts)))
        object.__setattr__(self, "cards", MappingProxyType(dict(self.cards)))
        unknown = sorted(set(self.counts) - set(self.cards))
        if unknown:
            raise ArgumentError("deck", unknown, f"card names from {sorted(self.cards)}")

    def card(self, name: str) -> Card:
        return self.cards[name]


DEFAULT_DECK = Deck(STAND_IN_DECK)
