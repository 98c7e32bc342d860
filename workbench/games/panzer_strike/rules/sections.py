"""Every Panzer Strike rulebook section the rules cite, in one place.

A section is the rulebook's headings joined by ": " ("Rules: Movement"); a test checks that
each heading occurs in the rulebook's text. This project's readings of cases the text leaves
open cite ``turn.READING`` (each one is a named option), its practice limit ``turn.PRACTICE``.
"""

CHOOSING_TANKS = "Rules: Choosing Tanks"
INITIAL_POSITIONS = "Rules: Initial Positions"
MOVEMENT = "Rules: Movement"
SHOOTING = "Rules: Shooting and Armour"
TABLE_A = "Tables: Table A"
DICE_TABLE = "Tables: Dice Table"
HIT_DIRECTION = "Tables: Hit Direction Schemes"
BOARD_ASSEMBLY = "Board Assembly"
CAPTURE_THE_FLAG = "Task: Capture the Flag"
DAMAGE = "Optional Rules: Damage"
BARRICADES = "Optional Rules: Barricades"

ALL = (
    CHOOSING_TANKS,
    INITIAL_POSITIONS,
    MOVEMENT,
    SHOOTING,
    TABLE_A,
    DICE_TABLE,
    HIT_DIRECTION,
    BOARD_ASSEMBLY,
    CAPTURE_THE_FLAG,
    DAMAGE,
    BARRICADES,
)
