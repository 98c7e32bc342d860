"""Make the prepared games under ``maps/<game>/games/`` (run from the repository root):

    python tools/prepared_games.py           # write them
    python tools/prepared_games.py --check   # exit 1 if a shipped file differs

Each game is a plan of actions played through the rules; the dice are rolled as the stepper
rolls them (``random.Random(f"{seed}/{step}")``, so a teacher replaying with the same seed
sees the same dice) and the seed is the first that tells the story the plan wants (a miss,
a hit that glances off, a hit that destroys). The notes are the stops a teacher would make.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from workbench.boards.record import Record, RecordStep  # noqa: E402
from workbench.files import load, to_document  # noqa: E402
from workbench.games import get_game, names  # noqa: E402
from workbench.rules.core import CHANCE, TERMINAL, Event, Game  # noqa: E402
from workbench.rules.panzer_strike.bots import flag_seeker  # noqa: E402
from workbench.rules.play import sample_chance  # noqa: E402

Plan = list[tuple[Any, Callable[[list[Event]], bool], tuple[str, ...]]]


def play_plan(game: Game, scenario: Any, plan: Plan, seed: int) -> list[tuple[Any, str]] | None:
    """The steps (action, note) of a plan with the dice of ``seed``; None when a roll does
    not tell the plan's story. A plan entry is (action, wanted, note): ``wanted`` judges the
    events of the action and the rolls after it; the notes go on the action and its rolls."""
    state = game.start(scenario, {})
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
            roll = sample_chance(
                game.chance_outcomes(state), random.Random(f"{seed}/{len(steps) + 1}")
            )
            applied = game.apply(state, roll)
            state, events = applied.state, [*events, *applied.events]
            steps.append((roll, note))
        if not wanted(events):
            return None
    return steps


def said(*words: str) -> Callable[[list[Event]], bool]:
    return lambda events: all(any(w in e.text for e in events) for w in words)


def anything(events: list[Event]) -> bool:
    return True


def first_shot() -> tuple[Path, Record] | None:
    """Panzer Vor!'s practice game on Test Your Luck!: moves, shots, the dice, and an end."""
    from workbench.rules.panzer_vor.actions import Fire, Move

    game = get_game("panzer-vor-practice")
    path = ROOT / "maps/panzer-vor/scenarios/test-your-luck.json"
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
    for seed in range(10_000):
        steps = play_plan(game, scenario, plan, seed)
        if steps is not None:
            break
    else:
        raise SystemExit("no seed tells this story")
    record = Record(
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
    return ROOT / "maps/panzer-vor/games/first-shots.json", record


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
    by the line of the events that matched (the rules' own words, with their section). Only the game
    protocol is used; ``chooser`` picks the side's action, chance is rolled as the stepper
    rolls it (``random.Random(f"{seed}/{step}")``)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.start(scenario, options or {})
        steps: list[tuple[Any, str]] = []
        wanted = 0
        for _ in range(max_steps):
            who = game.current_player(state)
            if who == TERMINAL:
                break
            if who == CHANCE:
                step_rng = random.Random(f"{seed}/{len(steps) + 1}")
                action = sample_chance(game.chance_outcomes(state), step_rng)
            else:
                action = chooser(game, game.observation(state, who), rng)
            applied = game.apply(state, action)
            state, note = applied.state, ""
            words, said = story[wanted]
            lines = [line.strip() for event in applied.events for line in event.lines()]
            matched = next((line for line in lines if words in line.lower()), None)
            if matched is not None:
                note, wanted = f"{said} {matched}", wanted + 1
            steps.append((action, note))
            if wanted == len(story):
                return seed, steps
    return None


def record_of_playout(
    game: Game, scenario_name: str, found: tuple[int, list[tuple[Any, str]]], **text: str
) -> Record:
    seed, steps = found
    path = Path(game.scenarios()[scenario_name])
    return Record(
        game=game.name,
        scenario=load(path),
        steps=tuple(RecordStep(a.to_json(), note) for a, note in steps),
        seed=seed,
        scenario_path=path,
        **text,
    )


def flag_capture() -> tuple[Path, Record] | None:
    """Panzer Strike, Capture the Flag: a kill, a tank beside a flag, the flag captured."""
    if "panzer-strike" not in names():
        return None
    game = get_game("panzer-strike")
    scenario = load(game.scenarios()["capture-the-flag"])
    story = [
        ("is destroyed", "A kill:"),
        ("s flag at (", "A tank beside an enemy flag:"),
        ("captures", "The flag is captured:"),
    ]
    found = from_playouts(game, scenario, flag_seeker, story)
    if found is None:
        raise SystemExit("no seed captures a flag")
    record = record_of_playout(
        game,
        "capture-the-flag",
        found,
        title="Capture the Flag: a kill and a flag taken",
        description=(
            "Played by a test chooser that shoots when it may and drives at the enemy flags "
            "(not the rulebook's, nor a fair player), cut after the capture."
        ),
    )
    return ROOT / "maps/panzer-strike/games/flag-capture.json", record


def cover_and_critical() -> tuple[Path, Record] | None:
    """TANKS on the standard table: a shot at a tank in cover, then a Critical Hit's card."""
    if "tanks" not in names():
        return None
    from workbench.rules.play import random_player

    game = get_game("tanks")
    scenario = load(game.scenarios()["standard-table"])
    story = [
        ("cover", "A shot at a tank in cover:"),
        (" draws ", "A Critical Hit draws a Damage card:"),
    ]
    found = from_playouts(game, scenario, random_player, story)
    if found is None:
        raise SystemExit("no seed shows cover and a critical")
    record = record_of_playout(
        game,
        "standard-table",
        found,
        title="Cover and a Critical Hit",
        description=(
            "Played by the labelled random legal players (not the rulebook's), cut after the "
            "first Damage card drawn."
        ),
    )
    return ROOT / "maps/tanks/games/cover-and-critical.json", record


CARDS_QUICK = {"setup": "quick"}  # the card game, tanks placed the quick way


def stagnation_playout(
    game: Game, scenario: Any, seed: int, chooser: Callable[[Game, Any, random.Random], Any]
) -> tuple[list[tuple[Any, list[Event]]], Any]:
    """One seeded playout of the card game: ``chooser`` (rng ``random.Random(seed)``) picks
    both sides' actions, chance is rolled as the stepper rolls it
    (``random.Random(f"{seed}/{step}")``). Returns each step's action and events, and the end."""
    rng = random.Random(seed)
    state = game.start(scenario, CARDS_QUICK)
    steps: list[tuple[Any, list[Event]]] = []
    for _ in range(1500):
        who = game.current_player(state)
        if who == TERMINAL:
            break
        if who == CHANCE:
            action = sample_chance(
                game.chance_outcomes(state), random.Random(f"{seed}/{len(steps) + 1}")
            )
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
    from workbench.rules.panzer_vor.sections import ENFORCEMENT, STAGNANT

    notes = []
    shots = enforcement = 0
    for _, events in steps:
        said: list[str] = []
        for event in events:
            text = event.text
            sections = {r.section for r in event.reasons}
            if " reacts with " in text:
                said.append(
                    f"A reaction: {text}, out of turn, answering the opponent's action "
                    "(Reactions); only one Reaction card answers one action."
                )
            elif " draws " in text and ENFORCEMENT in sections:
                enforcement += 1
                if enforcement <= 4:
                    said.append(f"Enforcement card {enforcement} of 4: {text} (Enforcement Cards).")
            elif "goes back into the deck" in text:
                said.append(
                    f"Then {text}. The match is stagnant: the next draw of this very card ends "
                    f"it on the points each side destroyed ({STAGNANT})."
                )
            elif "again: the match is stagnant" in text:
                said.append(
                    f"{text}. Both sides destroyed the same points, so the match is a draw "
                    f"({STAGNANT})."
                )
            elif " fires at " in text and shots < 3:
                shots += 1
                firing, _, odds = text.partition(": ")
                said.append(
                    f"A shot: {firing}. Its odds are known before any die: {odds}. Click the "
                    "target once the firer is declared, to see them before committing."
                )
        notes.append(" ".join(said))
    return notes


def stagnation_draw() -> tuple[Path, Record] | None:
    """Panzer Vor! card game on the Mock Battle: a reaction, a few shots, four Enforcement
    cards, and the fourth drawn again: a stagnant match, drawn on equal points. The first
    seed whose playout by the random legal players tells that story."""
    from workbench.rules.play import random_player

    game = get_game("panzer-vor")
    path = ROOT / "maps/panzer-vor/scenarios/mock-battle.json"
    scenario = load(path)
    for seed in range(500):
        steps, end = stagnation_playout(game, scenario, seed, random_player)
        if tells_the_stagnation_story(game, steps, end):
            break
    else:
        raise SystemExit("no seed ends the Mock Battle in a stagnant draw with a reaction")
    notes = stagnation_notes(steps)
    record = Record(
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
    return ROOT / "maps/panzer-vor/games/stagnant-draw.json", record


PREPARED = (first_shot, stagnation_draw, flag_capture, cover_and_critical)


def text_of(record: Record, target: Path) -> str:
    return json.dumps(to_document(record, target), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    stale = []
    for make in PREPARED:
        made = make()
        if made is None:  # that game is not registered (its rules are not built yet)
            continue
        target, record = made
        text = text_of(record, target)
        if "--check" in argv:
            if not target.is_file() or target.read_text(encoding="utf-8") != text:
                stale.append(target)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            print(f"wrote {target.relative_to(ROOT)}: {len(record.steps)} steps")
    for target in stale:
        print(f"{target.relative_to(ROOT)} differs from what this script makes", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
