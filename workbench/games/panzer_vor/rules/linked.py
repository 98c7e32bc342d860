"""Kuromorimine's two stages played as one match (Stage 2: Beginning the Second Stage).

``next_stage(stage_1_end, stage_2)`` turns a Stage 1 match that ended with two Ōarai tanks
across Remagen Bridge into the Stage 2 match: the discard pile, the deck and the
Reinforcements card make the new deck; each hand is kept and filled up to five (Enforcement
cards and Reinforcements set aside, as when dealing); Ōarai's surviving tanks (with their
characters, face-down ones face down) enter from 1019, each with one move of 4 MP; the
Kuromorimine survivors wait as reinforcements (deployed at 0108 and 0109 with Movement cards:
see ``scenario_rules.kuromorimine_stage_2``). Stage 2's own Kuromorimine tanks stand as it
says: the Maus on 0417, the Panzer III Ausf. J "any hex within three hexes of the Maus",
which the Kuromorimine player chooses (a ``Deploy``, after Ōarai's tanks have entered:
"Ōarai deploys first"), unless the match's tanks are placed by the quick placement (Stage 1's
``setup: "quick"``, or ``placement="quick"``). Reading: the Enforcement count of Stage 1
carries over (one match).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from workbench.arguments import one_of
from workbench.errors import ArgumentError
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.rules import cardgame, placing
from workbench.games.panzer_vor.rules.characters import NO_COMMANDER_AWARENESS
from workbench.games.panzer_vor.rules.deck import add
from workbench.games.panzer_vor.rules.game_options import card_options
from workbench.games.panzer_vor.rules.match import HAND_LIMIT, CardMatch, Choice, Drawing, evolve
from workbench.games.panzer_vor.rules.phases import Phase
from workbench.games.panzer_vor.rules.scenario_rules.kuromorimine_stage_2 import ENTRY
from workbench.games.panzer_vor.rules.scenario_rules.linked_scenarios import GROWN
from workbench.games.panzer_vor.rules.setup import OPTIONAL_RULE_VALUES, OPTIONAL_RULES
from workbench.games.panzer_vor.rules.turn import settle

OARAI, KURO = "Ōarai", "Kuromorimine"
STAGE_2_CARDS = ("HS0017", "Spirit of the Student Council", "Super Strategy")


def next_stage(
    stage_1: CardMatch,
    stage_2: PanzerVorScenario,
    placement: str = "choose",
    readings: Mapping[str, Any] | None = None,
) -> CardMatch:
    """The Stage 2 match that follows a finished Stage 1 (see the module); ``placement``:
    "choose" (the Kuromorimine player places the Panzer III) or "quick"; ``readings``: Stage
    2's own options (HS0017's), as the series was started with."""
    one_of("placement", placement, ("choose", "quick"), "a placement")
    if "stage over" not in stage_1.flags:
        raise ArgumentError("stage_1", stage_1, "a Stage 1 that is over: two Ōarai tanks must "
                            "first cross Remagen Bridge")  # fmt: skip
    # the Optional Rules agreed for the match hold in both its stages, and so does the
    # reading of the turret penalty
    agreed = stage_1.board.options
    in_force = {rule for rule, flag in OPTIONAL_RULES.items() if getattr(agreed, flag)}
    carried = [value for value, rule in OPTIONAL_RULE_VALUES.items() if rule in in_force]
    penalty = agreed.turret_penalty
    choose = placement == "choose" and placing.choosing(stage_1)
    setup = "choose" if choose else "quick"
    options = {"setup": setup, "optional_rules": carried, "turret_penalty": penalty,
               "commander_awareness": NO_COMMANDER_AWARENESS not in stage_1.flags}  # fmt: skip
    own = {o.name for o in card_options(stage_2)}
    options.update({k: v for k, v in (readings or {}).items() if k in own})
    fresh = cardgame.start(stage_2, options)  # its Kuromorimine tanks placed, or to place
    board = fresh.board
    spare = next(iter(board.map.grid))
    kuro_base = [t for t in board.tanks if t.side == KURO]
    kuro_waiting = list(fresh.undeployed.get(KURO, ()))
    position = [f for f in fresh.stack if isinstance(f, Choice) and f.purpose == "position"
                and f.side == KURO and kuro_waiting]  # fmt: skip
    survivors = [t for t in stage_1.board.tanks if not t.wreck]
    oarai = [replace(t, hex=spare, smoke=False) for t in survivors if t.side == OARAI]
    oarai += [replace(t, hex=spare, smoke=False) for t in stage_1.exited]
    kuro = sorted(
        (replace(t, hex=spare, flag=t.flag) for t in survivors if t.side == KURO),
        key=lambda t: not t.flag,
    )
    if any(t.flag for t in kuro):  # the Stage 1 Flag Tank stays Kuromorimine's only one
        kuro_base = [replace(t, flag=False) for t in kuro_base]
        kuro_waiting = [replace(t, flag=False) for t in kuro_waiting]
    ids = {t.id for t in (*oarai, *kuro)}
    crew = tuple(
        replace(c, tank=None, arrives_with=c.tank) if c.tank in ids else c
        for c in stage_1.crew
        if c.face != "gone"
    )
    deck = stage_1.deck
    for card in (*stage_1.discard, *stage_1.in_play, "Reinforcements"):
        deck = add(deck, card)
    scenario_cards = dict(stage_1.scenario_cards)
    scenario_cards[OARAI] = (*scenario_cards.get(OARAI, ()), *STAGE_2_CARDS)
    match = evolve(
        stage_1,
        board=replace(board, tanks=tuple(kuro_base)),
        scenario=stage_2.name,
        deck=deck,
        discard=(),
        scenario_cards=scenario_cards,
        reserves={OARAI: tuple(oarai), KURO: tuple(kuro)},
        exited=(),
        crew=crew,
        undeployed={OARAI: (), KURO: tuple(kuro_waiting)} if position else stage_1.undeployed,
        # Stage 2's own flags (its readings; "quick setup" unless chosen), and what a team
        # that grew in Stage 1 keeps
        flags=fresh.flags | {f for f in stage_1.flags if f.startswith(GROWN)},
        stack=(),
        phase=Phase.SETUP,
        order=(OARAI, KURO),
        active=0,
        turn=1,
        ended=None,
        actions_left=1,
        event_played=False,
        awareness_used=False,
        reacted=False,
        restrictions=frozenset(),
        taken_back=(),
        in_play=(),
    )
    frames: list = []
    for side in (OARAI, KURO):
        need = HAND_LIMIT - len(match.hand(side))
        if need > 0:
            frames.append(Drawing(side, need, deal=True))
    frames.append(Choice(OARAI, "enter", (ENTRY,)))
    frames += position  # then the Kuromorimine player places the Panzer III
    match = evolve(match, stack=tuple(reversed(frames)))
    match = evolve(match, total_cards=match.cards_accounted())
    return settle(match, [])
