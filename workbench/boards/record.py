"""A played game as a value: which game, its scenario, the options, the seed, and every
action (chance outcomes included) with an optional note per step.

It saves as ``workbench.record/1`` (see ``workbench.files``); the rules rebuild every state
from it with ``workbench.rules.core.replay``. Actions are kept here as their JSON, so this
value needs no rules to load or save.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import workbench.discovery as discovery
from workbench.boards.values import FileValue
from workbench.errors import WorkbenchError

# writes a record's steps as text (the rules register it: workbench.rules.notation.listing)
_LISTING: list[Callable[[Record], list[str]]] = []


def register_listing(listing: Callable[[Record], list[str]]) -> None:
    """How :meth:`Record.listing` writes a record (the rules call this; a value needs no rules
    to load or save)."""
    _LISTING[:] = [listing]


@dataclass(frozen=True)
class RecordStep:
    """One recorded action (as JSON, ``{"type": ..., **fields}``) and a teacher's note."""

    action: Mapping[str, Any]
    note: str = ""

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "action", MappingProxyType(dict(self.action)))


@dataclass(frozen=True)
class Record(FileValue):
    """A game from its start: ``scenario`` is the loaded scenario or board the game starts
    from; ``scenario_path`` is where it was loaded from (None: kept inline in the file)."""

    game: str
    scenario: Any
    steps: tuple[RecordStep, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int | None = None
    title: str = ""
    description: str = ""
    players: Mapping[str, str] = field(default_factory=dict)  # side -> who played it
    scenario_path: Path | None = field(default=None, compare=False)

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(self.steps))
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        object.__setattr__(self, "players", MappingProxyType(dict(self.players)))

    def __repr__(self) -> str:
        return f"<Record {self.game} {self.title or ''!s}: {len(self.steps)} steps>"

    def with_step(self, action: Mapping[str, Any], note: str = "") -> Record:
        return replace(self, steps=(*self.steps, RecordStep(action, note)))

    def with_steps(self, steps: Iterable[RecordStep]) -> Record:
        return replace(self, steps=tuple(steps))

    def truncated(self, count: int) -> Record:
        """The first ``count`` steps (undo, or a branch from an earlier step)."""
        return replace(self, steps=self.steps[:count])

    def with_note(self, step: int, note: str) -> Record:
        """Step ``step`` (1-based, as the stepper numbers them) with a new note."""
        steps = list(self.steps)
        steps[step - 1] = RecordStep(steps[step - 1].action, note)
        return replace(self, steps=tuple(steps))

    def listing(self) -> list[str]:
        """Every step as text with its number, who took it and its note, as the game's
        notation writes it (``"3. Ōarai: Tiger II 0801-0803"``; replayed by the rules)."""
        if not _LISTING:
            discovery.import_all(discovery.game_modules())  # the games' notations register it
        if not _LISTING:
            raise WorkbenchError("no game's rules are found to replay the record")
        return _LISTING[0](self)

    def notes(self) -> dict[int, str]:
        """The steps with a note (a teacher's bookmarks), 1-based."""
        return {i: s.note for i, s in enumerate(self.steps, 1) if s.note}
