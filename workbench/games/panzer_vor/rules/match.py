"""The state of a card-driven Panzer Vor! match, as one immutable value.

Beyond the board (:class:`GameState`): the deck (a multiset, see ``deck``), the hands, the
discard pile, the removed cards, the cards in play (being resolved) and the Scenario cards
face up in front of each player, the Enforcement count, whose turn and which phase, the
destroyed tanks, the characters, and the log. What is being resolved right now — a card
draw, an Action card, a shot, a reaction window, a choice — is a stack of small frames;
the top frame decides who acts next.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from workbench.boards.values import Pictured
from workbench.games.panzer_vor.rules.cards import Card, Deck
from workbench.games.panzer_vor.rules.characters import Crew
from workbench.games.panzer_vor.rules.deck import Pile, size
from workbench.games.panzer_vor.rules.phases import Moment, Phase, ShotStage, Stage
from workbench.games.panzer_vor.rules.state import GameState, Tank, board_memo
from workbench.rules.core import Modifier, Outcome

HAND_LIMIT = 5  # Glossary: Hand; Turn Phases: End Phase
RESTART = "restart:"  # the flag "restart:<side>": a rule restarts the match, that side first


# --- frames: what is being resolved -------------------------------------------------------


@dataclass(frozen=True)
class Drawing:
    """``count`` cards to draw for ``side``. ``draw_phase``: an Enforcement card drawn is
    resolved (Draw Phase); ``deal``: a starting hand, redealt until free of Enforcement cards."""

    side: str
    count: int
    draw_phase: bool = False
    deal: bool = False


@dataclass(frozen=True)
class Order:
    """An Action card being carried out by ``side``: ``stage`` (``phases.Stage``) is choosing
    a tank to declare, then what the declared ``tank`` does; ``done``: tanks that acted."""

    card: str
    side: str
    stage: Stage = Stage.CHOOSE
    tank: str | None = None
    done: tuple[str, ...] = ()
    target: str | None = None  # Covering Fire: the one target
    from_scenario: bool = False
    acted: bool = False  # a tank moved or fired on this card
    mp: int | None = None  # a move with exactly these MP, not the tank's (Stage 2's entry)
    placed: tuple[str, ...] = ()  # reinforcements placed with this card (Kuromorimine)


@dataclass(frozen=True)
class Shot:
    """One attack being resolved. ``stage`` (``phases.ShotStage``): a reaction window before
    the attack roll, then each roll and the abilities after it; ``dice``: the last roll."""

    firer: str
    target: str
    attack: tuple[Modifier, ...] = ()
    damage: tuple[Modifier, ...] = ()
    stage: ShotStage = ShotStage.REACT
    dice: int | None = None
    no_attack_roll: bool = False
    reaction: bool = False  # a Quick Shot: no reaction answers it


@dataclass(frozen=True)
class Window:
    """A chance for ``side`` to play a Reaction card at ``moment`` (``phases.Moment``);
    ``tank`` acted, ``target`` is shot at."""

    side: str
    moment: Moment
    tank: str | None = None
    target: str | None = None
    answering: str = ""


@dataclass(frozen=True)
class Effect:
    """A played Reaction card whose effect waits (an Eavesdropping may still cancel it)."""

    card: str
    side: str
    tank: str = ""
    target: str = ""


@dataclass(frozen=True)
class Chance:
    """One die (or one of ``n`` equal results) for ``purpose`` ("thrown tread", "maus",
    ...: each rule that rolls registers its purpose, ``hooks.on_chance``)."""

    purpose: str
    n: int = 6
    side: str = ""
    data: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Choice:
    """A choice ``side`` makes for ``purpose`` among ``options`` (each rule that asks one
    registers its purpose, ``hooks.on_choice``)."""

    side: str
    purpose: str
    options: tuple[str, ...]
    data: tuple[Any, ...] = ()


Frame = Drawing | Order | Shot | Window | Effect | Chance | Choice


# --- the match ------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardMatch(Pictured):
    """A Panzer Vor! match played with the cards (Sequence of Play)."""

    board: GameState
    order: tuple[str, ...]  # sides, the first to act first
    deck_list: Deck
    scenario: str
    match_type: str
    deck: Pile = ()
    marked: str | None = None  # the 4th Enforcement card, back in the deck (Stagnant Matches)
    hands: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # sorted
    discard: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()  # out of the game (used Scenario cards...)
    in_play: tuple[str, ...] = ()  # played and being resolved
    scenario_cards: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # face up
    waiting_cards: tuple[str, ...] = ()  # to be added to the deck after the deal
    total_cards: int = 0
    enforcement_drawn: int = 0
    turn: int = 1
    active: int = 0
    phase: Phase = Phase.SETUP
    stack: tuple[Frame, ...] = ()
    actions_left: int = 1
    event_played: bool = False
    awareness_used: bool = False
    reacted: bool = False  # a Reaction card answered the current action
    restrictions: frozenset[str] = frozenset()  # "desperate", "engine trouble" this turn
    taken_back: tuple[str, ...] = ()  # attack cards taken back this turn
    first_draw: Mapping[str, int] = field(default_factory=dict)  # cards in the first Draw
    destroyed: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # by side: ids
    points: Mapping[str, int] = field(default_factory=dict)  # by side: points destroyed
    lost: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # by owner: wrecked
    kills: tuple[tuple[str, str, str], ...] = ()  # (firer's tank type, target, its side)
    lost_points: tuple[tuple[str, int], ...] = ()  # (destroyed tank, its points)
    gone: tuple[str, ...] = ()  # tanks removed without being destroyed (Fair Play, exits)
    # Ōarai tanks across Remagen Bridge (they go on to Stage 2)
    exited: tuple[Tank, ...] = ()
    crew: tuple[Crew, ...] = ()
    reserves: Mapping[str, tuple[Tank, ...]] = field(default_factory=dict)  # not yet on map
    # tanks a side still places by choice (setup, Ceasefire): off the map until deployed
    undeployed: Mapping[str, tuple[Tank, ...]] = field(default_factory=dict)
    flags: frozenset[str] = frozenset()  # scenario facts: "ceasefire", "trap", ...
    attack_cards: Mapping[str, int] = field(default_factory=dict)  # Attack cards played
    solo: bool = False  # Test Your Luck!: the enemy acts by the rules
    solo_enemies: tuple[str, ...] = ()  # its enemy tanks in the die's order
    spare_counters: Mapping[str, Any] = field(default_factory=dict)  # the Panzer IV's upgrades
    log: tuple[str, ...] = ()
    ended: Outcome | None = None
    memo: dict[Any, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.phase.__class__ is not Phase:  # a phase given as its text ("action")
            object.__setattr__(self, "phase", Phase(self.phase))
        for name in (
            "hands",
            "scenario_cards",
            "destroyed",
            "points",
            "lost",
            "reserves",
            "undeployed",
            "attack_cards",
            "first_draw",
            "spare_counters",
        ):
            value = getattr(self, name)
            if not isinstance(value, MappingProxyType):
                object.__setattr__(self, name, MappingProxyType(dict(value)))

    @property
    def side_to_act(self) -> str:
        return self.order[self.active]

    def opponent(self, side: str) -> str:
        for other in self.order:  # the first other side (a loop: this is called often)
            if other != side:
                return other
        raise StopIteration

    def card(self, name: str) -> Card:
        return self.deck_list.card(name)

    def hand(self, side: str) -> tuple[str, ...]:
        return self.hands.get(side, ())

    @property
    def top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None

    def crew_on(self, tank_id: str) -> tuple[Crew, ...]:
        return tuple(c for c in self.crew if c.tank == tank_id)

    def tanks_of(self, side: str) -> tuple[Tank, ...]:
        # kept on the board value (shared by the matches of one position; it never changes)
        memo = board_memo(self.board)
        key = ("tanks of", side)
        found = memo.get(key)
        if found is None:
            found = tuple(t for t in self.board.tanks if t.side == side and not t.wreck)
            memo[key] = found
        return found

    def cards_accounted(self) -> int:
        held = sum(len(h) for h in self.hands.values())
        face_up = sum(len(c) for c in self.scenario_cards.values())
        return (
            size(self.deck)
            + (1 if self.marked else 0)
            + held
            + len(self.discard)
            + len(self.removed)
            + len(self.in_play)
            + face_up
            + len(self.waiting_cards)
        )


_MAPPINGS = frozenset(
    (
        "hands",
        "scenario_cards",
        "destroyed",
        "points",
        "lost",
        "reserves",
        "undeployed",
        "attack_cards",
        "first_draw",
        "spare_counters",
    )
)


def evolve(match: CardMatch, **changes: Any) -> CardMatch:
    """``dataclasses.replace`` for a match, without re-checking the unchanged fields (a
    match changes at every step, so this is the hot path); a new match has an empty memo."""
    new = object.__new__(CardMatch)
    values = dict(match.__dict__)
    for name, value in changes.items():
        if name not in values:
            raise TypeError(f"CardMatch has no field {name!r}")
        if name in _MAPPINGS and not isinstance(value, MappingProxyType):
            value = MappingProxyType(dict(value))
        elif name == "phase" and value.__class__ is not Phase:
            value = Phase(value)  # a phase given as its text ("action")
        values[name] = value
    values["memo"] = {}
    new.__dict__.update(values)
    return new


def with_hand(match: CardMatch, side: str, cards: tuple[str, ...]) -> CardMatch:
    hands = dict(match.hands)
    hands[side] = tuple(sorted(cards))
    return evolve(match, hands=hands)


def add_to_hand(match: CardMatch, side: str, card: str) -> CardMatch:
    return with_hand(match, side, (*match.hand(side), card))


def take_from_hand(match: CardMatch, side: str, card: str) -> CardMatch:
    hand = list(match.hand(side))
    hand.remove(card)
    return with_hand(match, side, tuple(hand))


def push(match: CardMatch, *frames: Frame) -> CardMatch:
    return evolve(match, stack=(*match.stack, *frames))


def pop(match: CardMatch) -> CardMatch:
    return evolve(match, stack=match.stack[:-1])


def set_top(match: CardMatch, frame: Frame) -> CardMatch:
    return evolve(match, stack=(*match.stack[:-1], frame))


def logged(match: CardMatch, text: str) -> CardMatch:
    return evolve(match, log=(*match.log, text))


def put_away(match: CardMatch, card: str) -> CardMatch:
    """A used card leaves play: Scenario cards are removed from the game (Scenario Cards),
    every other card goes on the discard pile."""
    if match.card(card).kind == "scenario":
        return evolve(match, removed=(*match.removed, card))
    return evolve(match, discard=(*match.discard, card))


def take_card(match: CardMatch, side: str, name: str) -> CardMatch:
    """A card leaves the hand (or the face-up Scenario cards) and is in play."""
    if name in match.hand(side):
        match = take_from_hand(match, side, name)
    else:
        cards = dict(match.scenario_cards)
        rest = list(cards[side])
        rest.remove(name)
        cards[side] = tuple(rest)
        match = evolve(match, scenario_cards=cards)
    return evolve(match, in_play=(*match.in_play, name))


def leave_play(match: CardMatch, name: str) -> CardMatch:
    """A card in play is put away (``put_away``); one already removed when drawn
    (Reinforcements) is not in play."""
    if name not in match.in_play:
        return match
    rest = list(match.in_play)
    rest.remove(name)
    return put_away(evolve(match, in_play=tuple(rest)), name)


# --- tanks coming and going without a shot --------------------------------------------------


def arrive(match: CardMatch, side: str, where: str) -> CardMatch:
    """The next reserve tank is placed on ``where``, with the characters riding in on it."""
    tank, *rest = match.reserves[side]
    reserves = dict(match.reserves)
    reserves[side] = tuple(rest)
    placed = replace(tank, hex=match.board.map.hex(where))
    crew = tuple(
        replace(c, tank=tank.id, arrives_with=None) if c.arrives_with == tank.id else c
        for c in match.crew
    )
    return evolve(match, board=match.board.with_tank(placed), reserves=reserves, crew=crew)


def first_in_reserve(match: CardMatch, side: str, tank_id: str) -> CardMatch:
    """The reserve with ``tank_id`` first (``arrive`` places the first waiting tank)."""
    waiting = match.reserves[side]
    chosen = next(t for t in waiting if t.id == tank_id)
    reserves = dict(match.reserves)
    reserves[side] = (chosen, *(t for t in waiting if t.id != tank_id))
    return evolve(match, reserves=reserves)


def remove_tank(match: CardMatch, tank_id: str) -> CardMatch:
    """A tank leaves the match without being destroyed (Fair Play, Childhood Friend); its
    characters leave with it for good. (An exit by Remagen Bridge is not this: that tank and
    its characters go on to Stage 2.)"""
    crew = tuple(replace(c, tank=None, face="gone") if c.tank == tank_id else c for c in match.crew)
    return evolve(
        match, board=match.board.without([tank_id]), gone=(*match.gone, tank_id), crew=crew
    )
