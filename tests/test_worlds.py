"""Worlds (issue 47): what ``determinize`` draws for a side is a state of the game its history
reaches, that the side sees exactly as it saw the real one, drawn given every fact the table
saw (the card game's reaction windows, the cards shown; TANKS' Crew cards face down) and
compared with a rejection reference that plays the whole rules again."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from workbench.games import get_game
from workbench.games.panzer_vor.rules.bots import greedy_player
from workbench.games.panzer_vor.rules.facts import Drew, HandChange, WindowCheck
from workbench.games.panzer_vor.rules.phases import Moment
from workbench.games.tanks.rules.hidden import FACE_DOWN, back_of
from workbench.openspiel import bridge_options
from workbench.rules.core import CHANCE, TERMINAL
from workbench.rules.observation import history_of
from workbench.rules.play import sample_chance
from workbench.testing.worlds_reference import reference_worlds

CARDS = get_game("panzer-vor")
QUICK = {"setup": "quick"}  # a short history: the forces placed by the workbench
CREW_CARDS = {  # made-up cards (tests/test_tanks_crew.py's): no card of the game
    "Made-up Gunner": {"kind": "crew", "type": "Gunner", "points": 5},
    "Made-up Gunner Two": {"kind": "crew", "type": "Gunner", "points": 5},
    "Made-up Loader": {"kind": "crew", "type": "Loader", "points": 2},
    "Made-up Driver": {"kind": "crew", "type": "Driver", "points": 3},
    "Made-up Ammo": {"kind": "upgrade", "type": "Ammo", "points": 3},
    "Made-up Hero": {"kind": "crew", "type": "Commander", "points": 6, "hero": True,
                     "country": "German"},
    "Made-up US Hero": {"kind": "crew", "type": "Gunner", "points": 6, "hero": True,
                        "country": "American"},
}  # fmt: skip
CREW = {
    "platoons": {"German": ["StuG G", "Panzer IV"], "American": ["Sherman (75mm)"]},
    "crew_cards": CREW_CARDS,
    "crew": {"German": [["Made-up Gunner", "Made-up Hero"], ["Made-up Loader"]],
             "American": [["Made-up US Hero", "Made-up Driver"]]},
}  # fmt: skip


def walk(rules, first, seed, player=None):
    """Each state of a seeded game from ``first`` (random players unless ``player``)."""
    state, rng = first, random.Random(seed)
    while rules.current_player(state) is not TERMINAL:
        yield state
        who = rules.current_player(state)
        if who is CHANCE:
            action = sample_chance(rules.chance_outcomes(state), rng)
        elif player is None:
            action = rng.choice(rules.legal_actions(state))
        else:
            action = player(rules, rules.observation(state, who), rng)
        state = rules.apply(state, action).state


def first_state(name, scenario, options=None):
    rules = get_game(name)
    given = {**bridge_options(name), **(options or {})}
    return rules, rules.start(rules.load_scenario(scenario), given)


WHOLE = [
    ("panzer-vor", "mock-battle", None, 1),
    ("panzer-vor", "pravda", None, 2),
    ("panzer-vor-linked", "linked-scenarios", None, 3),
    ("panzer-vor-tournament", "exhibition", {"drawn_replays": 0}, 4),
    ("tanks", "standard-table", CREW, 5),
]


@pytest.mark.parametrize(("name", "scenario", "options", "seed"), WHOLE)
def test_a_world_is_reached_by_its_own_history_and_looks_the_same_to_its_side(
    name, scenario, options, seed
):
    rules, first = first_state(name, scenario, options)
    fingerprint = rules.fingerprint or repr
    rng, checked = random.Random(seed), 0
    for i, state in enumerate(walk(rules, first, seed)):
        if i % 61 or i == 0 or i > 250:
            continue
        for side in rules.players(state):
            seen = rules.observation(state, side)
            if not seen.hidden:
                continue
            world = rules.determinize(seen, rng)
            assert rules.observation(world, side) == seen
            again = rules.apply_all(first, history_of(world).actions())  # the world's history
            assert fingerprint(again) == fingerprint(world)
            if name != "tanks":  # the other sides' draws are the world's own
                assert history_of(world).actions() != history_of(state).actions() or all(
                    s.action is not None for s in seen.history
                )
            checked += 1
    assert checked >= 2


def _small_case(scenario, seed):
    """A short quick-setup card game's first state and the first state at which a side is
    to act while the other holds three cards or more, was asked a reaction window and showed
    a card: the sampler's every part at work, the reference cheap."""
    rules, first = first_state("panzer-vor", scenario, QUICK)
    for state in walk(rules, first, seed):
        side = rules.current_player(state)
        if not isinstance(side, str) or len(history_of(state)) > 40:
            continue
        other = next(s for s in state.order if s != side)
        facts = [f for step in history_of(state).steps() for f in step.facts]
        asked = any(isinstance(f, WindowCheck) and f.side == other for f in facts)
        shown = any(isinstance(f, HandChange) and f.side == other and f.removed for f in facts)
        if asked and shown and len(state.hand(other)) >= 3:
            return first, state, side, other
    raise AssertionError("no small case in this game")


def _differ(a: float, n: int, b: float, m: int, z: float) -> bool:
    """Whether two proportions differ by more than ``z`` standard errors (pooled)."""
    pooled = (a * n + b * m) / (n + m)
    spread = math.sqrt(max(pooled * (1 - pooled), 1e-12) * (1 / n + 1 / m))
    return abs(a - b) > z * spread


@pytest.mark.parametrize(("scenario", "seed"), [
    ("st-gloriana", 4), ("mock-battle", 4),
    *(pytest.param(s, n, marks=pytest.mark.soak) for s, n in
      (("anzio-original", 0), ("saunders", 5), ("mock-battle", 1), ("anzio-original", 5))),
])  # fmt: skip
def test_worlds_are_drawn_as_a_rejection_reference_through_the_whole_rules_draws_them(
    scenario, seed
):
    """For each card, the share of worlds whose hidden hand holds it: the sampler's 1,500
    against 150 worlds of the reference (``workbench.testing.worlds_reference``: the game
    played again from its first state, every unseen draw drawn at its odds, every world kept
    only if the side saw it all alike), no share further apart than 3.5 standard errors
    (a two-sided 0.05 % each; 25 cards)."""
    first, state, side, other = _small_case(scenario, seed)
    seen = CARDS.observation(state, side)
    reference = reference_worlds(CARDS, first, state, side, 150, random.Random(1))
    assert len(reference) == 150
    rng = random.Random(2)
    ours = [CARDS.determinize(seen, rng) for _ in range(1500)]

    def shares(worlds):
        held = Counter(c for w in worlds for c in set(w.hand(other)))
        return {c: n / len(worlds) for c, n in held.items()}

    mine, theirs = shares(ours), shares(reference)
    for card in sorted(set(mine) | set(theirs)):
        assert not _differ(mine.get(card, 0), len(ours), theirs.get(card, 0), 150, 3.5), card


def _unanswered_shots(state, side):
    """The shots at ``side``'s tanks since its last unseen draw at which no reaction window
    opened though an Emergency Stop or a Poor Visibility would have opened one."""
    count = 0
    for step in reversed(history_of(state).steps()):
        for fact in reversed(step.facts):
            if isinstance(fact, Drew) and fact.side == side:
                return count
            if (isinstance(fact, WindowCheck) and fact.side == side and not fact.opened
                    and fact.moment is Moment.ATTACK
                    and (fact.fits("Emergency Stop") or fact.fits("Poor Visibility"))):  # fmt: skip
                count += 1
    return count


def test_shots_the_opponent_could_not_answer_rule_its_answers_out_of_every_world():
    """The issue's case: the opponent could not answer shots at its tanks, so it held no
    Emergency Stop and no Poor Visibility (Reactions: a window opens only when its side
    holds a card that fits); a hand drawn from the unseen cards alone gave it one in a
    fifth of the worlds, the worlds give it none."""
    answers = {"Emergency Stop", "Poor Visibility"}
    rules, first = first_state("panzer-vor", "mock-battle", QUICK)
    for state in walk(rules, first, 4, player=greedy_player):
        side = rules.current_player(state)
        if isinstance(side, str):
            other = next(s for s in state.order if s != side)
            if _unanswered_shots(state, other) >= 2:
                break
    else:
        raise AssertionError("no unanswered shots in this game")
    seen = rules.observation(state, side)
    held = {
        c
        for c, _ in seen.state.deck
        if state.card(c).kind != "enforcement" and state.card(c).acts_as != "drawn"
    }
    unseen = Counter({c: n for c, n in seen.state.deck if c in held})
    size = len(state.hand(other))
    none = math.comb(sum(unseen.values()) - sum(unseen[c] for c in answers), size)
    assert 1 - none / math.comb(sum(unseen.values()), size) > 0.15  # what a blind draw gives
    rng = random.Random(3)
    worlds = [rules.determinize(seen, rng) for _ in range(300)]
    assert not any(answers & set(w.hand(other)) for w in worlds)


def test_tanks_crew_cards_are_face_down_in_the_options_too_and_a_world_keeps_the_history():
    rules, first = first_state("tanks", "standard-table", CREW)
    state = next(s for i, s in enumerate(walk(rules, first, 0)) if i == 30)
    seen = rules.observation(state, "American")
    assert seen.hidden
    assert seen.state.options["crew"]["German"] == [[back_of(5), back_of(6)], [back_of(2)]]
    assert seen.state.options["crew"]["American"] == CREW["crew"]["American"]
    german = [t for t in (*seen.state.tanks, *seen.state.reserve) if t.side == "German"]
    assert all(n.startswith(FACE_DOWN) for t in german for n in t.crew)
    counts: Counter[tuple[str, ...]] = Counter()
    rng = random.Random(4)
    for _ in range(400):
        world = rules.determinize(seen, rng)
        assert rules.observation(world, "American") == seen
        assert len(history_of(world)) == len(history_of(state))  # not "after 0 steps"
        crews = world.options["crew"]["German"]
        on_tanks = [t.crew for t in (*world.tanks, *world.reserve) if t.side == "German"]
        assert sorted(map(tuple, crews)) == sorted(on_tanks)
        assert not any(n.startswith(FACE_DOWN) for names in crews for n in names)
        counts[tuple(crews[0])] += 1
    # the 5-point card is either Gunner, the 6-point one the German Hero (the American Hero is
    # of another Country): both ways alike (a binomial 400, 3.5 standard errors)
    one, two = ("Made-up Gunner", "Made-up Hero"), ("Made-up Gunner Two", "Made-up Hero")
    assert set(counts) == {one, two}
    assert abs(counts[one] - 200) < 3.5 * 10
    plain = rules.start(rules.load_scenario("standard-table"))  # no Crew cards: nothing hidden
    assert not rules.observation(plain, "German").hidden
