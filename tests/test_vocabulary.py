"""One word per concept (ARCHITECTURE.md): a name removed as a second word for a concept fails
with an AttributeError that names the one word, in the flat modules, the rules' own modules
and the ``Game``; a name that never existed fails as usual."""

from __future__ import annotations

import importlib

import pytest

from workbench.games import get_game

REMOVED = [  # (module, the name removed, a word the error names)
    ("workbench.panzer_vor", "attack_odds", "odds(state, attacker, target, card=...)"),
    ("workbench.panzer_vor", "reachable", "reach(state, tank)"),
    ("workbench.panzer_strike", "movement_options", "reach(state, tank)"),
    ("workbench.panzer_strike", "kill_odds", "odds(state, attacker, target)"),
    ("workbench.tanks", "move_options", "reach(state, tank)"),
    ("workbench.tanks", "shot_odds", "odds(state, attacker, target)"),
    ("workbench.games.panzer_vor.rules.firing", "attack_odds", "odds"),
    ("workbench.games.panzer_vor.rules.movement", "reachable", "reach"),
    ("workbench.games.panzer_strike.rules.shooting", "kill_odds", "odds"),
    ("workbench.games.panzer_strike.rules.movement", "movement_options", "reach_by_die"),
    ("workbench.games.tanks.rules.shooting", "shot_odds", "dice_odds"),
    ("workbench.games.tanks.rules.movement", "move_options", "reach_sample"),
]


@pytest.mark.parametrize(("module", "name", "word"), REMOVED)
def test_a_removed_word_names_the_one_word(module, name, word):
    with pytest.raises(AttributeError, match="one word per concept") as removed:
        getattr(importlib.import_module(module), name)
    assert f"{module}.{name} is no more" in str(removed.value) and word in str(removed.value)


def test_a_removed_game_method_names_its_replacement_and_a_typo_fails_as_usual():
    game = get_game("tanks")
    with pytest.raises(AttributeError, match=r"Game\.options_for is no more: use Game\.options"):
        game.options_for  # noqa: B018
    with pytest.raises(AttributeError, match="'Tanks' object has no attribute 'optoins'"):
        game.optoins  # noqa: B018
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        importlib.import_module("workbench.tanks").no_such_name  # noqa: B018
