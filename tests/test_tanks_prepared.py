"""TANKS' prepared game is a lesson on odds (issue 25: "every shot in a prepared game that
teaches odds has a chance between 10 % and 90 %"): why it cannot be played with the default
platoons, that its scripted chooser holds its fire rather than take a shot out of the band,
and that it still tells its story (a shot made harder by Cover, with the rule, and a
Critical Hit's Damage card), early and short."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import workbench
from workbench.files import load
from workbench.games import get_game
from workbench.games.tanks.boards.cards import tanks_cards
from workbench.games.tanks.rules.actions import DrawCritical, Hold, Shoot
from workbench.games.tanks.rules.criticals import full_deck
from workbench.games.tanks.rules.odds import damage_distribution
from workbench.games.tanks.rules.options import DEFAULT_PLATOONS
from workbench.games.tanks.rules.prepared import LESSON_LENGTH, LESSON_PLATOONS, odds_lesson_player
from workbench.games.tanks.rules.shooting import after_defence
from workbench.rules.core import CHANCE
from workbench.rules.prepared import FIRST_NOTE_BY, ODDS_BAND, destroy_chance, prepared_plans

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "maps/tanks/games/cover-and-critical.json"


def best_first_shot(shooters: list[str], targets: list[str], defence_lost: int = 2) -> Fraction:
    """The best chance any of ``shooters`` has to destroy an undamaged one of ``targets``:
    both stationary (the shooter's re-roll; no Defence die for moves), no Cover, and
    ``defence_lost`` dice taken off the target's Defence (Close Range and Side Shot: two)."""
    cards = tanks_cards()
    best = Fraction(0)
    for shooter in map(cards.__getitem__, shooters):
        for target in map(cards.__getitem__, targets):
            defence = max(0, target.defence - defence_lost)
            semi, big = shooter.has("Semi-Indirect Fire"), shooter.has("Big Gun")
            dice = after_defence(shooter.attack, defence, True, semi, big)
            damage = damage_distribution(dice, full_deck(), ())
            chance = sum(p for d, p in damage.items() if d >= target.damage_capacity)
            best = max(best, chance)
    return best


def test_no_first_shot_of_the_default_platoons_is_a_real_chance_but_one_at_a_sherman_v_is():
    german, american = (list(DEFAULT_PLATOONS[side]) for side in ("German", "American"))
    low, high = ODDS_BAND
    assert best_first_shot(german, american) < Fraction(2, 100)  # 6 Damage Points: 1.8%
    assert Fraction(9, 100) < best_first_shot(american, german) < low  # 9.5%: just short
    # the lesson's platoons: a stationary Panther at a still Sherman V, no Close Range
    assert low <= best_first_shot(["Panther"], ["Sherman V"], defence_lost=0) <= high  # 20%
    assert LESSON_PLATOONS["German"] == german


def test_the_lesson_chooser_holds_its_fire_rather_than_take_a_shot_out_of_the_band():
    game = get_game("tanks")  # the default platoons: every first shot is under 10%
    state = game.start(load(game.scenarios()["standard-table"]), {"table_setup": "given"})
    rng = random.Random(0)
    while not any(isinstance(a, Shoot) for a in game.legal_actions(state)):
        assert game.current_player(state) != CHANCE, "no shot before the dice"
        who = game.current_player(state)
        state = game.apply(state, odds_lesson_player(game, game.observation(state, who), rng)).state
    shots = [a for a in game.legal_actions(state) if isinstance(a, Shoot)]
    assert all(destroy_chance(game, state, a) < ODDS_BAND[0] for a in shots)
    chosen = odds_lesson_player(game, game.observation(state, game.current_player(state)), rng)
    assert isinstance(chosen, Hold) and chosen.tank == shots[0].tank


def test_the_tanks_lesson_shows_cover_with_its_rule_and_a_damage_card_early_and_short():
    plan = next(p for p in prepared_plans() if p.game == "tanks")
    assert plan.teaches_odds and plan.path == LESSON
    record = workbench.load(LESSON)
    notes = record.notes()
    assert min(notes) <= FIRST_NOTE_BY and len(record.steps) <= LESSON_LENGTH
    game = get_game("tanks")
    actions = [game.action_from_json(step.action) for step in record.steps]
    # Shooting: Cover: "Add one Defence die if the target tank is in Cover."
    covered = next(n for n, note in notes.items() if "+1 Cover" in note)
    assert isinstance(actions[covered - 1], Shoot) and "(Shooting: Cover)" in notes[covered]
    last = len(record.steps)
    assert isinstance(actions[-1], DrawCritical) and " draws " in notes[last]
    assert covered < last and record.options["platoons"] == LESSON_PLATOONS
