"""TANKS' prepared game (``maps/tanks/games/``), made by its plan
(:mod:`workbench.rules.prepared`): cover and a Critical Hit, in a lesson on odds.

A lesson on odds shows only shots with a chance to destroy in :data:`ODDS_BAND` (10% to
90%), and its first shot is at an undamaged tank. The default platoons cannot give one: a
Sherman's 6 Damage Points are beyond any German's first shot (1.8% at best) and the best
American first shot, a stationary Sherman (76mm) at a Panzer IV with no Defence dice, has
9.5% (``tests/test_tanks_prepared.py`` measures both). So this game pits the German platoon
against two British Sherman Vs (4 Damage Points): a stationary Panther's shot at one has 20%.
"""

from __future__ import annotations

import random

from workbench.boards.record import Record
from workbench.games.tanks.rules import sections
from workbench.games.tanks.rules.actions import Hold, Shoot, Stay
from workbench.games.tanks.rules.bots import NOT_THE_RULEBOOKS, greedy_player
from workbench.games.tanks.rules.odds import policy_choice, shot_chances
from workbench.games.tanks.rules.sight import cover
from workbench.games.tanks.rules.state import Battle
from workbench.rules.core import Action, Game
from workbench.rules.observation import Observation
from workbench.rules.play import as_player
from workbench.rules.prepared import destroy_chance, in_odds_band, prepared, told_by_playouts

LESSON_PLATOONS = {"German": ["Panther", "Panzer IV"], "British": ["Sherman V", "Sherman V"]}
LESSON_LENGTH = 50  # steps: the story told by then, short enough to step through in class


def real_shot(game: Game, state: Battle, action: Action) -> bool:
    """Whether ``action`` is a shot whose chance to destroy (the game's exact odds) lies in
    :data:`ODDS_BAND`."""
    chance = destroy_chance(game, state, action)
    return chance is not None and in_odds_band(chance)


def sees_an_enemy(state: Battle, tank_id: str) -> bool:
    """Whether the tank may shoot at some enemy from where it stands (sight and arc)."""
    side = state.tank(tank_id).side
    return any(
        shot_chances(state, tank_id, enemy.id, None).can_shoot
        for enemy in state.in_play(state.enemy_of(side))
    )


@as_player
def odds_lesson_player(game: Game, observation: Observation, rng: random.Random) -> Action:
    """A scripted chooser for a lesson on odds: it shoots only with a chance to destroy in
    :data:`ODDS_BAND`, at a target in Cover first, and else holds its fire; a tank that sees
    an enemy stays stationary (the steadier shot, and the still target, keep the odds up);
    the rest (deploying, moves, repairs, the choices between the dice) as the greedy practice
    opponent (``bots.greedy_player``)."""
    state: Battle = observation.state
    legal = list(observation.legal_actions)
    between = policy_choice(state)
    if between is not None and between in legal:
        return between
    holds = [a for a in legal if isinstance(a, Hold)]
    if holds:  # the Shooting Phase, this tank's turn to fire

        def in_cover(shot: Shoot) -> bool:
            shooter, target = state.tank(shot.tank), state.tank(shot.target)
            return cover(state.table, state.tanks, shooter, target).in_cover

        real = [a for a in legal if isinstance(a, Shoot) and real_shot(game, state, a)]
        return max(real, key=lambda a: (in_cover(a), rng.random())) if real else holds[0]
    stays = [a for a in legal if isinstance(a, Stay)]
    if state.phase == "movement" and stays and sees_an_enemy(state, stays[0].tank):
        return stays[0]
    return greedy_player(game, observation, rng)


odds_lesson_player.label = (  # type: ignore[attr-defined]
    f"odds lesson: real shots only, a tank that sees an enemy stays ({NOT_THE_RULEBOOKS})"
)


@prepared("tanks", "cover-and-critical")
def cover_and_critical(first_seed: int = 0) -> Record:
    """The standard table: a tank staying still, a first shot, a shot at a tank in Cover,
    then a Critical Hit's Damage card; every shot with a chance to destroy between 10% and
    90%."""
    story = [
        (
            "stays stationary",
            "Staying still keeps the odds up: a tank that did not move may re-roll all its "
            f"Attack dice ({sections.STATIONARY_SHOT}), and a target adds one Defence die for "
            f"each move it made ({sections.TARGET_MOVES}).",
        ),
        (
            " shoots at ",
            "A shot with a real chance: click the target before the dice to see its exact "
            "odds (here between 10% and 90% to destroy).",
        ),
        ("+1 cover", "A shot at a tank in cover, one Defence die more:"),
        (" draws ", "A Critical Hit draws a Damage card:"),
    ]
    return told_by_playouts(
        "tanks",
        "standard-table",
        odds_lesson_player,
        story,
        title="Cover and a Critical Hit",
        description=(
            "A lesson on odds: every shot has a chance to destroy between 10% and 90% (click "
            "the target before the dice to see it). Played by a scripted chooser (not the "
            "rulebook's, nor a fair player): it takes only such shots, a target in Cover "
            "first, and a tank that sees an enemy stays stationary; it places its tanks as "
            "the greedy practice opponent would. The German Panther and "
            "Panzer IV face two British Sherman Vs (4 Damage Points): with the American "
            "Shermans (6) no first shot of either side reaches 10%. Cut after the first "
            "Damage card drawn."
        ),
        options={"table_setup": "given", "platoons": LESSON_PLATOONS},
        first_seed=first_seed,
        max_steps=LESSON_LENGTH,
    )
