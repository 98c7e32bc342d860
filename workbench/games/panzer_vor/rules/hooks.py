"""Where a scenario's special rules and the cards' own effects join the card game: the hook
points of the setup and the turn, and the tables of what a choice, a die or a card does.

The turn (``turn``, ``drawing``, ``reactions``, ``options``) and the setup (``cardgame``)
know no scenario: they call the hook points here. Each scenario's rules are one module of
``scenario_rules/`` (every module there is imported), whose functions register themselves
with a decorator below, so **adding a printed rule is writing one function and registering
it**. ARCHITECTURE.md ("Panzer Vor!'s scenario rules") lists the hook points.

Two kinds of registration:

- a *hook point* (``HookPoint``) runs every function registered for a rule the scenario
  has: keyed by the rule's name as the scenario file lists it (``special_rules``, or an
  Optional Rule; ``None``: every match, for a card's effect that may come with any scenario
  in the Linked Scenarios and checks its own flag). During play a rule counts when the board
  has it (``GameState.special_rules``: the special rules and the Optional Rules in force);
  at setup (``SCENARIO``, ``OPTIONS``, ``SETUP``, ``STARTED``) the Optional Rules the
  scenario offers count too, and the hook reads its option.
- a *table* (``Table``) maps a key (a choice's or a die's purpose, a card's effect or name)
  to the one function that carries it out.

>>> from workbench.games.panzer_vor.rules import scenario_rules  # noqa: F401 (registers them)
>>> "Pravda Reinforcements" in AFTER_ORDER.rules(), "cv33" in CHOICES
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.rules.match import (
    CardMatch,
    Chance,
    Choice,
    Effect,
    Order,
    Window,
    pop,
)
from workbench.games.panzer_vor.rules.phases import Moment
from workbench.games.panzer_vor.rules.state import Tank
from workbench.rules.core import Action, Event, Modifier, Reason
from workbench.rules.options import Option

if TYPE_CHECKING:
    from workbench.games.panzer_vor.rules.setting import Setting

F = TypeVar("F")
K = TypeVar("K")
Fn = TypeVar("Fn", bound=Callable[..., Any])


class HookPoint(Generic[F]):
    """What is registered at one point of the game (functions, or a small rule object),
    each for a rule (or every match). ``F`` is the type of what is registered (for a
    function, a ``Callable`` of its parameters' types); ``parameters`` name them, so that a
    registered function's signature is checked against both (tests/test_hook_points.py)."""

    def __init__(self, name: str, parameters: tuple[str, ...], doc: str) -> None:
        self.name, self.__doc__ = name, doc
        self.parameters = parameters  # each function's, by name (tests/test_hook_points.py)
        self._hooks: list[tuple[str | None, F]] = []
        self._active: dict[frozenset[str], tuple[F, ...]] = {}

    def __call__(self, rule: str | None) -> Callable[[F], F]:
        """Register the function decorated for ``rule`` (None: every match)."""

        def register(function: F) -> F:
            return self.add(rule, function)

        return register

    def add(self, rule: str | None, value: F) -> F:
        """Register ``value`` for ``rule`` (None: every match)."""
        self._hooks.append((rule, value))
        self._active.clear()
        return value

    def of(self, rules: frozenset[str]) -> tuple[F, ...]:
        """The functions registered for these rules (and for every match), in the order they
        were registered (kept per set of rules: play asks often)."""
        found = self._active.get(rules)
        if found is None:
            found = tuple(f for rule, f in self._hooks if rule is None or rule in rules)
            self._active[rules] = found
        return found

    def rules(self) -> tuple[str | None, ...]:
        """The rules something is registered for (None: every match)."""
        return tuple(rule for rule, _ in self._hooks)

    def __repr__(self) -> str:
        return f"HookPoint({self.name!r}: {len(self._hooks)} registered)"


class Table(Generic[K, F]):
    """What one key (a choice's purpose, a card's effect...) does: one function each."""

    def __init__(self, name: str, doc: str) -> None:
        self.name, self.__doc__ = name, doc
        self._entries: dict[Any, F] = {}

    def __call__(self, *keys: K) -> Callable[[F], F]:
        """Register the function decorated for each of ``keys`` (each key once)."""

        def register(function: F) -> F:
            for key in keys:
                if key in self._entries and self._entries[key] is not function:
                    raise ValueError(f"{self.name} {key!r} is registered twice")
                self._entries[key] = function
            return function

        return register

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def get(self, key: Any) -> F | None:
        return self._entries.get(key)

    def items(self) -> list[tuple[Any, F]]:
        return list(self._entries.items())

    def __getitem__(self, key: Any) -> F:
        found = self._entries.get(key)
        if found is None:
            known = ", ".join(sorted(map(str, self._entries)))
            raise LookupError(f"no {self.name} {key!r} is registered (known: {known})")
        return found

    def __repr__(self) -> str:
        return f"Table({self.name!r}: {len(self._entries)} registered)"


def scenario_rules(scenario: PanzerVorScenario) -> frozenset[str]:
    """The rules a scenario lists: its special rules and every Optional Rule it plays with
    or offers (what the setup hook points are keyed by)."""
    return frozenset(
        (*scenario.special_rules, *scenario.optional_rules, *scenario.available_optional_rules)
    )


def _in_play(match: CardMatch) -> frozenset[str]:
    return match.board.special_rules


# --- setup --------------------------------------------------------------------------------

SCENARIO: HookPoint[Callable[[PanzerVorScenario, Mapping[str, Any]], PanzerVorScenario]]
SCENARIO = HookPoint(
    "scenario",
    ("scenario", "options"),
    "(scenario, options) -> the scenario the options make of it",
)
OPTIONS: HookPoint[Callable[[PanzerVorScenario], list[Option]]]
OPTIONS = HookPoint(
    "options", ("scenario",), "(scenario) -> the options a rule of the scenario offers"
)
SETUP: HookPoint[Callable[[Setting], None]]
SETUP = HookPoint(
    "setup", ("setting",), "(setting) -> None: changes the match being set up (``Setting``)"
)
STARTED: HookPoint[Callable[[CardMatch, Setting], CardMatch]]
STARTED = HookPoint(
    "started", ("match", "setting"), "(match, setting) -> the match as the rule starts it"
)
AFTER_BUYING: HookPoint[Callable[[CardMatch], CardMatch]]
AFTER_BUYING = HookPoint(
    "after buying", ("match",), "(match) -> the match once every force is bought"
)


def scenario_for(scenario: PanzerVorScenario, options: Mapping[str, Any]) -> PanzerVorScenario:
    for hook in SCENARIO.of(scenario_rules(scenario)):
        scenario = hook(scenario, options)
    return scenario


def options_for(scenario: PanzerVorScenario) -> list[Option]:
    return [o for hook in OPTIONS.of(scenario_rules(scenario)) for o in hook(scenario)]


def set_up(setting: Setting) -> None:
    for hook in SETUP.of(scenario_rules(setting.scenario)):
        hook(setting)


def started(match: CardMatch, setting: Setting) -> CardMatch:
    for hook in STARTED.of(scenario_rules(setting.scenario)):
        match = hook(match, setting)
    return match


def after_buying(match: CardMatch) -> CardMatch:
    for hook in AFTER_BUYING.of(_in_play(match)):
        match = hook(match)
    return match


# --- the turn -------------------------------------------------------------------------------

AFTER_MOVE: HookPoint[Callable[[CardMatch, str, int, int, list[Event]], CardMatch]]
AFTER_MOVE = HookPoint(
    "after move",
    ("match", "tank_id", "left", "spent", "events"),
    "(match, tank, MP left, MP spent, events) -> match",
)
MOVE_FILTER: HookPoint[Callable[[CardMatch, Tank], Callable[[Any], bool] | None]]
MOVE_FILTER = HookPoint(
    "move filter", ("match", "tank"), "(match, tank) -> a test of a move's end hex, or None"
)
MAY_FIRE: HookPoint[Callable[[CardMatch, str, str], bool]]
MAY_FIRE = HookPoint(
    "may fire",
    ("match", "firer", "target"),
    "(match, firer, target) -> whether the rule lets it fire",
)
SHOT_MODIFIERS: HookPoint[Callable[[CardMatch, Tank, Tank], tuple[tuple[Modifier, ...], ...]]]
SHOT_MODIFIERS = HookPoint(
    "shot modifiers",
    ("match", "firer", "target"),
    "(match, firer, target) -> (attack modifiers, damage modifiers)",
)
ABILITIES: HookPoint[Callable[[CardMatch, str], bool]]
ABILITIES = HookPoint(
    "abilities", ("match", "side"), "(match, side) -> whether its characters' abilities work"
)
AFTER_DESTROYED: HookPoint[Callable[[CardMatch, Tank, list[Event]], CardMatch]]
AFTER_DESTROYED = HookPoint(
    "after destroyed", ("match", "target", "events"), "(match, the tank destroyed, events) -> match"
)
ENFORCEMENT_DRAWN: HookPoint[Callable[[CardMatch, str, list[Event]], CardMatch]]
ENFORCEMENT_DRAWN = HookPoint(
    "enforcement drawn", ("match", "side", "events"), "(match, who drew, events) -> match"
)
NEW_TURN: HookPoint[Callable[[CardMatch], CardMatch]]
NEW_TURN = HookPoint("new turn", ("match",), "(match) -> match, as a player's turn begins")
AFTER_ORDER: HookPoint[Callable[[CardMatch, Order], CardMatch]]
AFTER_ORDER = HookPoint(
    "after order", ("match", "order"), "(match, the Action card carried out) -> match"
)
AFTER_EVENT_CARD: HookPoint[Callable[[CardMatch, str, str], CardMatch]]
AFTER_EVENT_CARD = HookPoint(
    "after event card", ("match", "side", "effect"), "(match, side, the card's effect) -> match"
)
AUTOMATIC_TURN: HookPoint[Callable[[CardMatch], CardMatch | None]]
AUTOMATIC_TURN = HookPoint(
    "automatic turn", ("match",), "(match) -> the Action Phase of a side the rules play, or None"
)


@dataclass(frozen=True)
class OrderRule:
    """What a rule lets a side do with an Action card before declaring a tank (Kuromorimine's
    reinforcements): ``actions`` offered, whether they must be taken first (``holds``), and
    what one does (``apply``: the match with the Order updated)."""

    actions: Callable[[CardMatch, Order], list[Action]]
    holds: Callable[[CardMatch, Order], bool]
    apply: Callable[[CardMatch, Order, Action, list[Event]], CardMatch]


ORDER_RULES: HookPoint[OrderRule] = HookPoint(
    "order rule", (), "an OrderRule: actions with an Action card before a tank is declared"
)


@dataclass(frozen=True)
class SideAction:
    """An action a rule offers a side beside what the turn offers (Anzio's CV33
    reinforcements), at any decision of that side the rule allows (it checks when):
    ``actions`` offered, and what one does."""

    actions: Callable[[CardMatch, str], Iterable[Action]]
    apply: Callable[[CardMatch, str, Action, list[Event]], CardMatch]


SIDE_ACTIONS: HookPoint[SideAction] = HookPoint(
    "side action", (), "a SideAction a rule offers (it checks when it applies)"
)


def after_move(
    match: CardMatch, tank_id: str, left: int, spent: int, events: list[Event]
) -> CardMatch:
    for hook in AFTER_MOVE.of(_in_play(match)):
        match = hook(match, tank_id, left, spent, events)
    return match


def _never(end: Any) -> bool:
    return False


def move_filter(match: CardMatch, tank: Tank) -> Callable[[Any], bool] | None:
    """Where a tank's move may end, as a test of the end hex (None: anywhere), from every
    rule in play (worked out once for all the ends a tank can reach)."""
    tests = [t for hook in MOVE_FILTER.of(_in_play(match)) if (t := hook(match, tank))]
    if not tests:
        return None
    if len(tests) == 1:
        return tests[0]
    if _never in tests:
        return _never
    return lambda end: all(test(end) for test in tests)


def never_moves() -> Callable[[Any], bool]:
    """The move filter of a tank that may not move at all."""
    return _never


def move_allowed(match: CardMatch, tank: Tank, end: Any) -> bool:
    """Whether the rules in play let ``tank`` end a move in ``end``."""
    allowed = move_filter(match, tank)
    return True if allowed is None else allowed(end)


def may_fire_at(match: CardMatch, firer: str, target: str) -> bool:
    return all(hook(match, firer, target) for hook in MAY_FIRE.of(_in_play(match)))


def shot_modifiers(
    match: CardMatch, firer: Tank, target: Tank
) -> tuple[tuple[Modifier, ...], tuple[Modifier, ...]]:
    """The attack and damage modifiers the rules in play add to a shot."""
    attack: tuple[Modifier, ...] = ()
    damage: tuple[Modifier, ...] = ()
    for hook in SHOT_MODIFIERS.of(_in_play(match)):
        more_attack, more_damage = hook(match, firer, target)
        attack, damage = (*attack, *more_attack), (*damage, *more_damage)
    return attack, damage


def attack_modifiers(match: CardMatch, firer: Tank, target: Tank) -> tuple[Modifier, ...]:
    return shot_modifiers(match, firer, target)[0]


def abilities_allowed(match: CardMatch, side: str) -> bool:
    return all(hook(match, side) for hook in ABILITIES.of(_in_play(match)))


def after_destroyed(match: CardMatch, target: Tank, events: list[Event]) -> CardMatch:
    for hook in AFTER_DESTROYED.of(_in_play(match)):
        match = hook(match, target, events)
    return match


def enforcement_drawn(match: CardMatch, side: str, events: list[Event]) -> CardMatch:
    for hook in ENFORCEMENT_DRAWN.of(_in_play(match)):
        match = hook(match, side, events)
    return match


def new_turn(match: CardMatch) -> CardMatch:
    for hook in NEW_TURN.of(_in_play(match)):
        match = hook(match)
    return match


def after_order(match: CardMatch, order: Order) -> CardMatch:
    for hook in AFTER_ORDER.of(_in_play(match)):
        match = hook(match, order)
    return match


def after_event_card(match: CardMatch, side: str, effect: str) -> CardMatch:
    for hook in AFTER_EVENT_CARD.of(_in_play(match)):
        match = hook(match, side, effect)
    return match


def automatic_turn(match: CardMatch) -> CardMatch | None:
    """The side to act's Action Phase played by the rules, or None (a player plays it)."""
    for hook in AUTOMATIC_TURN.of(_in_play(match)):
        after = hook(match)
        if after is not None:
            return after
    return None


def order_rules(match: CardMatch) -> tuple[OrderRule, ...]:
    return ORDER_RULES.of(_in_play(match))


def side_actions(match: CardMatch, side: str) -> Iterator[Action]:
    for rule in SIDE_ACTIONS.of(_in_play(match)):
        yield from rule.actions(match, side)


def apply_side_action(
    match: CardMatch, side: str, action: Action, events: list[Event]
) -> CardMatch | None:
    """The match after a rule's own action, or None when no rule offers ``action``."""
    for rule in SIDE_ACTIONS.of(_in_play(match)):
        if action in rule.actions(match, side):
            return rule.apply(match, side, action, events)
    return None


# --- choices and dice ------------------------------------------------------------------------


@dataclass(frozen=True)
class ChoiceRule:
    """What a choice does (``apply``: the match with the Choice frame taken off, the choice,
    the option chosen, events). ``actions``: what it offers (default: a ``Choose`` for each
    of its options); ``why_not``: why an action is refused; ``keeps_frame``: ``apply`` gets
    the match with the frame still on and the action itself (the setup's placements)."""

    apply: Callable[..., CardMatch]
    actions: Callable[[CardMatch, Choice], Iterable[Action]] | None = None
    why_not: Callable[[CardMatch, Choice, Action], Reason] | None = None
    keeps_frame: bool = False


CHOICES: Table[str, ChoiceRule] = Table("choice purpose", "purpose -> its ChoiceRule")


def on_choice(
    *purposes: str,
    actions: Callable[[CardMatch, Choice], Iterable[Action]] | None = None,
    why_not: Callable[[CardMatch, Choice, Action], Reason] | None = None,
    keeps_frame: bool = False,
) -> Callable[[Fn], Fn]:
    """Register what a choice of these purposes does (see :class:`ChoiceRule`)."""

    def register(function: Fn) -> Fn:
        rule = ChoiceRule(function, actions, why_not, keeps_frame)
        for purpose in purposes:
            CHOICES(purpose)(rule)
        return function

    return register


def apply_choice(
    match: CardMatch, choice: Choice, action: Action, events: list[Event]
) -> CardMatch:
    rule = CHOICES[choice.purpose]
    if rule.keeps_frame:
        return rule.apply(match, choice, action, events)
    return rule.apply(pop(match), choice, action.option, events)  # type: ignore[attr-defined]


CHANCES: Table[str, Callable[[CardMatch, Chance, int, list[Event]], CardMatch]]
CHANCES = Table("chance purpose", "purpose -> (match without the frame, frame, value, events)")


def resolve_chance(match: CardMatch, frame: Chance, value: int, events: list[Event]) -> CardMatch:
    return CHANCES[frame.purpose](pop(match), frame, value, events)


# --- cards -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EventEffect:
    """An Event card's effect (or a Scenario card played as one): ``apply(match, side,
    choice, events)``; ``choices(match, side)``: what the player may choose ("" when
    nothing)."""

    apply: Callable[[CardMatch, str, str, list[Event]], CardMatch]
    choices: Callable[[CardMatch, str], list[str]] | None = None


EVENT_EFFECTS: Table[str, EventEffect] = Table("event effect", "card effect -> its EventEffect")


def on_event(
    *effects: str, choices: Callable[[CardMatch, str], list[str]] | None = None
) -> Callable[[Fn], Fn]:
    """Register an Event card's effect (``Card.effect``), with what the player chooses."""

    def register(function: Fn) -> Fn:
        entry = EventEffect(function, choices)
        for effect in effects:
            EVENT_EFFECTS(effect)(entry)
        return function

    return register


def event_choices(match: CardMatch, side: str, effect: str) -> list[str]:
    entry = EVENT_EFFECTS.get(effect)
    found = entry.choices(match, side) if entry is not None and entry.choices else []
    return found or [""]


def event_effect(
    match: CardMatch, side: str, effect: str, choice: str, events: list[Event]
) -> CardMatch:
    entry = EVENT_EFFECTS.get(effect)
    return match if entry is None else entry.apply(match, side, choice, events)


DRAWN: HookPoint[Callable[[CardMatch, str, str, list[Event]], CardMatch]]
DRAWN = HookPoint(
    "drawn",
    ("match", "side", "effect", "events"),
    "(match, who drew, the card's effect, events): a card acting drawn",
)
PLAYED: Table[str, Callable[[CardMatch, str, list[Event]], CardMatch]]
PLAYED = Table("played effect", "card effect -> (match, side, events): acts as it is played")


def drawn(match: CardMatch, side: str, effect: str, events: list[Event]) -> CardMatch:
    """A Scenario card that acts when drawn (it is removed from the game)."""
    for hook in DRAWN.of(_in_play(match)):
        match = hook(match, side, effect, events)
    return match


@dataclass(frozen=True)
class AttackEffect:
    """An Attack card's own effect: which targets it allows (``target_allowed``) and what
    happens as the shot is declared (``before``: match, firer, target, events)."""

    target_allowed: Callable[[CardMatch, str], bool]
    before: Callable[[CardMatch, str, str, list[Event]], CardMatch]


ATTACKS: Table[str, AttackEffect] = Table("attack effect", "card effect -> its AttackEffect")


@dataclass(frozen=True)
class ReactionRule:
    """A card played as a reaction, a Reaction card of the deck (``printed``: Quick Shot,
    in ``reactions``) or a Scenario card (Operation: Macaroni): the ``moments`` it answers,
    the tanks it ``offers`` a reaction with (match, side, window -> each a ``React``'s tank,
    ``""`` for a card that names none; nothing where it does not apply), what it does once no
    Eavesdropping cancels it (``carry_out``: match, the played Effect, events) and the
    ``flag`` the match keeps once it is played (``""``: none)."""

    moments: tuple[Moment, ...]
    offers: Callable[[CardMatch, str, Window], Iterable[str]]
    carry_out: Callable[[CardMatch, Effect, list[Event]], CardMatch]
    printed: bool = False
    flag: str = ""


def when(applies: Callable[[CardMatch, str, Window], bool]) -> Callable[..., tuple[str, ...]]:
    """The ``offers`` of a card that names no tank: one reaction where ``applies`` holds."""

    def offers(match: CardMatch, side: str, window: Window) -> tuple[str, ...]:
        return ("",) if applies(match, side, window) else ()

    return offers


REACTIONS: Table[str, ReactionRule] = Table("reaction", "card -> its ReactionRule")


def reactions_at(moment: Moment) -> tuple[tuple[str, ReactionRule], ...]:
    """The cards that answer ``moment``: the deck's Reaction cards first, then the Scenario
    cards', each in the order registered."""
    found = [(name, rule) for name, rule in REACTIONS.items() if moment in rule.moments]
    return tuple(sorted(found, key=lambda entry: not entry[1].printed))
