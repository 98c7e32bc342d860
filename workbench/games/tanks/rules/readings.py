"""The Line of Sight and Firing Arc readings of a TANKS game, each a named option where the
text leaves a case open (ARCHITECTURE.md: Conventions), with the sentence it reads:

- ``sight_grazing`` (Shooting: Line of Sight: "A tank has a Line of Sight to its target if
  you can draw a line from the tank's turret to any part of the target tank without passing
  through any other tank or any Blocking terrain"): a line that only grazes a blocker's edge
  passes through nothing, so it is a Line of Sight ('sees', the default) though no area of
  the target is seen; or a Line of Sight needs some area of the target seen ('area').
- ``woods_touched`` (Terrain: Woods: "Woods block Line of Sight to tanks hidden behind them
  and give Cover to tanks partially behind them. Woods can give Cover to tanks on their
  edges. Tanks completely within a Wood, and anything they shoot at, are in Cover"): a wood
  the target overlaps hides the part of the target beyond it, the part within it stays in
  sight ('beyond', the default: the first sentence holds for every part behind a wood, the
  last says a tank within a wood can be shot); or it does not block that shot at all
  ('ignored': the workbench's first reading, a hull 0.5 cm into a wood seen whole through
  it). Either way a wood the shooter overlaps does not block its own shots.
- ``front_line`` (Shooting: Firing Arc: "its entire hull ... is in front of the Assault
  Gun"): a hull corner exactly on the line of the Assault Gun's hull front is not in front
  of it ('not-in-front', the default: "in front" read strictly) or is ('in-front').
- ``assault_gun_arc``: an Assault Gun shoots a target meeting either Firing Arc condition
  ('firing-arc', the default: the section's own rule) or only a target entirely in front of
  it ('keyword': Keyword Reference: Assault Gun: "This tank gun can only shoot targets
  entirely in front of it").

>>> SightReadings.of({"woods_touched": "ignored"}).woods_touched
'ignored'
>>> SightReadings.of({}) == SightReadings()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from workbench.games.tanks.rules import sections
from workbench.rules.options import Option

GRAZING = ("sees", "area")
WOODS_TOUCHED = ("beyond", "ignored")
FRONT_LINE = ("not-in-front", "in-front")
ASSAULT_GUN_ARC = ("firing-arc", "keyword")


@dataclass(frozen=True)
class SightReadings:
    """The readings one game plays with, each field named like the option it comes from (its
    values: the constants above, the default first)."""

    sight_grazing: str = GRAZING[0]
    woods_touched: str = WOODS_TOUCHED[0]
    front_line: str = FRONT_LINE[0]
    assault_gun_arc: str = ASSAULT_GUN_ARC[0]

    @staticmethod
    def of(options: Mapping[str, Any]) -> SightReadings:
        """The readings a game's (checked) options choose."""
        chosen = {f.name: options.get(f.name) for f in fields(SightReadings)}
        return SightReadings(**{k: v for k, v in chosen.items() if v is not None})

    def named(self, option: str) -> str:
        """The reading as the explanation names it: ``option 'value'``."""
        return f"reading {option} {getattr(self, option)!r}"


DEFAULT_READINGS = SightReadings()


def sight_options() -> list[Option]:
    """The four readings as a game's options (``options.table_options`` lists them)."""
    return [
        Option.choice(
            "sight_grazing", GRAZING, sections.LINE_OF_SIGHT,
            "a line that only grazes a blocker's edge: 'sees': it is a Line of Sight (it "
            "passes through nothing), though no area of the target is seen; 'area': Line of "
            "Sight needs some area of the target seen",
        ),
        Option.choice(
            "woods_touched", WOODS_TOUCHED, sections.WOODS,
            "a wood the target overlaps: 'beyond': it hides the part of the target beyond it "
            "('Woods block Line of Sight to tanks hidden behind them'), the part within it "
            "stays in sight; 'ignored': it does not block that shot at all",
            unwritten="ignored",  # the reading of records saved before it was an option
        ),
        Option.choice(
            "front_line", FRONT_LINE, sections.FIRING_ARC,
            "a hull corner exactly on the line of an Assault Gun's hull front: "
            "'not-in-front' (in front read strictly) or 'in-front'",
        ),
        Option.choice(
            "assault_gun_arc", ASSAULT_GUN_ARC, sections.FIRING_ARC,
            "'firing-arc': an Assault Gun shoots a target entirely in front of it or partly "
            "directly in front of it (Shooting: Firing Arc); 'keyword': only a target "
            "entirely in front ('This tank gun can only shoot targets entirely in front of "
            "it', Keyword Reference: Assault Gun)",
        ),
    ]  # fmt: skip


__all__ = [
    "ASSAULT_GUN_ARC",
    "DEFAULT_READINGS",
    "FRONT_LINE",
    "GRAZING",
    "WOODS_TOUCHED",
    "SightReadings",
    "sight_options",
]
