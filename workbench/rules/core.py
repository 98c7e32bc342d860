"""The one shape every game's rules share (after OpenSpiel and python-chess).

A game is a :class:`Game`: a bundle of plain functions over immutable states.

- ``game.start(scenario, options)`` makes the first state from a loaded scenario or board.
- ``game.current_player(state)`` names the side to act, :data:`CHANCE` when dice or a card
  draw decide next, or :data:`TERMINAL` when the game is over.
- ``game.legal_actions(state)`` lists every legal action of the side to act;
  ``game.chance_outcomes(state)`` lists every chance action with its exact probability.
- ``game.apply(state, action)`` returns :class:`Applied` (the next state and the events the
  action caused, each with its reasons); an illegal action raises :class:`IllegalAction`
  with the reason and the rulebook section, and the state is unchanged (it is a value).
- ``game.outcome(state)`` is ``None`` while the game goes on, else an :class:`Outcome`.

Actions are small frozen :class:`Action` dataclasses that save as JSON, so a game is kept as
a :class:`~workbench.boards.record.Record` and rebuilt by :func:`replay`. Every explanation,
refusal and event speaks in one :class:`Reason` type.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import inspect
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar, Final, Generic, NamedTuple, TypeVar

from workbench.arguments import whole_number
from workbench.errors import ArgumentError, WorkbenchError
from workbench.files.record_options import register_options
from workbench.rules.action_fields import field_problem, safe_text
from workbench.rules.observation import Observation, history_of
from workbench.rules.options import Option, check_options, recorded


class Turn(enum.Enum):
    """Who acts when no side does: :data:`CHANCE` (dice or a draw decide next) or
    :data:`TERMINAL` (the game is over). Not text, so no side's name can be taken for one
    (a side may well be called "chance").

    >>> CHANCE == "chance", str(CHANCE)
    (False, 'chance')
    """

    CHANCE = "chance"
    TERMINAL = "terminal"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return self.name


CHANCE: Final = Turn.CHANCE  # current_player when dice or a draw decide next
TERMINAL: Final = Turn.TERMINAL  # current_player when the game is over


@dataclass(frozen=True)
class Reason:
    """One line of an explanation: what was found and the rulebook section it comes from
    (empty for a fact that is no rule, and ``"stand-in"`` notes where a value is not printed).

    >>> str(Reason("moving forward one hex costs 1 MP", "Moving: Movement"))
    'moving forward one hex costs 1 MP (Moving: Movement)'
    """

    text: str
    section: str = ""

    def __str__(self) -> str:
        return f"{self.text} ({self.section})" if self.section else self.text


def lines_of(reasons: Iterable[Reason]) -> list[str]:
    """Reasons as text lines, each with its section, as a widget shows them unchanged."""
    return [str(r) for r in reasons]


class IllegalAction(WorkbenchError, ValueError):
    """An action the rules refuse: ``reason`` says why and cites the section. The state it
    was tried on is never changed.

    >>> str(IllegalAction("hex 0803 holds T-34/76", "Moving: Obstructing Movement"))
    'hex 0803 holds T-34/76 (Moving: Obstructing Movement)'
    """

    def __init__(self, reason: Reason | str, section: str = "") -> None:
        self.reason = reason if isinstance(reason, Reason) else Reason(reason, section)
        super().__init__(str(self.reason))

    @property
    def section(self) -> str:
        return self.reason.section

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return (self.reason,)


@dataclass(frozen=True)
class Modifier:
    """A named number added to a roll or a score, with the rule or card it comes from.

    >>> str(Modifier("Mobile Fire 2", -2, "card"))
    'Mobile Fire 2 -2 (card)'
    """

    name: str
    value: int
    source: str

    def __post_init__(self) -> None:  # a half point would give odds no dice can roll
        whole_number(f"the value of modifier {self.name!r}", self.value)

    def __str__(self) -> str:
        return f"{self.name} {self.value:+d} ({self.source})"

    @property
    def reason(self) -> Reason:
        return Reason(f"{self.value:+d} {self.name}", self.source)


def total(modifiers: Sequence[Modifier]) -> int:
    return sum(m.value for m in modifiers)


# --- actions ----------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    """A field value as JSON: tuples become lists, all the way down."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    return value


def _frozen(value: Any) -> Any:
    """A JSON value as an action field: lists become tuples, all the way down."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


@dataclass(frozen=True)
class Action:
    """Base of every action: a small frozen dataclass of strings, numbers and tuples.

    ``to_json`` gives ``{"type": ClassName, **fields}``; a game's ``action_from_json``
    reads it back. ``chance`` marks the actions that dice or a draw choose (rolls, draws).
    """

    chance: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass's ``__str__`` never fails: a field it cannot show (a tampered record's
        ``Roll(("6", "6"))``) gives the action's type and fields instead."""
        super().__init_subclass__(**kwargs)
        text = cls.__dict__.get("__str__")
        if text is not None and not getattr(text, "never_fails", False):

            def __str__(self: Any, text: Any = text) -> str:
                return safe_text(self, text)

            __str__.never_fails = True  # type: ignore[attr-defined]
            cls.__str__ = __str__  # type: ignore[method-assign]

    def to_json(self) -> dict[str, Any]:
        fields = {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}
        return {"type": type(self).__name__, **fields}


def action_from_json(data: Mapping[str, Any], types: Iterable[type[Action]]) -> Action:
    """Read an action written by :meth:`Action.to_json`, from the game's action types.

    Raises :class:`ActionFormatError` naming what does not fit.
    """
    by_name = {t.__name__: t for t in types}
    if not isinstance(data, Mapping) or "type" not in data:
        raise ActionFormatError(f"an action is an object with a 'type', not {data!r}")
    kind = by_name.get(data["type"])
    if kind is None:
        raise ActionFormatError(
            f"no action called {data['type']!r} in this game (actions: {', '.join(by_name)})"
        )
    names = {f.name for f in dataclasses.fields(kind)}
    values = {k: _frozen(v) for k, v in data.items() if k != "type"}
    unknown = set(values) - names
    if unknown:
        raise ActionFormatError(f"{kind.__name__} has no field {sorted(unknown)}")
    try:
        action = kind(**values)
    except (TypeError, ValueError) as error:
        raise ActionFormatError(f"{kind.__name__}: {error}") from None
    problem = field_problem(action)
    if problem is not None:
        raise ActionFormatError(problem)
    return action


class ActionFormatError(ArgumentError):
    """An action's JSON that does not describe one of the game's actions, or an action
    whose fields are not of their declared types (the message says which)."""

    def __init__(self, text: str) -> None:
        self.argument, self.found, self.expected = "action", None, text
        Exception.__init__(self, text)


# --- events and outcomes ----------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """Something an action caused (a move made, a roll and what it meant, a tank destroyed),
    with the reasons that decided it."""

    text: str
    reasons: tuple[Reason, ...] = ()

    def lines(self) -> list[str]:
        return [self.text, *("  " + line for line in lines_of(self.reasons))]

    def __str__(self) -> str:
        return self.text


class Applied(NamedTuple):
    """What ``apply`` returns: the next state and the events the action caused."""

    state: Any
    events: tuple[Event, ...]


class Termination(enum.Enum):
    """Base of each game's enum of why a game ended; a member's value is
    ``(text, section)`` (subclass it with members, as each game does)."""

    @property
    def text(self) -> str:
        return str(self.value[0])

    @property
    def section(self) -> str:
        return str(self.value[1])


@dataclass(frozen=True)
class Outcome:
    """How a game ended: why (a :class:`Termination` citing its section) and who won
    (``None`` for a draw)."""

    termination: Termination
    winner: str | None
    reasons: tuple[Reason, ...] = ()

    def lines(self) -> list[str]:
        who = f"{self.winner} wins" if self.winner else "a draw"
        head = f"{who}: {self.termination.text} ({self.termination.section})"
        return [head, *lines_of(self.reasons)]

    def __str__(self) -> str:
        return self.lines()[0]


# --- games --------------------------------------------------------------------------------


S = TypeVar("S")  # a game's state type
A = TypeVar("A", bound=Action)  # a game's action type


@dataclass(frozen=True)
class Verdict:
    """Whether an action is legal in a state and why: the refusal's reason and section, or
    the reasons of what it would do (``explain``; it agrees with ``apply``)."""

    action: Any
    legal: bool
    reasons: tuple[Reason, ...]
    events: tuple[Event, ...] = ()

    def lines(self) -> list[str]:
        head = f"{self.action}: {'legal' if self.legal else 'refused'}"
        return [head, *("  " + line for line in lines_of(self.reasons))]

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _always_seen(state: Any, action: Any) -> None:
    return None


def _nothing_hidden(state: Any, player: str) -> Any:
    return state


@dataclass(frozen=True)
class Game(Generic[S, A]):
    """One game's rules as plain functions over its immutable states (see the module).

    The functions given are the rules'; the game wraps three of them so that every game
    keeps the contract alike: ``legal_actions`` is a list, empty at chance and terminal
    nodes; ``chance_outcomes`` is a list, empty where a side acts; ``apply`` refuses what is
    not one of the game's actions and gives the next state its :class:`History`."""

    name: str  # "panzer-vor", "panzer-strike", "tanks"
    title: str
    rulebook: str  # the rulebook's title and edition
    board_kind: str  # "hex", "square" or "table"
    start: Callable[..., S]  # (scenario, options: Mapping | None = None) -> state
    current_player: Callable[[S], str | Turn]
    # the two lists below may be given as any iterables: the game makes them lists
    legal_actions: Callable[[S], Any]  # -> list[A]
    chance_outcomes: Callable[[S], Any]  # -> list[tuple[A, Fraction]]
    apply: Callable[[S, A], Applied]
    outcome: Callable[[S], Outcome | None]
    action_types: tuple[type[A], ...]
    players: Callable[[S], tuple[str, ...]]  # the sides, in order
    scenarios: Callable[[], Mapping[str, str]] = field(default=lambda: {})  # shipped: name→path
    invariants: Callable[[S], None] = field(default=lambda state: None)  # raise if broken
    # a text equal for equal states, cheaper than rules.canonical.canonical (None: use that)
    fingerprint: Callable[[S], str] | None = None
    # a finished game in numbers for the balance lab: {"lost": {side: tanks},
    # "damage_by": {tank type: tanks destroyed}}
    summarize: Callable[[S], Mapping[str, Any]] = field(default=lambda state: {})
    # --- the contract's further parts (ARCHITECTURE.md: "One contract") ---
    # the options of a scenario: name, values allowed, default, section, reading
    options: Callable[[Any], Sequence[Option]] = field(default=lambda scenario: ())
    # who sees an action taken in a state (None: every side; a card drawn: its owner)
    seen_by: Callable[[S, A], frozenset[str] | None] = _always_seen
    # the state as one side sees it (the same object where nothing is hidden from it)
    mask: Callable[[S, str], S] = _nothing_hidden
    # a world for an observation whose state is masked: a whole state whose history is one
    # of the game's that the player sees as it saw the real one (hidden parts sampled with
    # ``rng``, given the facts every side saw); needed only by games that hide something
    sample_hidden: Callable[[Observation, random.Random], S] | None = None
    # the public facts a step showed about hidden things, (state, action, next state) ->
    # tuple, kept with the step in its History for ``sample_hidden`` (rules/observation.py)
    revealed: Callable[[S, A, S], tuple[Any, ...]] | None = None
    # whether anything is hidden from a side in a game from this first state (None: the
    # game hides something whenever it has ``sample_hidden``)
    hides: Callable[[S], bool] | None = None
    # for learners: the odds of a shot, why an action is legal or not, where a tank can go
    odds: Callable[..., Any] | None = None
    explain_action: Callable[[S, A], Verdict] | None = None
    reach: Callable[[S, str], Any] | None = None
    # for the contract test of ``odds``: whether a tank is destroyed in a state, and the
    # action a side takes to let the rules run on without choosing (no reaction, no ability)
    destroyed: Callable[[S, str], bool] | None = None
    declining: Callable[[S], A | None] = field(default=lambda state: None)
    # what a scenario file of this game holds (load_scenario refuses anything else)
    scenario_types: tuple[type, ...] = ()
    # the computer players this game ships besides the random one, by name
    bots: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    # --- the registration (ARCHITECTURE.md: "How to add a game") ---
    # where the game is listed among the others (lower first; None: after those with one)
    order: int | None = None
    # the file name of the rulebook's text (the user's own copy: tests/rulebooks.py) and the
    # module of the sections the rules cite, whose headings the test finds in that text
    rulebook_file: str = ""
    sections: str = ""
    # the types of its states (the public calls refuse anything else with ArgumentError);
    # by default read from the annotation of ``current_player``'s state
    state_types: tuple[type, ...] = ()

    def __post_init__(self) -> None:
        if getattr(self.apply, "keeps_history", False):
            return  # already wrapped (dataclasses.replace of a game)
        if not self.state_types:
            object.__setattr__(self, "state_types", annotated_types(self.current_player))
        raw_legal, raw_chance, raw_apply = self.legal_actions, self.chance_outcomes, self.apply
        raw_who, raw_outcome, raw_players = self.current_player, self.outcome, self.players
        types = self.action_types
        check = self.check_state

        def who(state: S) -> str | Turn:
            return raw_who(check(state))

        def outcome(state: S) -> Outcome | None:
            return raw_outcome(check(state))

        def players(state: S) -> tuple[str, ...]:
            return raw_players(check(state))

        def legal_actions(state: S) -> list[A]:
            if isinstance(who(state), Turn):
                return []
            return list(raw_legal(state))

        def chance_outcomes(state: S) -> list[tuple[A, Fraction]]:
            return list(raw_chance(state)) if who(state) is CHANCE else []

        def apply(state: S, action: A) -> Applied:
            check(state)
            if not isinstance(action, types):
                raise IllegalAction(Reason(f"{action!r} is not an action of {self.title}"))
            problem = field_problem(action)
            if problem is not None:
                raise ActionFormatError(problem)
            actor = who(state)
            if (
                actor is CHANCE
                and action.chance
                and action not in [a for a, _ in raw_chance(state)]
            ):
                raise IllegalAction(Reason(
                    f"{action} is not one of the chance outcomes here (the dice or the draw "
                    "decide: see chance_outcomes)"
                ))  # fmt: skip
            applied = raw_apply(state, action)
            after = copy.copy(applied.state)  # a fresh object: its history is its own
            facts = () if self.revealed is None else self.revealed(state, action, applied.state)
            history = history_of(state).then(actor, action, self.seen_by(state, action), facts)
            try:
                object.__setattr__(after, "history", history)
            except (AttributeError, TypeError):  # a plain tuple or number keeps no history
                return applied
            return Applied(after, applied.events)

        apply.keeps_history = True  # type: ignore[attr-defined]
        for name, wrapped in (("legal_actions", legal_actions),
                              ("chance_outcomes", chance_outcomes), ("apply", apply),
                              ("current_player", who), ("outcome", outcome),
                              ("players", players)):  # fmt: skip
            wrapped.__doc__ = getattr(self, name).__doc__
            object.__setattr__(self, name, wrapped)

    def check_state(self, state: S, argument: str = "state") -> S:
        """``state`` if it is one of this game's states, else ArgumentError."""
        kinds = self.state_types
        if kinds and not isinstance(state, kinds):
            names = " or ".join(k.__name__ for k in kinds)
            raise ArgumentError(argument, state, f"a state of {self.title} (a {names})")
        return state

    def check_action(self, action: Any) -> A:
        """``action`` if it is one of this game's actions with fields of their declared
        types, else ArgumentError."""
        if not isinstance(action, self.action_types):
            names = ", ".join(t.__name__ for t in self.action_types)
            raise ArgumentError("action", action, f"an action of {self.title} ({names})")
        problem = field_problem(action)
        if problem is not None:
            raise ActionFormatError(problem)
        return action

    def action_from_json(self, data: Mapping[str, Any]) -> A:
        return action_from_json(data, self.action_types)  # type: ignore[return-value]

    def apply_all(self, state: S, actions: Iterable[A]) -> S:
        """The state after every action in turn (raises at the first illegal one)."""
        for action in actions:
            state = self.apply(state, action).state
        return state

    # --- the contract (the same names in every game's flat module) ---------------------

    def observation(self, state: S, player: str) -> Observation:
        """What ``player`` sees: the state with what is hidden from it masked, its legal
        actions (none unless it is to act) and the game's history as it saw it."""
        if not isinstance(player, str) or player not in self.players(state):
            raise ArgumentError("player", player, f"a side of this game {self.players(state)}")
        view = self.mask(state, player)
        acting = self.current_player(state) == player
        legal = tuple(self.legal_actions(state)) if acting else ()
        seen = history_of(state).as_seen_by(player)
        return Observation(self.name, player, view, legal, view is not state, seen)

    def determinize(self, observation: Observation, rng: random.Random) -> S:
        """A whole state consistent with ``observation``: the state itself where nothing is
        hidden, else one with the hidden parts sampled (an opponent's hand drawn from the
        cards this side has not seen)."""
        if not isinstance(observation, Observation):
            raise ArgumentError("observation", observation, "an Observation (game.observation)")
        if not observation.hidden:
            return observation.state
        if not isinstance(rng, random.Random):
            raise ArgumentError("rng", rng, "a random.Random")
        if self.sample_hidden is None:
            raise WorkbenchError(f"{self.title} hides nothing it could sample")
        return self.sample_hidden(observation, rng)

    def explain(self, state: S, action: A) -> Verdict:
        """Whether ``action`` is legal in ``state`` and why, as ``apply`` decides it: the
        refusal with its section, or the reasons of what it does (with the game's own
        detail where it has some, e.g. a move's cost step by step)."""
        self.check_state(state)
        self.check_action(action)
        if self.explain_action is not None:
            return self.explain_action(state, action)
        return verdict_of(self, state, action)

    def options_for(self, scenario: Any) -> list[Option]:
        """The options of a scenario (see :mod:`workbench.rules.options`)."""
        return list(self.options(scenario))

    def check_options(self, scenario: Any, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options given, checked against :meth:`options_for` (OptionError if not)."""
        return check_options(self.options(scenario), given)

    def load_scenario(self, name_or_path: str | Path) -> Any:
        """A shipped scenario by name, or a scenario file by path (BoardFileError if the file
        holds anything else)."""
        from workbench.files import BoardFileError, load

        if not isinstance(name_or_path, str | Path):
            raise ArgumentError("name_or_path", name_or_path, "a scenario's name or file path")
        path = self.scenarios().get(str(name_or_path), name_or_path)
        scenario = load(path)
        if self.scenario_types and not isinstance(scenario, self.scenario_types):
            kinds = " or ".join(t.__name__ for t in self.scenario_types)
            raise BoardFileError(path, "$.format", type(scenario).__name__, f"a {kinds}")
        return scenario


def annotated_types(function: Callable[..., Any]) -> tuple[type, ...]:
    """The classes the first parameter of ``function`` is annotated with (none if it is
    not annotated with classes)."""
    import typing

    try:
        hints = typing.get_type_hints(function)
        first = next(iter(inspect.signature(function).parameters))
    except Exception:
        return ()
    declared = hints.get(first)
    found = typing.get_args(declared) if typing.get_origin(declared) is not None else (declared,)
    return (
        tuple(k for k in found if isinstance(k, type))
        if all(isinstance(k, type) for k in found)
        else ()
    )


def verdict_of(game: Game[Any, Any], state: Any, action: Any) -> Verdict:
    """The verdict ``apply`` gives: refused with its reason, or legal with its events'."""
    try:
        applied = game.apply(state, action)
    except IllegalAction as refused:
        return Verdict(action, False, refused.reasons)
    reasons = tuple(r for event in applied.events for r in event.reasons)
    return Verdict(action, True, reasons, applied.events)


class UnknownGame(WorkbenchError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


_GAMES: dict[str, Game] = {}


def register_game(game: Game) -> Game:
    """Add a game to the registry (the three shipped games register themselves), with how
    its records' options are saved and read (``workbench.files.record_options``)."""
    _GAMES[game.name] = game
    register_options(game.name, lambda scenario: recorded(game.options_for(scenario)))
    return game


def registered_games() -> dict[str, Game]:
    return dict(_GAMES)


# --- records and replay -------------------------------------------------------------------


def replay(record: Any, game: Game | None = None) -> list[Any]:
    """Every state of a recorded game, the start first: ``len(record.steps) + 1`` states,
    rebuilt exactly from the start and the recorded actions (chance outcomes included)."""
    if game is None:
        from workbench.games import get_game

        game = get_game(record.game)
    state = game.start(record.scenario, record.options)
    states = [state]
    for number, step in enumerate(record.steps, 1):
        try:
            action = game.action_from_json(step.action)
        except ActionFormatError as unreadable:
            raise _at_step(
                ActionFormatError(f"step {number} of the record: {unreadable}"), number
            ) from None
        try:
            state = game.apply(state, action).state
        except IllegalAction as refused:
            text = f"step {number} of the record ({action}) is refused: {refused.reason.text}"
            raise _at_step(IllegalAction(Reason(text, refused.section)), number) from None
        except WorkbenchError as refused:  # an action of the wrong shape, a bad argument
            text = f"step {number} of the record ({action}) is refused: {refused}"
            raise _at_step(IllegalAction(Reason(text)), number) from None
        states.append(state)
    return states


def _at_step(error: WorkbenchError, number: int) -> WorkbenchError:
    """``error`` marked with the record's step it refuses (``error.step``, 1-based)."""
    error.step = number  # type: ignore[attr-defined]
    return error
