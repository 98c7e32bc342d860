"""TANKS' moves as text (``workbench.rules.notation``), in centimetres and degrees clockwise
from north, as the table is measured.

A move names the tank, how far along the Measuring Arrow it ends and the arrow's heading:
``"Panther G1 moves 10 cm at 30°"`` lays the arrow where a ray from the hull's centre at 30°
leaves the hull (as every listed move does) and ends the tank 10 cm along it, facing along
the arrow; ``"... facing 120°"`` where it ends turned square to it, ``"... from (40, 52.5)"``
where the arrow starts elsewhere on the hull. Any placement may be written, not only the
sampled ones ``legal_actions`` lists: the rules decide it. The rest:

=======================================  ====================================================
``deploy Panther G1 (25, 30) 90°``       a tank placed: its centre and facing
``Panther G1 stays``, ``... stops``      no move / no more moves (``EndMoves``)
``Panther G1 shoots Sherman (75mm) A1``  a shot; ``Panther G1 holds fire``
``keep``, ``re-roll``                    the Attack roll kept, re-rolled (``keeping 5``)
``cancel 2 hits``                        this side's cancellations on Hits first
``Panther G1 repairs``                   a repair tried (``... repairs Busted Tracks``: the card)
``objective (45, 20)``                   an Objective token placed: its centre
``attack 1 3 6``, ``defence 2 5``        the dice (chance), sorted; ``attack none``
``draw Busted Tracks``                   a Critical card drawn (chance)
``repair roll 4``, ``set-up roll 3 5``   the other dice (chance)
``place North wood (25, 20)``            a terrain piece (``turned 90°`` where turned)
``be the Attacker``, ``north edge``      the set-up's role and table side
=======================================  ====================================================

>>> from workbench.games.tanks.rules.game import GAME
>>> from workbench.games.tanks.rules.actions import Move
>>> from workbench.rules.notation import notation, parse
>>> from workbench.files import load
>>> given = {"table_setup": "given", "deployment": "quick", "objectives": "quick"}
>>> battle = GAME.start(load(GAME.scenarios()["standard-table"]), given)
>>> move = next(a for a in GAME.legal_actions(battle) if isinstance(a, Move))
>>> notation(GAME, battle, move)
'Panzer IV G1 moves 5 cm at 0°'
>>> parse(GAME, battle, "Panzer IV G1 moves 5 cm at 0°") == move
True
>>> parse(GAME, battle, "Panzer IV G1 moves 5cm at 0") == move     # spacing, ° left out
True
>>> parse(GAME, battle, "Panzer IV G1 moves 7.5 cm at 0°").along   # not sampled, but legal
7.5
"""

from __future__ import annotations

import math
from typing import Any

from workbench.games.tanks.rules.actions import (
    AttackRoll,
    Cancel,
    ChooseEdge,
    ChooseRole,
    DefenceRoll,
    Deploy,
    DrawCritical,
    EndMoves,
    Hold,
    KeepRoll,
    Move,
    PlaceObjective,
    PlaceTerrain,
    Repair,
    RepairRoll,
    Reroll,
    SetUpRoll,
    Shoot,
    Stay,
)
from workbench.games.tanks.rules.movement import arrow_start
from workbench.rules.notation import Notation, register_notation

TANKS = Notation(
    ["Panther G1 moves 10 cm at 30°", "Panther G1 shoots Sherman (75mm) A1", "attack 1 3 6",
     "draw Busted Tracks", "Panther G1 stays"]
)  # fmt: skip
NUMBER = r"-?\d+(?:\.\d+)?"
SPOT = rf"\( ?(?P<x>{NUMBER}) ?, ?(?P<y>{NUMBER}) ?\)"  # "(25, 30)"
DICE = r"(?P<faces>\d+(?:[ ,]+\d+)*|none)"


def _n(value: float) -> str:
    """A length or an angle as written: to a hundredth, no trailing zeros."""
    return f"{round(value, 2) + 0.0:g}"


def _faces(faces: tuple[int, ...]) -> str:
    return " ".join(map(str, faces)) or "none"


def _read_faces(text: str) -> tuple[int, ...]:
    if text.casefold() == "none":
        return ()
    return tuple(int(n) for n in text.replace(",", " ").split())


def _hull(state: Any, tank_id: str) -> Any:
    tanks = getattr(state, "tanks", ())
    return next((t.hull for t in tanks if t.id == tank_id), None)


@TANKS.writes(Move)
def _move(state: Any, move: Move) -> str:
    """How far along the arrow at which heading; the facing where it turns square to the
    arrow, the arrow's start where it is not where the heading's ray leaves the hull."""
    text = f"{move.tank} moves {_n(move.along)} cm at {_n(move.heading)}°"
    if abs((move.facing - move.heading + 180) % 360 - 180) > 1e-9:
        text += f" facing {_n(move.facing)}°"
    hull = _hull(state, move.tank)
    start = arrow_start(hull, move.heading) if hull is not None else None
    if start is None or math.dist(start, (move.x, move.y)) > 1e-6:
        text += f" from ({_n(move.x)}, {_n(move.y)})"
    return text


@TANKS.reads(
    rf"(?P<tank>.+) moves (?P<along>{NUMBER}) ?cm at (?P<heading>{NUMBER}) ?°?"
    rf"(?: facing (?P<facing>{NUMBER}) ?°?)?(?: from {SPOT})?"
)
def _read_move(state: Any, found: dict[str, str]) -> Move:
    heading = float(found["heading"]) % 360.0
    facing = heading if found["facing"] is None else float(found["facing"]) % 360.0
    if found["x"] is not None:
        x, y = float(found["x"]), float(found["y"])
    else:
        x, y = arrow_start(_hull(state, found["tank"]), heading)
    return Move(found["tank"], x, y, heading, float(found["along"]), facing)


@TANKS.writes(Deploy)
def _deploy(state: Any, deploy: Deploy) -> str:
    return f"deploy {deploy.tank} ({_n(deploy.x)}, {_n(deploy.y)}) {_n(deploy.heading)}°"


@TANKS.reads(rf"deploy (?P<tank>.+) {SPOT} (?P<heading>{NUMBER}) ?°?")
def _read_deploy(state: Any, found: dict[str, str]) -> Deploy:
    x, y, heading = (float(found[k]) for k in ("x", "y", "heading"))
    return Deploy(found["tank"], x, y, heading)


@TANKS.writes(PlaceTerrain)
def _place(state: Any, place: PlaceTerrain) -> str:
    turned = f" turned {_n(place.turn)}°" if place.turn else ""
    return f"place {place.piece} ({_n(place.x)}, {_n(place.y)}){turned}"


@TANKS.reads(rf"place (?P<piece>.+) {SPOT}(?: turned (?P<turn>{NUMBER}) ?°?)?")
def _read_place(state: Any, found: dict[str, str]) -> PlaceTerrain:
    turn = float(found["turn"]) if found["turn"] is not None else 0.0
    return PlaceTerrain(found["piece"], float(found["x"]), float(found["y"]), turn)


@TANKS.writes(PlaceObjective)
def _objective(state: Any, place: PlaceObjective) -> str:
    return f"objective ({_n(place.x)}, {_n(place.y)})"


@TANKS.reads(rf"objective {SPOT}")
def _read_objective(state: Any, found: dict[str, str]) -> PlaceObjective:
    return PlaceObjective(float(found["x"]), float(found["y"]))


@TANKS.writes(Repair)
def _repair(state: Any, repair: Repair) -> str:
    return f"{repair.tank} repairs" + (f" {repair.card}" if repair.card else "")


@TANKS.reads(r"(?P<tank>.+?) repairs(?: (?P<card>.+))?")
def _read_repair(state: Any, found: dict[str, str]) -> Repair:
    return Repair(found["tank"], found["card"] or "")


@TANKS.writes(Reroll)
def _reroll(state: Any, reroll: Reroll) -> str:
    return "re-roll" + (f" keeping {_faces(reroll.keep)}" if reroll.keep else "")


@TANKS.reads(r"re-?roll(?: keeping (?P<keep>\d+(?: \d+)*))?")
def _read_reroll(state: Any, found: dict[str, str]) -> Reroll:
    return Reroll(_read_faces(found["keep"]) if found["keep"] else ())


@TANKS.writes(Cancel)
def _cancel(state: Any, cancel: Cancel) -> str:
    return f"cancel {cancel.hits} hit{'' if cancel.hits == 1 else 's'}"


@TANKS.reads(r"cancel (?P<hits>\d+) hits?")
def _read_cancel(state: Any, found: dict[str, str]) -> Cancel:
    return Cancel(int(found["hits"]))


@TANKS.writes(ChooseRole)
def _role(state: Any, choose: ChooseRole) -> str:
    return f"be the {choose.role.capitalize()}"


@TANKS.reads(r"be the (?P<role>attacker|defender)")
def _read_role(state: Any, found: dict[str, str]) -> ChooseRole:
    return ChooseRole(found["role"].casefold())


def _dice(kind: type, field: str, words: str) -> None:
    """Write and read a chance roll of several dice, ``"<words> 1 3 6"``."""
    TANKS.writes(kind)(lambda state, roll: f"{words} {_faces(getattr(roll, field))}")
    TANKS.reads(
        f"{words} {DICE}", lambda state, found: kind(**{field: _read_faces(found["faces"])})
    )


_dice(AttackRoll, "faces", "attack")
_dice(DefenceRoll, "faces", "defence")
_dice(SetUpRoll, "faces", "set-up roll")


for _kind, _template in (
    (Stay, "{tank} stays"),
    (EndMoves, "{tank} stops"),
    (Shoot, "{tank} shoots {target}"),
    (Hold, "{tank} holds fire"),
    (KeepRoll, "keep"),
    (DrawCritical, "draw {card}"),
    (ChooseEdge, "{edge} edge"),
    (RepairRoll, "repair roll {face}"),
):
    TANKS.template(_kind, _template)

register_notation("tanks", TANKS)
