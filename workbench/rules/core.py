"""The one shape every game's rules share (after OpenSpiel and python-chess).

A game is a subclass of :class:`Game` (``Game[S, A]``: its state and action types) over
immutable states: it sets its registration facts and defines the rules' own methods
(``_start``, ``_apply``, ...); the public methods below are the base's, the same in every
game, so an editor or mypy follows ``GAME.apply`` into the base and on to each game's
``_apply``.

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
import enum
import random
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType, UnionType
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Final,
    Generic,
    NamedTuple,
    Protocol,
    TypeVar,
    cast,
)

from workbench.arguments import whole_number
from workbench.errors import ArgumentError, WorkbenchError, shown
from workbench.files import BoardFileError, load
from workbench.files.record_options import register_options
from workbench.rules.action import Action, ActionFormatError, action_from_json
from workbench.rules.action_fields import field_problem
from workbench.rules.canonical import canonical
from workbench.rules.observation import Observation, history_of
from workbench.rules.options import Option, check_options, recorded


class Turn(enum.Enum):
    """Who acts when no side does: :data:`CHANCE` (dice or a draw decide next) or
    :data:`TERMINAL` (the game is over). Not text, so no side's name can be taken for one
    (a side may well be called "chance"): compare ``current_player(state)`` with them
    themselves (``is CHANCE``), never with their text, which is for display only
    (``str(CHANCE)``). A comparison with text is always False, the side called "chance"
    included (``tests/test_contract.py`` keeps it so).

    >>> CHANCE == "chance", "chance" == CHANCE, str(CHANCE), CHANCE is Turn.CHANCE
    (False, False, 'chance', True)
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


# the largest modifier, either way: the library's own sanity limit (the rulebooks' cards and
# characters give -3 to +3; the most movement points a search takes, 1,000, is one)
MAX_MODIFIER = 1000


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
        whole_number(f"the value of modifier {self.name!r}", self.value, low=-MAX_MODIFIER,
                     high=MAX_MODIFIER)  # fmt: skip

    def __str__(self) -> str:
        return f"{self.name} {self.value:+d} ({self.source})"

    @property
    def reason(self) -> Reason:
        return Reason(f"{self.value:+d} {self.name}", self.source)


def total(modifiers: Sequence[Modifier]) -> int:
    return sum(m.value for m in modifiers)


# --- actions ----------------------------------------------------------------------------


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


S = TypeVar("S")  # a game's state type
A = TypeVar("A", bound=Action)  # a game's action type


class Applied(NamedTuple, Generic[S]):
    """What ``apply`` returns: the next state and the events the action caused."""

    state: S
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


class OddsAnswer(Protocol):
    """What ``odds`` answers in every game (each game's result adds its own detail):
    ``destroy``, the exact chance that the shot destroys the target if it is fired as things
    stand (0 where the rules allow no such shot at all); ``shot``, the action that declares it
    now, or ``None`` when it cannot be declared now; ``refusal``, why not now (``None`` when
    ``shot`` is given: the game's phase and the rule, with its section); ``reasons`` and
    ``lines()``, every part of it with its section."""

    @property
    def destroy(self) -> Fraction: ...

    @property
    def shot(self) -> Action | None: ...

    @property
    def refusal(self) -> Reason | None: ...

    @property
    def reasons(self) -> tuple[Reason, ...]: ...

    def lines(self) -> list[str]: ...


class ReachAnswer(Protocol):
    """What ``reach`` answers in every game: ``destinations``, the ``to`` of the tank's legal
    moves now (empty when it may not move now), ``reasons`` and ``lines()``."""

    @property
    def destinations(self) -> frozenset[Any]: ...

    @property
    def reasons(self) -> tuple[Reason, ...]: ...

    def lines(self) -> list[str]: ...


def not_now(phase: str, refused: Reason) -> Reason:
    """Why a shot cannot be fired now, alike in every game: the phase and the rule that
    refuses it (its section), as ``odds`` gives it in ``.refusal``.

    >>> str(not_now("move phase", Reason("the movement dice decide now", "Rules: Movement")))
    'not fired now (move phase): the movement dice decide now (Rules: Movement)'
    """
    return Reason(f"not fired now ({phase}): {refused.text}", refused.section)


Player = Callable[..., Action]  # (game, observation, rng) -> action: see rules.play

# names a Game no longer has, and the one that replaced each (Game.__getattr__ says so)
RENAMED_GAME_NAMES = {
    "options_for": "options",
    "explain_action": "explain (a game's class defines _explain)",
}


class Game(ABC, Generic[S, A]):
    """One game's rules over its immutable states (see the module): each game is a subclass
    that sets the registration facts below and defines the rules' own methods (``_start``,
    ``_current_player``, ``_legal_actions``, ``_chance_outcomes``, ``_apply``, ``_outcome``,
    ``_players``; ``_options``, ``_odds``, ``_reach``, ``_explain`` where it has them).

    The public methods are defined here once and keep the contract alike in every game:
    each checks its arguments (a state of another game or another kind is refused with
    ArgumentError), ``legal_actions`` is a list, empty at chance and terminal nodes;
    ``chance_outcomes`` is a list, empty where a side acts; ``apply`` refuses what is not one
    of the game's actions and gives the next state its :class:`History`; ``odds`` and
    ``reach`` refuse cleanly in a game without shots or moves."""

    # --- the registration (ARCHITECTURE.md: "How to add a game") -----------------------
    name: ClassVar[str]  # "panzer-vor", "panzer-strike", "tanks"
    title: ClassVar[str]
    rulebook: ClassVar[str]  # the rulebook's title and edition
    board_kind: ClassVar[str]  # "hex", "square" or "table"
    action_types: ClassVar[tuple[type[Action], ...]]
    # what a scenario file of this game holds (load_scenario refuses anything else)
    scenario_types: ClassVar[tuple[type, ...]] = ()
    # what else ``start`` starts from (Panzer Strike: a board whose file places its tanks)
    also_starts_from: ClassVar[tuple[type, ...]] = ()
    # the types of its states (the public calls refuse anything else with ArgumentError);
    # by default the state type ``S`` the class names in ``Game[S, A]``
    state_types: ClassVar[tuple[type, ...]] = ()
    # where the game is listed among the others (lower first; None: after those with one)
    order: ClassVar[int | None] = None
    # the file name of the rulebook's text (the user's own copy: tests/rulebooks.py) and the
    # module of the sections the rules cite, whose headings the test finds in that text
    rulebook_file: ClassVar[str] = ""
    sections: ClassVar[str] = ""
    # whether a side may not see everything (``mask`` and ``sample_hidden`` say what)
    hides_information: ClassVar[bool] = False
    # whether ``odds(..., card=...)`` can weigh an Action card as if it were played
    action_cards: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "state_types" not in cls.__dict__:
            found = _state_type_of(cls)
            if found:
                cls.state_types = found

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}: {self.title}>"

    if not TYPE_CHECKING:  # mypy sees no such catch-all: a misspelt name stays an error

        def __getattr__(self, name: str) -> Any:
            if name in RENAMED_GAME_NAMES:
                raise AttributeError(f"Game.{name} is no more: use Game.{RENAMED_GAME_NAMES[name]}")
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # --- what each game's class defines -------------------------------------------------

    @abstractmethod
    def _start(self, scenario: Any, options: Mapping[str, Any] | None) -> S:
        """The first state (the options checked against ``_options``: OptionError)."""

    @abstractmethod
    def _current_player(self, state: S) -> str | Turn:
        """The side to act, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def _legal_actions(self, state: S) -> Iterable[A]:
        """Every legal action of the side to act (asked only where a side acts)."""

    @abstractmethod
    def _chance_outcomes(self, state: S) -> Iterable[tuple[A, Fraction]]:
        """Every chance outcome with its exact probability (asked only at chance nodes)."""

    @abstractmethod
    def _apply(self, state: S, action: A) -> Applied[S]:
        """The next state and the events, or IllegalAction with the reason and section."""

    @abstractmethod
    def _outcome(self, state: S) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def _players(self, state: S) -> tuple[str, ...]:
        """The sides, in order."""

    def _options(self, scenario: Any) -> Sequence[Option]:
        """The options of a scenario: name, values allowed, default, section, reading."""
        return ()

    def _odds(self, state: S, attacker: str, target: str, card: str | None) -> OddsAnswer:
        """The exact odds of a shot from the state (see :class:`OddsAnswer`)."""
        raise IllegalAction(Reason(f"{self.title} has no shots to give odds for"))

    def _reach(self, state: S, tank: str) -> ReachAnswer:
        """Where a tank can move now (see :class:`ReachAnswer`)."""
        raise IllegalAction(Reason(f"{self.title} has no moves to give the reach of"))

    def _explain(self, state: S, action: A) -> Verdict:
        """The verdict ``apply`` gives, with the game's own detail where it has some."""
        return verdict_of(self, state, action)

    def scenarios(self) -> Mapping[str, str]:
        """The shipped scenarios: name → file."""
        return {}

    def invariants(self, state: S) -> None:
        """Raise (AssertionError) if a state breaks what the rules keep true."""

    def fingerprint(self, state: S) -> str:
        """A text equal for equal states (a game may give a cheaper one than this)."""
        return canonical(state)

    def summarize(self, state: S) -> Mapping[str, Any]:
        """A finished game in numbers for the balance lab: ``{"lost": {side: tanks},
        "damage_by": {tank type: tanks destroyed}}``."""
        return {}

    def seen_by(self, state: S, action: A) -> frozenset[str] | None:
        """Who sees ``action`` taken in ``state`` (None: every side; a card drawn: its owner)."""
        return None

    def mask(self, state: S, player: str) -> S:
        """The state as ``player`` sees it (the same object where nothing is hidden)."""
        return state

    def sample_hidden(self, observation: Observation, rng: random.Random) -> S:
        """A world for an observation whose state is masked: a whole state whose history is
        one of the game's that the player sees as it saw the real one (the hidden parts
        sampled with ``rng``, given the facts every side saw; needed only where
        ``hides_information``)."""
        raise WorkbenchError(f"{self.title} hides nothing it could sample")

    def revealed(self, state: S, action: A, after: S) -> tuple[Any, ...]:
        """The public facts a step showed about hidden things, kept with the step in its
        History for ``sample_hidden`` (see :mod:`workbench.rules.observation`)."""
        return ()

    def hides(self, start: S) -> bool:
        """Whether anything is hidden from a side in a game from this first state (by
        default: whenever the game ``hides_information``)."""
        return self.hides_information

    def destroyed(self, state: S, tank: str) -> bool:
        """Whether ``tank`` is destroyed in ``state`` (the contract test follows a shot)."""
        raise WorkbenchError(f"{self.title} has no tanks to destroy")

    def declining(self, state: S) -> A | None:
        """The action a side takes to let the rules run on without choosing (no reaction, no
        ability), or None where there is none (the contract test follows a shot)."""
        return None

    def offers(self, name: str) -> bool:
        """Whether this game's class gives its own ``"odds"``, ``"reach"`` or
        ``"fingerprint"`` (else the base's refusal, or its plain text)."""
        hook = f"_{name}" if f"_{name}" in vars(Game) else name
        return hook in vars(Game) and getattr(type(self), hook) is not vars(Game)[hook]

    # --- the contract (ARCHITECTURE.md: "One contract"), the same in every game ---------

    def start(self, scenario: Any, options: Mapping[str, Any] | None = None) -> S:
        """The first state of a game of ``scenario`` with ``options`` (checked against
        :meth:`options`: an unknown name or a value not allowed raises OptionError)."""
        self.check_scenario(scenario)
        if options is not None and not isinstance(options, Mapping):
            raise ArgumentError("options", options, "a mapping of option names to values")
        return self._start(scenario, options)

    def current_player(self, state: S) -> str | Turn:
        """The side to act, :data:`CHANCE` when dice or a draw decide next, or
        :data:`TERMINAL` once the game is over."""
        return self._current_player(self.check_state(state))

    def legal_actions(self, state: S) -> list[A]:
        """Every legal action of the side to act: a list, empty at chance and terminal nodes."""
        if isinstance(self.current_player(state), Turn):
            return []
        return list(self._legal_actions(state))

    def chance_outcomes(self, state: S) -> list[tuple[A, Fraction]]:
        """Every chance outcome with its exact probability: a list, empty where a side acts."""
        if self.current_player(state) is not CHANCE:
            return []
        return list(self._chance_outcomes(state))

    def apply(self, state: S, action: A) -> Applied[S]:
        """The next state (carrying its history) and the events the action caused; an
        illegal action raises IllegalAction with the reason and section, and ``state`` is
        unchanged."""
        actor = self.current_player(state)
        if not isinstance(action, self.action_types):
            raise IllegalAction(Reason(f"{shown(action)} is not an action of {self.title}"))
        problem = field_problem(action)
        if problem is not None:
            raise ActionFormatError(problem)
        drawn = actor is CHANCE and action.chance
        if drawn and action not in [a for a, _ in self._chance_outcomes(state)]:
            raise IllegalAction(Reason(
                f"{action} is not one of the chance outcomes here (the dice or the draw "
                "decide: see chance_outcomes)"
            ))  # fmt: skip
        applied = self._apply(state, action)
        after = copy.copy(applied.state)  # a fresh object: its history is its own
        facts = self.revealed(state, action, applied.state)
        history = history_of(state).then(actor, action, self.seen_by(state, action), facts)
        try:
            object.__setattr__(after, "history", history)
        except (AttributeError, TypeError):  # a plain tuple or number keeps no history
            return applied
        return Applied(after, applied.events)

    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the game goes on, else how it ended and who won."""
        return self._outcome(self.check_state(state))

    def players(self, state: S) -> tuple[str, ...]:
        """The sides, in order."""
        return self._players(self.check_state(state))

    def options(self, scenario: Any) -> list[Option]:
        """The options of a scenario (see :mod:`workbench.rules.options`)."""
        return list(self._options(self.check_scenario(scenario)))

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
            return cast(S, observation.state)
        if not isinstance(rng, random.Random):
            raise ArgumentError("rng", rng, "a random.Random")
        return self.sample_hidden(observation, rng)

    def odds(self, state: S, attacker: str, target: str, *, card: str | None = None) -> OddsAnswer:
        """The exact odds of ``attacker``'s shot at ``target`` from the state (cards,
        scenario, characters included), asked at any moment: ``.destroy``, ``.shot`` (the
        action that declares it now, or None) and ``.refusal`` (why not now: the phase and
        the rule). ``card``: an Action card weighed as if it were played (games with cards)."""
        self.check_state(state)
        for argument, value in (("attacker", attacker), ("target", target)):
            if not isinstance(value, str):
                raise ArgumentError(argument, value, "a tank's name (text)")
        if card is not None and not self.action_cards:
            raise ArgumentError("card", card, f"None ({self.title} has no Action cards)")
        return self._odds(state, attacker, target, card)

    def reach(self, state: S, tank: str) -> ReachAnswer:
        """Everywhere ``tank`` can move now, with what it costs and why."""
        self.check_state(state)
        if not isinstance(tank, str):
            raise ArgumentError("tank", tank, "a tank's name (text)")
        return self._reach(state, tank)

    def explain(self, state: S, action: A) -> Verdict:
        """Whether ``action`` is legal in ``state`` and why, as ``apply`` decides it: the
        refusal with its section, or the reasons of what it does (with the game's own
        detail where it has some, e.g. a move's cost step by step)."""
        self.check_state(state)
        return self._explain(state, self.check_action(action))

    @property
    def bots(self) -> Mapping[str, Player]:
        """The computer players of this game besides the random one, by name: its own and
        any another layer registered (``register_bot``: the search players)."""
        return MappingProxyType(_BOTS.setdefault(self.name, {}))

    # --- checks and helpers ---------------------------------------------------------------

    def check_state(self, state: Any, argument: str = "state") -> S:
        """``state`` if it is one of this game's states, else ArgumentError."""
        kinds = self.state_types
        if kinds and not isinstance(state, kinds):
            names = " or ".join(k.__name__ for k in kinds)
            raise ArgumentError(argument, state, f"a state of {self.title} (a {names})")
        return cast(S, state)

    def check_scenario(self, scenario: Any, argument: str = "scenario") -> Any:
        """``scenario`` if it is one this game starts from, else ArgumentError."""
        kinds = (*self.scenario_types, *self.also_starts_from)
        if kinds and not isinstance(scenario, kinds):
            names = " or ".join(k.__name__ for k in kinds)
            raise ArgumentError(argument, scenario, f"a scenario of {self.title} (a {names})")
        return scenario

    def check_action(self, action: Any) -> A:
        """``action`` if it is one of this game's actions with fields of their declared
        types, else ArgumentError."""
        if not isinstance(action, self.action_types):
            names = ", ".join(t.__name__ for t in self.action_types)
            raise ArgumentError("action", action, f"an action of {self.title} ({names})")
        problem = field_problem(action)
        if problem is not None:
            raise ActionFormatError(problem)
        return cast(A, action)

    def check_options(self, scenario: Any, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options given, checked against :meth:`options` (OptionError if not)."""
        return check_options(self._options(scenario), given)

    def action_from_json(self, data: Mapping[str, Any]) -> A:
        return cast(A, action_from_json(data, self.action_types))

    def apply_all(self, state: S, actions: Iterable[A]) -> S:
        """The state after every action in turn (raises at the first illegal one)."""
        for action in actions:
            state = self.apply(state, action).state
        return state

    def load_scenario(self, name_or_path: str | Path) -> Any:
        """A shipped scenario by name, or a scenario file by path (BoardFileError if the file
        holds anything else)."""
        if not isinstance(name_or_path, str | Path):
            raise ArgumentError("name_or_path", name_or_path, "a scenario's name or file path")
        path = self.scenarios().get(str(name_or_path), name_or_path)
        scenario = load(path)
        if self.scenario_types and not isinstance(scenario, self.scenario_types):
            kinds = " or ".join(t.__name__ for t in self.scenario_types)
            raise BoardFileError(path, "$.format", type(scenario).__name__, f"a {kinds}")
        return scenario


def _state_type_of(cls: type) -> tuple[type, ...]:
    """The classes a subclass names as its state type ``S`` in ``Game[S, A]`` (a class, or a
    union of classes), if it names one."""
    for base in getattr(cls, "__orig_bases__", ()):
        origin = typing.get_origin(base)
        if isinstance(origin, type) and issubclass(origin, Game):
            declared = typing.get_args(base)[0]
            found = typing.get_args(declared) if isinstance(declared, UnionType) else (declared,)
            if all(isinstance(k, type) for k in found):
                return tuple(found)
    return ()


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


_GAMES: dict[str, Game[Any, Any]] = {}
_BOTS: dict[str, dict[str, Player]] = {}


def register_game(game: Game[S, A]) -> Game[S, A]:
    """Add a game to the registry (the three shipped games register themselves), with how
    its records' options are saved and read (``workbench.files.record_options``)."""
    _GAMES[game.name] = game
    register_options(game.name, lambda scenario: recorded(game.options(scenario)))
    return game


def register_bot(game: str, name: str, player: Player) -> Player:
    """Add a computer player to the game called ``game`` (its ``bots``): the game's own
    (its greedy player) and those another layer offers (``players.offer``: the search
    players). A name registered again keeps its first player."""
    _BOTS.setdefault(game, {}).setdefault(name, player)
    return player


def registered_games() -> dict[str, Game[Any, Any]]:
    return dict(_GAMES)


# --- records and replay -------------------------------------------------------------------


def replay(record: Any, game: Game[Any, Any] | None = None) -> list[Any]:
    """Every state of a recorded game, the start first: ``len(record.steps) + 1`` states,
    rebuilt exactly from the start and the recorded actions (chance outcomes included)."""
    if game is None:
        from workbench.games import get_game  # the registry imports every game's rules

        game = get_game(record.game)
    game.check_scenario(record.scenario, "record.scenario")  # a campaign is no card game's
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
