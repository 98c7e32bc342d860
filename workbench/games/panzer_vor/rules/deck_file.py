"""A deck file (your printed deck list and card values, replacing the stand-ins), read as
untrusted input: ``{"counts": {name: n}, "cards": [{"name": ..., "kind": ..., ...}]}``.

The file is read as every board file is (``workbench.files.reading``: a regular file of at
most 4 MiB, checked before it is opened, so ``/dev/zero`` or a FIFO is refused at once;
UTF-8 JSON within the value limits), then each field is checked: a refusal is a
:class:`~workbench.files.errors.BoardFileError` naming the file and the field. The same
checks read a deck held inline (a record saved away from its deck file holds it so).

>>> deck = deck_from_data({"counts": {"Move": 40, "Fire": 38}}, "inline deck")
>>> sum(deck.counts.values()), deck.source
(78, 'inline deck')
>>> deck_from_data({"counts": {"Move": "40"}}, "inline deck")
Traceback (most recent call last):
...
workbench.files.errors.BoardFileError: inline deck: $.counts.Move: expected a whole number \
from 0 to 200, found '40'
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from workbench.files.errors import BoardFileError, json_path
from workbench.files.reading import file_path, read_document
from workbench.games.panzer_vor.rules.cards import CARDS, Card, CardKind, Deck

MAX_COUNT = 200  # copies of one card (the Glossary's whole deck is 96 cards)
MAX_NAMES = 200  # card names in one deck file
MAX_MODIFIER = 20  # a card's numbers (MP, modifiers, tanks) in size
KINDS = typing.get_args(CardKind)
_FIELDS = {f.name: f for f in dataclasses.fields(Card)}


def load_deck(path: str | Path) -> Deck:
    """A deck from a JSON file ``{"counts": {name: n}, "cards": [{name, kind, text, ...}]}``:
    your printed deck list and card values replace the stand-ins (cards not listed keep the
    catalogue's text). The file is read as untrusted input (see the module)."""
    return read_deck(path)


def read_deck(path: str | Path) -> Deck:
    """The deck in the file at ``path`` (see the module); BoardFileError if it is none."""
    path = file_path(path, "deck")
    document = read_document(path)
    return deck_from_data(document, path, f"deck file {path.name}")


def deck_from_data(data: Any, where: str | Path, source: str = "") -> Deck:
    """A deck from its JSON (a file's or held inline), every field checked."""

    def refuse(at: str, found: Any, expected: str) -> BoardFileError:
        return BoardFileError(where, at, found, expected)

    if not isinstance(data, Mapping):
        raise refuse("$", type(data).__name__, "a deck: an object with 'counts' and 'cards'")
    unknown = sorted(set(data) - {"counts", "cards", "format"})
    if unknown:
        raise refuse("$", f"the field {unknown[0]!r}", "only 'counts' and 'cards'")
    counts = data.get("counts")
    if not isinstance(counts, Mapping) or not counts or len(counts) > MAX_NAMES:
        raise refuse("$.counts", _kind(counts), f"an object of 1 to {MAX_NAMES} card names")
    for name, count in counts.items():
        whole = isinstance(count, int) and not isinstance(count, bool)
        if not whole or not 0 <= count <= MAX_COUNT:
            at = json_path(["counts", str(name)])
            raise refuse(at, _short(count), f"a whole number from 0 to {MAX_COUNT}")
    raw_cards = data.get("cards", [])
    if not isinstance(raw_cards, list) or len(raw_cards) > MAX_NAMES:
        raise refuse("$.cards", _kind(raw_cards), f"a list of at most {MAX_NAMES} cards")
    cards = dict(CARDS)
    for i, raw in enumerate(raw_cards):
        card = _card(raw, cards, lambda at, found, expected, i=i: refuse(
            f"$.cards[{i}]{at}", found, expected))  # fmt: skip
        cards[card.name] = card
    missing = sorted(set(counts) - set(cards))
    if missing:
        raise refuse("$.counts", f"the card {missing[0]!r}", "cards of the catalogue or of 'cards'")
    return Deck(dict(counts), cards, source or "inline deck")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _kind(value: Any) -> str:
    return f"a {type(value).__name__}" if not isinstance(value, Mapping) else "an object"


def _card(raw: Any, cards: Mapping[str, Card], refuse: Any) -> Card:
    """One card of a deck file: a catalogue card with some values changed, or a new card."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("name"), str) or not raw["name"]:
        raise refuse("", _kind(raw), "a card: an object with its 'name'")
    for key, value in raw.items():
        declared = _FIELDS.get(key)
        if declared is None:
            raise refuse("", f"the field {key!r}", f"fields of a card ({', '.join(_FIELDS)})")
        expected = _expected(key, value)
        if expected:
            raise refuse(f".{key}", _short(value), expected)
    base = cards.get(raw["name"])
    if base is None and not {"kind", "text"} <= set(raw):
        raise refuse(
            "", _short(raw["name"]), "a card of the catalogue, or a new card with kind and text"
        )
    return replace(base, **raw) if base else Card(**raw)


def _expected(key: str, value: Any) -> str:
    """What a card's field must be, if ``value`` is not that ("" if it is)."""
    default = _FIELDS[key].default
    if key == "kind":
        return "" if value in KINDS and isinstance(value, str) else f"one of {', '.join(KINDS)}"
    if isinstance(default, bool):
        return "" if isinstance(value, bool) else "true or false"
    if isinstance(default, int):
        whole = isinstance(value, int) and not isinstance(value, bool)
        ok = whole and -MAX_MODIFIER <= value <= MAX_MODIFIER
        return "" if ok else f"a whole number from {-MAX_MODIFIER} to {MAX_MODIFIER}"
    return "" if isinstance(value, str) and len(value) <= 2_000 else "a text"


def deck_of(option: Any) -> Deck:
    """The deck an option ``deck`` names: a path to a deck file, a deck held inline, or a
    :class:`Deck`."""
    if isinstance(option, Deck):
        return option
    if isinstance(option, Mapping):
        return deck_from_data(option, "the deck given inline")
    return read_deck(option)
