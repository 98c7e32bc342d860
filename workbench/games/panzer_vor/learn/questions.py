"""Panzer Vor! questions, each answered by the rules' own functions (``line_of_sight``,
``movement.reach``, ``firing.odds``, ``arc_of``, ``explain_move``) on a shipped scenario's map with
the tanks asked about placed by the seed.

Where the seed could give a dull question the kind asks for variety on purpose: a yes/no
kind draws whether it wants "yes" first (about half the seeds), and a sight question runs
along a hexside or through a corner for about a third of the seeds, where the rules are
subtle (Firing: Line of Sight).
"""

from __future__ import annotations

import functools
import random
from typing import Any

from workbench.dice import at_least
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.learn.positions import (
    placed,
    pv_opening,
    standing_hexes,
    two_sides,
)
from workbench.games.panzer_vor.rules import firing, movement
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules.firing import arc_of
from workbench.games.panzer_vor.rules.game import PRACTICE
from workbench.games.panzer_vor.rules.movement import explain_move
from workbench.games.panzer_vor.rules.sight import line_of_sight
from workbench.games.panzer_vor.rules.state import GameState
from workbench.geometry.hexgrid import DIRECTIONS, Hex, direction_names, trace
from workbench.learn.kinds import kind, pick_scenario
from workbench.learn.odds import as_fraction, four_odds
from workbench.learn.question import Question
from workbench.rules.core import Modifier, Reason

GAME = "panzer-vor"
# maps with terrain that blocks sight (and for moving: terrain that costs or forbids)
SIGHT_MAPS = ("saunders", "anzio-revised", "pravda", "kuromorimine-stage-1")
MOVE_MAPS = ("saunders", "anzio-revised", "kuromorimine-stage-1", "pravda", "mock-battle")
FIRE_MAPS = ("saunders", "anzio-revised", "kuromorimine-stage-1", "pravda")
TRIES = 400  # seeded draws before a kind settles for what it found
DUEL_TRIES = 4 * TRIES  # placements of a firer and a target (see _duel)
WANT_SUBTLE = 0.35  # the share of sight questions along a hexside or through a corner
ARCS = ("front", "side", "rear")
COMPASS = direction_names("pointy")


def _board(rng: random.Random, scenario: Any, suitable: tuple[str, ...]) -> tuple[str, GameState]:
    shipped = PRACTICE.scenarios()
    name, chosen = pick_scenario(rng, scenario, suitable, (PanzerVorScenario,), shipped)
    return name, pv_opening(chosen)


@functools.cache
def _offsets(subtle: bool) -> tuple[Hex, ...]:
    """Offsets 2..9 hexes away whose line runs along a hexside or through a corner (or not)."""
    origin = Hex(0, 0)
    found = []
    for q in range(-9, 10):
        for r in range(-9, 10):
            h = Hex(q, r)
            if 2 <= origin.distance(h) <= 9:
                t = trace(origin, h)
                if bool(t.along or t.touched) == subtle:
                    found.append(h)
    return tuple(found)


def is_subtle(a: Hex, b: Hex) -> bool:
    """Whether the line between two hexes runs along a hexside or passes a corner."""
    t = trace(a, b)
    return bool(t.along or t.touched)


def _question(board: GameState, **given: Any) -> Question:
    grid = board.map.grid
    return Question(game=GAME, seed=0, label_of=grid.label, cell_of=grid.hex,
                    is_place=grid.names_a_hex, state=board, **given)  # fmt: skip


def _where(board: GameState, h: Hex) -> str:
    return board.map.grid.label(h)


# --- Line of Sight ---------------------------------------------------------------------------


@kind(GAME, "sight", "Line of Sight", 1, "can this tank see that one?")
def sight(rng: random.Random, scenario: Any) -> Question:
    name, board = _board(rng, scenario, SIGHT_MAPS)
    firer, target = two_sides(board, rng)
    want_yes, want_subtle = rng.random() < 0.5, rng.random() < WANT_SUBTLE
    spots = standing_hexes(board, firer)
    free = set(spots)
    offsets = _offsets(want_subtle)
    a = b = spots[0]
    for attempt in range(TRIES):
        a = rng.choice(spots)
        b = a + rng.choice(offsets)
        if b not in free or b == a:
            continue
        if line_of_sight(board, a, b).clear == want_yes or attempt == TRIES - 1:
            break
    board = placed(placed(board, firer, a, rng.randrange(6)), target, b, rng.randrange(6))
    los = line_of_sight(board, a, b)
    subtle = [c.reason for c in los.crossings if c.kind in ("hexside", "corner")]
    rule = Reason("the line runs from the centre of the firer's hex to the centre of the "
                  "target's; tanks never block it", S.LINE_OF_SIGHT)  # fmt: skip
    reasons = (rule, los.reason, *(r for r in subtle if r != los.reason))
    return _question(
        board, kind="sight", scenario=name, chapter="Line of Sight", level=2 if subtle else 1,
        prompt=f"Can {firer.id} in {_where(board, a)} see {target.id} in {_where(board, b)}?",
        shape="yes/no", answer=los.clear, reasons=reasons, detail=los,
        marks=((_where(board, a), "firer"), (_where(board, b), "target")),
        facts={"firer": firer.id, "target": target.id},
    )  # fmt: skip


# --- Moving ----------------------------------------------------------------------------------


@kind(GAME, "reach", "Moving", 2, "which hexes can it reach with these MP?")
def reach(rng: random.Random, scenario: Any) -> Question:
    name, board = _board(rng, scenario, MOVE_MAPS)
    tank = rng.choice([t for t in board.tanks if not t.wreck])
    mp = rng.choice((1, 2, 3))
    spots = standing_hexes(board, tank)
    for _ in range(TRIES):
        here, facing = rng.choice(spots), rng.randrange(6)
        moved = placed(board, tank, here, facing)
        found = movement.reach(moved, tank.id, mp)
        if any(h != here for h in found.ends):
            break
    ends = frozenset(_where(moved, h) for h in found.ends if h != here)
    reasons = (
        Reason(f"{tank.id} has {mp} MP to spend", S.MOVEMENT),
        Reason("a hex counts when the tank can end its move there, facing any way", S.MOVING),
        *found.reasons,
    )
    return _question(
        moved, kind="reach", scenario=name, chapter="Moving", level=2,
        prompt=(f"{tank.id} stands in {_where(moved, here)} facing {COMPASS[facing]}. Which "
                f"hexes can it reach with {mp} MP?"),
        shape="places", answer=ends, reasons=reasons, detail=found, answer_places=ends,
        marks=((_where(moved, here), "tank"),), facts={"tank": tank.id, "mp": mp},
    )  # fmt: skip


def _random_path(rng: random.Random, here: Hex, facing: int) -> list[tuple[Hex, int]]:
    """One to three steps: forward or back (turning 60° with it or not), or a turn in place."""
    path = []
    for _ in range(rng.randint(1, 3)):
        step = rng.random()
        if step < 0.3:
            facing = (facing + rng.choice((1, 2, 3, 4, 5))) % 6
        else:
            sign = -1 if step > 0.8 else 1
            turn = rng.choice((0, 0, 1, -1, 2))
            here = here + DIRECTIONS[(facing + turn) % 6] * sign
            facing = (facing + rng.choice((0, 0, turn))) % 6
        path.append((here, facing))
    return path


@kind(GAME, "move", "Moving", 3, "is this move legal, and if not, why?")
def move(rng: random.Random, scenario: Any) -> Question:
    name, board = _board(rng, scenario, MOVE_MAPS)
    tank = rng.choice([t for t in board.tanks if not t.wreck])
    want_yes = rng.random() < 0.5
    spots = standing_hexes(board, tank)
    grid = board.map.grid
    for attempt in range(TRIES):
        here, facing = rng.choice(spots), rng.randrange(6)
        path = _random_path(rng, here, facing)
        if any(h not in grid for h, _ in path):
            continue
        moved = placed(board, tank, here, facing)
        explained = explain_move(moved, tank.id, path)
        if explained.legal == want_yes or attempt == TRIES - 1:
            break
    words = ", then ".join(f"{_where(moved, h)} facing {COMPASS[f]}" for h, f in path)
    mp = explained.mp_available
    return _question(
        moved, kind="move", scenario=name, chapter="Moving", level=3,
        prompt=(f"{tank.id} stands in {_where(moved, here)} facing {COMPASS[facing]} with {mp} "
                f"MP. May it move to {words}?"),
        shape="yes/no", answer=explained.legal, reasons=explained.reasons, detail=explained,
        marks=((_where(moved, here), "tank"),),
        answer_places=frozenset(_where(moved, h) for h, _ in path),
        facts={"tank": tank.id, "path": tuple((_where(moved, h), f) for h, f in path)},
    )  # fmt: skip


# --- Firing ----------------------------------------------------------------------------------


def _duel(
    rng: random.Random, scenario: Any, fit: Any, in_range: bool = False
) -> tuple[str, GameState, str, str, Hex, Hex]:
    """A firer and a target placed by the seed so that ``fit(board, a, b)`` holds (or the
    last placement tried: a short-ranged gun without a turret may fit one try in a hundred,
    so up to :data:`DUEL_TRIES` placements are tried; ``in_range``: a fit needs the target
    within the range of the gun it fires, so farther ones are not placed: a shortcut only)."""
    name, board = _board(rng, scenario, FIRE_MAPS)
    firer, target = two_sides(board, rng)
    spots = standing_hexes(board, firer)
    free = set(spots)
    near = _offsets(True) + _offsets(False)
    reach = firer.counter.gun(None).range
    last = None
    for _ in range(DUEL_TRIES):
        a = rng.choice(spots)
        b = a + rng.choice(near)
        if b not in free:
            continue
        facing_a, facing_b = rng.randrange(6), rng.randrange(6)
        if in_range and a.distance(b) > reach:
            continue
        trial = placed(placed(board, firer, a, facing_a), target, b, facing_b)
        last = name, trial, firer.id, target.id, a, b
        if fit(trial, firer.id, target.id):
            return last
    if last is None:  # pragma: no cover - every shipped map has free hexes in range
        raise AssertionError(f"no firer and target placed on {name} in {DUEL_TRIES} tries")
    return last


def roll_to_hit(
    rng: random.Random,
    scenario: Any,
    played: tuple[Modifier, ...] = (),
    lead: tuple[Reason, ...] = (),
) -> tuple[str, GameState, str, str, Hex, Hex, Any, tuple[Reason, ...]]:
    """A shot the rules allow, that can hit (with the cards ``played``): the scenario, board,
    firer, target, their hexes, the odds, and the reasons for the roll it needs (``lead``
    first)."""

    def fit(board: GameState, f: str, t: str) -> bool:
        odds = firing.odds(board, f, t, attack=played)
        return odds.can_fire and odds.attack_needed is not None

    name, board, firer, target, a, b = _duel(rng, scenario, fit, in_range=True)
    odds = firing.odds(board, firer, target, attack=played)
    reasons = (
        *lead,
        Reason(f"{firer} is {odds.distance} hexes from {target}: the attack roll, two dice "
               "plus modifiers, must reach the distance", S.ATTACK_ROLL),
        *(m.reason for m in odds.attack_modifiers),
        Reason(f"needs {odds.attack_needed}+ on two dice: hit {odds.hit} "
               f"({float(odds.hit):.1%})", S.ATTACK_ROLL),
        *(r for r in odds.reasons if r.section != S.ATTACK_ROLL),
    )  # fmt: skip
    return name, board, firer, target, a, b, odds, reasons


@kind(GAME, "to-hit", "Firing", 2, "what does it need to roll to hit, and what are the odds?")
def to_hit(rng: random.Random, scenario: Any) -> Question:
    name, board, firer, target, a, b, odds, reasons = roll_to_hit(rng, scenario)
    return _question(
        board, kind="to-hit", scenario=name, chapter="Firing", level=2,
        prompt=(f"{firer} in {_where(board, a)} fires at {target} in {_where(board, b)}. What "
                "must it roll on two dice to hit (the least total)?"),
        shape="number", answer=odds.attack_needed, reasons=reasons, detail=odds,
        marks=((_where(board, a), "firer"), (_where(board, b), "target")),
        facts={"firer": firer, "target": target},
    )  # fmt: skip


@kind(GAME, "armour", "Firing", 1, "which armour does the shot hit?")
def armour(rng: random.Random, scenario: Any) -> Question:
    wanted = rng.choice(ARCS)

    def fit(board: GameState, f: str, t: str) -> bool:
        return arc_of(board.tank(t), board.tank(f).hex) == wanted

    name, board, firer, target, a, b = _duel(rng, scenario, fit)
    hit = board.tank(target)
    arc = arc_of(hit, a)
    value = hit.counter.armour[arc]
    reasons = (
        Reason(f"{firer} in {_where(board, a)} is in the {arc} arc of {target}, which faces "
               f"{COMPASS[hit.facing]}: its {arc} armour {value} is hit", S.FIRING_ARCS),
        Reason("front and rear arcs are 60° wedges through the corners of the front (rear) "
               "hexside; a firer exactly on a boundary gets the better armour (the documented "
               "reading of the arcs diagram)", S.FIRING_ARCS),
    )  # fmt: skip
    return _question(
        board, kind="armour", scenario=name, chapter="Firing", level=1,
        prompt=(f"{firer} in {_where(board, a)} fires at {target} in {_where(board, b)}, "
                f"facing {COMPASS[hit.facing]}. Which armour does the shot hit?"),
        shape="choice", choices=ARCS, answer=arc, reasons=reasons,
        marks=((_where(board, a), "firer"), (_where(board, b), "target")),
        facts={"firer": firer, "target": target},
    )  # fmt: skip


@kind(GAME, "to-hit-odds", "Firing", 3, "what are the odds that the shot hits?")
def to_hit_odds(rng: random.Random, scenario: Any) -> Question:
    """The chance to hit, chosen among four offered values (:mod:`workbench.learn.odds`):
    the right one and the chances of the totals next to the one needed (a slip of a hex or
    a modifier), each a fraction of the 36 outcomes of two dice."""
    name, board, firer, target, a, b, odds, reasons = roll_to_hit(rng, scenario)
    totals = [at_least(total) for total in range(2, 13)]
    choices, answer = four_odds(rng, odds.hit, totals, as_fraction)
    return _question(
        board, kind="to-hit-odds", scenario=name, chapter="Firing", level=3,
        prompt=(f"{firer} in {_where(board, a)} fires at {target} in {_where(board, b)}. What "
                "are the odds that the shot hits?"),
        shape="choice", choices=choices, answer=answer, reasons=reasons, detail=odds,
        marks=((_where(board, a), "firer"), (_where(board, b), "target")),
        facts={"firer": firer, "target": target},
    )  # fmt: skip
