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

import dataclasses
import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple

from workbench.arguments import whole_number
from workbench.errors import WorkbenchError

CHANCE = "chance"  # current_player when dice or a draw decide next
TERMINAL = "terminal"  # current_player when the game is over


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
        return kind(**values)
    except TypeError as error:
        raise ActionFormatError(f"{kind.__name__}: {error}") from None


class ActionFormatError(WorkbenchError, ValueError):
    """An action's JSON that does not describe one of the game's actions."""


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


@dataclass(frozen=True)
class Game:
    """One game's rules as plain functions over its immutable states (see the module)."""

    name: str  # "panzer-vor", "panzer-strike", "tanks"
    title: str
    rulebook: str  # the rulebook's title and edition
    board_kind: str  # "hex", "square" or "table"
    start: Callable[..., Any]  # (scenario, options: Mapping | None = None) -> state
    current_player: Callable[[Any], str]
    legal_actions: Callable[[Any], Iterable[Action]]
    chance_outcomes: Callable[[Any], Sequence[tuple[Action, Fraction]]]
    apply: Callable[[Any, Action], Applied]
    outcome: Callable[[Any], Outcome | None]
    action_types: tuple[type[Action], ...]
    players: Callable[[Any], tuple[str, ...]]  # the sides, in order
    scenarios: Callable[[], Mapping[str, str]] = field(default=lambda: {})  # shipped: name→path
    invariants: Callable[[Any], None] = field(default=lambda state: None)  # raise if broken
    # a text equal for equal states, cheaper than conformance.canonical (None: use that)
    fingerprint: Callable[[Any], str] | None = None
    # a finished game in numbers for the balance lab: {"lost": {side: tanks},
    # "damage_by": {tank type: tanks destroyed}}
    summarize: Callable[[Any], Mapping[str, Any]] = field(default=lambda state: {})

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return action_from_json(data, self.action_types)

    def apply_all(self, state: Any, actions: Iterable[Action]) -> Any:
        """The state after every action in turn (raises at the first illegal one)."""
        for action in actions:
            state = self.apply(state, action).state
        return state


class UnknownGame(WorkbenchError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


_GAMES: dict[str, Game] = {}


def register_game(game: Game) -> Game:
    """Add a game to the registry (the three shipped games register themselves)."""
    _GAMES[game.name] = game
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
        action = game.action_from_json(step.action)
        try:
            state = game.apply(state, action).state
        except IllegalAction as refused:
            raise IllegalAction(
                Reason(
                    f"step {number} of the record ({action}) is refused: {refused.reason.text}",
                    refused.section,
                )
            ) from None
        states.append(state)
    return states
