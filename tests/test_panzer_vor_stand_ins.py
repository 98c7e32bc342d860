"""Every stand-in label says what is implemented: a card or a scenario's note never calls
missing what the workbench has (Part 2 - Scenarios; the labelled stand-ins of
ARCHITECTURE.md's standards)."""

from __future__ import annotations

import re

from tests.panzer_vor_match import GAME, scenario
from workbench.games.panzer_vor.rules import hooks
from workbench.games.panzer_vor.rules.cards import CATALOGUE

# what a note may say a map lacks, and how to find it on the map
FEATURES = {
    "hill": lambda m: any(m.terrain_name(h) == "hill" for h in m.grid),
    "forest": lambda m: any(m.terrain_name(h) == "forest" for h in m.grid),
    "river": lambda m: any(m.terrain_name(h) == "river" for h in m.grid),
    "white hexside": lambda m: "white" in set(m.hexsides.values()),
}
SAYS_MISSING = re.compile(r"\b(no|not|none)\b")


def _carried_out(effect: str) -> bool:
    return effect in hooks.EVENT_EFFECTS or effect in hooks.ATTACKS or effect in hooks.PLAYED


def test_hs0017_is_labelled_as_the_rulebook_prints_it():
    # "When this card is used, place the Ōarai flag tank in hex 1402, and the Kuromorimine
    # flag tank in hex 1006. Place another of Ōarai's tanks in hex 1007."
    card = next(c for c in CATALOGUE if c.name == "HS0017")
    assert _carried_out(card.effect)
    assert "stand-in" not in card.text and "not modelled" not in card.source
    assert all(h in card.text for h in ("1402", "1006", "1007"))


def test_no_card_calls_an_effect_the_rules_carry_out_missing_or_a_stand_in():
    for card in CATALOGUE:
        if card.effect and _carried_out(card.effect):
            assert "not modelled" not in f"{card.text} {card.source}", card.name
        if card.source.startswith("rulebook") and "stand-in" not in card.source:
            assert "stand-in" not in card.text, f"{card.name}: printed, yet its text says stand-in"


def test_no_scenario_note_says_its_map_lacks_what_the_map_has():
    found = []
    for name in GAME.scenarios():
        shipped = scenario(name)
        notes = [*shipped.notes, *(s.notes for s in shipped.sides)]
        for note in notes:
            for sentence in re.split(r"[.;]", note):
                text = sentence.lower().replace("but not where", "")  # a stand-in's why
                if not SAYS_MISSING.search(text):
                    continue
                for feature, on_map in FEATURES.items():
                    if feature in text and on_map(shipped.hexmap):
                        found.append(f"{name}: {sentence.strip()!r} (the map has {feature}s)")
    assert not found, found
