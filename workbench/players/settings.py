"""How the search players search each game: a :class:`SearchSettings` record that a game
declares in its own home (``workbench/games/<game>/search.py``, registered with
:func:`register`) and :func:`settings_for` finds by the game's name (importing every game's
``search`` part the first time it is asked: ``workbench.discovery.parts("search")``).

A game that declares none is searched the generic way: every legal action, the greedy
player's choice (if it has one) favoured at the root, each leaf scored where it stands
(material and a shot under way at its exact odds), the most searched action played. Nothing
here needs OpenSpiel.

>>> plain = SearchSettings()
>>> plain.simulations("medium"), plain.root.best_mean, plain.objectives is None
(48, False, True)
>>> SearchSettings(levels={"medium": 96}).simulations("medium")
96

Two levels that could not be shown apart are merged (``merged``): the one plays as the other
in this game, the greedy player included.

>>> merged = SearchSettings(merged={"hard": "medium", "easy": "greedy"})
>>> merged.plays_as("hard"), merged.plays_as("easy"), merged.distinct()
('medium', 'greedy', ['medium'])
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from workbench.discovery import import_new, parts
from workbench.errors import WorkbenchError
from workbench.players.root import RootRule

if TYPE_CHECKING:
    from workbench.players.evaluator import OddsEvaluator

LEVELS = {"easy": 12, "medium": 48, "hard": 160}  # simulations a decision, unless a game's differ
GREEDY = "greedy"  # what a level merged into the greedy player plays as

# (rng, stop, seconds, simulations) -> the game's own evaluator for one decision
EvaluatorMaker = Callable[[random.Random, threading.Event, float | None, int], "OddsEvaluator"]


@dataclass(frozen=True)
class Playouts:
    """A search by greedy playouts (:mod:`workbench.players.playouts`): the greedy player's
    first ``candidates`` choices at the root, each carried on along greedy lines to the end or
    for at most ``steps`` steps; ``uct_c`` OpenSpiel's exploration constant (PUCT)."""

    candidates: int
    steps: int
    uct_c: float


@dataclass(frozen=True)
class Shots:
    """How a game's shots are scored at their exact odds: ``declared(action)``, the
    (attacker, target) of the shot an action declares (None: it declares none); and
    ``under_way(state)``, whether a shot declared before is still being resolved there (its
    reactions, its dice)."""

    declared: Callable[[Any], tuple[str, str] | None]
    under_way: Callable[[Any], bool]


@dataclass(frozen=True)
class Exposure:
    """How a tank just moved is scored by its exposure: ``moved(action)``, the tank an action
    moves (None: it moves none); ``live(state, side)``, that side's tanks still fighting."""

    moved: Callable[[Any], str | None]
    live: Callable[[Any, str], list[str]]


@dataclass(frozen=True)
class StrengthCase:
    """What the strength benchmark (``benchmarks/strength.py``) plays of a game: ``scenario``
    (a shipped one's name), shown as ``label``; ``files``, every file only this game's
    matches run (its home, its flat module, its maps and data: paths or ``fnmatch``
    patterns from the repository's root), so that a change to one game's files leaves the
    other games' recorded games counted; and ``record``, the file in its home that keeps the
    games played (``strength-games.csv`` beside its search settings; none: not kept)."""

    scenario: str
    label: str
    files: tuple[str, ...]
    record: Path | None = None


@dataclass(frozen=True)
class SearchSettings:
    """One game's search (see the module); every field's default is the generic search.

    - ``levels``: a level's simulations where the game's differ from :data:`LEVELS`;
    - ``playouts``: search the greedy player's ranking by greedy playouts (its greedy player
      must offer a ``ranking``);
    - ``evaluator``: else the game's own evaluator, made for a decision; an evaluator whose
      ``at_root`` gives candidates searches only those, the first the favourite;
    - ``root``: how the root's action is chosen once the simulations are spent;
    - ``objectives``: each side's objectives in tanks' worth (state -> side -> worth);
    - ``shots``: where given, a leaf reached while a shot is being resolved is scored at the
      shot's exact odds (:class:`Shots`);
    - ``exposure``: where given, a tank just moved is scored by its exposure, from the rules'
      odds, so only where they are quick (:class:`Exposure`);
    - ``strength``: what the strength benchmark plays of the game (none: not benchmarked);
    - ``merged``: a level that plays as another in this game (``"greedy"`` or a level merged
      into none), where the two could not be shown apart (``benchmarks/README.md``: the
      strength of the search players).
    """

    levels: Mapping[str, int] = field(default_factory=dict)
    playouts: Playouts | None = None
    evaluator: EvaluatorMaker | None = None
    root: RootRule = field(default_factory=RootRule)
    objectives: Callable[[Any], dict[str, float]] | None = None
    shots: Shots | None = None
    exposure: Exposure | None = None
    strength: StrengthCase | None = None
    merged: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unknown = sorted((set(self.levels) | set(self.merged)) - set(LEVELS))
        if unknown:
            raise WorkbenchError(f"search settings: levels {unknown} are none of {list(LEVELS)}")
        for level, into in self.merged.items():
            if into not in (GREEDY, *LEVELS) or into in self.merged:
                offered = [GREEDY, *(n for n in LEVELS if n not in self.merged)]
                raise WorkbenchError(f"search settings: level {level!r} merged into {into!r}, "
                                     f"expected one of {offered}")  # fmt: skip

    def plays_as(self, level: str) -> str:
        """The level ``level`` plays as in this game (itself unless merged; ``"greedy"``: the
        game's greedy player)."""
        return self.merged.get(level, level)

    def distinct(self) -> list[str]:
        """The levels this game offers: those merged into no other, weakest first."""
        return [level for level in LEVELS if level not in self.merged]

    def simulations(self, level: str) -> int:
        """The simulations a decision of ``level`` makes in this game (0: it plays as the
        greedy player)."""
        level = self.plays_as(level)
        return 0 if level == GREEDY else self.levels.get(level, LEVELS[level])


GENERIC = SearchSettings()
_DECLARED: dict[str, SearchSettings] = {}
_UNDECLARED: set[str] = set()  # games looked for and found with none (searched generically)


def register(game: str, settings: SearchSettings) -> SearchSettings:
    """Declare how game ``game`` (its registered name) is searched (the last declaration
    counts, as a module imported again declares again)."""
    _DECLARED[game] = settings
    _UNDECLARED.discard(game)
    return settings


def settings_for(game: str) -> SearchSettings:
    """The search settings game ``game`` declares, else :data:`GENERIC`."""
    found = _DECLARED.get(game)
    if found is None and game not in _UNDECLARED:
        import_new(parts("search"))  # a search part not imported yet may declare it
        found = _DECLARED.get(game)
        if found is None:
            _UNDECLARED.add(game)
    return found if found is not None else GENERIC


def declared() -> dict[str, SearchSettings]:
    """Every game's declared search settings, by the game's name."""
    import_new(parts("search"))
    return dict(_DECLARED)


__all__ = ["GENERIC", "GREEDY", "LEVELS", "Exposure", "Playouts", "SearchSettings", "Shots",
           "StrengthCase", "declared", "register", "settings_for"]  # fmt: skip
