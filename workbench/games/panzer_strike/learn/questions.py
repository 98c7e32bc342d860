"""Panzer Strike questions, answered by the rules' own functions (``allowance``,
``shooting.odds``) on a shipped scenario's board, the tanks asked about placed by the seed.
Squares are named ``"x,y"`` (column, row from the top left, from 0)."""

from __future__ import annotations

import functools
import math
import random
from dataclasses import replace
from typing import Any

from workbench.errors import ArgumentError
from workbench.games.panzer_strike.boards.scenario import PanzerStrikeScenario
from workbench.games.panzer_strike.rules import sections as S
from workbench.games.panzer_strike.rules import shooting
from workbench.games.panzer_strike.rules.flags import capture_flags, next_to
from workbench.games.panzer_strike.rules.game import GAME as STRIKE
from workbench.games.panzer_strike.rules.movement import allowance
from workbench.games.panzer_strike.rules.state import Match, Tank, Watch
from workbench.geometry.squaregrid import FACING_NAMES, Square
from workbench.learn.kinds import kind, pick_scenario
from workbench.learn.question import Question
from workbench.rules.core import Reason

GAME = "panzer-strike"
BOARDS = ("capture-the-flag", "annihilation", "attack-defence")
TRIES = 400
SHOT_CHOICES = ("cannot shoot", "front", "side", "rear")


def label(square: Square) -> str:
    """A square's name in questions.

    >>> label(Square(3, 12))
    '3,12'
    """
    return f"{square.x},{square.y}"


def square_of(text: str) -> Square:
    """The square a name stands for (``"3,12"``)."""
    x, y = text.split(",")
    return Square(int(x), int(y))


@functools.lru_cache(maxsize=8)
def _opening(name: str) -> Match:
    return STRIKE.start(STRIKE.load_scenario(name))


def _match(rng: random.Random, scenario: Any) -> tuple[str, Match]:
    shipped = STRIKE.scenarios()
    name, chosen = pick_scenario(rng, scenario, BOARDS, (PanzerStrikeScenario,), shipped)
    return name, _opening(chosen) if isinstance(chosen, str) else STRIKE.start(chosen)


def _free(match: Match) -> list[Square]:
    taken = {t.at for t in match.tanks}
    return [s for s in match.board.squares() if not match.blocks_movement(s) and s not in taken]


def _put(match: Match, tank: Tank, at: Square, facing: int) -> Match:
    return match.with_tank(replace(tank, at=at, facing=facing))


def _question(match: Match, **given: Any) -> Question:
    return Question(game=GAME, seed=0, label_of=label, cell_of=square_of, state=match, **given)


@kind(GAME, "steps", "Moving", 1, "how many steps does this tank move with this roll?")
def steps(rng: random.Random, scenario: Any) -> Question:
    name, match = _match(rng, scenario)
    tank = rng.choice([t for t in match.tanks if t.active])
    large = rng.randint(1, 6)
    kind_ = match.kind(tank)
    answer = allowance(match, tank, large)
    reasons = (
        Reason(f"a {tank.kind} tank's speed is \"{kind_.speed}\": {large} gives {answer} "
               f"steps (value: {kind_.source('speed')})", S.TABLE_A),
        Reason("each step is one square forward, one square back, or a 45° turn", S.MOVEMENT),
    )  # fmt: skip
    return _question(
        match, kind="steps", scenario=name, chapter="Moving", level=1,
        prompt=(f"{tank.id}, a {tank.kind} tank, gets a die showing the large number {large}. "
                "How many steps may it move?"),
        shape="number", answer=answer, reasons=reasons, marks=((label(tank.at), "tank"),),
        facts={"tank": tank.id, "large": large},
    )  # fmt: skip


def _duel(rng: random.Random, scenario: Any, fit: Any) -> tuple[str, Match, Tank, Tank, bool]:
    """A firer and an enemy placed by the seed (the firer has moved this turn or not) so
    that ``fit(match, firer, target)`` holds."""
    name, match = _match(rng, scenario)
    tanks = [t for t in match.tanks if t.active]
    firer = rng.choice(tanks)
    target = rng.choice([t for t in tanks if t.side != firer.side])
    spots = _free(match)
    trial = match
    for attempt in range(TRIES):
        moved = rng.random() < 0.4
        a, b = rng.sample(spots, 2)
        if math.dist((a.x, a.y), (b.x, b.y)) > 9:
            continue
        trial = _put(_put(match, firer, a, rng.randrange(8)), target, b, rng.randrange(8))
        trial = replace(trial, moved=(firer.id,) if moved else ())
        if fit(trial, firer.id, target.id) or attempt == TRIES - 1:
            break
    return name, trial, trial.tank(firer.id), trial.tank(target.id), firer.id in trial.moved


def _shot_prompt(firer: Tank, target: Tank, moved: bool) -> str:
    has = "has moved this turn" if moved else "has not moved this turn"
    return (
        f"{firer.id} at {label(firer.at)} facing {FACING_NAMES[firer.facing]} {has}; "
        f"{target.id} is at {label(target.at)} facing {FACING_NAMES[target.facing]}."
    )


@kind(GAME, "shot", "Firing", 2, "can it shoot that tank, and which side does the shell hit?")
def shot(rng: random.Random, scenario: Any) -> Question:
    wanted = rng.choice(SHOT_CHOICES)

    def answer_of(match: Match, f: str, t: str) -> str:
        odds = shooting.odds(match, f, t)
        return odds.zone if odds.can_shoot else "cannot shoot"

    def fit(match: Match, f: str, t: str) -> bool:
        return answer_of(match, f, t) == wanted

    name, match, firer, target, moved = _duel(rng, scenario, fit)
    odds = shooting.odds(match, firer.id, target.id)
    return _question(
        match, kind="shot", scenario=name, chapter="Firing", level=2,
        prompt=(_shot_prompt(firer, target, moved) + f" Can {firer.id} shoot {target.id}, and "
                "if so which armour does the shell hit?"),
        shape="choice", choices=SHOT_CHOICES, answer=answer_of(match, firer.id, target.id),
        reasons=odds.reasons, detail=odds,
        marks=((label(firer.at), "firer"), (label(target.at), "target")),
        facts={"firer": firer.id, "target": target.id},
    )  # fmt: skip


def least_destroying_total(match: Match, needed: float) -> int:
    """The least whole total of the gun dice that destroys: at least ``needed``, or above it
    when damage is played (Rules: Damage, an option)."""
    if match.options.damage:
        return math.floor(needed + 1e-9) + 1
    return math.ceil(needed - 1e-9)


@kind(GAME, "destroy", "Firing", 3, "what does it need to destroy it?")
def destroy(rng: random.Random, scenario: Any) -> Question:
    def fit(match: Match, f: str, t: str) -> bool:
        return shooting.odds(match, f, t).can_shoot

    name, match, firer, target, moved = _duel(rng, scenario, fit)
    odds = shooting.odds(match, firer.id, target.id)
    answer = least_destroying_total(match, odds.needed)
    reasons = (
        *odds.reasons,
        Reason(f"the gun dice must total {answer} or more: destroy {odds.destroy} "
               f"({float(odds.destroy):.1%})", S.SHOOTING),
    )  # fmt: skip
    return _question(
        match, kind="destroy", scenario=name, chapter="Firing", level=3,
        prompt=(_shot_prompt(firer, target, moved) + f" What total of {firer.id}'s gun dice "
                f"(small numbers) destroys {target.id}?"),
        shape="number", answer=answer, reasons=reasons, detail=odds,
        marks=((label(firer.at), "firer"), (label(target.at), "target")),
        facts={"firer": firer.id, "target": target.id},
    )  # fmt: skip


# --- Flags -----------------------------------------------------------------------------------

FLAG_STORIES = ("stood still", "moved again", "just arrived", "moved away")


@kind(GAME, "flag", "Flags", 2, "who holds the flag after this move?")
def flag(rng: random.Random, scenario: Any) -> Question:
    """A tank near an enemy flag at the end of its side's turn; the seed picks its story: it
    came next to the flag a turn ago and stood still (half the seeds: it captures), moved on
    along the flag, only just arrived, or moved away."""
    story = "stood still" if rng.random() < 0.5 else rng.choice(FLAG_STORIES[1:])
    name, match = _match(rng, "capture-the-flag" if scenario is None else scenario)
    flags = sorted(match.board.flags.items())
    if not flags:
        raise ArgumentError("scenario", name, "a Capture the Flag scenario (with flags)")
    spot, owner = rng.choice(flags)
    tank = rng.choice([t for t in match.tanks if t.side != owner and t.active])
    free = set(_free(match))
    around = [s for s in free if next_to(match, s, spot)]
    away = [s for s in free if 2 <= max(abs(s.x - spot.x), abs(s.y - spot.y)) <= 3]
    at = rng.choice(away if story == "moved away" else around)
    turn = 3 + match.order.index(tank.side) + 2 * rng.randrange(3)  # its side's turn, not first
    since = turn if story == "just arrived" else turn - 2
    moved = () if story == "stood still" else (tank.id,)
    match = replace(
        _put(match, tank, at, rng.randrange(8)), turn=turn, phase="shoot", moved=moved,
        watches=(Watch(tank.id, spot, since),) if story != "moved away" else (),
    )  # fmt: skip
    after, _, _, events = capture_flags(match)
    taken = spot not in after.flags
    choices = (f"{owner} still holds it", f"{tank.id} captures it")
    did = {
        "stood still": f"came next to it in its side's turn {since} and stood still this turn",
        "moved again": f"came next to it in its side's turn {since} and moved this turn, to "
        "another square next to it",
        "just arrived": "came next to it this turn",
        "moved away": "was next to it and moved away this turn",
    }[story]
    reasons = (
        Reason("a tank must come to a square next to the flag, survive the following "
               "opponent's turn and stand still on that square one more turn",
               S.CAPTURE_THE_FLAG),
        *(r for e in events for r in (Reason(e.text, S.CAPTURE_THE_FLAG), *e.reasons)),
    )  # fmt: skip
    return _question(
        match, kind="flag", scenario=name, chapter="Flags", level=2,
        prompt=(f"It is the end of {tank.side}'s turn {turn}. {tank.id} stands at {label(at)}, "
                f"{owner}'s flag at {label(spot)}; {tank.id} {did}. Who holds "
                "the flag now?"),
        shape="choice", choices=choices, answer=choices[taken], reasons=reasons,
        marks=((label(at), "tank"), (label(spot), "target")),
        facts={"tank": tank.id, "flag": label(spot), "since": since, "story": story},
    )  # fmt: skip
