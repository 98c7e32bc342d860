"""One contract for every game: the same names with the same shapes, so that a learner who
knows one game knows where everything is in the next (ARCHITECTURE.md: "One contract").

:class:`Contract` binds the names to one registered game; each flat module
(``workbench.panzer_vor``, ``workbench.panzer_strike``, ``workbench.tanks``) offers them for
its game, and ``contract(name)`` gives them for any registered game (the practice game and the
National Tournament's two games among them).

>>> from workbench.contract import contract
>>> ps = contract("panzer-strike")
>>> match = ps.start(ps.load_scenario("capture-the-flag"))
>>> ps.current_player(match) in ps.players(match) or ps.current_player(match) == ps.CHANCE
True
>>> rolled = ps.apply(match, "roll 3 6").state               # an action, or its text
>>> ps.notation(rolled, ps.legal_actions(rolled)[-1])
'end movement'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol

import workbench.boards.record as record_module
import workbench.rules.core as core
from workbench.arguments import seed as seed_of
from workbench.boards.record import Record
from workbench.errors import ArgumentError
from workbench.games import get_game
from workbench.rules.core import (
    CHANCE,
    TERMINAL,
    Applied,
    Game,
    IllegalAction,
    OddsAnswer,
    Outcome,
    ReachAnswer,
    Turn,
    Verdict,
)
from workbench.rules.core import replay as replay_record
from workbench.rules.notation import named
from workbench.rules.notation import notation as write_action
from workbench.rules.notation import parse as read_action
from workbench.rules.observation import Observation
from workbench.rules.options import Option, OptionError
from workbench.rules.play import Player, random_player
from workbench.rules.play import play as play_game

# the names every game offers, in the order ARCHITECTURE.md lists them
NAMES = (
    "GAME", "scenarios", "load_scenario", "options", "start", "current_player",
    "legal_actions", "chance_outcomes", "apply", "outcome", "players", "observation",
    "determinize", "play", "replay", "odds", "explain", "reach", "random_player",
    "greedy_player", "Record", "IllegalAction", "Applied", "Outcome", "Option", "OptionError",
    "Observation", "Verdict", "CHANCE", "TERMINAL", "notation", "parse",
)  # fmt: skip


class Declared(Protocol):
    """The contract's functions with their whole signatures, keyword-only parameters
    included: every game's contract and every flat module offers exactly these
    (``tests/test_contract.py`` compares them)."""

    def scenarios(self) -> dict[str, str]: ...

    def load_scenario(self, name_or_path: str | Path) -> Any: ...

    def options(self, scenario: Any) -> list[Option]: ...

    def start(self, scenario: Any, options: Mapping[str, Any] | None = None) -> Any: ...

    def current_player(self, state: Any) -> str | Turn: ...

    def legal_actions(self, state: Any) -> list[Any]: ...

    def chance_outcomes(self, state: Any) -> list[tuple[Any, Fraction]]: ...

    def apply(self, state: Any, action: Any) -> Applied[Any]: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def players(self, state: Any) -> tuple[str, ...]: ...

    def observation(self, state: Any, player: str) -> Observation: ...

    def determinize(self, observation: Observation, rng: random.Random) -> Any: ...

    def play(
        self,
        scenario: Any,
        players: Mapping[str, Player] | Player = random_player,
        *,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> Record: ...

    def replay(self, record: Record) -> list[Any]: ...

    def odds(
        self, state: Any, attacker: str, target: str, *, card: str | None = None
    ) -> OddsAnswer: ...

    def explain(self, state: Any, action: Any) -> Verdict: ...

    def notation(self, state: Any, action: Any) -> str: ...

    def parse(self, state: Any, text: str) -> Any: ...

    def reach(self, state: Any, tank: str) -> ReachAnswer: ...

    def random_player(
        self, game: Game[Any, Any], observation: Observation, rng: random.Random
    ) -> Any: ...

    def greedy_player(
        self, game: Game[Any, Any], observation: Observation, rng: random.Random
    ) -> Any: ...


class Contract:
    """The contract's names bound to one game (see the module): the game's own methods
    (``workbench.rules.core.Game``: they check their arguments), and whole games played and
    replayed."""

    Record = Record
    IllegalAction = IllegalAction
    Applied = Applied
    Outcome = Outcome
    Option = Option
    OptionError = OptionError
    Observation = Observation
    Verdict = Verdict
    CHANCE = CHANCE
    TERMINAL = TERMINAL

    def __init__(self, game: Game[Any, Any]) -> None:
        self.GAME = game
        self.options = game.options
        self.start = game.start
        self.current_player = game.current_player
        self.legal_actions = game.legal_actions
        self.chance_outcomes = game.chance_outcomes
        self.outcome = game.outcome
        self.players = game.players
        self.observation = game.observation
        self.determinize = game.determinize
        self.odds = game.odds
        self.reach = game.reach
        self.random_player = random_player
        self.greedy_player = game.bots.get("greedy", random_player)

    def __repr__(self) -> str:
        return f"<the contract of {self.GAME.name}: {', '.join(NAMES)}>"

    def apply(self, state: Any, action: Any) -> core.Applied[Any]:
        """The next state and the events ``action`` caused (an action, or its text: see
        :meth:`parse`); IllegalAction with the reason and section if the rules refuse it."""
        return self.GAME.apply(state, self._action(state, action))

    def explain(self, state: Any, action: Any) -> core.Verdict:
        """Whether ``action`` (an action, or its text) is legal in ``state`` and why, as
        ``apply`` decides it."""
        return self.GAME.explain(state, self._action(state, action))

    def notation(self, state: Any, action: Any) -> str:
        """``action`` in ``state`` written as text (``"N1 shoots S2"``; ARCHITECTURE.md:
        "Moves as text")."""
        return write_action(self.GAME, state, action)

    def parse(self, state: Any, text: str) -> Any:
        """The action ``text`` means in ``state``: NotationError if it names none (with the
        nearest legal texts), IllegalAction if the rules refuse the action it names."""
        return read_action(self.GAME, state, text)

    def _action(self, state: Any, action: Any) -> Any:
        """``action``, or the action its text names (legal or not: the caller decides)."""
        return named(self.GAME, state, action) if isinstance(action, str) else action

    def scenarios(self) -> dict[str, str]:
        """The shipped scenarios by name, and their files."""
        return dict(self.GAME.scenarios())

    def load_scenario(self, name_or_path: str | Path) -> Any:
        """A shipped scenario by name, or a scenario file by path."""
        return self.GAME.load_scenario(name_or_path)

    def play(
        self,
        scenario: Any,
        players: Mapping[str, Player] | Player = random_player,
        *,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> record_module.Record:
        """A whole seeded game (each side's player, or one for all): its record."""
        self.GAME.check_scenario(scenario)
        seed_of("seed", seed)
        return play_game(self.GAME, scenario, players, seed=seed, options=options)

    def replay(self, record: record_module.Record) -> list[Any]:
        """Every state of a recorded game, the start first."""
        if not isinstance(record, Record):
            raise ArgumentError("record", record, "a Record (a saved game: workbench.load)")
        if record.game != self.GAME.name:
            raise ArgumentError("record", record, f"a record of {self.GAME.name}")
        return replay_record(record, self.GAME)


def contract(name: str) -> Contract:
    """The contract of the registered game called ``name``."""
    return Contract(get_game(name))
