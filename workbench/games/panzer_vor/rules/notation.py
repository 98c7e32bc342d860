"""Panzer Vor!'s moves as text (``workbench.rules.notation``), one notation for the card game,
the practice mode and the National Tournament's two games.

A move names the tank, the hex it stands on and the hex it ends on, and its facing (the
map's compass names, ``NE E SE SW W NW``) only where it changes: ``"Tiger II 0801-0803"``
keeps its facing, ``"Tiger II 0801-0803 SE"`` ends facing south-east, ``"Tiger II 0801 SE"``
turns where it stands; ``"... using Hana Isuzu"`` spends a character's movement bonus. The
rest read as said at the table:

=====================================  ===============================================
``Tiger II fires at T-34/76``          a shot (``Fire``)
``play Aimed Shot 2``                  a card played by its name (``(its choice)`` after)
``Tiger II acts`` / ``stop``           the tank carrying out the card / no more tanks
``react with Quick Shot (M3 Lee)``     a Reaction card (``no reaction``)
``Miho Nishizumi uses aide``           a character's ability (``decline``)
``choose CV33 2``                      one option of a choice, by its label
``deploy Tiger II 0803 SE``            a tank placed at setup (``buy M3 Lee``, ``done buying``)
``roll 3 6`` / ``die 4``               two dice as rolled, one die (chance)
``draw Aimed Shot 2``                  a card drawn (chance; and ``(the stagnation card)``)
``pass``, ``discard Fire``             the rest of the turn's choices
=====================================  ===============================================

The National Tournament adds ``Anzio (revised)``, ``use Decoy`` / ``leave out Decoy``, ``Hana
Isuzu face up``, ``the Duck Team pilots the Type 89``, ``pick Ōarai Girls Academy``, ``draw
Pravda Girls High School`` (chance), ``Pravda Girls High School takes Katyusha``, ``... goes
on``.

>>> from workbench.games.panzer_vor.rules.game import PRACTICE
>>> from workbench.games.panzer_vor.rules.actions import Fire, Move
>>> from workbench.rules.notation import notation, parse
>>> from workbench.files import load
>>> match = PRACTICE.start(load(PRACTICE.scenarios()["test-your-luck"]))
>>> notation(PRACTICE, match, Move("Panzer IV Ausf. D", "0803", 0))
'Panzer IV Ausf. D 0802-0803'
>>> notation(PRACTICE, match, Move("Panzer IV Ausf. D", "0803", 1))
'Panzer IV Ausf. D 0802-0803 E'
>>> parse(PRACTICE, match, "Panzer IV Ausf. D 0802-0803 E")
Move(tank='Panzer IV Ausf. D', to='0803', facing=1, path=(), ability='')
>>> parse(PRACTICE, match, "panzer iv ausf. d fires at t-34/76")
Fire(firer='Panzer IV Ausf. D', target='T-34/76')
"""

from __future__ import annotations

from typing import Any

from workbench.games.panzer_vor.rules.actions import (
    Buy,
    Choose,
    Decline,
    Deploy,
    Die,
    Discard,
    DoneBuying,
    Fire,
    Move,
    NoReaction,
    Pass,
    PlayCard,
    React,
    RemoveSmoke,
    Roll,
    Select,
    Stop,
    TurnTurret,
    UseAbility,
)
from workbench.games.panzer_vor.rules.deck import Draw
from workbench.games.panzer_vor.rules.linked_game import (
    FaceUp,
    NoMoreFaceUp,
    PlayAnzio,
    UseScenarioCard,
)
from workbench.games.panzer_vor.rules.linked_teams import NO_TEAM, AssignTeam
from workbench.games.panzer_vor.rules.tournament import MAJOR, MINOR
from workbench.games.panzer_vor.rules.tournament_game import (
    Advance,
    ChooseSchool,
    DoneTaking,
    DrawCharacter,
    DrawSchool,
    TakeCharacter,
)
from workbench.geometry.hexgrid import direction_names
from workbench.rules.notation import Notation, register_notation

PANZER_VOR = Notation(
    ["Tiger II 0801-0803", "Tiger II 0801-0803 SE", "Tiger II fires at T-34/76",
     "play Aimed Shot 2", "roll 3 6", "draw Aimed Shot 2", "pass"]
)  # fmt: skip
SCHOOLS = frozenset((*MAJOR, *MINOR))
HEX = r"\d{4,}"  # a hex label ("0803")


def _board(state: Any) -> Any:
    """The map and tanks of the match in play (None between the Tournament's matches)."""
    return getattr(state, "board", None)


def _facings(state: Any) -> tuple[str, ...]:
    board = _board(state)
    return board.map.grid.direction_names if board is not None else direction_names("pointy")


def _facing(state: Any, name: str) -> int:
    return [n.casefold() for n in _facings(state)].index(name.casefold())


def _standing(state: Any, tank_id: str) -> tuple[str, int] | None:
    """Where ``tank_id`` stands and its facing, if it is on the map."""
    board = _board(state)
    for tank in () if board is None else board.tanks:
        if tank.id == tank_id and not tank.wreck:
            return board.map.grid.label(tank.hex), tank.facing
    return None


@PANZER_VOR.writes(Move)
def _move(state: Any, move: Move) -> tuple[str, ...]:
    """The tank, its hex and the hex it ends on, the facing where it changes (then the full
    form, and the move without its start: ``Tiger II 0803`` fits every facing)."""
    where = _standing(state, move.tank)
    start, facing = where if where is not None else ("?", None)
    names = _facings(state)
    turn = f" {names[move.facing % 6]}"
    using = f" using {move.ability}" if move.ability else ""
    via = " via " + ", ".join(f"{h} {names[f % 6]}" for h, f in move.path) if move.path else ""
    head = f"{move.tank} {start}-{move.to}"
    short = f"{move.tank} {move.to}" if start == move.to and not move.path else head  # a turn
    text = short + ("" if facing == move.facing else turn) + using + via
    return (text, head + turn + using + via, f"{move.tank} {move.to}{turn}{using}",
            f"{move.tank} {move.to}{using}")  # fmt: skip


@PANZER_VOR.reads(
    rf"(?P<tank>.+?) (?:(?P<start>{HEX})-)?(?P<to>{HEX})(?: (?P<facing>[a-z]{{1,2}}))?"
    r"(?: using (?P<ability>.+))?"
)
def _read_move(state: Any, found: dict[str, str]) -> Move | None:
    where = _standing(state, found["tank"])
    if where is None or found["start"] not in (None, where[0]):
        return None  # no such tank on the map, or not where the text says
    facing = where[1] if found["facing"] is None else _facing(state, found["facing"])
    return Move(found["tank"], found["to"], facing, ability=found["ability"] or "")


@PANZER_VOR.writes(Deploy)
def _deploy(state: Any, deploy: Deploy) -> tuple[str, ...]:
    head = f"deploy {deploy.tank} {deploy.to}"
    return f"{head} {_facings(state)[deploy.facing % 6]}", head


@PANZER_VOR.reads(rf"deploy (?P<tank>.+) (?P<to>{HEX}) (?P<facing>[a-z]{{1,2}})")
def _read_deploy(state: Any, found: dict[str, str]) -> Deploy:
    return Deploy(found["tank"], found["to"], _facing(state, found["facing"]))


@PANZER_VOR.writes(Roll)
def _roll(state: Any, roll: Roll) -> tuple[str, ...]:
    first, second = roll.dice
    return f"roll {first} {second}", f"roll {first} + {second}"


@PANZER_VOR.reads(r"roll (?P<first>\d+) \+? ?(?P<second>\d+)")
def _read_roll(state: Any, found: dict[str, str]) -> Roll:
    return Roll((int(found["first"]), int(found["second"])))


@PANZER_VOR.writes(Draw)
def _draw(state: Any, draw: Draw) -> str:
    return f"draw {draw.card}" + (" (the stagnation card)" if draw.marked else "")


@PANZER_VOR.reads(r"draw (?P<card>.+?)(?P<marked> \(the stagnation card\))?")
def _read_draw(state: Any, found: dict[str, str]) -> Draw | None:
    return None if found["card"] in SCHOOLS else Draw(found["card"], bool(found["marked"]))


@PANZER_VOR.writes(PlayCard)
def _play(state: Any, play: PlayCard) -> str:
    return f"play {play.card}" + (f" ({play.choice})" if play.choice else "")


PANZER_VOR.reads(r"play (?P<card>.+?)(?: \((?P<choice>.+)\))?", PlayCard)


@PANZER_VOR.writes(React)
def _react(state: Any, react: React) -> str:
    return f"react with {react.card}" + (f" ({react.tank})" if react.tank else "")


PANZER_VOR.reads(r"react with (?P<card>.+?)(?: \((?P<tank>.+)\))?", React)


@PANZER_VOR.writes(UseAbility)
def _ability(state: Any, use: UseAbility) -> str:
    what = f" {use.ability}" if use.ability else ""
    return f"{use.character} uses{what}" + (f" ({use.choice})" if use.choice else "")


PANZER_VOR.reads(
    r"(?P<character>.+?) uses(?: (?P<ability>[^(]+?))?(?: \((?P<choice>.+)\))?", UseAbility
)


@PANZER_VOR.writes(TurnTurret)
def _turret(state: Any, turn: TurnTurret) -> str:
    way = "clockwise" if turn.turn > 0 else "anticlockwise"
    return f"{turn.tank} turret {abs(turn.turn)} {way}"


@PANZER_VOR.reads(r"(?P<tank>.+) turret (?P<n>\d+) (?P<way>clockwise|anticlockwise)")
def _read_turret(state: Any, found: dict[str, str]) -> TurnTurret:
    sign = 1 if found["way"].casefold() == "clockwise" else -1
    return TurnTurret(found["tank"], sign * int(found["n"]))


@PANZER_VOR.writes(UseScenarioCard)
def _scenario_card(state: Any, use: UseScenarioCard) -> str:
    return f"{'use' if use.use else 'leave out'} {use.card}"


@PANZER_VOR.reads(r"(?P<how>use|leave out) (?P<card>.+)")
def _read_scenario_card(state: Any, found: dict[str, str]) -> UseScenarioCard:
    return UseScenarioCard(found["card"], found["how"].casefold() == "use")


@PANZER_VOR.writes(AssignTeam)
def _team(state: Any, assign: AssignTeam) -> str:
    if assign.team == NO_TEAM:
        return f"the {assign.tank} goes without a team"
    return f"the {assign.team} pilots the {assign.tank}"


@PANZER_VOR.reads(r"the (?P<tank>.+) goes without a team")
def _read_no_team(state: Any, found: dict[str, str]) -> AssignTeam:
    return AssignTeam(found["tank"], NO_TEAM)


PANZER_VOR.reads(r"the (?P<team>.+?) pilots the (?P<tank>.+)", AssignTeam)


def _school(state: Any, action: Any) -> bool:
    return action.school in SCHOOLS


def _not_a_school(state: Any, action: Any) -> bool:
    return getattr(action, "option", getattr(action, "card", "")) not in SCHOOLS


for _kind, _template, _accept in (
    (Fire, "{firer} fires at {target}", None),
    (Pass, "pass", None),
    (Die, "die {value}", None),
    (Select, "{tank} acts", None),
    (Stop, "stop", None),
    (NoReaction, "no reaction", None),
    (Decline, "decline", None),
    (Choose, "choose {option}", _not_a_school),
    (Discard, "discard {card}", None),
    (Buy, "buy {tank}", None),
    (DoneBuying, "done buying", None),
    (RemoveSmoke, "{tank} removes smoke", None),
    (PlayAnzio, "Anzio ({version})", None),
    (FaceUp, "{member} face up", lambda s, a: a.member != "no more"),
    (NoMoreFaceUp, "no more face up", None),
    (ChooseSchool, "pick {school}", _school),
    (DrawSchool, "draw {school}", _school),
    (Advance, "{school} goes on", None),
    (DoneTaking, "{school} takes no more", None),
    (TakeCharacter, "{school} takes {character}", lambda s, a: a.character != "no more"),
    (DrawCharacter, "{school} draws {character}", None),
):
    PANZER_VOR.template(_kind, _template, _accept)


for _name in ("panzer-vor", "panzer-vor-practice", "panzer-vor-linked", "panzer-vor-tournament"):
    register_notation(_name, PANZER_VOR)
