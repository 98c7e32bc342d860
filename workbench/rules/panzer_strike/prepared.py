"""Panzer Strike's prepared game (``maps/panzer-strike/games/``), made by its plan
(:mod:`workbench.rules.prepared`): a kill and a flag captured."""

from __future__ import annotations

from workbench.boards.record import Record
from workbench.files import load
from workbench.rules.panzer_strike.bots import flag_seeker
from workbench.rules.prepared import from_playouts, prepared, record_of_playout


@prepared("panzer-strike", "flag-capture")
def flag_capture() -> Record:
    """Capture the Flag: a kill, a tank beside a flag, the flag captured."""
    from workbench.games import get_game

    game = get_game("panzer-strike")
    scenario = load(game.scenarios()["capture-the-flag"])
    story = [
        ("is destroyed", "A kill:"),
        ("s flag at (", "A tank beside an enemy flag:"),
        ("captures", "The flag is captured:"),
    ]
    found = from_playouts(game, scenario, flag_seeker, story)
    if found is None:
        raise SystemExit("no seed captures a flag")
    return record_of_playout(
        game,
        "capture-the-flag",
        found,
        title="Capture the Flag: a kill and a flag taken",
        description=(
            "Played by a test chooser that shoots when it may and drives at the enemy flags "
            "(not the rulebook's, nor a fair player), cut after the capture."
        ),
    )
