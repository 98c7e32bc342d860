"""A game as a page: every step of a record, as the stepper shows it, written out for a page
to step through with no Python behind it.

For each step: the board (the game's view draws it: :func:`workbench.widgets.views.view_for`,
the same picture, theme and side colours as the app's), whose turn it is, the view's status
lines, what the step did with the events' reasons and their rulebook sections, the teacher's
note, the card the step drew or played and the dice it rolled, the hand shown, and before a
roll its odds: the declared shot's chance with the rules' reasons (the game's ``odds``) and
what the roll can do, each with its exact chance. Nothing here decides a rule: every line is
the rules' or the view's own.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

from workbench.boards.record import Record
from workbench.errors import ArgumentError, WorkbenchError
from workbench.export.fitting import fitted
from workbench.export.pictures import PictureStore, inline_svg
from workbench.files import load
from workbench.games import get_game
from workbench.render.dice import dice_of, dice_svg
from workbench.rules.core import CHANCE, TERMINAL, Event, Game, IllegalAction, Reason
from workbench.rules.prepared import destroy_chance
from workbench.widgets.views import GameView, view_for

DIE_PX = 36.0  # a die's side, as the stepper's panel draws it
MOST_OUTCOMES_APPLIED = 400  # a roll with more outcomes lists them without what each does
MOST_OUTCOMES_SHOWN = 8  # the likeliest results shown; the rest are counted


def record_from(source: Any) -> Record:
    """A record as it is, or read from a record file (ArgumentError for anything else)."""
    if isinstance(source, Record):
        return source
    if not isinstance(source, str | Path):
        raise ArgumentError("source", source, "a Record or the path of a record file")
    loaded = load(source)
    if not isinstance(loaded, Record):
        raise ArgumentError("source", str(source), f"a record file, not a {type(loaded).__name__}")
    return loaded


class Faces:
    """HTML and SVG made by the render layer (card faces, dice), each stored once."""

    def __init__(self) -> None:
        self._index: dict[str, int] = {}

    def add(self, html: str) -> int:
        return self._index.setdefault(html, len(self._index))

    def data(self) -> list[str]:
        return list(self._index)


class Replayed:
    """A record's states and each step's events, rebuilt by the rules."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.game: Game = get_game(record.game)
        state = self.game.start(record.scenario, record.options)
        self.states: list[Any] = [state]
        self.events: list[tuple[Event, ...]] = [()]
        self.actions: list[Any] = [None]
        for number, step in enumerate(record.steps, 1):
            action = self.game.action_from_json(step.action)
            try:
                applied = self.game.apply(state, action)
            except IllegalAction as refused:
                said = f"step {number} of the record ({action}) is refused: {refused.reason.text}"
                raise IllegalAction(Reason(said, refused.section)) from None
            state = applied.state
            self.states.append(state)
            self.events.append(applied.events)
            self.actions.append(action)

    def who(self, step: int) -> Any:
        """Who chose step ``step`` (1-based): a side or CHANCE."""
        return self.game.current_player(self.states[step - 1])


def reasons(items: Any) -> list[list[str]]:
    """Reasons as ``[text, section]`` pairs (the section shown beside the text)."""
    return [[r.text, r.section] for r in items]


def step_line(replayed: Replayed, step: int) -> str:
    """The log's line for a step: its number, who chose it, the action and what it caused."""
    if step == 0:
        return "0. start"
    action = replayed.actions[step]
    who = replayed.who(step)
    chooser = ("dice" if dice_of(action) else "chance") if who == CHANCE else str(who)
    said = str(action)
    caused = [e.text.removeprefix(said).lstrip(": ") for e in replayed.events[step]]
    caused = [text for text in caused if text]
    return f"{step}. {chooser}: {said}" + (" → " + "; ".join(caused) if caused else "")


def turn_line(game: Game, state: Any) -> tuple[str, list[str]]:
    """Whose turn it is (or the game's end, with the outcome's lines)."""
    who = game.current_player(state)
    outcome = game.outcome(state)
    if who == TERMINAL and outcome is not None:
        lines = outcome.lines()
        return "Game over: " + lines[0], lines[1:]
    if who == CHANCE:
        return "The dice decide next", []
    return f"{who} to act", []


def roll_odds(replayed: Replayed, step: int) -> dict[str, Any] | None:
    """Before the roll at ``step`` (its state waits for chance): the shot declared before it,
    with its chance to destroy and the rules' reasons, and what the roll can do, each result
    with its exact chance. None where no roll comes next."""
    game, state = replayed.game, replayed.states[step]
    outcomes = game.chance_outcomes(state)
    if game.current_player(state) != CHANCE or not outcomes:
        return None
    found: dict[str, Any] = {"results": results_of(game, state, outcomes)}
    found["count"] = len(outcomes)
    shot = declared_shot(replayed, step)
    if shot is not None:
        found["shot"] = shot
    return found


def results_of(game: Game, state: Any, outcomes: list[tuple[Any, Fraction]]) -> list[list[str]]:
    """Each result a roll can have and its exact chance, likeliest first: outcomes whose
    first event says the same after its colon (``"… = 3: needs 4+, miss"``) are one result,
    in the rules' words; an outcome whose event says nothing more is a result of its own."""
    chances: dict[str, Fraction] = defaultdict(Fraction)
    for action, chance in outcomes:
        said = str(action)
        if len(outcomes) <= MOST_OUTCOMES_APPLIED:
            try:
                events = game.apply(state, action).events
            except WorkbenchError:
                events = ()
            head = events[0].text if events else ""
            if ": " in head:
                said = head.split(": ", 1)[1]
        chances[said] += Fraction(chance)
    ranked = sorted(chances.items(), key=lambda item: (-item[1], item[0]))
    shown = [[said, _fraction(p), f"{float(p):.0%}"] for said, p in ranked[:MOST_OUTCOMES_SHOWN]]
    rest = ranked[MOST_OUTCOMES_SHOWN:]
    if rest:
        left = sum((p for _, p in rest), Fraction(0))
        shown.append([f"{len(rest)} other results", _fraction(left), f"{float(left):.0%}"])
    return shown


def _fraction(chance: Fraction) -> str:
    return f"{chance.numerator}/{chance.denominator}" if chance.denominator != 1 else "1"


def declared_shot(replayed: Replayed, step: int) -> dict[str, Any] | None:
    """The shot the last step a side chose (up to ``step``) declared, if it is one: its
    chance to destroy and the rules' lines (:func:`workbench.rules.prepared.destroy_chance`)."""
    game = replayed.game
    chosen = step
    while chosen > 0 and replayed.who(chosen) == CHANCE:
        chosen -= 1
    if chosen == 0:
        return None
    before, action = replayed.states[chosen - 1], replayed.actions[chosen]
    try:
        destroy = destroy_chance(game, before, action)
        attacker = getattr(action, "firer", None) or getattr(action, "tank", None)
        if destroy is None or attacker is None:
            return None
        lines = game.odds(before, attacker, action.target).lines()
    except WorkbenchError:  # a game whose odds do not read this state
        return None
    return {"destroy": _fraction(destroy), "percent": f"{float(destroy):.0%}", "lines": lines}


def step_data(
    replayed: Replayed, view: GameView, step: int, picture: int, faces: Faces
) -> dict[str, Any]:
    """What the page shows at ``step`` (see the module)."""
    game, state = replayed.game, replayed.states[step]
    who, outcome = turn_line(game, state)
    out: dict[str, Any] = {"p": picture, "who": who, "status": list(view.status(game, state))}
    if outcome:
        out["outcome"] = outcome
    if step:
        out["did"] = step_line(replayed, step)
        note = replayed.record.steps[step - 1].note
        if note:
            out["note"] = note
        out["events"] = [[e.text, reasons(e.reasons)] for e in replayed.events[step]]
        before, action = replayed.states[step - 1], replayed.actions[step]
        out["cards"] = [faces.add(face) for face in view.card_faces(game, before, action)]
        rolled = dice_of(action)
        if rolled:
            out["dice"] = faces.add(inline_svg(dice_svg(rolled, size=DIE_PX)))
    odds = roll_odds(replayed, step)
    if odds is not None:
        out["odds"] = odds
    side, cards = view.hand(game, state)
    if side:
        out["hand"] = [side, [[faces.add(c.face), c.playable] for c in cards]]
    return out


def game_data(source: Any, *, theme: Any = "projector") -> tuple[dict[str, Any], PictureStore]:
    """A record (or record file) as the game page's data and its pictures."""
    record = record_from(source)
    replayed = Replayed(record)
    game, view = replayed.game, view_for(record.game)
    first = replayed.states[0]
    size, chosen = fitted(lambda s, t: view.scene(first, size=s, theme=t), theme)
    store, faces = PictureStore(), Faces()
    steps = []
    for number, state in enumerate(replayed.states):
        scene = view.scene(state, size=size, theme=chosen)
        shown = view.highlight(game, state, scene)
        picture = store.add(scene if shown is None else shown)
        steps.append(step_data(replayed, view, number, picture, faces))
    scenario = getattr(record.scenario, "name", "") or ""
    data = {
        "kind": "game",
        "title": record.title or f"{game.title}: {scenario}".rstrip(": "),
        "game": game.title,
        "scenario": scenario,
        "description": record.description,
        "players": [[side, who] for side, who in record.players.items()],
        "seed": record.seed,
        "steps": steps,
        "faces": faces.data(),
    }
    return data, store


__all__ = ["game_data", "record_from", "step_line"]
