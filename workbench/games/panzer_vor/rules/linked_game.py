"""The National Tournament's Linked Scenarios played as one game on the protocol
(registered as ``"panzer-vor-linked"``; start it from the shipped
``maps/panzer-vor/campaigns/linked-scenarios.json``).

A :class:`LinkedState` holds the :class:`~workbench.games.panzer_vor.rules.tournament.Campaign`
and the card match being played; ``current_player``, ``legal_actions``,
``chance_outcomes`` and ``apply`` go to that match. When a match ends the campaign records
it: a win leads to the next match with the schedule's tanks, the Panzer IV and 38 (t)
upgrades and the grown characters; anything else (a loss or a drawn stagnant match) ends
the tournament, won by the other player (Overview). Kuromorimine's Stage 1 leads into
Stage 2 (``linked.next_stage``).

Between matches the Ōarai player chooses, as actions: which Goosefish members begin the
next match face up, one per enemy tank the Goosefish tank destroyed (Character Growth:
:class:`FaceUp`, or :class:`NoMoreFaceUp`); which Anzio scenario to play
(:class:`PlayAnzio`, unless option ``anzio`` names it); with the Optional Rule Alternate
Reality (option ``alternate_reality``), which team pilots each tank (``linked_teams``:
:class:`AssignTeam`, one per tank); and which Scenario Cards to use (:class:`UseScenarioCard`,
one decision per card, unless option ``scenario_cards`` is ``"printed"``).

The two players are ``"Ōarai"`` and ``"Opponent"`` (who plays every other school).
Readings: the Ōarai player makes the Anzio choice; the Scenario Cards offered are every
Scenario Card of the deck ("given all of the Scenario Cards (except for Trap and
Reinforcements)"; option ``card_pool: "all"``, the default), or with ``card_pool: "matches"``
only those the Linked Scenarios' own scenarios give Ōarai (the default of records saved
before the option was written out); the Stage 2 cards come with Stage 2 as that scenario
says; a character growth pick goes only to a face-down member. A card is one card, in one
place: a Scenario Card the match's scenario deals to the other side (Saunders' starting
hand holds Eavesdropping) stays there and is not offered to Ōarai for that match, and
Pravda's Additional Scenario Cards leave out one Ōarai already holds
(``scenario_rules.pravda``). "A card may still only be used when the restrictions listed on
the card are met" (``restrictions``): Ceasefire only where the map has the Church,
Smokescreen only after the Kuromorimine player has played an Attack card (option
``smokescreen_opponent: "any-opponent"``: after the opponent of the match has).

Character Growth in Match 4: both stages of the Kuromorimine match play the rule that turns
the Anteater and Leopon Teams face up as soon as they destroy an enemy tank
(``scenario_rules.linked_scenarios``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from workbench.boards.values import Pictured
from workbench.games.panzer_vor.boards.linked import LinkedScenarios
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules import series
from workbench.games.panzer_vor.rules.cards import DEFAULT_DECK, Deck
from workbench.games.panzer_vor.rules.deck_file import deck_of
from workbench.games.panzer_vor.rules.game import GAME as CARDS
from workbench.games.panzer_vor.rules.game_options import linked_options
from workbench.games.panzer_vor.rules.linked import STAGE_2_CARDS, next_stage
from workbench.games.panzer_vor.rules.linked_teams import AssignTeam, assignments, by_tank, refusal
from workbench.games.panzer_vor.rules.match import CardMatch
from workbench.games.panzer_vor.rules.match import evolve as evolve_match
from workbench.games.panzer_vor.rules.phases import LinkedStep
from workbench.games.panzer_vor.rules.scenario_rules.kuromorimine_stage_1 import ANY_OPPONENT
from workbench.games.panzer_vor.rules.scenario_rules.linked_scenarios import GROWTH_IN_MATCH
from workbench.games.panzer_vor.rules.series import PASSED_ON, play_in_match, start_match
from workbench.games.panzer_vor.rules.tournament import (
    GOOSEFISH,
    JOINS,
    MATCHES,
    Campaign,
    _team,
    after_match,
    campaign_scenario,
)
from workbench.paths import shipped
from workbench.rules.core import (
    CHANCE,
    TERMINAL,
    Action,
    Applied,
    Event,
    Game,
    IllegalAction,
    Outcome,
    Reason,
    Termination,
    Turn,
    register_game,
)
from workbench.rules.observation import Observation
from workbench.rules.options import Option, with_defaults

OARAI, OPPONENT = "Ōarai", "Opponent"
NOT_GIVEN = ("Trap", "Reinforcements")  # Scenario Cards: "(except for Trap and Reinforcements)"
# "all of the Scenario Cards": a reading, all that the Ōarai player may use ("a card may still
# only be used when the restrictions listed on the card are met"): not these two, which "the
# Anzio player can" play, nor a card that acts as it is drawn from the deck (Fair Play)
ANZIOS = ("Childhood Friend", "Operation: Macaroni")
STAGE_1, STAGE_2 = "kuromorimine-stage-1", "kuromorimine-stage-2"


class LinkedEnd(Termination):
    OARAI_WINS = ("Ōarai won every match of the National Tournament", S.LINKED_OVERVIEW)
    OTHER_WINS = ("Ōarai did not win a match: the other player wins", S.LINKED_OVERVIEW)


# --- actions between matches ------------------------------------------------------------------


@dataclass(frozen=True)
class PlayAnzio(Action):
    """Match 2: play the Revised or the Original Anzio scenario."""

    version: str  # "revised" or "original"

    def __str__(self) -> str:
        return f"play Anzio ({self.version})"


@dataclass(frozen=True)
class UseScenarioCard(Action):
    """Before a match: use this Scenario Card in it, or not."""

    card: str
    use: bool

    def __str__(self) -> str:
        return f"{'use' if self.use else 'leave out'} {self.card}"


@dataclass(frozen=True)
class FaceUp(Action):
    """Character Growth: this Goosefish member begins the next match face up."""

    member: str

    def __str__(self) -> str:
        return f"{self.member} begins the next match face up"


@dataclass(frozen=True)
class NoMoreFaceUp(Action):
    """Character Growth: turn no more Goosefish members face up."""

    def __str__(self) -> str:
        return "no more Goosefish members face up"


LINKED_ACTIONS = (PlayAnzio, UseScenarioCard, FaceUp, NoMoreFaceUp, AssignTeam)


# --- the state --------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchResult:
    """One match played: its scenario, who won and why, and Ōarai's tanks lost."""

    scenario: str
    winner: str | None
    why: str
    lost: int

    def __str__(self) -> str:
        who = f"{self.winner} won" if self.winner else "drawn"
        return f"{self.scenario}: {who} ({self.why}); Ōarai lost {self.lost} tanks"


@dataclass(frozen=True)
class Growth:
    """A won match waiting for the Goosefish picks before the campaign records it."""

    destroyed_by: tuple[tuple[str, int], ...]
    crews: tuple[tuple[str, str], ...]
    lost: int
    picks_left: int
    picked: tuple[str, ...] = ()


@dataclass(frozen=True)
class LinkedState(Pictured):
    """The Linked Scenarios between and during matches. ``step``: where they
    are (``phases.LinkedStep``: a match, Anzio's version or the Scenario Cards being chosen,
    a character's growth, over)."""

    scenarios: LinkedScenarios = field(compare=False, repr=False)  # where it started from
    options: tuple[tuple[str, Any], ...]
    campaign: Campaign = field(default_factory=Campaign)
    step: LinkedStep = LinkedStep.MATCH
    scenario: str = MATCHES[0]  # the match being played or prepared
    match: CardMatch | None = None
    to_decide: tuple[str, ...] = ()  # Scenario Cards still to choose for this match
    chosen: tuple[str, ...] = ()
    crews: tuple[tuple[str, str], ...] = ()  # Alternate Reality: (tank, team) for this match
    growth: Growth | None = None
    results: tuple[MatchResult, ...] = ()
    ended: Outcome | None = None
    # the match the last action ended (its final position), for one step
    last_match: CardMatch | None = field(default=None, compare=False, repr=False)

    __hash__ = None  # type: ignore[assignment]

    @property
    def order(self) -> tuple[str, ...]:
        return (OARAI, OPPONENT)

    @property
    def board(self) -> Any:
        return None if self.match is None else self.match.board

    def option(self, name: str, default: Any = None) -> Any:
        return dict(self.options).get(name, default)


def _evolve(state: LinkedState, **changes: Any) -> LinkedState:
    return replace(state, **changes)


# --- starting and preparing matches -----------------------------------------------------------


def start(scenarios: LinkedScenarios, options: Mapping[str, Any] | None = None) -> LinkedState:
    """The campaign before Match 1 (Saunders): the Scenario Cards to choose, then the match.
    ``options`` are checked first (``game_options.linked_options``: OptionError)."""
    options = with_defaults(linked_options(scenarios), options)  # every one, as recorded
    if not isinstance(scenarios, LinkedScenarios):
        raise IllegalAction(
            Reason(f"the Linked Scenarios start from linked scenarios, not {scenarios!r}", S.LINKED)
        )
    state = LinkedState(scenarios, tuple(sorted(options.items())))
    return _prepare(state, [])


def card_pool(
    scenarios: LinkedScenarios, every: bool = False, deck: Deck = DEFAULT_DECK
) -> tuple[str, ...]:
    """The Scenario Cards the Ōarai player holds (Scenario Cards): every card the matches'
    scenarios give Ōarai, Trap and Reinforcements aside; with ``every`` (option ``card_pool:
    "all"``, "all of the Scenario Cards") every other Scenario Card of the deck too, after
    them. Either way Stage 2's own cards come with Stage 2, as that scenario says."""
    cards: list[str] = []
    for name in (*MATCHES[:-1], "anzio-original", STAGE_1):
        for side in scenarios[name].sides:
            if side.school == OARAI:
                cards += [c for c in side.scenario_cards if c not in (*NOT_GIVEN, *cards)]
    if every:
        left_out = (*NOT_GIVEN, *STAGE_2_CARDS, *ANZIOS, *cards)
        cards += [
            c
            for c, card in deck.cards.items()
            if card.kind == "scenario" and card.acts_as != "drawn" and c not in left_out
        ]
    return tuple(cards)


def _prepare(state: LinkedState, events: list[Event]) -> LinkedState:
    """The next match, once its choices are made: Anzio's version, then the cards."""
    name = state.campaign.next_match
    assert name is not None
    if name == "anzio-revised":
        version = state.option("anzio", "choose")
        if version == "choose":
            return _evolve(state, step=LinkedStep.ANZIO, scenario=name, match=None)
        name = f"anzio-{version}"
    return _choose_teams(_evolve(state, scenario=name), events)


def _choose_teams(state: LinkedState, events: list[Event]) -> LinkedState:
    """Alternate Reality: the team on each tank first (``linked_teams``), then the cards."""
    state = _evolve(state, crews=())
    if state.option("alternate_reality"):
        return _evolve(state, step=LinkedStep.TEAMS, match=None)
    return _choose_cards(state, events)


def other_sides_cards(scenario: Any) -> frozenset[str]:
    """The Scenario Cards a match's scenario gives the other side (its starting hand, its
    face-up cards, those added to the deck): each is one card, so not Ōarai's to hold too."""
    return frozenset(
        c for side in scenario.sides if side.school != OARAI
        for c in (*side.starting_hand.cards, *side.scenario_cards)
    ) | frozenset(scenario.deck_added)  # fmt: skip


def _choose_cards(state: LinkedState, events: list[Event]) -> LinkedState:
    if state.option("scenario_cards", "choose") == "choose":
        deck = deck_of(state.option("deck")) if state.option("deck") else DEFAULT_DECK
        pool = card_pool(state.scenarios, state.option("card_pool") == "all", deck)
        taken = other_sides_cards(state.scenarios[state.scenario])
        pool = tuple(c for c in pool if c not in taken)
        if pool:
            return _evolve(state, step=LinkedStep.CARDS, to_decide=pool, chosen=(), match=None)
    return _begin(state, events)


def in_match_4(scenario: Any) -> Any:
    """Match 4's scenario (either stage) with the Linked Scenarios' Character Growth rule."""
    return replace(scenario, special_rules=(*scenario.special_rules, GROWTH_IN_MATCH))


def _begin(state: LinkedState, events: list[Event]) -> LinkedState:
    """Start the match with the campaign's force (and the chosen cards)."""
    crews = by_tank(state.crews) if state.option("alternate_reality") else None
    scenario = campaign_scenario(state.campaign, state.scenarios[state.scenario], crews)
    if state.scenario == STAGE_1:
        scenario = in_match_4(scenario)
    if state.option("scenario_cards", "choose") == "choose":
        sides = tuple(
            replace(s, scenario_cards=state.chosen) if s.school == OARAI else s
            for s in scenario.sides
        )
        scenario = replace(scenario, sides=sides)
    match = start_match(scenario, state.options)
    if state.option("smokescreen_opponent") == "any-opponent":
        match = evolve_match(match, flags=match.flags | {ANY_OPPONENT})
    number = state.campaign.played + 1
    events.append(
        Event(
            f"Match {number}: {scenario.name}",
            (Reason(f"Ōarai's tanks: {', '.join(state.campaign.tanks)}", S.LINKED_TANKS),),
        )
    )
    return _evolve(state, step=LinkedStep.MATCH, match=match, to_decide=(), growth=None)


def match_of(state: LinkedState) -> CardMatch:
    """The match ``state`` begins when its choices are made: its campaign's force, its crews
    (Alternate Reality) and its chosen Scenario Cards (what the OpenSpiel numbering lists)."""
    match = _begin(state, []).match
    assert match is not None
    return match


# --- the protocol ---------------------------------------------------------------------------


def current_player(state: LinkedState) -> str | Turn:
    if state.step is LinkedStep.OVER:
        return TERMINAL
    if state.step is not LinkedStep.MATCH:
        return OARAI
    assert state.match is not None
    who = CARDS.current_player(state.match)
    if who in (CHANCE, TERMINAL):
        return who
    return OARAI if who == OARAI else OPPONENT


def players(state: LinkedState) -> tuple[str, ...]:
    return (OARAI, OPPONENT)


def legal_actions(state: LinkedState) -> list[Action]:
    if state.step is LinkedStep.MATCH:
        assert state.match is not None
        return list(CARDS.legal_actions(state.match))
    if state.step is LinkedStep.ANZIO:
        return [PlayAnzio("revised"), PlayAnzio("original")]
    if state.step is LinkedStep.TEAMS:
        return list(assignments(state.campaign.tanks, state.crews))
    if state.step is LinkedStep.CARDS:
        card = state.to_decide[0]
        return [UseScenarioCard(card, True), UseScenarioCard(card, False)]
    if state.step is LinkedStep.GROWTH:
        return [*(FaceUp(m) for m in _face_down(state)), NoMoreFaceUp()]
    return []


def chance_outcomes(state: LinkedState) -> Sequence[tuple[Action, Fraction]]:
    if state.step is not LinkedStep.MATCH:
        return ()
    assert state.match is not None
    return CARDS.chance_outcomes(state.match)


def _face_down(state: LinkedState) -> list[str]:
    picked = state.growth.picked if state.growth else ()
    return [m for m in GOOSEFISH if m not in state.campaign.face_up and m not in picked]


def apply(state: LinkedState, action: Action) -> Applied:
    if state.last_match is not None:
        state = _evolve(state, last_match=None)
    if state.step is LinkedStep.OVER:
        raise IllegalAction(Reason(f"the tournament is over: {state.ended}", S.LINKED_OVERVIEW))
    if state.step is LinkedStep.MATCH:
        match, found, over = play_in_match(state.match, action, LINKED_ACTIONS, S.LINKED)
        state = _evolve(state, match=match)
        return Applied(_match_over(state, found) if over else state, tuple(found))
    legal = legal_actions(state)
    if action not in legal:
        raise IllegalAction(_refusal(state, action))
    events: list[Event] = []
    if isinstance(action, PlayAnzio):
        events.append(Event(str(action), (Reason("Match 2: Anzio", S.LINKED_TANKS),)))
        after = _choose_teams(_evolve(state, scenario=f"anzio-{action.version}"), events)
    elif isinstance(action, AssignTeam):
        events.append(Event(str(action), (Reason("", S.ALTERNATE_REALITY),)))
        after = _evolve(state, crews=(*state.crews, (action.tank, action.team)))
        if not assignments(after.campaign.tanks, after.crews):
            after = _choose_cards(after, events)
    elif isinstance(action, UseScenarioCard):
        events.append(Event(str(action), (Reason("", S.LINKED_SCENARIO_CARDS),)))
        chosen = (*state.chosen, action.card) if action.use else state.chosen
        after = _evolve(state, to_decide=state.to_decide[1:], chosen=chosen)
        if not after.to_decide:
            after = _begin(after, events)
    else:
        after = _grow(state, action, events)
    return Applied(after, tuple(events))


def _refusal(state: LinkedState, action: Action) -> Reason:
    if state.step is LinkedStep.ANZIO:
        return Reason(f"{action}: first choose the Anzio scenario", S.LINKED_TANKS)
    if state.step is LinkedStep.TEAMS:
        return refusal(state.campaign.tanks, state.crews, action)
    if state.step is LinkedStep.CARDS:
        return Reason(f"{action}: decide on {state.to_decide[0]} first", S.LINKED_SCENARIO_CARDS)
    return Reason(
        f"{action}: choose face-down Goosefish members to turn face up", S.CHARACTER_GROWTH
    )


def _grow(state: LinkedState, action: Action, events: list[Event]) -> LinkedState:
    growth = state.growth
    assert growth is not None
    if isinstance(action, FaceUp):
        why = Reason("one member per enemy tank the Goosefish tank destroyed", S.CHARACTER_GROWTH)
        events.append(Event(str(action), (why,)))
        growth = replace(growth, picks_left=growth.picks_left - 1,
                         picked=(*growth.picked, action.member))  # fmt: skip
        state = _evolve(state, growth=growth)
        if growth.picks_left > 0 and _face_down(state):
            return state
    else:
        events.append(Event(str(action), (Reason("", S.CHARACTER_GROWTH),)))
    return _next_match(state, growth, events)


def _match_over(state: LinkedState, events: list[Event]) -> LinkedState:
    """The campaign after the match that just ended (see the module)."""
    match = state.match
    assert match is not None
    ended = CARDS.outcome(match)
    assert ended is not None
    state = _evolve(state, last_match=match)
    if state.scenario == STAGE_1 and ended.winner is None and "stage over" in match.flags:
        placement = state.option("stage_2_deployment", "choose")
        readings = {k: v for k, v in state.options if k in PASSED_ON}
        stage_2 = next_stage(match, in_match_4(state.scenarios[STAGE_2]), placement, readings)
        events.append(Event("Stage 1 is over: Stage 2 begins", (Reason(
            "two Ōarai tanks crossed Remagen Bridge", S.STAGE_2_RULES),)))  # fmt: skip
        return _evolve(state, scenario=STAGE_2, match=stage_2)
    lost = len(match.lost.get(OARAI, ()))
    result = MatchResult(state.scenario, ended.winner, ended.termination.text, lost)
    events.append(Event(f"match over: {result}", (Reason(ended.termination.text,
                                                         ended.termination.section),)))  # fmt: skip
    state = _evolve(state, results=(*state.results, result))
    won = ended.winner == OARAI
    if not won or state.campaign.played + 1 == len(MATCHES):
        why = LinkedEnd.OARAI_WINS if won else LinkedEnd.OTHER_WINS
        outcome = Outcome(why, OARAI if won else OPPONENT, tuple(
            Reason(str(r), S.LINKED_OVERVIEW) for r in state.results))  # fmt: skip
        events.append(Event(str(outcome), outcome.reasons))
        return _evolve(state, step=LinkedStep.OVER, ended=outcome)
    destroyed = Counter(firer for firer, _, side in match.kills if side != OARAI)
    crews = {t: _team(t) for t in state.campaign.tanks
             if state.campaign.played >= JOINS.get(_team(t), 0)}  # fmt: skip
    if state.option("alternate_reality"):  # the teams the player put on the tanks
        crews = {t: team for t, team in by_tank(state.crews).items() if team}
    goosefish = sum(n for t, n in destroyed.items() if crews.get(t) == "Goosefish Team")
    growth = Growth(tuple(sorted(destroyed.items())), tuple(sorted(crews.items())), lost, goosefish)
    state = _evolve(state, step=LinkedStep.GROWTH, growth=growth, match=None)
    if goosefish and _face_down(state):
        return state
    return _next_match(state, growth, events)


def _next_match(state: LinkedState, growth: Growth, events: list[Event]) -> LinkedState:
    before = state.campaign
    campaign = after_match(before, True, dict(growth.destroyed_by), dict(growth.crews),
                           growth.lost, growth.picked)  # fmt: skip
    assert isinstance(campaign, Campaign)
    upgrades = [f"{a} -> {b}" for a, b in zip(before.tanks, campaign.tanks, strict=False) if a != b]
    if upgrades:
        events.append(Event(f"upgraded: {', '.join(upgrades)}", (Reason(
            "one rank up after destroying an enemy tank", S.TANK_UPGRADES),)))  # fmt: skip
    grown = sorted(campaign.face_up - before.face_up)
    if grown:
        events.append(Event(f"face up next match: {', '.join(grown)}", (Reason(
            "a team that destroyed an enemy tank", S.CHARACTER_GROWTH),)))  # fmt: skip
    joined = campaign.tanks[len(before.tanks) :]
    if joined:
        events.append(Event(f"joining Ōarai: {', '.join(joined)}", (Reason(
            "the schedule of Ōarai's tanks", S.LINKED_TANKS),)))  # fmt: skip
    state = _evolve(state, campaign=campaign, growth=None, step=LinkedStep.MATCH)
    return _prepare(state, events)


def step_text(state: LinkedState) -> str:
    """Where the campaign stands, in words (for a picture's caption or a status line)."""
    campaign = state.campaign
    head = f"Linked Scenarios, Match {campaign.played + 1} of {len(MATCHES)} ({state.scenario})"
    if state.step is LinkedStep.OVER:
        head = f"Linked Scenarios over: {state.ended}"
    elif state.step is LinkedStep.ANZIO:
        head += ": Ōarai chooses the Revised or the Original Anzio scenario"
    elif state.step is LinkedStep.TEAMS:
        tank = campaign.tanks[len(state.crews)]
        head += f": Ōarai chooses the team piloting the {tank}"
    elif state.step is LinkedStep.CARDS:
        head += f": Ōarai decides on the Scenario Card {state.to_decide[0]}"
    elif state.step is LinkedStep.GROWTH and state.growth is not None:
        head = (f"Linked Scenarios: Match {campaign.played + 1} won; Ōarai turns up to "
                f"{state.growth.picks_left} more Goosefish members face up")  # fmt: skip
    up = ", ".join(sorted(campaign.face_up)) or "none"
    done = "; ".join(str(r) for r in state.results) or "none yet"
    return f"{head}. Ōarai's tanks: {', '.join(campaign.tanks)}. Face up: {up}. Played: {done}."


def outcome(state: LinkedState) -> Outcome | None:
    return state.ended


def invariants(state: LinkedState) -> None:
    recorded = state.campaign.played + (state.step in (LinkedStep.GROWTH, LinkedStep.OVER))
    assert recorded == len(state.results), "each match played is recorded"
    if state.step in (LinkedStep.ANZIO, LinkedStep.TEAMS, LinkedStep.CARDS, LinkedStep.GROWTH):
        assert state.match is None, f"a match in step {state.step}"
    assert (state.ended is not None) == (state.step is LinkedStep.OVER)
    if state.step is LinkedStep.MATCH:
        assert state.match is not None, "a match is being played"
        CARDS.invariants(state.match)
        assert CARDS.outcome(state.match) is None, "a finished match is recorded at once"
    assert all(r.winner == OARAI for r in state.results[:-1]), "only a won match leads on"


def fingerprint(state: LinkedState) -> str:
    rest = (state.options, state.campaign, state.step, state.scenario, state.to_decide,
            state.chosen, state.growth, state.results, state.ended, state.crews)  # fmt: skip
    inner = "" if state.match is None else CARDS.fingerprint(state.match)
    return f"{inner}\n{rest!r}"


def shipped_campaigns() -> dict[str, str]:
    return shipped("panzer-vor", "campaigns")


# --- what each player sees, and the learner's answers (``series``) ---------------------------


def player_of(state: LinkedState, side: str) -> str:
    """The player of a side of the match in play: Ōarai's, or the Opponent (every school)."""
    return OARAI if side == OARAI else OPPONENT


def side_of(state: LinkedState, player: str) -> str | None:
    """The side of the match in play that ``player`` plays."""
    match = state.match
    if match is None:
        return None
    return next((s for s in match.order if player_of(state, s) == player), None)


class Linked(series.Series[LinkedState]):
    """The Linked Scenarios as one game: each method calls this module's rules."""

    name = "panzer-vor-linked"
    title = "Panzer Vor! The National Tournament (Linked Scenarios)"
    action_types = (*CARDS.action_types, *LINKED_ACTIONS)
    scenario_types = (LinkedScenarios,)
    order = 40
    section = S.LINKED

    def _start(self, scenario: Any, options: Mapping[str, Any] | None) -> LinkedState:
        return start(scenario, options)

    def _current_player(self, state: LinkedState) -> str | Turn:
        return current_player(state)

    def _legal_actions(self, state: LinkedState) -> list[Action]:
        return legal_actions(state)

    def _chance_outcomes(self, state: LinkedState) -> Sequence[tuple[Action, Fraction]]:
        return chance_outcomes(state)

    def _apply(self, state: LinkedState, action: Action) -> Applied[LinkedState]:
        return apply(state, action)

    def _outcome(self, state: LinkedState) -> Outcome | None:
        return outcome(state)

    def _players(self, state: LinkedState) -> tuple[str, ...]:
        return players(state)

    def _options(self, scenario: Any) -> Sequence[Option]:
        return linked_options(scenario)

    def scenarios(self) -> dict[str, str]:
        return shipped_campaigns()

    def invariants(self, state: LinkedState) -> None:
        invariants(state)

    def fingerprint(self, state: LinkedState) -> str:
        return fingerprint(state)

    def player_of(self, state: LinkedState, side: str) -> str:
        return player_of(state, side)

    def side_of(self, state: LinkedState, player: str) -> str | None:
        return side_of(state, player)


GAME = register_game(Linked())


def linked_player(player: Any) -> Any:
    """A card-game player (``workbench.games.panzer_vor.rules.bots``) as a Linked Scenarios
    player: it chooses in the match; between matches it takes the first listed choice."""

    def play(game: Game, observation: Observation, rng: Any) -> Action:
        state = observation.state  # the series as this player sees it
        if state.step is LinkedStep.MATCH:
            side = side_of(state, observation.player) or observation.player
            seen = Observation(CARDS.name, side, state.match, observation.legal_actions,
                               observation.hidden, observation.history)  # fmt: skip
            return player(CARDS, seen, rng)
        return observation.legal_actions[0]

    play.label = f"{getattr(player, 'label', player.__name__)}, in each match"  # type: ignore[attr-defined]
    return play
