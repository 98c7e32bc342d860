"""What a user's roster file says about one item: only the values that differ from the
shipped item (or every value for a new item), and the source of each that is not the
roster's own."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol


class Sourced(Protocol):
    def source(self, field: str) -> str: ...


def changed_entry(
    item: Sourced,
    shipped: Sourced | None,
    fields: Iterable[str],
    own_source: str,
    plain: Callable[[Any], Any] = lambda value: value,
) -> dict[str, Any]:
    """The file entry for ``item``: changed values, plus ``"sources"`` where needed."""
    entry: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for field in fields:
        value, source = getattr(item, field), item.source(field)
        if shipped is None or value != getattr(shipped, field) or source != shipped.source(field):
            entry[field] = plain(value)
            if source != own_source:
                sources[field] = source
    if sources:
        entry["sources"] = sources
    return entry
