"""The sections of Tiny Race's rulebook that its rules cite."""

MOVING = "Moving"
PITS = "Moving: Pits"
WINNING = "Winning"
