"""Panzer Vor!'s prepared games (``maps/panzer-vor/games/``), each made by its plan
(:mod:`workbench.rules.prepared`): first shots in the practice game (``"panzer-vor-practice"``,
its record kept beside the card game's), and a stagnant draw in the card game."""

from __future__ import annotations

from typing import Any

from workbench.boards.record import Record, RecordStep
from workbench.files import load
from workbench.games import get_game
from workbench.games.panzer_vor.rules.actions import Fire, Move
from workbench.games.panzer_vor.rules.sections import ENFORCEMENT, STAGNANT
from workbench.paths import MAPS
from workbench.rules.core import CHANCE, TERMINAL, Event, Game
from workbench.rules.play import random_player, sample_chance
from workbench.rules.prepared import Plan, anything, play_plan, prepared, said
from workbench.rules.seeding import step_rng

CARDS_QUICK = {"setup": "quick"}  # the card game, tanks placed the quick way


def _game(name: str = "panzer-vor") -> Game:
    return get_game(name)


@prepared("panzer-vor", "first-shots")  # beside the card game's; its record names practice
def first_shot(first_seed: int = 0) -> Record:
    """The practice game on Test Your Luck!: moves, shots, the dice, and an end."""
    game = _game("panzer-vor-practice")
    path = MAPS / "panzer-vor/scenarios/test-your-luck.json"
    scenario = load(path)
    panzer, t34, matilda = "Panzer IV Ausf. D", "T-34/76", "Matilda II"
    plan: Plan = [
        (
            Move(panzer, "0805", 0),
            anything,
            (
                "A move: click the Panzer IV to shade its reach (3 MP), then a hex; one 60° "
                "turn before or after the move comes free (Moving: Turning).",
            ),
        ),
        (
            Fire(t34, panzer),
            said("miss"),
            (
                "A shot: before the dice, clicking the enemy shows the exact odds (hit, and "
                "destroy). Nothing is rolled yet.",
                "The attack roll: two dice must reach the distance in hexes; this one misses "
                "(Firing: Attack Roll).",
            ),
        ),
        (
            Fire(panzer, t34),
            said("hit", "no effect"),
            (
                "",
                "A hit: the attack roll reached the distance.",
                "The damage roll: two dice plus the gun's firepower must reach the armour of "
                "the arc hit; this one falls short, so the hit glances off (Firing: Damage Roll).",
            ),
        ),
        (Move(matilda, "0617", 4), anything, ("The slow Matilda II: 2 MP only.",)),
        (Fire(panzer, t34), said("miss"), ()),
        (
            Fire(t34, panzer),
            said("destroyed"),
            (
                "",
                "",
                "The end: a hit, then a damage roll over the Panzer IV's armour. Every tank "
                "of Ōarai is destroyed: an annihilation (Ending the Game).",
            ),
        ),
    ]
    for seed in range(first_seed, first_seed + 10_000):
        steps = play_plan(game, scenario, plan, seed)
        if steps is not None:
            break
    else:
        raise SystemExit("no seed tells this story")
    return Record(
        game=game.name,
        scenario=scenario,
        steps=tuple(RecordStep(a.to_json(), note) for a, note in steps),
        options={},
        seed=seed,
        title="First shots: Test Your Luck! in practice mode",
        description=(
            "Panzer Vor! practice mode (one action a turn; not the rulebook's card-driven turn): "
            "a move, a miss, a hit that glances off, and a hit that destroys."
        ),
        players={"Ōarai": "a learner", "Other": "the teacher"},
        scenario_path=path,
    )


def stagnation_playout(
    game: Game, scenario: Any, seed: int, chooser: Any
) -> tuple[list[tuple[Any, list[Event]]], Any]:
    """One seeded playout of the card game: ``chooser`` picks both sides' actions and chance
    is rolled as the stepper does (``seeding.step_rng(seed, step)``). Returns each step's
    action and events, and the end."""
    state = game.start(scenario, CARDS_QUICK)
    steps: list[tuple[Any, list[Event]]] = []
    for _ in range(1500):
        who = game.current_player(state)
        if who == TERMINAL:
            break
        rng = step_rng(seed, len(steps) + 1)
        if who == CHANCE:
            action = sample_chance(game.chance_outcomes(state), rng)
        else:
            action = chooser(game, game.observation(state, who), rng)
        applied = game.apply(state, action)
        state = applied.state
        steps.append((action, list(applied.events)))
    return steps, state


def tells_the_stagnation_story(game: Game, steps: list[tuple[Any, list[Event]]], end: Any) -> bool:
    """A reaction, at least three shots, and a stagnant match drawn on equal points."""
    texts = [e.text for _, events in steps for e in events]
    outcome = game.outcome(end)
    return (
        outcome is not None
        and outcome.termination.name == "STAGNANT_DRAW"
        and outcome.winner is None
        and any(" reacts with " in t for t in texts)
        and sum(" fires at " in t for t in texts) >= 3
    )


def stagnation_notes(steps: list[tuple[Any, list[Event]]]) -> list[str]:
    """The stops a teacher makes: the first three shots (their odds), the reactions, each
    Enforcement card drawn up to the fourth (which goes back into the deck), the final draw."""
    notes = []
    shots = enforcement = 0
    for _, events in steps:
        told: list[str] = []
        for event in events:
            text = event.text
            sections = {r.section for r in event.reasons}
            if " reacts with " in text:
                told.append(
                    f"A reaction: {text}, out of turn, answering the opponent's action "
                    "(Reactions); only one Reaction card answers one action."
                )
            elif " draws " in text and ENFORCEMENT in sections:
                enforcement += 1
                if enforcement <= 4:
                    told.append(f"Enforcement card {enforcement} of 4: {text} (Enforcement Cards).")
            elif "goes back into the deck" in text:
                told.append(
                    f"Then {text}. The match is stagnant: the next draw of this very card ends "
                    f"it on the points each side destroyed ({STAGNANT})."
                )
            elif "again: the match is stagnant" in text:
                told.append(
                    f"{text}. Both sides destroyed the same points, so the match is a draw "
                    f"({STAGNANT})."
                )
            elif " fires at " in text and shots < 3:
                shots += 1
                firing, _, odds = text.partition(": ")
                told.append(
                    f"A shot: {firing}. Its odds are known before any die: {odds}. Click the "
                    "target once the firer is declared, to see them before committing."
                )
        notes.append(" ".join(told))
    return notes


# its story is the stagnant end, not odds: random players' shots, some with no chance, stay
# (its shot at step 89 is noted for the odds shown before the dice, 38% to destroy)
@prepared("panzer-vor", "stagnant-draw", teaches_odds=False)
def stagnation_draw(first_seed: int = 0) -> Record:
    """The card game on the Mock Battle: a reaction, a few shots, four Enforcement cards, and
    the fourth drawn again: a stagnant match, drawn on equal points. The first seed (from
    ``first_seed`` on) whose playout by the random legal players tells that story.

    Not a lesson on odds (``teaches_odds=False``): its story is the Enforcement cards and the
    stagnant end, not the shots, so the random players' shots stay as they were played, some
    with no chance at all to destroy."""
    game = _game()
    path = MAPS / "panzer-vor/scenarios/mock-battle.json"
    scenario = load(path)
    for seed in range(first_seed, first_seed + 500):
        steps, end = stagnation_playout(game, scenario, seed, random_player)
        if tells_the_stagnation_story(game, steps, end):
            break
    else:
        raise SystemExit("no seed ends the Mock Battle in a stagnant draw with a reaction")
    notes = stagnation_notes(steps)
    return Record(
        game=game.name,
        scenario=scenario,
        steps=tuple(
            RecordStep(a.to_json(), note) for (a, _), note in zip(steps, notes, strict=True)
        ),
        options=CARDS_QUICK,
        seed=seed,
        title="A reaction and a stagnant draw: the Mock Battle with the cards",
        description=(
            "The Panzer Vor! card game (Sequence of Play), both sides played by the labelled "
            "random legal player (not the rulebook's): a reaction, shots with their odds, and "
            "the fourth Enforcement card drawn again, ending a stagnant match drawn on equal "
            "points."
        ),
        players={"Team A": "random legal player", "Team B": "random legal player"},
        scenario_path=path,
    )
