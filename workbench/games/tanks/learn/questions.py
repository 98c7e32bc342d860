"""TANKS questions, answered by the rules' own functions (``line_of_sight``, ``cover``,
``close_range``, ``side_shot``, ``pools``, ``after_defence``) on a shipped table, a German and an
American tank placed by the seed. The prompt says in words where each stands (the part of the
table, the terrain beside it, the way it faces, whether it moved), and the table draws both,
named. The table has no cells: these questions are answered by choosing. The answer draws the
rules' measurement: the shot's lines of sight (sight, cover, the dice), the gap between the
hulls against a Measuring Arrow (Close Range), the line of the target's front (Side Shot)."""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from workbench.games.tanks.boards.cards import tanks_cards
from workbench.games.tanks.boards.hulls import hull_size
from workbench.games.tanks.boards.table import TANKS_TERRAIN, Table
from workbench.games.tanks.rules import sections as S
from workbench.games.tanks.rules.criticals import full_deck
from workbench.games.tanks.rules.game import GAME as TANKS
from workbench.games.tanks.rules.measures import close_range_measure, side_shot_measure
from workbench.games.tanks.rules.shooting import (
    MAX_DEFENCE,
    Pools,
    after_defence,
    examine_shot,
    pools,
)
from workbench.games.tanks.rules.sight import close_range, cover, line_of_sight, side_shot
from workbench.games.tanks.rules.state import Battle, TankPiece
from workbench.geometry.table import Hull
from workbench.learn.kinds import kind, pick_scenario
from workbench.learn.odds import as_percent, four_odds
from workbench.learn.question import Question
from workbench.rules.core import Reason

GAME = "tanks"
TABLES = ("standard-table", "barkmanns-corner")
TRIES = 300
SHOOTERS = ("Panther", "Sherman (75mm)")  # the Starter Set's two cards, one a side
EDGE = 10.0  # cm: tanks placed at least this far from the table's edges


@functools.lru_cache(maxsize=4)
def _table(name: str) -> Table:
    table: Table = TANKS.load_scenario(name)
    return table


def _piece(ident: str, card: str, side: str, rng: random.Random, table: Table) -> TankPiece:
    size = hull_size(card)
    centre = (
        round(rng.uniform(EDGE, table.width - EDGE), 1),
        round(rng.uniform(EDGE, table.depth - EDGE), 1),
    )
    hull = Hull(centre, 15.0 * rng.randrange(24), size.length, size.width, size.turret_offset)
    return TankPiece(ident, tanks_cards()[card], side, hull, speed=rng.choice((0, 0, 1, 2)))


def _clear_of_buildings(table: Table, tanks: tuple[TankPiece, ...]) -> bool:
    a, b = (t.polygon for t in tanks)
    if a.intersects(b):
        return False
    return not any(
        TANKS_TERRAIN[p.kind].impassable and (p.polygon.intersects(a) or p.polygon.intersects(b))
        for p in table.pieces
    )


def duel(rng: random.Random, scenario: Any, fit: Callable[[Battle], bool]) -> tuple[str, Battle]:
    """A shooting-phase battle of a German and an American tank placed by the seed so that
    ``fit(battle)`` holds (or the last try)."""
    name, chosen = pick_scenario(rng, scenario, TABLES, (Table,), TANKS.scenarios())
    table = _table(chosen) if isinstance(chosen, str) else chosen
    german, american = ("German", "American")
    found: Battle | None = None
    for attempt in range(TRIES):
        tanks = (
            _piece("Panther", SHOOTERS[0], german, rng, table),
            _piece("Sherman", SHOOTERS[1], american, rng, table),
        )
        if rng.random() < 0.5:
            tanks = (tanks[1], tanks[0])  # the American shoots
        if not _clear_of_buildings(table, tanks):
            continue
        found = Battle(
            table=table, tanks=tanks, attacker=german, defender=american, phase="shooting",
            deck=full_deck(), victory_points={german: 0, american: 0},
            destroyed_points={german: 0, american: 0},
        )  # fmt: skip
        if fit(found) or attempt == TRIES - 1:
            break
    assert found is not None  # some of 300 placements are clear of the buildings
    return name, found


COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west",
           "north-west")  # fmt: skip
BY_CM = 6.0  # a terrain piece this near a hull names where the tank stands


def _where(tank: TankPiece, table: Table) -> str:
    """Where a tank stands, in words a room reads off the picture: the part of the table,
    the terrain it stands by, the way it faces, and whether it has moved this turn."""
    x, y = tank.hull.centre
    row = ("north", "", "south")[min(2, int(3 * y / table.depth))]
    col = ("west", "", "east")[min(2, int(3 * x / table.width))]
    part = "-".join(p for p in (row, col) if p) or "middle"
    near = [(p.polygon.distance(tank.polygon), p.name) for p in table.pieces]
    by = min(near, default=(math.inf, ""))
    beside = f" by {by[1]}" if by[0] <= BY_CM else ""
    facing = COMPASS[round(tank.hull.heading / 45.0) % 8]
    tokens = f"{tank.speed} Speed token{'s' if tank.speed > 1 else ''}"
    moved = f"has moved this turn ({tokens})" if tank.speed else "has not moved this turn"
    return f"{tank.id} ({tank.side}) stands in the {part} of the table{beside}, facing {facing}, "\
        f"and {moved}"  # fmt: skip


def _question(battle: Battle, name: str, kind_: str, chapter: str, level: int, **given: Any):
    shooter, target = battle.tanks
    apart = math.dist(shooter.hull.centre, target.hull.centre)
    prompt = (
        f"{_where(shooter, battle.table)}. {_where(target, battle.table)}. They are {apart:.0f} cm "
        f"apart (centre to centre). {given.pop('ask')}"
    )
    if "detail" not in given:  # the shot the question is about, drawn when it is answered
        given["detail"] = examine_shot(battle, shooter.id, target.id)
    return Question(
        game=GAME, kind=kind_, seed=0, scenario=name, chapter=chapter, level=level,
        prompt=prompt, state=battle, facts={"shooter": shooter.id, "target": target.id},
        **given,
    )  # fmt: skip


def sight_of(battle: Battle) -> tuple[bool, tuple[Reason, ...]]:
    shooter, target = battle.tanks
    seen = line_of_sight(battle.table, battle.tanks, shooter, target)
    return seen.seen, seen.reasons


def cover_of(battle: Battle) -> tuple[bool, tuple[Reason, ...]]:
    shooter, target = battle.tanks
    found = cover(battle.table, battle.tanks, shooter, target)
    return found.in_cover, found.reasons


def close_of(battle: Battle) -> tuple[bool, tuple[Reason, ...]]:
    near, why = close_range(battle.table, *battle.tanks)
    return near, (why,)


def side_of(battle: Battle) -> tuple[bool, tuple[Reason, ...]]:
    side, why = side_shot(*battle.tanks)
    return side, (why,)


def _yes_no_kind(
    name: str,
    chapter: str,
    level: int,
    about: str,
    judge: Callable[[Battle], tuple[bool, tuple[Reason, ...]]],
    ask: str,
    *,
    seen_only: bool = False,
    drawn: Callable[[Battle, str, str], Any] | None = None,
) -> None:
    """Register a yes/no kind: ``judge`` gives the rules' answer and reasons; the seed
    wants "yes" about half the time; ``ask`` names the tanks as ``{shooter}``/``{target}``;
    ``seen_only``: only pairs where the shooter sees the target (cover); ``drawn`` the
    rules' measurement shown with the answer (None: the shot's lines of sight)."""

    def make(rng: random.Random, scenario: Any) -> Question:
        want = rng.random() < 0.5

        def fit(b: Battle) -> bool:
            return (not seen_only or sight_of(b)[0]) and judge(b)[0] == want

        where, battle = duel(rng, scenario, fit)
        answer, reasons = judge(battle)
        shooter, target = battle.tanks
        shown = {} if drawn is None else {"detail": drawn(battle, shooter.id, target.id)}
        return _question(
            battle, where, name, chapter, level, shape="yes/no", answer=answer,
            reasons=reasons, ask=ask.format(shooter=shooter.id, target=target.id), **shown,
        )  # fmt: skip

    make.__name__ = make.__qualname__ = name.replace("-", "_")
    kind(GAME, name, chapter, level, about)(make)


_yes_no_kind("sight", "Line of Sight", 1, "can this tank see that one, and how much of it?",
             sight_of, "Can {shooter} see {target}?")  # fmt: skip
_yes_no_kind("cover", "Line of Sight", 2, "is the target in cover?", cover_of,
             "{shooter} shoots at {target}: is {target} in Cover?", seen_only=True)  # fmt: skip
_yes_no_kind("close-range", "Firing", 1, "is it close range?", close_of,
             "Is {shooter}'s shot at {target} at Close Range?",
             drawn=close_range_measure)  # fmt: skip
_yes_no_kind("side-shot", "Firing", 2, "is it a side shot?", side_of,
             "Is {shooter}'s shot at {target} a Side Shot?", drawn=side_shot_measure)  # fmt: skip


def _shot(rng: random.Random, scenario: Any) -> tuple[str, Battle, Pools, Fraction]:
    """A shot the rules allow, placed by the seed: the table, the battle, both pools and the
    chance of at least one damage."""

    def shootable(b: Battle) -> bool:
        return pools(b, b.tanks[0].id, b.tanks[1].id).can_shoot

    name, battle = duel(rng, scenario, shootable)
    shooter, target = battle.tanks
    found = pools(battle, shooter.id, target.id)
    return name, battle, found, damage_chance(shooter, found.attack, found.defence)


def damage_chance(shooter: TankPiece, attack: int, defence: int) -> Fraction:
    """The chance of at least one damage (an uncancelled Hit) with these pools, the
    shooter's abilities and its speed as they are (the rules' exact odds)."""
    semi, big = shooter.has("Semi-Indirect Fire"), shooter.has("Big Gun")
    spread = after_defence(attack, defence, shooter.speed == 0, semi, big)
    return sum((p for (d, _), p in spread.items() if d >= 1), start=Fraction(0))


def _dice(count: int, pool: str) -> str:
    """``"1 defence die"``, ``"5 attack dice"``."""
    return f"{count} {pool} {'die' if count == 1 else 'dice'}"


def _pool_reasons(found: Pools, damaged: Fraction) -> tuple[Reason, ...]:
    return (
        *found.attack_reasons,
        *found.defence_reasons,
        Reason(f"{_dice(found.attack, 'attack')} against {_dice(found.defence, 'defence')}: at "
               f"least one damage {damaged} ({float(damaged):.1%})", S.ASSESS),
    )  # fmt: skip


@kind(GAME, "dice", "Firing", 3, "how many attack and defence dice?")
def dice(rng: random.Random, scenario: Any) -> Question:
    """Both pools, answered as two numbers: attack dice, then defence dice."""
    name, battle, found, damaged = _shot(rng, scenario)
    shooter, target = battle.tanks
    return _question(
        battle, name, "dice", "Firing", 3, shape="numbers",
        answer=(found.attack, found.defence), reasons=_pool_reasons(found, damaged),
        ask=(f"{shooter.id} shoots at {target.id}. How many attack dice does {shooter.id} "
             f"roll, and how many defence dice does {target.id} roll (attack, defence)?"),
    )  # fmt: skip


@kind(GAME, "damage-odds", "Firing", 3, "what are the odds of at least one damage?")
def damage_odds(rng: random.Random, scenario: Any) -> Question:
    """The chance of at least one damage, chosen among four offered values
    (:mod:`workbench.learn.odds`): the right one and the chances had the target rolled
    other numbers of defence dice (a modifier missed or counted twice)."""
    name, battle, found, damaged = _shot(rng, scenario)
    shooter, target = battle.tanks
    others = [damage_chance(shooter, found.attack, d) for d in range(MAX_DEFENCE + 1)]
    choices, answer = four_odds(rng, damaged, others, as_percent)
    return _question(
        battle, name, "damage-odds", "Firing", 3, shape="choice", choices=choices,
        answer=answer, reasons=_pool_reasons(found, damaged),
        ask=(f"{shooter.id} shoots at {target.id} with {_dice(found.attack, 'attack')} against "
             f"{_dice(found.defence, 'defence')}. What are the odds of at least one damage?"),
    )  # fmt: skip
