"""What a tank declared for an Action card may do: every move it may end (with the card's
MP bonus, a move "as if it had N movement points", a character's movement ability) and the
enemies it may fire at. Kept on the match and the board (``memo``): the turn asks often."""

from __future__ import annotations

from collections.abc import Mapping

from workbench.boards.hexmap import HexMap
from workbench.games.panzer_vor.rules import hooks, movement, reactions, sections
from workbench.games.panzer_vor.rules.actions import Move
from workbench.games.panzer_vor.rules.match import CardMatch, Order
from workbench.games.panzer_vor.rules.movement import Pose, Reach, movement_points
from workbench.games.panzer_vor.rules.state import GameState, board_memo
from workbench.geometry.hexgrid import FACINGS, Hex
from workbench.rules.core import Modifier

S = sections


def legal_moves(match: CardMatch, tank_id: str, bonus: int, fixed: int | None = None) -> list[Move]:
    """Every pose the tank can end a move in, with the card's bonus; poses only a
    character's movement ability reaches name it (Moving: Movement Bonuses)."""
    key = ("moves", tank_id, bonus, fixed)
    if key in match.memo:
        return match.memo[key]
    board = match.board
    tank = board.tank(tank_id)
    out: list[Move] = []
    if tank.immobile or "engine trouble" in match.restrictions:
        match.memo[key] = out
        return out
    label = _labels(board.map).__getitem__
    bonus = card_bonus(board, tank_id, bonus, fixed)
    plain = reach_with_bonus(board, tank_id, bonus)
    allowed = hooks.move_filter(match, tank)  # where the rules in play let it end, once
    # every pose of Reach.costs in its order (hex by hex, facings 0..5), read from the
    # search's compact result: per hex, the facings within the budget
    for where, facings in _end_facings(plain):
        if allowed is None or allowed(where):
            to = label(where)
            for facing in facings:
                if where != tank.hex or facing != tank.facing:
                    out.append(Move(tank_id, to, facing))
    if fixed is None and hooks.abilities_allowed(match, tank.side):
        for crew in match.crew_on(tank_id):
            extra = sum(a.value for a in crew.abilities if a.kind == "movement")
            if extra:
                more = reach_with_bonus(board, tank_id, bonus + extra)
                within = dict(_end_facings(plain))
                for where, facings in _end_facings(more):
                    if allowed is None or allowed(where):
                        to, known = label(where), within.get(where, ())
                        for facing in facings:
                            if facing not in known:
                                out.append(Move(tank_id, to, facing, ability=crew.name))
                break
    match.memo[key] = out
    return out


def _end_facings(reach: Reach) -> list[tuple[Hex, tuple[int, ...]]]:
    """Each hex a move may end in with the facings it may end with there, in the order of
    ``reach.costs`` (a facing not among the cheapest costs one more MP: a turn in place)."""
    budget = reach.mp
    out = []
    for where, (least, mask) in reach.ends.items():
        if least < budget:  # every facing: the cheapest ones, or one more MP to turn
            out.append((where, FACINGS))
        elif least == budget and mask:  # only the cheapest facings
            out.append((where, _FACINGS_OF[mask]))
    return out


_FACINGS_OF = tuple(tuple(g for g in FACINGS if mask >> g & 1) for mask in range(64))


def _labels(hexmap: HexMap) -> dict[Hex, str]:
    """Every hex's label, kept on the map (a legal move names its hex by label)."""
    found = hexmap.derived.get("labels")
    if found is None:
        found = hexmap.derived["labels"] = {h: hexmap.grid.label(h) for h in hexmap.grid}
    return found


def _reach(board: GameState, tank_id: str, bonus: int) -> Mapping[Pose, int]:
    return reach_with_bonus(board, tank_id, bonus).costs


def reach_with_bonus(board: GameState, tank_id: str, bonus: int) -> Reach:
    """The tank's reach with a card's MP ``bonus`` (kept with the board: asked often)."""
    memo = board_memo(board)
    key = ("reach", tank_id, bonus)
    if key not in memo:
        memo[key] = movement.reach(board, tank_id, bonuses=card_bonuses(bonus))
    return memo[key]


def card_bonus(board: GameState, tank_id: str, bonus: int, fixed: int | None) -> int:
    """A move "as if it had N movement points": the bonus that makes the tank's MP N."""
    if fixed is None:
        return bonus
    return fixed - movement_points(board.tank(tank_id))[0]


def card_bonuses(bonus: int) -> tuple[Modifier, ...]:
    return (Modifier("card", bonus, S.BONUSES),) if bonus else ()


def fire_targets(match: CardMatch, tank_id: str, order: Order | None = None) -> list[str]:
    key = ("targets", tank_id)
    if key not in match.memo:
        tank = match.board.tank(tank_id)
        match.memo[key] = [
            e.id
            for e in match.board.enemies_of(tank)
            if reactions.can_fire_at(match, tank_id, e.id)
            and hooks.may_fire_at(match, tank_id, e.id)
        ]
    targets = match.memo[key]
    if order is not None and order.target is not None:
        return [t for t in targets if t == order.target]
    attack = hooks.ATTACKS.get(match.card(order.card).effect) if order is not None else None
    if attack is not None:  # the card's own effect allows only some targets
        return [t for t in targets if attack.target_allowed(match, t)]
    return targets
