"""A card match being set up (``cardgame.start``), before its first state exists: what the
scenario and the options give, which each scenario's setup hooks (``hooks.SETUP``) change.

A setup hook changes only these fields (every one a plain list, dict or set):

- ``tanks`` (on the map, and those still to be deployed by choice: ids in ``pending``),
  ``crew``, ``reserves`` (tanks waiting off the map, by side), ``flags``;
- ``unseated``: a side's characters that ride in on its reinforcements ("on different
  Reinforcement tanks"), by side; those a hook leaves here are seated on the side's
  reinforcements in order, one each (a reading: the first ones to arrive);
- ``frames``: what is resolved before the first turn, first to be resolved first (the deal
  of each starting hand; a scenario's own choices before it), after the placements;
- ``waiting_cards``: cards added to the deck after the deal (``deck``, ``hands``,
  ``first_draw`` and ``scenario_cards`` are the scenario's cards, dealt as it says);
- the placements' citations and steps: ``buy_section`` (by side; else the side's own entry
  in the scenario), ``deploy_section``, ``flag_marker`` (whether each side whose flag is
  its choice puts the marker on a tank as a setup choice).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from workbench.games.panzer_vor.boards.scenario import Character, PanzerVorScenario
from workbench.games.panzer_vor.rules import sections
from workbench.games.panzer_vor.rules.cards import Deck
from workbench.games.panzer_vor.rules.characters import Crew
from workbench.games.panzer_vor.rules.deck import Pile
from workbench.games.panzer_vor.rules.match import Frame
from workbench.games.panzer_vor.rules.state import GameState, Tank
from workbench.geometry.hexgrid import Hex


@dataclass
class Setting:
    """A match being set up (see the module)."""

    scenario: PanzerVorScenario
    options: Mapping[str, Any]
    choose: bool  # placements are the players' choices (option ``setup: "choose"``)
    names: dict[str, str]  # a side's key in the scenario -> its name in the match
    order: tuple[str, ...]  # the sides, the first to act first
    match_type: str
    board: GameState  # the map with the tanks the scenario (or the quick placement) placed
    deck_list: Deck
    spare: Hex  # a hex for tanks off the map
    tanks: list[Tank] = field(default_factory=list)
    pending: set[str] = field(default_factory=set)
    crew: list[Crew] = field(default_factory=list)
    reserves: dict[str, tuple[Tank, ...]] = field(default_factory=dict)
    unseated: dict[str, list[Character]] = field(default_factory=dict)
    frames: list[Frame] = field(default_factory=list)
    deck: Pile = ()
    hands: dict[str, tuple[str, ...]] = field(default_factory=dict)
    first_draw: dict[str, int] = field(default_factory=dict)
    scenario_cards: dict[str, tuple[str, ...]] = field(default_factory=dict)
    waiting_cards: tuple[str, ...] = ()
    flags: set[str] = field(default_factory=set)
    buy_section: dict[str, str] = field(default_factory=dict)
    deploy_section: str = sections.GAME_SETUP
    flag_marker: bool = True

    __hash__ = None  # type: ignore[assignment]

    def side_named(self, name: str) -> Any:
        """The scenario's side that plays as ``name`` in the match (None: none does)."""
        return next((s for s in self.scenario.sides if self.names[s.key] == name), None)
