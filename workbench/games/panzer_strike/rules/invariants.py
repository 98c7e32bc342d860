"""The invariants every Panzer Strike state keeps (the conformance test and the 2,000 games
check each one): one tank per square, moves within their steps, shots within the arc and
range, wrecks staying where they fell, flags captured only by the other side."""

from __future__ import annotations

from workbench.games.panzer_strike.rules.flags import next_to
from workbench.games.panzer_strike.rules.shooting import MIN_DISTANCE, in_arc
from workbench.games.panzer_strike.rules.state import Match
from workbench.geometry.squaregrid import Square


def invariants(match: Match) -> None:
    """Raise AssertionError if a state breaks a rule (the conformance test checks each one)."""
    seen: dict[Square, str] = {}
    for tank in match.tanks:
        assert tank.at not in seen, f"{tank.id} and {seen[tank.at]} share a square"
        seen[tank.at] = tank.id
        assert not match.blocks_movement(tank.at), f"{tank.id} stands where tanks may not"
    for tank_id, steps, allowed, came_from, went_to in match.steps_used:
        assert 0 <= steps <= allowed, f"{tank_id} took {steps} steps of {allowed}"
        # independent of the search: every square covered takes a step (a free square back
        # aside), so the straight-line count of squares is a bound
        free_back = 0 if match.options.backward_counts else 1
        assert came_from.chebyshev(went_to) <= allowed + free_back, f"{tank_id} went too far"
    if match.options.one_die_per_tank:
        assert len(set(match.moved)) == len(match.moved), "a tank moved twice in a turn"
    assert len(match.moved) <= len(match.slots), "more tanks moved than dice allow"
    for tank_id, square in match.wrecks:
        wreck = match.tank(tank_id)
        assert wreck.destroyed and wreck.at == square, f"wreck {tank_id} left its square"
    for shot in match.shots:
        d2 = shot.firer_at.ruler_squared(shot.target_at)
        assert d2 >= (MIN_DISTANCE * match.roster.squares_per_unit) ** 2, f"{shot} too close"
        if shot.moved:
            assert in_arc(shot.facing, shot.firer_at, shot.target_at), f"{shot} outside the arc"
    for flag, owner, by in match.captured:
        taker = match.tank(by)
        assert taker.side != owner, f"{by} captured its own side's flag"
        assert flag not in match.board.flags, "a captured flag stays on the board"
    for watch in match.watches:
        if watch.tank in match.moved:
            continue
        assert next_to(match, match.tank(watch.tank).at, watch.flag), f"{watch} is not next to it"
