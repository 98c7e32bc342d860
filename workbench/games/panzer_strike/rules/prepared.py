"""Panzer Strike's prepared game (``maps/panzer-strike/games/``), made by its plan
(:mod:`workbench.rules.prepared`): a kill and a flag captured."""

from __future__ import annotations

from workbench.boards.record import Record
from workbench.games.panzer_strike.rules.bots import flag_seeker
from workbench.rules.prepared import prepared, taking_real_shots, told_by_playouts


@prepared("panzer-strike", "flag-capture")
def flag_capture(first_seed: int = 0) -> Record:
    """Capture the Flag: a move, a kill, a tank beside a flag, the flag captured; only
    shots with a real chance (10% to 90%) are taken."""
    story = [
        ("this move takes", "A move: the movement die sets how far the tank goes."),
        ("is destroyed", "A kill:"),
        ("s flag at (", "A tank beside an enemy flag:"),
        ("captures", "The flag is captured:"),
    ]
    return told_by_playouts(
        "panzer-strike",
        "capture-the-flag",
        taking_real_shots(flag_seeker),
        story,
        title="Capture the Flag: a kill and a flag taken",
        description=(
            "Played by a test chooser that shoots when it may (a shot with a chance to destroy "
            "between 10% and 90% only) and drives at the enemy flags (not the rulebook's, nor "
            "a fair player), cut after the capture. The board's two barricades are in play "
            "(Optional Rules: Barricades)."
        ),
        options={"barricades": True},  # as it was first made, when they were on by default
        first_seed=first_seed,
    )
