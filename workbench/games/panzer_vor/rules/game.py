"""Panzer Vor! on the game protocol (``workbench.rules.core``), as two registered games:

- ``"panzer-vor"``, the card game (Sequence of Play): ``cardgame`` starts it, ``turn`` plays
  it; each side's hand is hidden from the other (``hidden``);
- ``"panzer-vor-practice"``, the workbench's card-free practice mode (``practice``): one
  move or shot a turn, not the rulebook's.

Each lists its options (``game_options``) and gives the learner's odds, reach and verdicts
from its states (``learning``).
"""

from __future__ import annotations

from typing import Any

from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.rules import (
    actions,
    cardgame,
    facts,
    hidden,
    learning,
    practice,
    turn,
)
from workbench.games.panzer_vor.rules.actions import Deploy, Fire, Move, Pass, Roll
from workbench.games.panzer_vor.rules.bots import greedy_player
from workbench.games.panzer_vor.rules.deck import Draw
from workbench.games.panzer_vor.rules.fingerprint import card_fingerprint
from workbench.games.panzer_vor.rules.game_options import card_options, practice_options
from workbench.paths import shipped
from workbench.rules.core import Action, Game, register_game

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


def _players(state: Any) -> tuple[str, ...]:
    return tuple(state.order)


def _card_explain(state: Any, action: Any) -> Any:
    return learning.explain(GAME, state, action, learning.card_detail)


def _practice_explain(state: Any, action: Any) -> Any:
    return learning.explain(PRACTICE, state, action, learning.practice_detail)


GAME = register_game(
    Game(
        name="panzer-vor",
        title="Panzer Vor!",
        rulebook=RULEBOOK,
        board_kind="hex",
        start=cardgame.start,
        current_player=turn.current_player,
        legal_actions=turn.legal_actions,
        chance_outcomes=turn.chance_outcomes,
        apply=turn.apply,
        outcome=turn.outcome,
        action_types=CARD_ACTIONS,
        players=_players,
        scenarios=shipped_scenarios,
        invariants=cardgame.invariants,
        fingerprint=card_fingerprint,
        summarize=turn.summarize,
        options=card_options,
        seen_by=hidden.seen_by,
        mask=hidden.mask,
        sample_hidden=hidden.sample_hidden,
        revealed=facts.revealed,
        hides=lambda match: not match.solo,  # Test Your Luck!'s one player: nothing hidden
        odds=learning.card_odds,
        explain_action=_card_explain,
        reach=learning.card_reach,
        destroyed=learning.card_destroyed,
        declining=learning.card_declining,
        scenario_types=(PanzerVorScenario,),
        bots={"greedy": greedy_player},
        order=10,
        rulebook_file=RULEBOOK_FILE,
        sections=SECTIONS,
    )
)

PRACTICE = register_game(
    Game(
        name="panzer-vor-practice",
        title="Panzer Vor! practice mode (not the rulebook's turn)",
        rulebook=RULEBOOK,
        board_kind="hex",
        start=practice.start,
        current_player=practice.current_player,
        legal_actions=practice.legal_actions,
        chance_outcomes=practice.chance_outcomes,
        apply=practice.apply,
        outcome=practice.outcome,
        action_types=PRACTICE_ACTIONS,
        players=practice.players,
        scenarios=shipped_scenarios,
        fingerprint=practice.fingerprint,
        summarize=practice.summarize,
        options=practice_options,
        odds=learning.practice_odds,
        explain_action=_practice_explain,
        reach=learning.practice_reach,
        destroyed=practice.destroyed,
        declining=practice.declining,
        scenario_types=(PanzerVorScenario,),
        bots={"greedy": greedy_player},
        order=11,
        rulebook_file=RULEBOOK_FILE,
        sections=SECTIONS,
    )
)
