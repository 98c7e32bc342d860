"""Which of this project's readings a verdict turns on: the action is tried again under each
other value of every reading of the section its rules are in (the options that read what the
rulebook leaves open, not its optional rules, variants or the turn limit); where it would be
refused instead of allowed, or the reverse, or would do something else (other odds, another
capture), the reading in force is named, with what the other value would give. ``explain``
adds these to its verdict.

>>> from workbench.games.panzer_strike.rules.setup import open_board, position, with_dice
>>> corner = position(open_board(), [("F", "Medium", "north", (0, 0), "E"),
...                                  ("X", "Light", "north", (1, 0), "E"),
...                                  ("T", "Light", "south", (2, 2), "W")])
>>> from dataclasses import replace
>>> from workbench.games.panzer_strike.rules.actions import Shoot
>>> [r] = turned_on(replace(corner, phase="shoot"), Shoot("F", "T"))
>>> r.text.split(" (")[0], r.text.split(": with ")[1][:28]
("this turns on the reading trajectory, 'crossed' now", "'met', it would be refused: ")
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from workbench.games.panzer_strike.rules import sections, shooting
from workbench.games.panzer_strike.rules.actions import EndTurn, Move, RollGun, Shoot
from workbench.games.panzer_strike.rules.options import OPTIONS, READINGS
from workbench.games.panzer_strike.rules.state import Match
from workbench.games.panzer_strike.rules.turn import apply
from workbench.rules.core import Action, IllegalAction, Reason
from workbench.rules.options import Option, OptionError


def _said(option: Option, value: Any) -> str:
    if option.kind == "flag":
        return "on" if value else "off"
    return repr(value)


def _result(state: Match, action: Action) -> tuple[Any, ...]:
    """What the action does in ``state``, as far as a reading can change it: refused (and
    why), or allowed, with the odds of a shot or the events' headlines and the outcome."""
    try:
        applied = apply(state, action)
    except IllegalAction as refused:
        return (False, refused.reason.text)
    if isinstance(action, Move):
        return (True,)
    if isinstance(action, Shoot):
        odds = shooting.odds(state, action.firer, action.target)
        return (True, odds.destroy, odds.damage)
    return (True, tuple(e.text for e in applied.events), str(applied.state.ended or ""))


def _consequence(action: Action, now: tuple[Any, ...], then: tuple[Any, ...]) -> str:
    """What the other value gives instead, in words."""
    if now[0] and not then[0]:
        return f"it would be refused: {then[1]}"
    if not now[0]:
        return "it would be allowed"
    if isinstance(action, Shoot):
        text = f"it destroys with {then[1]} ({float(then[1]):.1%})"
        return text + (f", damages with {then[2]} ({float(then[2]):.1%})" if then[2] else "")
    added = [e for e in then[1] if e not in now[1]]
    missing = [e for e in now[1] if e not in then[1]]
    if added:
        return "; ".join(added)
    if missing:
        return "not: " + "; ".join(missing)
    return f"the game ends otherwise: {then[2] or 'it goes on'}"


# the sections whose readings an action's rules read: a move the movement's, a shot and its
# gun dice the shooting's, the end of a turn Capture the Flag's
SECTIONS = {
    Move: sections.MOVEMENT,
    Shoot: sections.SHOOTING,
    RollGun: sections.SHOOTING,
    EndTurn: sections.CAPTURE_THE_FLAG,
}


def turned_on(state: Match, action: Action) -> tuple[Reason, ...]:
    """The readings in force that the verdict on ``action`` turns on, each with what its
    other value would give (see the module): those of the section its rules are in."""
    section = SECTIONS.get(type(action))
    if section is None or not isinstance(state, Match):
        return ()
    now = _result(state, action)
    found = []
    for option in OPTIONS:
        if option.name not in READINGS or option.section != section:
            continue
        value = getattr(state.options, option.name)
        for other in option.choices:
            if other == value:
                continue
            try:
                options = replace(state.options, **{option.name: other})
            except OptionError:  # not with the other options in force
                continue
            then = _result(replace(state, options=options), action)
            if then == now or not (now[0] or then[0]):  # the same, or refused either way
                continue
            text = (
                f"this turns on the reading {option.name}, {_said(option, value)} now "
                f"({option.reading}): with {_said(option, other)}, "
                f"{_consequence(action, now, then)}"
            )
            found.append(Reason(text, option.section))
            break
    return tuple(found)


__all__ = ["turned_on"]
