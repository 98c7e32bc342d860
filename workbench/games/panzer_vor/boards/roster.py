"""A roster: the tank counters a game knows, by name, each value with where it comes from.

The Panzer Vor! rulebook prints only a handful of counter values,
so the shipped roster (``workbench/data/roster-panzer-vor.json``) marks every value with its
source: ``"rulebook: <section>"`` where the text states it, ``"stand-in"`` where it is a
plausible value for a user to replace. A user's roster file overrides any of them::

    roster = workbench.panzer_vor.roster("my-counters.json")   # shipped, then yours

A roster file that says ``"based_on": "panzer-vor"`` may give only the values it changes;
the rest come from the shipped roster.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from workbench.boards.values import FileValue
from workbench.errors import WorkbenchError
from workbench.games.panzer_vor.boards.counters import STAND_IN, TankCounter

# The values of a counter that carry a source, under these names in ``TankCounter.sources``.
# ``range`` and ``firepower`` are the printed field: one number, or "X/Y" for two guns.
VALUE_FIELDS = (
    "movement",
    "target_size",
    "range",
    "firepower",
    "armour_front",
    "armour_side",
    "armour_rear",
    "turret_rotation",
    "points",
    "turret",
    "school",
    "color",
)

SHIPPED = {"panzer-vor": "roster-panzer-vor.json"}


class RosterError(WorkbenchError, LookupError):
    """A tank name the roster does not know; the message lists the names it does."""

    def __str__(self) -> str:  # LookupError would quote the message
        return str(self.args[0])


def _frozen(mapping: Mapping) -> MappingProxyType:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class PanzerVorRoster(FileValue):
    """Tank counters by name, with the short labels printed on the counters as aliases.

    >>> from workbench.games.panzer_vor.formats.shipped import panzer_vor_roster
    >>> roster = panzer_vor_roster()
    >>> roster.get("PzIV D").name, roster.get("Tiger I").movement
    ('Panzer IV Ausf. D', 3)
    >>> roster.get("Tiger I").source("movement")
    'rulebook: Moving: Movement'
    """

    name: str
    counters: Mapping[str, TankCounter]
    description: str = ""
    aliases: Mapping[str, str] = field(default_factory=dict)  # "PzIV D" -> "Panzer IV Ausf. D"
    notes: Mapping[str, str] = field(default_factory=dict)  # tank name -> a note on its values
    based_on: str | None = None  # a shipped roster that filled the values a file left out

    __hash__ = None  # type: ignore[assignment]  # immutable, but holds mappings

    def __post_init__(self) -> None:
        for name in ("aliases", "notes"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))
        # every value gets an explicit source, so a roster equals itself after a round trip
        counters = {
            key: replace(c, sources={**{f: c.source(f) for f in VALUE_FIELDS}, **c.sources})
            for key, c in self.counters.items()
        }
        object.__setattr__(self, "counters", _frozen(counters))
        for key, counter in self.counters.items():
            if key != counter.name:
                raise ValueError(f"roster key {key!r} holds a counter named {counter.name!r}")
        for alias, target in self.aliases.items():
            if target not in self.counters:
                raise ValueError(f"alias {alias!r} names {target!r}, which is not in the roster")

    # --- reading ----------------------------------------------------------------------
    def canonical(self, name: str) -> str:
        """The roster's name for a tank named by its name or by its counter's short label."""
        if name in self.counters:
            return name
        if name in self.aliases:
            return self.aliases[name]
        raise RosterError(
            f"no tank called {name!r} in the roster {self.name!r} (known: {', '.join(self.names)})"
        )

    def get(self, name: str) -> TankCounter:
        """The counter for a tank name or short label; RosterError lists the known names."""
        return self.counters[self.canonical(name)]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (name in self.counters or name in self.aliases)

    def __iter__(self) -> Iterator[str]:
        return iter(self.counters)

    def __len__(self) -> int:
        return len(self.counters)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.counters)

    def stand_ins(self) -> dict[str, tuple[str, ...]]:
        """For each tank, the values that are stand-ins (to replace with the printed ones)."""
        out = {}
        for name, counter in self.counters.items():
            fields = tuple(f for f in VALUE_FIELDS if counter.source(f) == STAND_IN)
            if fields:
                out[name] = fields
        return out

    # --- combining ----------------------------------------------------------------------
    def merged(self, other: PanzerVorRoster) -> PanzerVorRoster:
        """A roster with ``other``'s counters replacing (or adding to) this one's."""
        return replace(
            self,
            counters={**self.counters, **other.counters},
            aliases={**self.aliases, **other.aliases},
            notes={**self.notes, **other.notes},
        )

    def with_counter(self, counter: TankCounter, note: str | None = None) -> PanzerVorRoster:
        """A copy holding one more (or one changed) counter."""
        notes = dict(self.notes)
        if note is not None:
            notes[counter.name] = note
        return replace(self, counters={**self.counters, counter.name: counter}, notes=notes)
