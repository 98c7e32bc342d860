"""Hull footprints of the TANKS models, in cm: STAND-INS.

The rulebook text gives no model sizes (shared facts: unknown). The values here are about the
real vehicles' hulls (gun barrels excluded, as the rules exclude protruding barrels) at 1:100,
the scale of 15 mm models: an estimate to replace with your own models' measurements, never a
printed value. The turret point sits on the hull's centre line; ``turret_offset`` (towards the
front, cm) is also a stand-in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

HULL_SOURCE = "stand-in: about 1:100 of the real hull (15 mm models), not measured"


@dataclass(frozen=True)
class HullSize:
    length: float
    width: float
    turret_offset: float = 0.0
    source: str = HULL_SOURCE


def _s(length: float, width: float, turret: float = 0.0) -> HullSize:
    return HullSize(length, width, turret)


HULL_SIZES: Mapping[str, HullSize] = MappingProxyType(
    {
        "Panther": _s(6.9, 3.4, 0.3),
        "Jagdpanther": _s(6.9, 3.4),
        "Panzer IV": _s(5.9, 2.9, 0.3),
        "StuG G": _s(5.5, 3.0),
        "Sherman (75mm)": _s(5.9, 2.6, 0.3),
        "Sherman (76mm)": _s(5.9, 2.6, 0.3),
        "Pershing": _s(6.3, 3.5, 0.3),
        "Super Pershing": _s(6.3, 3.5, 0.3),
        "Comet": _s(6.6, 3.0, 0.3),
        "Cromwell": _s(6.4, 2.9, 0.3),
        "Sherman Firefly": _s(5.9, 2.7, 0.3),
        "Sherman V": _s(5.9, 2.6, 0.3),
        "T-34": _s(6.1, 3.0, 0.6),
        "T-34/85": _s(6.1, 3.0, 0.6),
        "SU-85": _s(6.1, 3.0),
        "SU-100": _s(6.1, 3.0),
        "IS-2": _s(6.8, 3.1, 0.3),
        "IS-85": _s(6.8, 3.1, 0.3),
        "ISU-122": _s(6.8, 3.1),
        "ISU-152": _s(6.8, 3.1),
    }
)
DEFAULT_HULL = HullSize(6.0, 3.0)  # a card with no listed size (stand-in)


def hull_size(card: str) -> HullSize:
    """A card's hull footprint (stand-in values; see the module).

    >>> hull_size("Panther").length, hull_size("My own tank") == DEFAULT_HULL
    (6.9, True)
    """
    return HULL_SIZES.get(card, DEFAULT_HULL)
