"""A registered workbench game as a ``pyspiel.Game`` (OpenSpiel's Python-game interface).

One OpenSpiel game type per workbench game (``workbench_panzer_strike`` ...), whose
parameters name the scenario (``scenario``: a shipped name; ``scenario_file``: a file's path
in hex; ``scenario_document``: a scenario's JSON document in hex, for one made in the editor
and never saved) and the options (``options``: their JSON in hex). Hex keeps OpenSpiel's
game string (``name(param=value,...)``) parseable, so states serialize and deserialize.

A state holds one :class:`_Node`: the workbench state (an immutable value) and its numbered
actions, shared, never copied: OpenSpiel's ``clone`` deep-copies a Python state's attributes,
and a node deep-copies to itself.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from workbench.games import get_game
from workbench.openspiel.bounds import max_game_length
from workbench.openspiel.numbering import ActionSpace
from workbench.openspiel.spaces import action_space
from workbench.openspiel.texts import information_state_text, observation_text, state_text
from workbench.rules.core import CHANCE, TERMINAL, Game
from workbench.rules.observation import history_of

PREFIX = "workbench_"
PATH_KEPT = 40  # steps a state remembers of the path that reached it


def short_name(game: str) -> str:
    return PREFIX + game.replace("-", "_")


def hexed(text: str) -> str:
    return text.encode().hex()


def unhexed(text: str) -> str:
    return bytes.fromhex(text).decode()


class _Node:
    """One workbench state and its numbered actions, worked out once and shared by clones."""

    __slots__ = ("__dict__", "game", "recent", "space", "state")

    def __init__(
        self, game: WorkbenchGame, state: Any, recent: tuple[tuple[Any, Any], ...] = ()
    ) -> None:
        self.game, self.state = game, state
        self.space: ActionSpace = game.space
        self.recent = recent  # (action, the state it was taken in), newest first

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self  # an immutable value and what is worked out from it

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the game and the actions from the first state (a record's steps)."""
        steps = [action.to_json() for action in history_of(self.state).actions()]
        return (_replayed, (self.game, steps))

    @cached_property
    def actor(self) -> Any:
        return self.game.rules.current_player(self.state)

    @cached_property
    def legal(self) -> dict[int, Any]:
        rules, state = self.game.rules, self.state
        actions = rules.legal_actions(state)
        return dict(sorted((self.space.number(a, state), a) for a in actions))

    @cached_property
    def chance(self) -> dict[int, tuple[Any, float]]:
        rules, state = self.game.rules, self.state
        found = (
            (self.space.number(a, state), (a, float(p))) for a, p in rules.chance_outcomes(state)
        )
        return dict(sorted(found))

    @cached_property
    def text(self) -> str:
        return state_text(self.game.rules, self.state)

    def action(self, number: int) -> Any:
        if self.actor is CHANCE:
            if number in self.chance:
                return self.chance[number][0]
        elif number in self.legal:
            return self.legal[number]
        return self.space.action(number, self.state)  # apply refuses it with the rule


def _replayed(game: WorkbenchGame, steps: list[dict[str, Any]]) -> _Node:
    state = game.first.state
    for step in steps:
        state = game.rules.apply(state, game.rules.action_from_json(step)).state
    return _Node(game, state)


class WorkbenchState(pyspiel.State):
    """A workbench state seen through OpenSpiel's ``State`` (see the module)."""

    def __init__(self, game: WorkbenchGame, node: _Node | None = None) -> None:
        super().__init__(game)
        self._node = node or game.first

    # the workbench's own view
    @property
    def workbench_state(self) -> Any:
        return self._node.state

    @property
    def workbench_path(self) -> Iterator[tuple[Any, Any]]:
        """(action, the state it was taken in), back from this state, as far as this
        object's own moves go and at most :data:`PATH_KEPT` steps (a search's evaluator looks
        back through a shot's dice; a long game keeps no more of its states than that)."""
        yield from self._node.recent

    def workbench_action(self, number: int) -> Any:
        return self._node.action(number)

    def current_player(self) -> int:
        actor = self._node.actor
        if actor is TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        if actor is CHANCE:
            return pyspiel.PlayerId.CHANCE
        return self._node.game.seat[actor]

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return list(self._node.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(n, p) for n, (_, p) in self._node.chance.items()]

    def _apply_action(self, action: int) -> None:
        node = self._node
        taken = node.action(action)
        applied = node.game.rules.apply(node.state, taken)
        recent = ((taken, node.state), *node.recent[: PATH_KEPT - 1])
        self._node = _Node(node.game, applied.state, recent)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._node.action(action))

    def is_terminal(self) -> bool:
        return self._node.actor is TERMINAL

    def returns(self) -> list[float]:
        return self._node.game.returns_of(self._node.state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WorkbenchState:
        """A whole state the player could be in (``determinize``), with this state's history
        (OpenSpiel's ``ISMCTSBot`` keeps searching from it)."""
        return self.resampled(player_id, random.Random(int(probability_sampler() * 2**32)))

    def resampled(self, player_id: int, rng: random.Random) -> WorkbenchState:
        """As :meth:`resample_from_infostate`, the hidden parts drawn with ``rng`` (seeded:
        a search player's resampling reproduces)."""
        game = self._node.game
        side = game.sides[player_id]
        observation = game.rules.observation(self._node.state, side)
        sampled = game.rules.determinize(observation, rng)
        other = self.clone()
        other._node = _Node(game, sampled)
        return other

    def __str__(self) -> str:
        return self._node.text


class WorkbenchObserver:
    """OpenSpiel's observer: strings from the contract's observations (no tensor)."""

    def __init__(self, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"the workbench's observer takes no parameters, not {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: WorkbenchState, player: int) -> None:
        return None

    def string_from(self, state: WorkbenchState, player: int) -> str:
        node = state._node
        observation = node.game.rules.observation(node.state, node.game.sides[player])
        if self.perfect_recall:
            return information_state_text(observation)
        return observation_text(node.game.rules, observation)


class WorkbenchGame(pyspiel.Game):
    """A workbench game of one scenario with its options, as OpenSpiel sees it."""

    def __init__(self, params: Mapping[str, Any] | None = None, *, rules: Game | None = None,
                 scenario: Any = None, first: Any = None) -> None:  # fmt: skip
        params = dict(params or {})
        self.rules: Game = rules if rules is not None else get_game(params["game"])
        if first is None:
            made = _made(self.rules, params, scenario)
        else:  # a search's game: its first state the one searched from
            space = action_space(self.rules.name, None, first)
            made = (None, {}, first, space, max_game_length(self.rules.name, first))
        self.scenario, self.options, start, self.space, longest = made
        self.sides = seats(self.rules, start)
        self.seat = {side: i for i, side in enumerate(self.sides)}
        hidden = self.rules.hides_information
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=len(self.space),
            num_players=len(self.sides),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,  # general-sum (see game_type)
            max_game_length=longest,
        )
        super().__init__(game_type(self.rules, hidden), info, params_of(self.rules, params))
        self.first = _Node(self, start)

    @classmethod
    def around(cls, rules: Game, state: Any) -> WorkbenchGame:
        """A game whose first state is ``state`` (its actions numbered from it): what a search
        player searches from. It is not loaded again by name (it serializes as its rules'
        first scenario would)."""
        return cls({}, rules=rules, first=state)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its OpenSpiel name and parameters (loaded again through the registry)."""
        return (_loaded, (self.get_type().short_name, dict(self.get_parameters())))

    def new_initial_state(self) -> WorkbenchState:
        return WorkbenchState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> WorkbenchObserver:
        return WorkbenchObserver(iig_obs_type, params)

    def returns_of(self, state: Any) -> list[float]:
        """+1 to the winner, -1 to every other side; a draw (or a game going on) 0 each. With
        more than two players (Tournament Play) every player but the one whose school won
        the tournament lost it: -1 each."""
        outcome = self.rules.outcome(state)
        if outcome is None or outcome.winner is None:
            return [0.0] * len(self.sides)
        return [1.0 if side == outcome.winner else -1.0 for side in self.sides]


_MADE: dict[tuple[Any, ...], tuple[Any, dict[str, Any], Any, ActionSpace, int]] = {}


def _made(rules: Game, params: Mapping[str, Any], scenario: Any) -> tuple[Any, ...]:
    """The scenario, options, first state, numbered actions and longest game of these
    parameters, worked out once in a process (OpenSpiel loads the game again for each state
    it deserializes)."""
    key = (rules.name, tuple(sorted(params_of(rules, params).items())), id(scenario))
    if key not in _MADE:
        value = scenario if scenario is not None else scenario_of(rules, params)
        text = params.get("options", "")
        options = json.loads(unhexed(text)) if text else {}
        start = rules.start(value, options)
        space = action_space(rules.name, value, start).small()
        _MADE[key] = (value, options, start, space, max_game_length(rules.name, start))
    return _MADE[key]


def _loaded(name: str, params: dict[str, Any]) -> Any:
    return pyspiel.load_game(name, params)


def seats(rules: Game, start: Any) -> tuple[str, ...]:
    """The sides a player controls: every side, but the first alone in a solo scenario (Test
    Your Luck!: the enemy's tanks act by the rules, with no player)."""
    sides = tuple(rules.players(start))
    return sides[:1] if getattr(start, "solo", False) else sides


def scenario_of(rules: Game, params: Mapping[str, Any]) -> Any:
    """The scenario the parameters name (see the module)."""
    from workbench.files import load_document

    if params.get("scenario_document"):
        return load_document(json.loads(unhexed(params["scenario_document"])))
    if params.get("scenario_file"):
        return rules.load_scenario(Path(unhexed(params["scenario_file"])))
    name = params.get("scenario") or next(iter(rules.scenarios()))
    return rules.load_scenario(name)


def params_of(rules: Game, params: Mapping[str, Any]) -> dict[str, str]:
    keep = ("scenario", "scenario_file", "scenario_document", "options")
    return {"game": rules.name, **{k: str(params.get(k, "")) for k in keep}}


_TYPES: dict[tuple[str, bool], Any] = {}
TWO = 2  # every game's number of players but one that declares more (option ``players``)


def most_players(rules: Game) -> int:
    """The most players a game can have: two, or the most its option ``players`` allows
    (Tournament Play: six)."""
    scenarios = rules.scenarios()
    if not scenarios:
        return TWO
    options = rules.options(rules.load_scenario(next(iter(scenarios))))
    highs = [o.high for o in options if o.name == "players" and o.high is not None]
    return max([TWO, *highs])


def game_type(rules: Game, hidden: bool) -> Any:
    """OpenSpiel's game type of a workbench game, registered once (so a serialized game loads
    again by its name)."""
    key = (rules.name, hidden)
    if key in _TYPES:
        return _TYPES[key]
    Info = pyspiel.GameType.Information
    Utility = pyspiel.GameType.Utility
    kind = pyspiel.GameType(
        short_name=short_name(rules.name),
        long_name=f"{rules.title} (Tank Rules Workbench)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=Info.IMPERFECT_INFORMATION if hidden else Info.PERFECT_INFORMATION,
        utility=Utility.GENERAL_SUM,  # one side alone in Test Your Luck!: not zero-sum
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most_players(rules),
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={
            "game": rules.name, "scenario": "", "scenario_file": "", "scenario_document": "",
            "options": "",
        },
    )  # fmt: skip
    _TYPES[key] = kind
    if kind.short_name not in pyspiel.registered_names():
        pyspiel.register_game(kind, WorkbenchGame)
    return kind
