"""Every question kind's answer, for seeds 0-99, agrees with the engine it is read from and
with a plain, independent computation named here (``workbench/testing/learn_reference.py``):

- Panzer Vor! sight: the plain line trace (a shapely segment judged cell by cell and hexside
  by hexside); reach: the plain Dijkstra over every pose (``plain_reach_costs``); to-hit:
  the sum over the 36 outcomes of two dice; armour: the bearing in pixels; move: the path
  walked through the step rules' successors.
- Panzer Strike steps: Table A's printed speed read as text; shot and destroy: the plain
  shot (``plain_kill``: arc, ruler, trace, zone, every ordered roll counted); flag: the
  capture rule's sentence written out.
- TANKS sight, cover, close range and side shot: shapely segments and distances on the
  table; dice: the attack and defence formulas written out; damage odds: the chance of at
  least one damage by brute force over the dice (``plain_shot_distribution``; slow, so the
  fast suite brute-forces only the cheapest pools).

Yes/no kinds answer "yes" 30-70 % of the time, and at least a fifth of Panzer Vor! sight
questions run along a hexside or through a corner. The whole 0-99 runs under ``soak``; the
fast suite checks a sample of seeds.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from fractions import Fraction
from itertools import product

import pytest
import shapely

from workbench import learn
from workbench.games.panzer_strike.learn.questions import square_of
from workbench.games.panzer_strike.rules import shooting
from workbench.games.panzer_vor.learn.questions import is_subtle
from workbench.games.panzer_vor.rules import firing
from workbench.games.panzer_vor.rules.movement import plain_reach_costs
from workbench.games.panzer_vor.rules.sight import line_of_sight
from workbench.games.tanks.boards.table import TANKS_TERRAIN
from workbench.games.tanks.rules.shooting import dice_odds, plain_shot_distribution, pools
from workbench.games.tanks.rules.sight import close_range, cover
from workbench.games.tanks.rules.sight import line_of_sight as tanks_line_of_sight
from workbench.learn.odds import OFFERED, as_fraction, as_percent
from workbench.testing.learn_reference import (
    plain_path_legal,
    plain_ps_steps,
    plain_pv_arc,
    plain_pv_sight,
    plain_tanks_behind_front,
    plain_tanks_corners_seen,
    plain_tanks_sees,
    plain_two_dice_at_least,
)
from workbench.testing.panzer_strike_reference import plain_kill

SAMPLE = range(0, 100, 17)  # the seeds the fast suite checks (the soak runs 0-99)
ALL = range(100)


def _hex(q, label):
    return q.state.map.grid.hex(label)


# --- Panzer Vor! -----------------------------------------------------------------------------


def pv_sight(q):
    a, b = (_hex(q, place) for place, _ in q.marks)
    assert line_of_sight(q.state, a, b).clear == q.answer
    assert plain_pv_sight(q.state.map, a, b) == q.answer


def pv_reach(q):
    tank = q.state.tank(q.facts["tank"])
    plain = {h for h, _ in plain_reach_costs(q.state, tank.id, q.facts["mp"])} - {tank.hex}
    assert {q.state.map.grid.label(h) for h in plain} == q.answer


def pv_to_hit(q):
    pv_to_hit_with(q, firing.odds(q.state, q.facts["firer"], q.facts["target"]))


def pv_to_hit_odds(q):
    """Firing: Attack Roll: two dice plus modifiers must reach the distance; the chance is
    counted over the 36 outcomes of two dice, and offered among four values."""
    odds = firing.odds(q.state, q.facts["firer"], q.facts["target"])
    firer, target = (q.state.tank(q.facts[k]) for k in ("firer", "target"))
    needed = firer.hex.distance(target.hex) - sum(m.value for m in odds.attack_modifiers)
    plain = plain_two_dice_at_least(needed)
    assert q.answer == as_fraction(plain) == as_fraction(odds.hit)
    _offered(q)


def _offered(q):
    assert q.shape == "choice" and q.answer in q.choices
    assert len(set(q.choices)) == len(q.choices) == OFFERED


def pv_armour(q):
    firer, target = (q.state.tank(q.facts[k]) for k in ("firer", "target"))
    assert plain_pv_arc(target, firer.hex, q.state.map.grid) == q.answer


def pv_move(q):
    path = [(_hex(q, place), facing) for place, facing in q.facts["path"]]
    assert plain_path_legal(q.state, q.facts["tank"], path) == q.answer


def pv_card(q):
    if q.shape == "number":  # an attack card: its modifier among the shot's
        assert any(m.name == q.facts["card"] for m in odds_with_card(q).attack_modifiers)
        pv_to_hit_with(q, odds_with_card(q))
        return
    tank = q.state.tank(q.facts["tank"])  # Full Speed Ahead!: the counter's movement + 2
    assert q.facts["mp"] == tank.counter.movement + 2
    goal = _hex(q, q.facts["goal"])
    with_card = {h for h, _ in plain_reach_costs(q.state, tank.id, q.facts["mp"])}
    without = {h for h, _ in plain_reach_costs(q.state, tank.id, tank.counter.movement)}
    assert (goal in with_card) == q.answer and goal not in without


def odds_with_card(q):
    from workbench.games.panzer_vor.learn.cards import card_modifier

    played = (card_modifier(q.facts["card"]),)
    return firing.odds(q.state, q.facts["firer"], q.facts["target"], attack=played)


def pv_to_hit_with(q, odds):
    firer, target = (q.state.tank(q.facts[k]) for k in ("firer", "target"))
    needed = firer.hex.distance(target.hex) - sum(m.value for m in odds.attack_modifiers)
    assert q.answer == odds.attack_needed == max(needed, 2)
    assert odds.hit == plain_two_dice_at_least(needed)


# --- Panzer Strike ---------------------------------------------------------------------------


def ps_steps(q):
    tank = q.state.tank(q.facts["tank"])
    printed = q.state.kind(tank).speed
    assert plain_ps_steps(printed, q.facts["large"]) == q.answer


def ps_shot(q):
    match = q.state
    plain = plain_kill(match, q.facts["firer"], q.facts["target"])
    assert (plain is None) == (q.answer == "cannot shoot")
    odds = shooting.odds(match, q.facts["firer"], q.facts["target"])
    if plain is not None:  # plain_kill counts a damaging roll (Optional Rules: Damage) too
        assert odds.zone == q.answer
        assert odds.destroy + (odds.damage if match.options.damage else 0) == plain


def ps_destroy(q):
    match, firer = q.state, q.state.tank(q.facts["firer"])
    plain = plain_kill(match, firer.id, q.facts["target"])  # the chance to reach the total
    small = [f.firepower for f in match.roster.die_faces]
    rolls = list(product(small, repeat=match.kind(firer).gun_dice))

    def at_least(total):
        return Fraction(sum(sum(r) >= total for r in rolls), len(rolls))

    assert at_least(q.answer) == shooting.odds(match, firer.id, q.facts["target"]).destroy
    # with damage played the total must go above what is needed: one more
    assert at_least(q.answer - 1 if match.options.damage else q.answer) == plain


def ps_flag(q):
    """Task: Capture the Flag: "a tank must come to a square next to it, survive the
    following opponent's turn and stand still on that square one more turn"."""
    match, tank = q.state, q.state.tank(q.facts["tank"])
    spot = square_of(q.facts["flag"])
    near = max(abs(tank.at.x - spot.x), abs(tank.at.y - spot.y)) == 1
    if match.options.flag_next_to == "four":
        near = abs(tank.at.x - spot.x) + abs(tank.at.y - spot.y) == 1
    came_a_turn_ago = any(
        w.tank == tank.id and w.flag == spot and w.since == match.turn - 2 for w in match.watches
    )
    captured = near and came_a_turn_ago and tank.id not in match.moved
    assert q.answer == q.choices[captured]


# --- TANKS -----------------------------------------------------------------------------------


def _blockers(battle, los: bool):
    shooter, target = battle.tanks
    found = []
    for piece in battle.table.pieces:
        kind = TANKS_TERRAIN[piece.kind]
        under = piece.polygon.intersection(shooter.polygon).area > 1e-9 or (
            piece.polygon.intersection(target.polygon).area > 1e-9
        )
        if los and kind.blocks_los and not (kind.cover_inside and under):
            found.append(piece.polygon)
        if not los and (kind.blocks_los or kind.gives_cover):
            found.append(piece.polygon.difference(shooter.polygon))
    return found


def tanks_sight(q):
    shooter, target = q.state.tanks
    engine = tanks_line_of_sight(q.state.table, q.state.tanks, shooter, target)
    assert engine.seen == q.answer
    plain = plain_tanks_sees(shooter.eye, target.polygon, _blockers(q.state, los=True))
    assert plain == q.answer or engine.part.fraction < 0.01  # a sliver finer than the grid


def _wholly_in_wood(table, polygon):
    return any(
        TANKS_TERRAIN[p.kind].cover_inside and p.polygon.covers(polygon) for p in table.pieces
    )


def _plain_cover(battle) -> bool:
    shooter, target = battle.tanks
    corners = list(target.hull.corners())
    seen = plain_tanks_corners_seen(shooter.eye, corners, _blockers(battle, los=False))
    woods = _wholly_in_wood(battle.table, target.polygon) or _wholly_in_wood(
        battle.table, shooter.polygon
    )
    return woods or seen < 3


def tanks_cover(q):
    shooter, target = q.state.tanks
    assert cover(q.state.table, q.state.tanks, shooter, target).in_cover == q.answer
    assert _plain_cover(q.state) == q.answer


def _plain_close(battle) -> bool:
    shooter, target = battle.tanks
    gap = shapely.distance(shooter.polygon, target.polygon)
    return bool(gap <= battle.table.arrow.length + 1e-6)


def tanks_close(q):
    assert close_range(q.state.table, *q.state.tanks)[0] == q.answer
    assert _plain_close(q.state) == q.answer


def _plain_side(battle) -> bool:
    shooter, target = battle.tanks
    hull = target.hull
    return plain_tanks_behind_front(hull.centre, hull.heading, hull.length, shooter.hull.corners())


def tanks_side(q):
    assert _plain_side(q.state) == q.answer


@functools.cache
def brute_force(attack, defence, stationary, semi, big):  # the same pools come back often
    return plain_shot_distribution(attack, defence, stationary, semi, big)


def tanks_dice(q):
    """Shooting: Roll Attack Dice (the card's Attack; no shot earlier this turn, so no
    Coordinated Fire) and Roll Defence Dice (Defence + moves + Cover - Close Range - Side
    Shot, at most six)."""
    battle = q.state
    shooter, target = battle.tanks
    found = pools(battle, shooter.id, target.id)
    assert (found.attack, found.defence) == q.answer
    side = _plain_side(battle) and not target.has("Heavy Tank")
    plain = target.card.defence + shooter.speed - (shooter.speed and shooter.has("Gung Ho"))
    plain += target.speed + _plain_cover(battle) - _plain_close(battle) - side
    assert q.answer == (shooter.card.attack, max(0, min(6, plain)))
    odds = dice_odds(battle, shooter.id, target.id)
    damaged = sum((p for (d, _), p in odds.distribution.items() if d >= 1), Fraction(0))
    assert f"at least one damage {damaged} " in str(q.reasons[-1])


def _pool(q):
    shooter, target = q.state.tanks
    found = pools(q.state, shooter.id, target.id)
    semi, big = shooter.has("Semi-Indirect Fire"), shooter.has("Big Gun")
    return found.attack, found.defence, shooter.speed == 0, semi, big


def tanks_damage_odds(q):
    """The offered answer is the engine's exact chance of at least one damage."""
    shooter, target = q.state.tanks
    odds = dice_odds(q.state, shooter.id, target.id)
    damaged = sum((p for (d, _), p in odds.distribution.items() if d >= 1), Fraction(0))
    assert q.answer == as_percent(damaged)
    _offered(q)


def _brute_forced(q):
    """Shooting: Assess Damage: the chance of at least one damage by brute force."""
    brute = brute_force(*_pool(q))
    damaged = sum((p for (d, _), p in brute.items() if d >= 1), Fraction(0))
    assert q.answer == as_percent(damaged)
    assert f"at least one damage {damaged} " in str(q.reasons[-1])


def _cheap(q):  # a moving shooter (no re-roll) and few defence dice: well under a second
    _, defence, stationary, *_ = _pool(q)
    return not stationary and defence <= 2


def test_the_odds_of_at_least_one_damage_match_the_brute_force_on_the_cheapest_pools():
    cheap = [q for s in range(30) if _cheap(q := learn.question("tanks", "damage-odds", s))]
    assert cheap, "no cheap pool in seeds 0-29"
    for q in cheap[:2]:
        _brute_forced(q)


@pytest.mark.soak
def test_the_odds_of_at_least_one_damage_match_the_brute_force_for_seeds_0_to_99():
    for seed in ALL:
        _brute_forced(learn.question("tanks", "damage-odds", seed))


AGREE: dict[tuple[str, str], Callable] = {
    ("panzer-vor", "sight"): pv_sight,
    ("panzer-vor", "reach"): pv_reach,
    ("panzer-vor", "to-hit"): pv_to_hit,
    ("panzer-vor", "to-hit-odds"): pv_to_hit_odds,
    ("panzer-vor", "armour"): pv_armour,
    ("panzer-vor", "move"): pv_move,
    ("panzer-strike", "steps"): ps_steps,
    ("panzer-strike", "shot"): ps_shot,
    ("panzer-strike", "destroy"): ps_destroy,
    ("panzer-strike", "flag"): ps_flag,
    ("panzer-vor", "card"): pv_card,
    ("tanks", "sight"): tanks_sight,
    ("tanks", "cover"): tanks_cover,
    ("tanks", "close-range"): tanks_close,
    ("tanks", "side-shot"): tanks_side,
    ("tanks", "dice"): tanks_dice,
    ("tanks", "damage-odds"): tanks_damage_odds,
}
GAMES = ("panzer-vor", "panzer-strike", "tanks")


def test_every_kind_has_its_plain_check():
    assert set(AGREE) == {(g, k.name) for g in GAMES for k in learn.kinds(g)}


def _agree(game, name, seeds):
    for seed in seeds:
        q = learn.question(game, name, seed)
        AGREE[game, name](q)


@pytest.mark.parametrize("game, name", [pytest.param(*k, id="/".join(k)) for k in sorted(AGREE)])
def test_answers_agree_with_the_engine_and_the_plain_computation(game, name):
    _agree(game, name, SAMPLE)


@pytest.mark.soak
@pytest.mark.parametrize("game, name", [pytest.param(*k, id="/".join(k)) for k in sorted(AGREE)])
def test_answers_agree_for_seeds_0_to_99(game, name):
    _agree(game, name, ALL)


YES_NO = [(g, k.name) for g in GAMES for k in learn.kinds(g) if k.name in
          {"sight", "move", "cover", "close-range", "side-shot"}]  # fmt: skip


@pytest.mark.soak
@pytest.mark.parametrize("game, name", [pytest.param(*k, id="/".join(k)) for k in YES_NO])
def test_yes_no_kinds_answer_yes_30_to_70_percent_of_seeds_0_to_99(game, name):
    yes = sum(learn.question(game, name, seed).answer for seed in ALL)
    assert 30 <= yes <= 70


def test_yes_no_kinds_draw_yes_and_no_on_a_sample():
    for game, name in YES_NO:
        answers = {learn.question(game, name, seed).answer for seed in range(6)}
        assert answers == {True, False}, (game, name)


@pytest.mark.soak
def test_a_fifth_of_sight_questions_run_along_a_hexside_or_through_a_corner():
    subtle = 0
    for seed in ALL:
        q = learn.question("panzer-vor", "sight", seed)
        a, b = (_hex(q, place) for place, _ in q.marks)
        subtle += is_subtle(a, b)
    assert subtle >= 20


def test_a_subtle_sight_question_explains_the_hexside_or_corner():
    for seed in range(40):
        q = learn.question("panzer-vor", "sight", seed)
        a, b = (_hex(q, place) for place, _ in q.marks)
        if is_subtle(a, b):
            assert any("hexside" in r.text or "corner" in r.text for r in q.reasons)
            return
    pytest.fail("no subtle sight question in seeds 0-39")


def test_the_plain_sight_blocks_along_a_hexside_of_two_forests():
    """Firing: Line of Sight: "through the shared hexside of two adjacent obstructing hexes"
    the line is blocked; along one obstructing hex's side it is clear."""
    from workbench.boards.hexmap import HexMap

    one = HexMap.blank(8, 8).with_terrain({"0404": "forest"})
    two = one.with_terrain({"0403": "forest"})
    a, b = one.grid.hex("0303"), one.grid.hex("0503")
    assert plain_pv_sight(one, a, b) and line_of_sight(one, a, b).clear
    assert not plain_pv_sight(two, a, b) and not line_of_sight(two, a, b).clear
    assert math.isclose(float(plain_two_dice_at_least(7)), 21 / 36)
