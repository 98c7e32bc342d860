"""Prepared games: shipped records a teacher opens in the stepper (``maps/<game>/games/``),
each made by a *plan* played through the rules. A game's package registers its plans with
:func:`prepared`; ``tools/prepared_games.py`` makes (or checks) every registered one, so a
new game's prepared games need no list.

The dice are rolled, and a playout's players choose, as the stepper does
(``seeding.step_rng(seed, step)``, so a teacher replaying with the same seed sees the same
dice) and the seed is the first that tells the story the plan wants (a miss, a hit that
glances off, a hit that destroys). The notes are the stops a teacher would make.

Every prepared game stops early (its first note within :data:`FIRST_NOTE_BY` steps: a learner
who opens it at step 0 meets a note before losing interest), and one that teaches odds
(``teaches_odds``) shows only shots with a real chance (between :data:`ODDS_BAND`: a 0% shot
teaches nothing about odds, a sure one little); :func:`lesson_problems` checks both, and
``tools/prepared_games.py --check`` runs it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from workbench.boards.record import Record, RecordStep
from workbench.files import load
from workbench.games import get_game, names
from workbench.paths import MAPS
from workbench.rules.core import CHANCE, TERMINAL, Event, Game
from workbench.rules.play import sample_chance
from workbench.rules.seeding import step_rng

Plan = list[tuple[Any, Callable[[list[Event]], bool], tuple[str, ...]]]
FIRST_NOTE_BY = 10  # the step by which a prepared game's first note comes
ODDS_BAND = (Fraction(1, 10), Fraction(9, 10))  # a shot's chance to destroy, in a lesson on odds


@dataclass(frozen=True)
class PreparedGame:
    """One prepared game: its game's name, its file's name and the plan that makes its
    record (``make()``; ``make(first_seed=n)`` looks for the seed that tells its story from
    ``n`` on: ``tools/prepared_games.py --check`` starts from the shipped record's seed)."""

    game: str
    name: str
    make: Callable[..., Record]
    teaches_odds: bool = True

    @property
    def path(self) -> Path:
        """Where it is shipped: ``maps/<game>/games/<name>.json``."""
        return MAPS / self.game / "games" / f"{self.name}.json"


_PREPARED: dict[tuple[str, str], PreparedGame] = {}


def prepared(
    game: str, name: str, *, teaches_odds: bool = True
) -> Callable[[Callable[..., Record]], Callable[..., Record]]:
    """Register the decorated function (``make(first_seed=0)``) as the plan of the prepared
    game ``name`` of ``game`` (``teaches_odds=False``: a game whose story is not its shots'
    odds)."""

    def register(make: Callable[..., Record]) -> Callable[..., Record]:
        _PREPARED[(game, name)] = PreparedGame(game, name, make, teaches_odds)
        return make

    return register


def prepared_plans() -> list[PreparedGame]:
    """Every registered plan, by its game's order (the games' packages are imported first,
    which registers their plans), then in the order registered."""
    order = {name: number for number, name in enumerate(names())}
    plans = list(_PREPARED.values())
    return sorted(plans, key=lambda p: (order.get(p.game, len(order)), plans.index(p)))


def play_plan(
    game: Game, scenario: Any, plan: Plan, seed: int, options: dict[str, Any] | None = None
) -> list[tuple[Any, str]] | None:
    """The steps (action, note) of a plan with the dice of ``seed``; None when a roll does
    not tell the plan's story. A plan entry is (action, wanted, note): ``wanted`` judges the
    events of the action and the rolls after it; the notes go on the action and its rolls."""
    state = game.start(scenario, options or {})
    steps: list[tuple[Any, str]] = []
    for action, wanted, notes in plan:
        events: list[Event] = []
        applied = game.apply(state, action)
        state, events = applied.state, [*events, *applied.events]
        notes = (*notes, "", "", "")
        steps.append((action, notes[0]))
        for note in notes[1:]:
            if game.current_player(state) != CHANCE:
                break
            roll = sample_chance(game.chance_outcomes(state), step_rng(seed, len(steps) + 1))
            applied = game.apply(state, roll)
            state, events = applied.state, [*events, *applied.events]
            steps.append((roll, note))
        if not wanted(events):
            return None
    return steps


def said(*words: str) -> Callable[[list[Event]], bool]:
    """A plan's wish: every one of ``words`` in the text of some event."""
    return lambda events: all(any(w in e.text for e in events) for w in words)


def anything(events: list[Event]) -> bool:
    """A plan's wish that any events fulfil."""
    return True


def from_playouts(
    game: Game,
    scenario: Any,
    chooser: Callable[[Game, Any, random.Random], Any],
    story: list[tuple[str, str]],
    *,
    seeds: range = range(300),
    max_steps: int = 2000,
    options: dict[str, Any] | None = None,
) -> tuple[int, list[tuple[Any, str]]] | None:
    """The first seeded playout whose events tell the story: each ``(words, note)`` in turn,
    ``words`` found (case-insensitively) in an event's text or reasons after the step of the
    one before. The game is cut after the last of them; each note goes on its step, followed
    by the line of the events that matched (the rules' own words, with their section). Only
    the game protocol is used; ``chooser`` picks the side's action and chance is rolled as
    the stepper does (``seeding.step_rng(seed, step)``)."""
    for seed in seeds:
        state = game.start(scenario, options or {})
        steps: list[tuple[Any, str]] = []
        wanted = 0
        for _ in range(max_steps):
            who = game.current_player(state)
            if who == TERMINAL:
                break
            rng = step_rng(seed, len(steps) + 1)
            if who == CHANCE:
                action = sample_chance(game.chance_outcomes(state), rng)
            else:
                action = chooser(game, game.observation(state, who), rng)
            applied = game.apply(state, action)
            state, note = applied.state, ""
            words, told = story[wanted]
            lines = [line.strip() for event in applied.events for line in event.lines()]
            matched = next((line for line in lines if words in line.lower()), None)
            if matched is not None:
                note, wanted = f"{told} {matched}", wanted + 1
            steps.append((action, note))
            if wanted == len(story):
                return seed, steps
    return None


def record_of_playout(
    game: Game,
    scenario_name: str,
    found: tuple[int, list[tuple[Any, str]]],
    *,
    title: str = "",
    description: str = "",
    options: dict[str, Any] | None = None,
) -> Record:
    """The record of a playout :func:`from_playouts` found, on a shipped scenario, with the
    options it was played with."""
    seed, steps = found
    path = Path(game.scenarios()[scenario_name])
    return Record(
        game=game.name,
        scenario=load(path),
        steps=tuple(RecordStep(a.to_json(), note) for a, note in steps),
        options=dict(options or {}),
        seed=seed,
        scenario_path=path,
        title=title,
        description=description,
    )


def told_by_playouts(
    game_name: str,
    scenario_name: str,
    chooser: Callable[[Game, Any, random.Random], Any],
    story: list[tuple[str, str]],
    *,
    title: str,
    description: str,
    options: dict[str, Any] | None = None,
    first_seed: int = 0,
    max_steps: int = 2000,
) -> Record:
    """The record of the first seeded playout (from ``first_seed`` on) of a shipped scenario
    with ``options`` whose events tell the story within ``max_steps`` (:func:`from_playouts`),
    cut after its last step; SystemExit when no seed does. The record keeps the options
    (saved with every other one at its default)."""
    game = get_game(game_name)
    scenario = load(game.scenarios()[scenario_name])
    seeds = range(first_seed, first_seed + 300)
    found = from_playouts(
        game, scenario, chooser, story, options=options, seeds=seeds, max_steps=max_steps
    )
    if found is None:
        raise SystemExit(f"no seed of {scenario_name} tells the story: {story[-1][1]}")
    return record_of_playout(
        game, scenario_name, found, title=title, description=description, options=options
    )


def destroy_chance(game: Game, state: Any, action: Any) -> Fraction | None:
    """The chance that ``action``, played on ``state``, destroys its target (the game's
    ``odds``), or None when it is no shot (no ``target``) or the game gives no odds."""
    target = getattr(action, "target", None)
    if target is None or not game.offers("odds"):
        return None
    attacker = getattr(action, "firer", None) or getattr(action, "tank", None)
    return Fraction(game.odds(state, str(attacker), target).destroy)


def in_odds_band(chance: Fraction) -> bool:
    """Whether a shot's chance to destroy lies in :data:`ODDS_BAND` (a real chance to teach).

    >>> in_odds_band(Fraction(1, 5)), in_odds_band(Fraction(0))
    (True, False)
    """
    low, high = ODDS_BAND
    return low <= chance <= high


def lesson_problems(game: Game, record: Record, teaches_odds: bool = True) -> list[str]:
    """What keeps a prepared game from teaching: a first note later than
    :data:`FIRST_NOTE_BY`, and (``teaches_odds``) a shot whose chance to destroy lies outside
    :data:`ODDS_BAND`. Empty when it teaches as it should."""
    problems = []
    first = min(record.notes(), default=None)
    if first is None or first > FIRST_NOTE_BY:
        problems.append(f"its first note is at step {first}, after step {FIRST_NOTE_BY}")
    if teaches_odds:
        low, high = ODDS_BAND
        state = game.start(record.scenario, record.options)
        for number, step in enumerate(record.steps, 1):
            action = game.action_from_json(step.action)
            chance = destroy_chance(game, state, action)
            if chance is not None and not in_odds_band(chance):
                problems.append(
                    f"step {number}, {action}: a {float(chance):.0%} chance to destroy, "
                    f"outside {float(low):.0%} to {float(high):.0%}"
                )
            state = game.apply(state, action).state
    return problems


def taking_real_shots(chooser: Callable[[Game, Any, random.Random], Any]) -> Callable[..., Any]:
    """``chooser``, but a shot whose chance to destroy lies outside :data:`ODDS_BAND` is
    never taken: another legal action is, at random (a lesson on odds shows real chances)."""

    def choose(game: Game, observation: Any, rng: random.Random) -> Any:
        def real(action: Any) -> bool:
            chance = destroy_chance(game, observation.state, action)
            return chance is None or in_odds_band(chance)

        action = chooser(game, observation, rng)
        if real(action):
            return action
        others = [a for a in observation.legal_actions if real(a)]
        return others[rng.randrange(len(others))] if others else action

    return choose


__all__ = [
    "FIRST_NOTE_BY",
    "ODDS_BAND",
    "Plan",
    "PreparedGame",
    "anything",
    "destroy_chance",
    "from_playouts",
    "in_odds_band",
    "lesson_problems",
    "play_plan",
    "prepared",
    "prepared_plans",
    "record_of_playout",
    "said",
    "taking_real_shots",
    "told_by_playouts",
]
