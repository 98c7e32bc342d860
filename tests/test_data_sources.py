"""Every value of every game's shipped data names its source (issue 49, "Sources named for
every value"), of one of three kinds:

- **printed**: ``rulebook: <section>``, the section the rulebook prints it in;
- **named**: from outside the rulebook, with the source named: ``community data: <source>``
  (TANKS' cards and two keywords, BSData/tanks) or ``history: <fact>`` (a real vehicle's
  turret);
- **stand-in**: ``stand-in`` (or ``unknown``: no value at all), which a user replaces, where
  :data:`REPLACED_BY` says (the test checks that the data, or the module holding it, tells it).

The walk covers TANKS' tank cards, keywords, terrain kinds, Critical deck and hull sizes and
the shipped tables' Measuring Arrows; Panzer Vor!'s terrain types and tank counters; Panzer
Strike's Table A, Dice Table, die, ruler, Hit Direction zones and tiles."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

import workbench
from workbench.games import get_game
from workbench.games.panzer_strike.boards.board import TileSet
from workbench.games.panzer_strike.boards.tank_types import TYPE_FIELDS, PanzerStrikeRoster
from workbench.games.panzer_vor.boards.roster import VALUE_FIELDS
from workbench.games.tanks.boards import hulls
from workbench.games.tanks.boards.cards import (
    CARD_FIELDS,
    cards_source_note,
    read_cards_csv,
    tanks_keywords,
)
from workbench.games.tanks.boards.hulls import DEFAULT_HULL, HULL_SIZES
from workbench.games.tanks.boards.table import TANKS_TERRAIN
from workbench.games.tanks.rules import criticals
from workbench.games.tanks.rules.criticals import CRITICAL_CARDS
from workbench.games.tanks.rules.options import table_options
from workbench.panzer_vor import roster as panzer_vor_roster

ROOT = Path(__file__).resolve().parents[1]
DATA = resources.files("workbench.data")
PRESENTATION = {"color", "description", "note", "aliases"}  # how a value is shown, not a rule

# where a user replaces each game's stand-ins (and gives an unknown value), and the words of
# the shipped data (or of the module that reads it) that tell them so
REPLACED_BY = {
    "tanks cards": ("a roster file (workbench.roster.tanks/1) or the option card_points",
                    "card_points"),
    "tanks tables": ("the table file's measuring_arrow", "measure your own arrow"),
    "tanks code": ("the module that holds them (no file of the user's yet: a follow-up)",
                   "replace"),
    "panzer-vor roster": ("a roster file of your own (workbench.roster.panzer-vor/1)",
                          "roster file of your own"),
    "panzer-strike types": ("a roster file (workbench.roster.panzer-strike/1)",
                            "workbench.roster.panzer-strike/1"),
    "panzer-strike tiles": ("a tile set file (workbench.tiles.panzer-strike/1)",
                            "Replace the rows with your tiles' squares"),
}  # fmt: skip


def kind_of(source: str) -> str | None:
    """The kind of a source (see the module), or None for a value with no proper source.

    >>> kind_of("rulebook: Table A"), kind_of("community data: BSData/tanks"), kind_of("x")
    ('printed', 'named', None)
    """
    if re.fullmatch(r"rulebook: \S.*", source):
        return "printed"
    if re.fullmatch(r"(community data|history): \S.*", source):
        return "named"
    if re.fullmatch(r"(stand-in|unknown)(: \S.*|)", source):
        return "stand-in"
    return None


def values() -> Iterator[tuple[str, str, str]]:
    """(where the stand-ins are replaced, the value's path, its source) for every value of the
    shipped data."""
    # TANKS: the cards (as the shipped file reads), their keywords, terrain and code-held data
    for card in read_cards_csv(DATA.joinpath("tanks-cards.csv").read_text("utf-8")).values():
        for name in CARD_FIELDS:
            yield "tanks cards", f"tanks-cards.csv: {card.name}.{name}", card.source(name)
    for keyword in tanks_keywords().values():
        yield "tanks cards", f"tanks-keywords.json: {keyword.name}", keyword.source
    for kind in TANKS_TERRAIN.values():
        yield "tanks code", f"TANKS terrain: {kind.name}", kind.rule
    for name, card in CRITICAL_CARDS.items():
        # Busted Tracks: printed (the rulebook's example), its number of copies a stand-in
        printed, _, copies = card.source.partition("; copies: ")
        yield "tanks code", f"Critical card: {name}", printed
        yield "tanks code", f"Critical card: {name} copies", copies or printed
    for name, size in {**HULL_SIZES, "(no listed size)": DEFAULT_HULL}.items():
        yield "tanks code", f"hull: {name}", size.source
    for name, path in get_game("tanks").scenarios().items():
        yield "tanks tables", f"{name}: measuring_arrow", workbench.load(path).arrow.source
    # Panzer Vor!: terrain types (each by the section its rule comes from) and counters
    terrain = json.loads(DATA.joinpath("terrain-panzer-vor.json").read_text("utf-8"))
    for group in ("terrain", "hexsides"):
        for name, entry in terrain[group].items():
            for field in set(entry) - PRESENTATION - {"rule"}:
                path = f"terrain-panzer-vor.json: {name}.{field}"
                yield "panzer-vor terrain", path, f"rulebook: {entry['rule']}"
    roster = panzer_vor_roster()
    for name in roster.names:
        for field in set(VALUE_FIELDS) - PRESENTATION:
            path = f"roster-panzer-vor.json: {name}.{field}"
            yield "panzer-vor roster", path, roster.get(name).source(field)
    # Panzer Strike: Table A, the Dice Table and the stand-ins; the tile set
    types = PanzerStrikeRoster.builtin()
    for name, tank_type in types.types.items():
        for field in TYPE_FIELDS:
            yield "panzer-strike types", f"Table A: {name}.{field}", tank_type.source(field)
    for section in ("dice_table", "die", "ruler", "hit_direction"):
        yield "panzer-strike types", f"panzer-strike-types.json: {section}", types.source(section)
    tiles = TileSet.builtin()
    yield "panzer-strike tiles", "tile_size", tiles.size_source
    yield "panzer-strike tiles", "backs", tiles.backs_source
    for label, face in tiles.faces.items():
        yield "panzer-strike tiles", f"face {label}", face.source


VALUES = list(values())


def test_every_value_names_a_source_of_one_of_the_three_kinds():
    missing = [f"{path}: {source!r}" for _, path, source in VALUES if kind_of(source) is None]
    assert not missing, "values without a source of a known kind:\n" + "\n".join(missing)
    kinds = {kind_of(source) for *_, source in VALUES}
    assert kinds == {"printed", "named", "stand-in"}
    assert len(VALUES) > 600  # every card field, counter field, face, ...


def test_community_data_names_its_source_where_it_is_shipped():
    named = {source for *_, source in VALUES if source.startswith("community data")}
    assert named and all("BSData/tanks" in source for source in named)
    assert "BSData/tanks" in cards_source_note()  # the card file's header names it
    about = json.loads(DATA.joinpath("tanks-keywords.json").read_text("utf-8"))["about"]
    assert "community data" in about


def _told(group: str) -> str:
    """What the data (or the module holding it) says of its stand-ins, for ``group``."""
    tanks_tables = [workbench.load(p) for p in get_game("tanks").scenarios().values()]
    if group == "tanks cards":
        sources = " ".join(s for g, _, s in VALUES if g == group)
        return sources + " ".join(o.reading for o in table_options(tanks_tables[0]))
    if group == "tanks tables":
        return " ".join(table.description for table in tanks_tables)
    if group == "tanks code":
        return f"{criticals.__doc__} {hulls.__doc__}"
    file = {"panzer-vor roster": "roster-panzer-vor.json",
            "panzer-strike types": "panzer-strike-types.json",
            "panzer-strike tiles": "panzer-strike-tiles.json"}[group]  # fmt: skip
    return DATA.joinpath(file).read_text("utf-8")


def test_each_stand_in_says_where_it_is_replaced():
    groups = {g for g, _, source in VALUES if kind_of(source) == "stand-in"}
    assert groups <= set(REPLACED_BY), "every group of stand-ins says where they are replaced"
    for group in sorted(groups):
        where, words = REPLACED_BY[group]
        assert words in _told(group), f"{group}: the data should say the stand-ins go in {where}"


@pytest.mark.rulebook
def test_every_printed_source_is_a_section_of_its_rulebook(rulebook):
    books = {
        "tanks": rulebook("tanks-panther-vs-sherman.txt"),
        "panzer-vor": rulebook("panzer-vor-rulebook.txt"),
        "panzer-strike": rulebook("panzer-strike-france-1944-pocket.txt"),
    }
    missing = []
    for group, path, source in VALUES:
        if kind_of(source) != "printed":
            continue
        for part in re.split(r";\s*", source.removeprefix("rulebook: ")):
            heading = re.sub(r"\s*\(.*\)$", "", part.split(": ")[-1]).strip()
            if heading and heading not in books[group.split()[0]]:
                missing.append(f"{path}: {heading!r}")
    assert not missing, "\n".join(sorted(set(missing)))
