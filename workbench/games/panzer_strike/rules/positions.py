"""Initial Positions: "Choose the initial positions of the tanks (on the opposite sides of
the board)." """

from __future__ import annotations

from workbench.games.panzer_strike.boards.scenario import PanzerStrikeScenario


def opposite_sides(scenario: PanzerStrikeScenario) -> bool:
    """The two forces start on opposite sides of the board (Initial Positions): every tank of
    one side in one half and every tank of the other in the other half, north–south or
    west–east. ``start`` refuses a scenario that breaks it unless the option ``any_positions``
    is set (positions made by hand set it: a lesson may place tanks anywhere)."""
    board = scenario.board
    a, b = ([t.at for t in side.tanks] for side in scenario.sides)
    for coordinate, size in ((lambda s: s.y, board.depth), (lambda s: s.x, board.width)):
        half = (size - 1) / 2
        for first, second in ((a, b), (b, a)):
            if all(coordinate(s) < half for s in first) and all(
                coordinate(s) > half for s in second
            ):
                return True
    return False
