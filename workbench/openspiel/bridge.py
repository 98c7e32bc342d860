"""A registered workbench game as a ``pyspiel.Game`` (OpenSpiel's Python-game interface).

One OpenSpiel game type per workbench game (``workbench_panzer_strike`` ...), registered when
:mod:`workbench.openspiel` is imported (:func:`register_all`), so a fresh process that imports
it loads a game by its string and reads a serialized state. The game string's parameters are
readable and read as untrusted input (:mod:`.game_string`): ``scenario`` a shipped name,
``scenario_text`` a scenario file's whole content, ``options`` a JSON object, e.g.
``workbench_panzer_vor_tournament(options={"drawn_replays": 3},scenario=exhibition)``.

A state serializes as data (:mod:`.state_text`): the game, its scenario, every option and
the steps from the first state, read back by replaying them through the rules; nothing is
ever pickled or unpickled. ``state.serialize()``, ``game.deserialize_state(text)``,
``pyspiel.serialize_game_and_state`` and ``pyspiel.deserialize_game_and_state`` (wrapped at
import for the workbench's games; every other game goes to OpenSpiel's own) and a state's
``pickle``/``copy`` all write and read that text. OpenSpiel's C++ internals (``random_sim_test``,
its ``clone``) copy and pickle a Python state's attributes themselves: a workbench state shows
them one attribute, its data text (:data:`.state_text.DATA_KEY`), read back the same way, and
the audit hook of :mod:`.guard` refuses any global a tampered pickle names.

A state holds one :class:`_Node`: the workbench state (an immutable value) and its numbered
actions, shared, never copied: a clone shares its node.
"""

from __future__ import annotations

import math
import numbers
import random
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from functools import cached_property
from typing import Any

import pyspiel

from workbench.arguments import checked
from workbench.errors import ArgumentError, UnknownName, WorkbenchError
from workbench.games import get_game
from workbench.openspiel import guard
from workbench.openspiel.bounds import max_game_length, scaled_by, step_limit
from workbench.openspiel.game_string import (
    DEFAULT_LIMIT,
    MAX_GAME_STRING,
    NO_LIMIT,
    ParameterError,
    Parameters,
    canonical_json,
    escaped,
    json_object,
    read_parameters,
    scenario_of,
    split_game_string,
    text_of,
    unescaped,
    utf8,
)
from workbench.openspiel.numbering import ActionSpace
from workbench.openspiel.spaces import action_space, numbered_games
from workbench.openspiel.state_text import (
    DATA_KEY,
    MAX_STATE_TEXT,
    UNWRITTEN,
    Data,
    StateTextError,
    game_and_state,
    read_data,
    read_written,
    refuse,
    sections,
    written,
)
from workbench.openspiel.tensors import Layout, Views, fill, has_layout, layout_of, pieces_of
from workbench.openspiel.texts import information_state_text, observation_text, state_text
from workbench.rules.core import CHANCE, TERMINAL, Game
from workbench.rules.observation import history_of
from workbench.rules.options import OptionError, with_defaults

PREFIX = "workbench_"
PATH_KEPT = 40  # steps a state remembers of the path that reached it
SEEDS = 2**32  # a resampling's seed: resample_from_infostate draws it from its sampler
CPP_INT = 2**31 - 1  # OpenSpiel's GameInfo holds its numbers in C++ ints


def short_name(game: str) -> str:
    return PREFIX + game.replace("-", "_")


Steps = tuple[Any, str] | None  # the steps from the first state: (the steps before, the last)


class _Node:
    """One workbench state and its numbered actions, worked out once and shared by clones;
    ``steps``: how it was reached (action numbers and resamplings), ``unwritten``: why its
    data cannot be written ("" if it can), ``depth``: its actions from the first state."""

    __slots__ = ("__dict__", "depth", "game", "recent", "space", "state", "steps", "unwritten")

    def __init__(self, game: WorkbenchGame, state: Any, recent: tuple[tuple[Any, Any], ...] = (),
                 steps: Steps = None, unwritten: str = "", depth: int = 0) -> None:  # fmt: skip
        self.game, self.state, self.depth = game, state, depth
        self.space: ActionSpace = game.space
        self.recent = recent  # (action, the state it was taken in), newest first
        self.steps, self.unwritten = steps, unwritten or game.unwritten

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self  # an immutable value and what is worked out from it

    def then(self, state: Any, token: str | None, recent: tuple[tuple[Any, Any], ...] = (),
             unwritten: str = "") -> _Node:  # fmt: skip
        """The node after one more action (``token`` None: a step no text can write, nor
        what follows it)."""
        why = unwritten or self.unwritten
        return _Node(self.game, state, recent, (self.steps, token or ""), why, self.depth + 1)

    @cached_property
    def data(self) -> str:
        """The data lines of :mod:`.state_text` (or why there are none)."""
        if self.unwritten:
            return UNWRITTEN + self.unwritten
        tokens, link = [], self.steps
        while link is not None:
            link, token = link
            tokens.append(token)
        return self.game.header + "steps=" + " ".join(reversed(tokens))

    @cached_property
    def actor(self) -> Any:
        """Who acts: the rules', or no one once the bridge's step limit is reached."""
        limit = self.game.step_limit
        if limit is not None and self.depth >= limit:
            return TERMINAL
        return self.game.rules.current_player(self.state)

    @cached_property
    def legal(self) -> dict[int, Any]:
        rules, state = self.game.rules, self.state
        if self.actor is TERMINAL or self.actor is CHANCE:
            return {}
        actions = rules.legal_actions(state)
        return dict(sorted((self.space.number(a, state), a) for a in actions))

    @cached_property
    def chance(self) -> dict[int, tuple[Any, float]]:
        rules, state = self.game.rules, self.state
        if self.actor is not CHANCE:
            return {}
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

    def numbers(self) -> list[int]:
        """The action numbers of the steps from the first state (resamplings left out)."""
        tokens, link = [], self.steps
        while link is not None:
            link, token = link
            tokens.append(token)
        return [int(t) for t in reversed(tokens) if t and not t.startswith("resample")]

    def resampled(self, player_id: int, rng: random.Random, token: str) -> _Node:
        """A node of a world ``player_id`` could be in (``determinize``): a state of the game
        reached by the world's own steps (its actions where the player saw them, the world's
        where it did not), then ``token``."""
        sides = self.game.sides
        if (
            isinstance(player_id, bool)
            or not isinstance(player_id, numbers.Integral)
            or not (0 <= player_id < len(sides))
        ):
            raise ArgumentError("player_id", player_id, f"a player from 0 to {len(sides) - 1}")
        rules = self.game.rules
        sampled = rules.determinize(rules.observation(self.state, sides[player_id]), rng)
        if self.game.parameters is None:  # a search's game: no steps before its first state
            return _Node(self.game, sampled, (), (self.steps, ""), self.unwritten, self.depth)
        steps: Steps = None
        real, world = history_of(self.state).actions(), history_of(sampled).actions()
        for number, was, action in zip(self.numbers(), real, world, strict=True):
            steps = (steps, str(number if action == was else self.space.number(action, sampled)))
        return _Node(self.game, sampled, (), (steps, token), "", self.depth)


_HANDED = threading.local()  # the data text last shown to OpenSpiel's C++ and its node


class WorkbenchState(pyspiel.State):
    """A workbench state seen through OpenSpiel's ``State`` (see the module)."""

    def __init__(self, game: WorkbenchGame, node: _Node | None = None) -> None:
        super().__init__(game)
        object.__setattr__(self, "_node", node or game.first)
        # a new state until it is used: OpenSpiel's C++ may yet give it a history
        object.__setattr__(self, "_fresh", node is None)

    def _put(self, node: _Node) -> None:
        object.__setattr__(self, "_node", node)
        object.__setattr__(self, "_fresh", False)

    def _here(self) -> _Node:
        """This state's node, after checking once that OpenSpiel's C++ gave a new state no
        history without its data (a tampered string with no data line)."""
        if self._fresh:
            if self.move_number() or self.history():
                raise StateTextError(
                    "serialized state: a history line with no data line: the state's data "
                    f"(the {DATA_KEY} attribute) is missing"
                )
            object.__setattr__(self, "_fresh", False)
        node: _Node = self._node
        return node

    # OpenSpiel's C++ copies and pickles a Python state's attributes: it is shown one, its data
    @property
    def __dict__(self) -> dict[str, str]:  # type: ignore[override]
        node = self._here()
        _HANDED.last = (node.data, node)
        return {DATA_KEY: node.data}

    def __setattr__(self, name: str, value: Any) -> None:
        if name != DATA_KEY:
            raise StateTextError(
                f"serialized state: no attribute {str(name)[:40]!r}: a workbench state's one "
                f"attribute is its data, {DATA_KEY}"
            )
        handed = getattr(_HANDED, "last", None)
        if handed is not None and value is handed[0]:  # OpenSpiel's clone of that state
            self._put(handed[1])
            return
        game: WorkbenchGame = self._node.game
        history = [(h.player, h.action) for h in self.full_history()]
        data = read_data(value, game.most_steps)
        self._put(game._replayed(data, history)._node)

    def __getstate__(self) -> str:
        node = self._here()
        return game_and_state(str(node.game), self.serialize())

    def __setstate__(self, text: str) -> None:
        game, state_part = _game_and_state_text(text)
        WorkbenchState.__init__(self, game)
        history, _, data_text = read_written(state_part)
        game._replayed(read_data(data_text, game.most_steps), history, into=self)

    # the workbench's own view
    @property
    def workbench_state(self) -> Any:
        return self._here().state

    @property
    def workbench_path(self) -> Iterator[tuple[Any, Any]]:
        """(action, the state it was taken in), back from this state, as far as this
        object's own moves go and at most :data:`PATH_KEPT` steps (a search's evaluator looks
        back through a shot's dice; a long game keeps no more of its states than that)."""
        yield from self._here().recent

    def workbench_action(self, number: int) -> Any:
        """The workbench action numbered ``number`` here."""
        if isinstance(number, bool) or not isinstance(number, numbers.Integral):
            raise ArgumentError("number", number, "an action number (a whole number)")
        return self._here().action(int(number))

    def serialize(self) -> str:
        """This state as data (:mod:`.state_text`)."""
        node = self._here()
        if node.unwritten:
            raise StateTextError(f"this state cannot be written: {node.unwritten}")
        history = [(h.player, h.action) for h in self.full_history()]
        return written(history, self.move_number(), node.data)

    _script: list[int] | None = None  # the players of a history being written (``_world``)

    def current_player(self) -> int:
        if self._script is not None:
            return self._script[self.move_number()]
        node = self._here()
        actor = node.actor
        if actor is TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        if actor is CHANCE:
            return pyspiel.PlayerId.CHANCE
        return node.game.seat[actor]

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return list(self._here().legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(n, p) for n, (_, p) in self._here().chance.items()]

    def _apply_action(self, action: int) -> None:
        if self._script is not None:
            return  # a world's history being written: its node is put after (``_world``)
        node = self._here()
        taken = node.action(action)
        applied = node.game.rules.apply(node.state, taken)
        recent = ((taken, node.state), *node.recent[: PATH_KEPT - 1])
        self._put(node.then(applied.state, str(action), recent))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._here().action(action))

    def is_terminal(self) -> bool:
        return self._here().actor is TERMINAL

    def returns(self) -> list[float]:
        node = self._here()
        return node.game.returns_of(node.state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WorkbenchState:
        """A world the player could be in (:meth:`_Node.resampled`): a state of this game
        whose history is the world's, drawn with a seed taken from ``probability_sampler``
        (a number in [0, 1]) and written in its steps, so it serializes and reads back."""
        if not callable(probability_sampler):
            raise ArgumentError("probability_sampler", probability_sampler, "a function")
        drawn = probability_sampler()
        if (
            isinstance(drawn, bool)
            or not isinstance(drawn, numbers.Real)
            or not (math.isfinite(drawn) and 0 <= float(drawn) <= 1)
        ):
            raise ArgumentError("probability_sampler()", drawn, "a number from 0 to 1")
        return self._world(player_id, min(int(float(drawn) * SEEDS), SEEDS - 1))

    def resampled(self, player_id: int, rng: random.Random) -> WorkbenchState:
        """As :meth:`resample_from_infostate`, its seed drawn from ``rng`` (a search player's
        seeded generator: its resampling reproduces)."""
        if not isinstance(rng, random.Random):
            raise ArgumentError("rng", rng, "a random.Random")
        return self._world(player_id, rng.randrange(SEEDS))

    def _world(self, player_id: int, seed: int) -> WorkbenchState:
        node = self._here()
        world = node.resampled(player_id, random.Random(seed), f"resample:{player_id}:{seed}")
        if node.game.parameters is None:  # a search's game: the world keeps this history
            other = self.clone()
            other._put(world)
            return other
        other = WorkbenchState(node.game)
        players = [h.player for h in self.full_history()]
        other._put(node.game.first)
        object.__setattr__(other, "_script", players)
        for number in world.numbers():  # OpenSpiel's history made the world's
            other.apply_action(number)
        object.__setattr__(other, "_script", None)
        other._put(world)
        return other

    def __str__(self) -> str:
        return self._here().text


class WorkbenchObserver:
    """OpenSpiel's observer of a workbench game: its strings from the contract's observations
    (:mod:`.texts`) and its tensors by the game's layout (:mod:`.tensors`), ``tensor`` flat
    and ``dict`` its named views; with ``perfect_recall`` the information state's."""

    def __init__(self, game: WorkbenchGame, iig_obs_type: Any,
                 params: Mapping[str, Any] | None) -> None:  # fmt: skip
        if params:
            raise ArgumentError("params", params, "no parameters (the workbench's observer)")
        private = getattr(iig_obs_type, "private_info", pyspiel.PrivateInfoType.SINGLE_PLAYER)
        if private != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            wanted = "a player's own observation (private_info SINGLE_PLAYER)"
            raise ArgumentError("iig_obs_type", iig_obs_type, wanted)
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.layout = game.layout
        self.views = Views(pieces_of(self.layout, self.perfect_recall))
        self.tensor = self.views.tensor
        self.dict: dict[str, Any] = self.views.dict

    def _observation(self, state: WorkbenchState, player: int) -> Any:
        if not isinstance(state, WorkbenchState):
            raise ArgumentError("state", state, "a workbench game's state")
        node = state._here()
        sides = node.game.sides
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(sides):
            raise ArgumentError("player", player, f"a player from 0 to {len(sides) - 1}")
        return node.game.rules.observation(node.state, sides[player])

    def set_from(self, state: WorkbenchState, player: int) -> None:
        fill(self.views, self.layout, self._observation(state, player), self.perfect_recall)

    def string_from(self, state: WorkbenchState, player: int) -> str:
        observation = self._observation(state, player)
        if self.perfect_recall:
            return information_state_text(observation)
        return observation_text(state._here().game.rules, observation)


class WorkbenchGame(pyspiel.Game):
    """A workbench game of one scenario with its options, as OpenSpiel sees it."""

    def __init__(self, params: Mapping[str, Any] | None = None, *, rules: Game,
                 first: Any = None) -> None:  # fmt: skip
        self.rules: Game = rules
        self.parameters: Parameters | None = None
        self.step_limit: int | None = None  # the bridge's own limit (game_string: step_limit)
        if first is None:
            self.parameters = read_parameters(rules, params or {})
            start, self.space, longest, every = _made(rules, self.parameters)
            self.step_limit = _limit_of(rules, self.parameters)
            longest = min(longest, self.step_limit or longest)
            line = f"options={escaped(canonical_json(every))}"
            self.header = f"game={rules.name}\n{self.parameters.scenario_line()}\n{line}\n"
            self.every_option: dict[str, Any] = every
            self.unwritten = ""
        else:  # a search's game: its first state the one searched from
            start, longest = first, _checked_length(rules.name, first, {})
            self.space = action_space(rules.name, None, first)
            self.header, self.every_option = "", {}
            self.unwritten = "a search's game (around a state) names no scenario to load again"
        self.sides = seats(rules, start)
        self.seat = {side: i for i, side in enumerate(self.sides)}
        kind = game_type(rules, start, len(self.sides))
        zero_sum = kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=len(self.space),
            num_players=len(self.sides),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=longest,
        )
        written_params = self.parameters.written() if self.parameters else {}
        if self.parameters:  # the limit it has, so that its string loads the same game
            written_params["step_limit"] = self.step_limit or NO_LIMIT
        super().__init__(kind, info, written_params)
        self.first = _Node(self, start)
        self.most_steps = 2 * longest + 1  # actions and resamplings a written state may hold

    @classmethod
    def around(cls, rules: Game, state: Any) -> WorkbenchGame:
        """A game whose first state is ``state`` (its actions numbered from it): what a search
        player searches from. It names no scenario, so its states do not serialize."""
        if not isinstance(rules, Game):
            raise ArgumentError("rules", rules, "a registered game's rules")
        return cls({}, rules=rules, first=state)

    def new_initial_state(self) -> WorkbenchState:
        guard.arm()  # OpenSpiel's C++ may be about to read a state into it
        return WorkbenchState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> WorkbenchObserver:
        return WorkbenchObserver(self, iig_obs_type, params)

    @cached_property
    def layout(self) -> Layout:
        """The game's tensor layout (its home's, :mod:`.tensors`), for its first state."""
        if not has_layout(self.rules.name):  # strings only: no tensors of its own
            return Layout((), lambda views, observation: None, note="no tensors")
        return layout_of(self.rules.name, self.first.state)

    def deserialize_state(self, text: str | bytes) -> WorkbenchState:
        """The state ``text`` (:meth:`WorkbenchState.serialize`) writes, replayed."""
        history, _, data_text = read_written(text)
        return self._replayed(read_data(data_text, self.most_steps), history)

    def returns_of(self, state: Any) -> list[float]:
        """+1 to the winner, -1 to every other side; a draw (or a game going on) 0 each. With
        more than two players (Tournament Play) every player but the one whose school won
        the tournament lost it: -1 each."""
        outcome = self.rules.outcome(state)
        if outcome is None or outcome.winner is None:
            return [0.0] * len(self.sides)
        return [1.0 if side == outcome.winner else -1.0 for side in self.sides]

    def _check(self, data: Data) -> None:
        """Refuse data of another game, scenario or options."""
        if self.parameters is None:
            raise StateTextError(f"serialized state: {self.unwritten}")
        if data.game != self.rules.name:
            raise refuse("game", data.game, f"this game's name, {self.rules.name}")
        if data.scenario_line != self.parameters.scenario_line():
            raise refuse("scenario", data.scenario_line, "this game's scenario")
        try:
            options = json_object(unescaped(data.options, "options"), "options")
        except ParameterError as error:
            raise refuse("options", error.found, error.expected) from None
        for name in sorted(set(options) | set(self.every_option)):
            written_as, played_as = (
                canonical_json(o.get(name)) for o in (options, self.every_option)
            )
            if written_as != played_as or (name in options) != (name in self.every_option):
                raise refuse(
                    f'options["{name}"]', options.get(name, "nothing"),
                    f"this game's {self.every_option.get(name, 'nothing')!r}",
                )  # fmt: skip

    def _replayed(self, data: Data, history: list[tuple[int, int]],
                 into: WorkbenchState | None = None) -> WorkbenchState:  # fmt: skip
        """The state ``data`` names, replayed from the first state through the rules
        (``into``: a new state of this game to replay into), after checking that the data is
        this game's and that ``history`` ((player, action) pairs) is its steps'."""
        self._check(data)
        numbers_written = data.numbers
        if [action for _, action in history] != numbers_written:
            raise refuse(
                "history", ",".join(f"{p}:{a}" for p, a in history[:8]),
                f"the steps' actions in order ({' '.join(data.steps[:8])} ...)",
            )  # fmt: skip
        state = into if into is not None else WorkbenchState(self)
        done = 0
        for token in data.steps:
            if not token.startswith("resample"):
                player, number = history[done]
                if state.current_player() != player:
                    raise refuse(f"history (step {done + 1})", f"{player}:{number}",
                                 f"player {state.current_player()}, who acts there")  # fmt: skip
            try:
                if token.startswith("resample"):
                    _, player_id, seed = token.split(":")
                    if int(seed) >= SEEDS:
                        raise ArgumentError("seed", int(seed), f"a seed below {SEEDS}")
                    random_world = random.Random(int(seed))
                    world = state._here().resampled(int(player_id), random_world, token)
                    if world.numbers() != state.history():
                        raise ArgumentError("steps", token, "a world drawn from the steps before")
                    state._put(world)
                else:
                    state.apply_action(number)
                    done += 1
            except (WorkbenchError, pyspiel.SpielError) as error:
                raise refuse(f"steps (after {done} actions)", token,
                             f"a step the rules allow ({error})") from None  # fmt: skip
        return state


_MADE: OrderedDict[tuple[Any, ...], tuple[Any, ActionSpace, int, dict[str, Any]]] = OrderedDict()
MADE_KEPT = 32  # games' first states kept in a process (OpenSpiel loads a game per state read)
_MADE_LOCK = threading.Lock()


def _made(rules: Game, parameters: Parameters) -> tuple[Any, ActionSpace, int, dict[str, Any]]:
    """The first state, numbered actions, longest game and every option of these
    parameters, worked out once in a process (the last :data:`MADE_KEPT`)."""
    key = (rules.name, tuple(sorted(parameters.written().items())))
    with _MADE_LOCK:
        if key in _MADE:
            _MADE.move_to_end(key)
            return _MADE[key]
    scenario = scenario_of(rules, parameters)
    start = rules.start(scenario, parameters.options)
    space = action_space(rules.name, scenario, start).small()
    longest = _checked_length(rules.name, start, parameters.options)
    every = with_defaults(rules.options(scenario), parameters.options)
    made = (start, space, longest, json_object(canonical_json(every), "options"))
    with _MADE_LOCK:
        _MADE[key] = made
        while len(_MADE) > MADE_KEPT:
            _MADE.popitem(last=False)
    return made


def _limit_of(rules: Game, parameters: Parameters) -> int | None:
    """The bridge's step limit of a game's parameters: given, none, or the game's default
    for its shipped scenario (:func:`~workbench.openspiel.bounds.step_limit`)."""
    given = parameters.step_limit
    if given is None:
        return step_limit(rules.name, parameters.scenario)
    return None if given == NO_LIMIT else given


def _checked_length(game: str, start: Any, given: Mapping[str, Any]) -> int:
    """The game's ``max_game_length``, refused (naming the option it grows with) past what
    OpenSpiel's C++ int holds."""
    longest = max_game_length(game, start)
    if longest > CPP_INT:
        option = scaled_by(game)
        raise OptionError(
            option, given.get(option, "its default"),
            f"a value whose longest game fits OpenSpiel's step count, a C++ int from 0 to "
            f"{CPP_INT:,} (this one allows games of {longest:,} steps)",
        )  # fmt: skip
    return longest


def seats(rules: Game, start: Any) -> tuple[str, ...]:
    """The sides a player controls: every side, but the first alone in a solo scenario (Test
    Your Luck!: the enemy's tanks act by the rules, with no player)."""
    sides = tuple(rules.players(start))
    return sides[:1] if getattr(start, "solo", False) else sides


_TYPES: dict[str, Any] = {}
SPECIFICATION = {"options": "", "scenario": "", "scenario_text": "", "step_limit": DEFAULT_LIMIT}
_BY_SHORT_NAME: dict[str, Game] = {}
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


def game_type(rules: Game, start: Any = None, players: int = 0) -> Any:
    """OpenSpiel's game type of a workbench game, registered once (so a serialized game loads
    again by its name): imperfect information and general-sum, which every game of it may be.
    Given a game's first state and its number of players, the type of that game, each fact
    true of it: imperfect information only where something is hidden from a side (the
    game's ``hides``: TANKS without Crew cards hides nothing, nor the card game's solo
    scenario, whose one player sees all there is), zero-sum with two players (+1 and -1, a
    draw 0 each), general-sum with one (Test Your Luck!) or more than two (Tournament Play:
    -1 to every school but the winner, 0 each where the game is cut short)."""
    registered = _registered_type(rules)
    if start is None:
        return registered
    Info = pyspiel.GameType.Information
    hidden = rules.hides(start)
    two = players == TWO
    return pyspiel.GameType(
        short_name=registered.short_name,
        long_name=registered.long_name,
        dynamics=registered.dynamics,
        chance_mode=registered.chance_mode,
        information=Info.IMPERFECT_INFORMATION if hidden else Info.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if two else registered.utility,
        reward_model=registered.reward_model,
        max_num_players=registered.max_num_players,
        min_num_players=registered.min_num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=hidden and has_layout(rules.name),
        provides_observation_string=True,
        provides_observation_tensor=has_layout(rules.name),
        parameter_specification=registered.parameter_specification,
    )  # fmt: skip


def _registered_type(rules: Game) -> Any:
    if rules.name in _TYPES:
        return _TYPES[rules.name]
    Info = pyspiel.GameType.Information
    Utility = pyspiel.GameType.Utility
    hidden = rules.hides_information
    kind = pyspiel.GameType(
        short_name=short_name(rules.name),
        long_name=f"{rules.title} (Tank Rules Workbench)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=Info.IMPERFECT_INFORMATION if hidden else Info.PERFECT_INFORMATION,
        utility=Utility.GENERAL_SUM,  # a game of it may have one player, or six
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most_players(rules),
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=hidden and has_layout(rules.name),
        provides_observation_string=True,
        provides_observation_tensor=has_layout(rules.name),
        parameter_specification=SPECIFICATION,
    )  # fmt: skip
    _TYPES[rules.name] = kind
    _BY_SHORT_NAME[kind.short_name] = rules
    if kind.short_name not in pyspiel.registered_names():
        pyspiel.register_game(kind, _maker(rules))
    return kind


def _maker(rules: Game) -> type:
    """What OpenSpiel calls to load ``rules``' game by its string: a class of its own (a
    class, not a closure: OpenSpiel's C++ registry outlives the interpreter, and only a class
    is still alive when it lets go of it)."""

    def made(cls: type, params: Mapping[str, Any] | None = None) -> WorkbenchGame:
        return WorkbenchGame(params, rules=rules)

    return type(f"{WorkbenchGame.__name__}Maker", (), {"__new__": made, "rules": rules})


def load(game_string: str) -> WorkbenchGame:
    """The workbench game a game string names, its parameters read by the bridge's own
    bounded reader (:mod:`.game_string`)."""
    name, params = split_game_string(game_string)
    rules = _BY_SHORT_NAME.get(name)
    if rules is None:
        names = ", ".join(sorted(_BY_SHORT_NAME))
        raise UnknownName("game string", name, f"a workbench game's short name ({names})")
    return WorkbenchGame(params, rules=rules)


def _game_and_state_text(value: object) -> tuple[WorkbenchGame, str]:
    text = text_of(value, "serialized game and state", MAX_STATE_TEXT + MAX_GAME_STRING)
    game_string, state_part = sections(text)
    return load(game_string), state_part


# pyspiel's own, kept: every game that is not a workbench game goes to them
_OPENSPIELS: dict[str, Any] = {}


def serialize_game_and_state(game: Any, state: Any) -> str:
    """OpenSpiel's ``serialize_game_and_state``; a workbench game's state written as data."""
    if not isinstance(game, WorkbenchGame):
        return _OPENSPIELS["serialize_game_and_state"](game, state)
    if not isinstance(state, WorkbenchState) or str(state._here().game) != str(game):
        raise ArgumentError("state", state, f"a state of {game}")
    return game_and_state(str(game), state.serialize())


def deserialize_game_and_state(text: str | bytes) -> tuple[Any, Any]:
    """OpenSpiel's ``deserialize_game_and_state``; a workbench game's state read as data,
    replayed (never unpickled)."""
    head = text[: MAX_GAME_STRING + 1_000]  # the [Game] section says whose state it is
    if isinstance(head, bytes | bytearray):
        head = bytes(head).decode("utf-8", "replace")
    elif len(text) <= MAX_STATE_TEXT + MAX_GAME_STRING:  # no C++ string holds a lone surrogate
        utf8(str(text), "serialized game and state")
    try:  # what the bridge cannot split in sections, OpenSpiel's own refuses as well
        named = PREFIX in head and sections(str(head))[0].startswith(PREFIX)
    except StateTextError:
        named = False
    if not named:
        return _OPENSPIELS["deserialize_game_and_state"](text)
    game, state_part = _game_and_state_text(text)
    return game, game.deserialize_state(state_part)


def register_all() -> None:
    """Register every numbered game's type with OpenSpiel, put the bridge's
    ``serialize_game_and_state``/``deserialize_game_and_state`` in pyspiel's place (each
    passes every other game to OpenSpiel's own) and install the guard (:mod:`.guard`)."""
    for name in numbered_games():
        game_type(get_game(name))
    for function in (serialize_game_and_state, deserialize_game_and_state):
        current = getattr(pyspiel, function.__name__)
        _OPENSPIELS[function.__name__] = getattr(current, "openspiel", current)
        setattr(function, "openspiel", _OPENSPIELS[function.__name__])  # noqa: B010
        setattr(pyspiel, function.__name__, function)
    guard.install()


def _check_arguments() -> None:
    """Every public function and method of the bridge checks its arguments against its
    annotations (``workbench.arguments.checked``), the constructors too."""
    names = {c.__name__: c for c in (WorkbenchGame, WorkbenchState, WorkbenchObserver, Game, _Node)}
    for cls in (WorkbenchGame, WorkbenchState, WorkbenchObserver):
        for name, member in list(vars(cls).items()):
            if name.startswith("_") and name != "__init__":
                continue
            if isinstance(member, classmethod):
                setattr(cls, name, classmethod(checked(member.__func__, names)))
            elif callable(member) and not isinstance(member, type):
                setattr(cls, name, checked(member, names))
    for name in ("load", "serialize_game_and_state", "deserialize_game_and_state", "seats",
                 "most_players", "game_type", "short_name"):  # fmt: skip
        globals()[name] = checked(globals()[name], names)


_check_arguments()
