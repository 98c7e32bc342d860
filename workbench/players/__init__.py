"""Search players on OpenSpiel's algorithms (its own layer, on :mod:`workbench.openspiel`).

``search(level="easy" | "medium" | "hard", seed=None)`` is a player like the others (the
contract's ``player(game, observation, rng) -> action``): OpenSpiel's ``MCTSBot`` where nothing
is hidden, its ``ISMCTSBot`` (information-set search over states drawn with ``determinize``)
where something is. A level is a number of simulations (:data:`LEVELS`, or the game's own), so
a seed reproduces a game; two levels a game could not show apart play as one there
(``SearchSettings.merged``: the greedy player's choice where merged into greedy), and the
merged level is not offered as a computer player of that game. Each game says how it is
searched in its own home (:mod:`workbench.players.settings`: its levels, its candidates and
leaf score, its root choice); a game that says nothing is searched over every action, the
greedy player's choice favoured, each leaf scored where it stands
(:mod:`workbench.players.evaluator`). A player is a small value: it pickles (Dask runs it), and
``stop()`` from another thread ends a decision within a simulation, answering with the best
found so far.
"""

from __future__ import annotations

import importlib.util
import random
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from workbench.arguments import checked, checks_itself, one_of, positive
from workbench.arguments import seed as seed_of
from workbench.errors import ArgumentError, WorkbenchError
from workbench.games import all_games, names
from workbench.openspiel.spaces import numbered_games
from workbench.players.searching import decide
from workbench.players.settings import GREEDY, LEVELS, SearchSettings, declared, settings_for
from workbench.rules.core import Game, IllegalAction, Reason, register_bot
from workbench.rules.observation import Observation
from workbench.rules.seeding import derive
from workbench.vocabulary import removed_names

if importlib.util.find_spec("pyspiel") is not None:
    # importing the bridge registers every game with OpenSpiel (it imports every game's
    # rules): done here, so a decision's thread, which stop() must end at once, does not
    import workbench.openspiel  # noqa: F401

NOT_THE_RULEBOOKS = "not the rulebook's: a labelled computer opponent"
# the longest time limit of a decision (seconds=): an hour, the library's own sanity limit
MAX_DECISION_SECONDS = 3600.0


@checks_itself
def check_player(level: object, seed: object, seconds: object) -> None:
    """ArgumentError unless ``level`` is one of :data:`LEVELS`' names, ``seed`` a whole
    number from 0 to 2**63 - 1 or None, ``seconds`` None or a finite number of seconds more
    than 0 and at most :data:`MAX_DECISION_SECONDS`."""
    one_of("level", level, LEVELS, "a level")
    seed_of("seed", seed, optional=True)
    if seconds is not None:
        positive("seconds", seconds, high=MAX_DECISION_SECONDS)


@dataclass
class SearchPlayer:
    """A search player (see the module). ``seconds``: a time limit a decision (None: none;
    at most :data:`MAX_DECISION_SECONDS`)."""

    level: str = "medium"
    seed: int | None = None
    seconds: float | None = None
    _stop: threading.Event = field(default_factory=threading.Event, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_player(self.level, self.seed, self.seconds)
        if not isinstance(self._stop, threading.Event):
            raise ArgumentError("_stop", self._stop, "a threading.Event")

    @property
    def simulations(self) -> int:
        return LEVELS[self.level]

    @checked
    def simulations_in(self, game: str) -> int:
        """The simulations of this level in ``game`` (a game's name: its own, or
        :data:`LEVELS`').

        >>> medium = search("medium")
        >>> all(medium.simulations_in(name) > 0 for name in names())
        True
        """
        one_of("game", game, names(), "a registered game's name")
        return settings_for(game).simulations(self.level)

    @property
    def short(self) -> str:
        """The level alone, the name a room reads ("computer: medium")."""
        return self.level

    @property
    def label(self) -> str:
        own = declared()
        games = "".join(_in_game(own[game], self.level, game) for game in names() if game in own)
        return f"search, {self.level} ({self.simulations} simulations{games}; {NOT_THE_RULEBOOKS})"

    def __getstate__(self) -> dict[str, Any]:
        return {"level": self.level, "seed": self.seed, "seconds": self.seconds}

    def __setstate__(self, values: dict[str, Any]) -> None:
        if not isinstance(values, dict) or set(values) != {"level", "seed", "seconds"}:
            raise ArgumentError("state", values, "a search player's level, seed and seconds")
        self.__init__(**values)  # type: ignore[misc]

    def stop(self) -> None:
        """End the decision under way (from another thread): it answers with the best so far."""
        self._stop.set()

    @checked
    def __call__(self, game: Game, observation: Observation, rng: random.Random) -> Any:
        if observation.game != game.name:
            raise ArgumentError("observation", observation, f"an observation of {game.name}")

        legal = observation.legal_actions
        if not legal:
            raise IllegalAction(Reason("no legal action to choose from"))
        step = len(observation.history) + 1  # the step this decision makes
        seed = rng.randrange(2**31) if self.seed is None else derive(self.seed, step) % 2**31
        if len(legal) == 1:
            return legal[0]
        if settings_for(game.name).plays_as(self.level) == GREEDY:
            greedy = game.bots.get(GREEDY)
            if greedy is None:
                raise WorkbenchError(f"search settings of {game.name}: {self.level!r} is "
                                     "merged into the greedy player: it has none")  # fmt: skip
            return greedy(game, observation, random.Random(seed))
        self._stop.clear()
        return decide(self, game, observation, seed)


def _in_game(settings: SearchSettings, level: str, game: str) -> str:
    """How ``level`` differs in ``game`` (its ``settings``), for a label ("" where it does not)."""
    plays = settings.plays_as(level)
    if plays != level:
        return f", as {plays} in {game}"
    return f", {settings.levels[level]} in {game}" if level in settings.levels else ""


checks_itself(SearchPlayer.__init__)  # marked: its __post_init__ checks every field


@checks_itself
def search(
    level: str = "medium", seed: int | None = None, seconds: float | None = None
) -> SearchPlayer:
    """A search player of ``level`` (see the module): ``seed`` a whole number or None (a seed
    from the game's own), ``seconds`` a decision's time limit (None: none).

    >>> search("hard").simulations, search("easy").label.startswith("search, easy")
    (160, True)
    >>> search("expert")
    Traceback (most recent call last):
    ...
    workbench.errors.UnknownName: level: expected a level (easy, medium, hard), got 'expert'
    """
    check_player(level, seed, seconds)
    return SearchPlayer(level, seed, seconds)


@checked
def offered(game: str = "") -> dict[str, str]:
    """The search players ``game`` offers as computer players, each name with its level
    (``"search (easy)"`` ...: the levels the game merges into no other; every level where no
    game is named); none without OpenSpiel (the optional extra).

    >>> offered()
    {'search (easy)': 'easy', 'search (medium)': 'medium', 'search (hard)': 'hard'}
    """
    if game:
        one_of("game", game, names(), "a registered game's name")
    if importlib.util.find_spec("pyspiel") is None:
        return {}
    levels = settings_for(game).distinct() if game else list(LEVELS)
    return {f"search ({level})": level for level in levels}


def offer() -> list[str]:
    """Register the search players every game the bridge numbers offers (:func:`offered`) as
    its computer players (``register_bot``), so they are listed wherever a game's computer
    players are (``Game.bots``). The names added."""
    added = []
    for game in all_games():
        if game.name in numbered_games():
            for name, level in offered(game.name).items():
                if name not in game.bots:
                    register_bot(game.name, name, search(level))
                    added.append(f"{game.name}: {name}")
    return added


__all__ = ["LEVELS", "MAX_DECISION_SECONDS", "SearchPlayer", "check_player",
           "offer", "offered", "search"]  # fmt: skip


if not TYPE_CHECKING:  # for mypy no catch-all: a misspelt name stays an error
    __getattr__ = removed_names(
        "workbench.players", {"hash_seed": "workbench.rules.seeding.derive(seed, step)"}
    )
