"""Panzer Vor! on the game protocol (``workbench.rules.core``), as two registered games:

- ``"panzer-vor"``, the card game (Sequence of Play): ``cardgame`` starts it, ``turn`` plays
  it; each side's hand is hidden from the other (``hidden``);
- ``"panzer-vor-practice"``, the workbench's card-free practice mode (``practice``): one
  move or shot a turn, not the rulebook's.

Each lists its options (``game_options``) and gives the learner's odds, reach and verdicts
from its states (``learning``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.rules import actions, cardgame, hidden, learning, practice, turn
from workbench.games.panzer_vor.rules.actions import Deploy, Fire, Move, Pass, Roll
from workbench.games.panzer_vor.rules.bots import greedy_player
from workbench.games.panzer_vor.rules.deck import Draw
from workbench.games.panzer_vor.rules.fingerprint import card_fingerprint
from workbench.games.panzer_vor.rules.game_options import card_options, practice_options
from workbench.games.panzer_vor.rules.match import CardMatch
from workbench.games.panzer_vor.rules.practice import Match
from workbench.paths import shipped
from workbench.rules.core import (
    Action,
    Applied,
    Game,
    Outcome,
    Turn,
    Verdict,
    register_bot,
    register_game,
)
from workbench.rules.observation import Observation
from workbench.rules.options import Option

RULEBOOK = "Panzer Vor! Rulebook (English translation)"
RULEBOOK_FILE = "panzer-vor-rulebook.txt"  # the user's own copy's text (tests/rulebooks.py)
SECTIONS = "workbench.games.panzer_vor.rules.sections"


def shipped_scenarios() -> dict[str, str]:
    """The shipped Panzer Vor! scenarios by name, and their files."""
    return shipped("panzer-vor", "scenarios")


PRACTICE_ACTIONS: tuple[type[Action], ...] = (Move, Fire, Pass, Roll, Deploy)
CARD_ACTIONS: tuple[type[Action], ...] = (
    Move, Fire, Pass, Roll, Draw, actions.Die, actions.PlayCard, actions.Select, actions.Stop,
    actions.React, actions.NoReaction, actions.UseAbility, actions.Decline, actions.Choose,
    actions.Discard, actions.TurnTurret, actions.Buy, actions.DoneBuying, actions.Deploy,
    actions.RemoveSmoke,
)  # fmt: skip


class PanzerVor(Game[CardMatch, Action]):
    """The card game on the protocol: each method calls the rules' own function (``turn``
    plays it, ``cardgame`` starts it, ``hidden`` hides the hands)."""

    name = "panzer-vor"
    title = "Panzer Vor!"
    rulebook = RULEBOOK
    board_kind = "hex"
    action_types = CARD_ACTIONS
    scenario_types = (PanzerVorScenario,)
    order = 10
    rulebook_file = RULEBOOK_FILE
    sections = SECTIONS
    hides_information = True
    action_cards = True

    def _start(self, scenario: Any, options: Mapping[str, Any] | None) -> CardMatch:
        return cardgame.start(scenario, options)

    def _current_player(self, state: CardMatch) -> str | Turn:
        return turn.current_player(state)

    def _legal_actions(self, state: CardMatch) -> Iterable[Action]:
        return turn.legal_actions(state)

    def _chance_outcomes(self, state: CardMatch) -> Iterable[tuple[Action, Fraction]]:
        return turn.chance_outcomes(state)

    def _apply(self, state: CardMatch, action: Action) -> Applied[CardMatch]:
        return turn.apply(state, action)

    def _outcome(self, state: CardMatch) -> Outcome | None:
        return turn.outcome(state)

    def _players(self, state: CardMatch) -> tuple[str, ...]:
        return tuple(state.order)

    def _options(self, scenario: Any) -> Sequence[Option]:
        return card_options(scenario)

    def _odds(
        self, state: CardMatch, attacker: str, target: str, card: str | None
    ) -> learning.ShotOdds:
        return learning.card_odds(state, attacker, target, card=card)

    def _reach(self, state: CardMatch, tank: str) -> learning.TankReach:
        return learning.card_reach(state, tank)

    def _explain(self, state: CardMatch, action: Action) -> Verdict:
        return learning.explain(self, state, action, learning.card_detail)

    def scenarios(self) -> dict[str, str]:
        return shipped_scenarios()

    def invariants(self, state: CardMatch) -> None:
        cardgame.invariants(state)

    def fingerprint(self, state: CardMatch) -> str:
        return card_fingerprint(state)

    def summarize(self, state: CardMatch) -> Mapping[str, Any]:
        return turn.summarize(state)

    def seen_by(self, state: CardMatch, action: Action) -> frozenset[str] | None:
        return hidden.seen_by(state, action)

    def mask(self, state: CardMatch, player: str) -> CardMatch:
        return hidden.mask(state, player)

    def sample_hidden(self, observation: Observation, rng: random.Random) -> CardMatch:
        return hidden.sample_hidden(observation, rng)

    def destroyed(self, state: CardMatch, tank: str) -> bool:
        return learning.card_destroyed(state, tank)

    def declining(self, state: CardMatch) -> Action | None:
        return learning.card_declining(state)


class PanzerVorPractice(Game[Match, Action]):
    """The workbench's card-free practice mode on the protocol (``practice``): one move or
    shot a turn, not the rulebook's."""

    name = "panzer-vor-practice"
    title = "Panzer Vor! practice mode (not the rulebook's turn)"
    rulebook = RULEBOOK
    board_kind = "hex"
    action_types = PRACTICE_ACTIONS
    scenario_types = (PanzerVorScenario,)
    order = 11
    rulebook_file = RULEBOOK_FILE
    sections = SECTIONS

    def _start(self, scenario: Any, options: Mapping[str, Any] | None) -> Match:
        return practice.start(scenario, options)

    def _current_player(self, state: Match) -> str | Turn:
        return practice.current_player(state)

    def _legal_actions(self, state: Match) -> Iterable[Action]:
        return practice.legal_actions(state)

    def _chance_outcomes(self, state: Match) -> Iterable[tuple[Action, Fraction]]:
        return practice.chance_outcomes(state)

    def _apply(self, state: Match, action: Action) -> Applied[Match]:
        return practice.apply(state, action)

    def _outcome(self, state: Match) -> Outcome | None:
        return practice.outcome(state)

    def _players(self, state: Match) -> tuple[str, ...]:
        return practice.players(state)

    def _options(self, scenario: Any) -> Sequence[Option]:
        return practice_options(scenario)

    def _odds(
        self, state: Match, attacker: str, target: str, card: str | None
    ) -> learning.ShotOdds:
        return learning.practice_odds(state, attacker, target)

    def _reach(self, state: Match, tank: str) -> learning.TankReach:
        return learning.practice_reach(state, tank)

    def _explain(self, state: Match, action: Action) -> Verdict:
        return learning.explain(self, state, action, learning.practice_detail)

    def scenarios(self) -> dict[str, str]:
        return shipped_scenarios()

    def fingerprint(self, state: Match) -> str:
        return practice.fingerprint(state)

    def summarize(self, state: Match) -> Mapping[str, Any]:
        return practice.summarize(state)

    def destroyed(self, state: Match, tank: str) -> bool:
        return practice.destroyed(state, tank)


GAME = register_game(PanzerVor())
PRACTICE = register_game(PanzerVorPractice())
for _game in (GAME, PRACTICE):
    register_bot(_game.name, "greedy", greedy_player)
