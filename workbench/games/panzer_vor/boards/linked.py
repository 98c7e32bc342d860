"""The National Tournament's Linked Scenarios as one value: each match's scenario by name, in
the order they are played (The National Tournament: Linked Scenarios: Overview).

It saves as ``workbench.linked.panzer-vor/1`` (see ``workbench.files``): each match a
scenario file named relative to it, or held inline. The rules that play it are in
``workbench.games.panzer_vor.rules.linked_game``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from workbench.boards.values import FileValue, Pictured
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario

# Overview: "Saunders, Anzio, Pravda, and Kuromorimine"; Anzio in either version, and
# Kuromorimine in two stages (a multi-part scenario)
MATCH_NAMES = (
    "saunders",
    "anzio-revised",
    "anzio-original",
    "pravda",
    "kuromorimine-stage-1",
    "kuromorimine-stage-2",
)


@dataclass(frozen=True)
class LinkedScenarios(FileValue, Pictured):
    """The scenarios of the Linked Scenarios by name (every name of :data:`MATCH_NAMES`);
    ``paths`` are the files they were loaded from (not compared)."""

    matches: Mapping[str, PanzerVorScenario]
    title: str = "The National Tournament: Linked Scenarios"
    description: str = ""
    paths: Mapping[str, Path] = field(default_factory=dict, compare=False, repr=False)

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        missing = [n for n in MATCH_NAMES if n not in self.matches]
        if missing:
            raise ValueError(f"the Linked Scenarios need the scenarios {missing}")
        object.__setattr__(self, "matches", MappingProxyType(dict(self.matches)))
        object.__setattr__(self, "paths", MappingProxyType(dict(self.paths)))

    def __getitem__(self, name: str) -> PanzerVorScenario:
        return self.matches[name]

    def __repr__(self) -> str:
        return f"<LinkedScenarios {self.title!r}: {', '.join(self.matches)}>"

    @property
    def name(self) -> str:
        return self.title

    def self_contained(self) -> LinkedScenarios:
        """A copy holding every match inline (maps too), to be kept inside a record."""
        return replace(
            self, matches={n: s.self_contained() for n, s in self.matches.items()}, paths={}
        )
