"""The most steps a Panzer Vor! card match can take, and its two series (OpenSpiel's
``max_game_length``). The card game has no turn limit: its length is bounded by its deck.

**Turns.** Every turn begins with a Draw Phase: "At the beginning of your turn, you must
draw a card from the deck" (Turn Phases: Draw Phase; in Test Your Luck! the side the rules
play draws none, so at most every other turn). An Enforcement card is never kept in a hand
(drawn, it is resolved or ignored and discarded: Enforcement Cards; a starting hand is dealt
without one), so until the fourth is drawn all E of them are in the deck or the discard
pile, which makes the next deck when the deck runs out (``drawing``: a reading): every draw
finds a card, and each pass through the deck (at most N cards, the match's whole count)
draws every Enforcement card in it. So the fourth is drawn within ⌈4/E⌉ passes; then "place
that card back into the deck and reshuffle it (do not reshuffle the discarded cards)", and
"as soon as the Enforcement Card is drawn, the match ends" (Match Types and Stagnant
Matches): at most N draws more. A match has at most D = (⌈4/E⌉ + 1)·N draws, so at most D
turns (2·D in Test Your Luck!). A deck without Enforcement cards need never end:
:class:`~.bounds.Unbounded`, naming option ``deck``.

**Steps a turn.** Counted from the turn's structure (Sequence of Play; ``turn``,
``reactions``), with k the most tanks of one side, K the most tanks of the match, C its
characters, X the Attack cards that may be taken back and U the abilities used:

- abilities: each use turns a character face down or removes it (Characters), and only a
  Recovery (one Event card a turn, and a Recovery ability, used face up) gives one back, so
  U ≤ 2·C + 3 (a side's one Recovery character used, recovered by the card, used again);
  with two Recovery characters on one side (Saori Takebe and Katyusha) each recovers the
  other without end in one Event Phase, which no rule forbids: Unbounded;
- the Draw Phase's card (or a first draw of five), Thrown Tread's die, Morale Boost's three
  and an Aide's two a use: 1 + F + 3 + 2·U;
- at most 2 + X Action cards (one, one more by Combat Awareness, and each Attack card taken
  back for want of a target: Firing: Line of Sight), each: the card, its reaction window and
  the answer's, a rule's choice, and for each of up to k tanks its Select, Move, turret turn
  and Stop, the window after the move and its answer, a Quick Shot's two rolls and two
  declines, the Fire, the shot (the attack and the hit windows and their answers, two rolls,
  two declines, a scenario card's choice and a die), the tank's Stop: 6 + 30·k;
- the Event card and its choices (a redeployment of every tank with Ceasefire): 4 + 2·K;
- Combat Awareness, the passes of three phases, the End Phase's discards (at most N), a
  rule's own actions at any time (smoke removed, CV33s placed, reinforcements entering):
  1 + 3 + N + 2·K.

**Setup.** The starting hands dealt, and for each tank a Buy, a Deploy and a flag choice,
for each side DoneBuying and the flag marker, for each character its draw from the bag, its
face and its tank, and Exhibition!'s starting player, match type and obstacles (two rolls of
two dice, one obstacle a pip).

A strict count: the bound is far above real games (the soak tests measure how far).

>>> from workbench.games import get_game
>>> rules = get_game("panzer-vor")
>>> facts = facts_of(rules.start(rules.load_scenario("mock-battle")))
>>> facts.enforcement, facts.cards > 40
(6, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from typing import Any

from workbench.games.panzer_vor.numbering.card_slots import most_tanks
from workbench.games.panzer_vor.numbering.series_space import (
    linked_matches,
    scenario_card_pool,
    tournament_matches,
)
from workbench.games.panzer_vor.rules import linked_game as L
from workbench.games.panzer_vor.rules.characters import ABILITIES
from workbench.games.panzer_vor.rules.linked_teams import TEAMS
from workbench.games.panzer_vor.rules.match import HAND_LIMIT, Drawing
from workbench.games.panzer_vor.rules.scenario_rules.exhibition import BAG
from workbench.games.panzer_vor.rules.tournament import GOOSEFISH, MAJOR, MINOR
from workbench.games.panzer_vor.rules.tournament_game import TAKEN_EACH
from workbench.openspiel.bounds import Unbounded, bound

STAGNANT_AFTER = 4  # "once the fourth Enforcement Card has been drawn"
SHOT_STEPS = 16  # two windows and their answers, two rolls, two declines, a choice, a die, ...
TANK_STEPS = 14 + SHOT_STEPS  # a tank's part in an Action card (see the module)
EXHIBITION_SETUP = 2 + 1 + 2 + 2 * 12  # starting player, match type, obstacle rolls, obstacles
MORALE_BOOST = 3  # "you immediately draw three cards"
MOST_AIDE = 2  # the largest Aide on a counter (Yukari Akiyama's)
DRAWS = 4  # Exhibition!'s bag: "each player picks two of them at random"


@dataclass(frozen=True)
class Facts:
    """What a match's bound is counted from (see the module)."""

    cards: int  # N: every card of the match
    enforcement: int  # E: Enforcement cards in its deck
    per_side: int  # k
    tanks: int  # K
    characters: int  # C
    attacks: int  # X: Attack cards that may be taken back
    first_draw: int  # the most cards one Draw Phase draws
    drawing: int  # turns a draw at least covers (2 in Test Your Luck!: the rules' side draws none)
    sides: int
    dealt: int  # cards dealt to the starting hands


def facts_of(start: Any) -> Facts:
    """The facts of the match whose first state is ``start`` (Unbounded: see the module)."""
    deck = dict(start.deck)  # with the discard pile, the cards waiting and the marked one
    for card in (*start.discard, *start.waiting_cards, *((start.marked,) if start.marked else ())):
        deck[card] = deck.get(card, 0) + 1
    kinds = start.deck_list.cards
    enforcement = sum(n for c, n in deck.items() if kinds[c].kind == "enforcement")
    held = most_tanks(start)
    bag = character_bag(start)
    names = [*start.crew, *(f for f in start.stack if getattr(f, "purpose", "") == "character")]
    _recoveries(start, bag)
    held_cards = (*start.scenario_cards.values(), *start.hands.values())
    attack_cards = {*deck, *(c for cs in held_cards for c in cs)}
    return Facts(
        cards=max(start.total_cards, sum(deck.values())),
        enforcement=enforcement,
        per_side=max(held.values(), default=0),
        tanks=sum(held.values()),
        characters=len(names) + (DRAWS if bag else 0),
        attacks=sum(1 for c in attack_cards if _attack_only(kinds.get(c))),
        first_draw=max([1, HAND_LIMIT, *start.first_draw.values()]),
        drawing=2 if start.solo else 1,
        sides=len(start.order),
        dealt=sum(f.count for f in start.stack if isinstance(f, Drawing)),
    )


def _attack_only(card: Any) -> bool:
    return card is not None and bool(card.attack) and not card.move


def character_bag(start: Any) -> tuple[str, ...]:
    """The counters in Exhibition!'s bag, when its players draw characters from it (option
    ``exhibition_characters``), else none."""
    return BAG if "exhibition characters" in start.flags else ()


def _recoveries(start: Any, bag: tuple[str, ...]) -> None:
    """Unbounded when one side may hold two characters with Recovery (see the module)."""

    def recovers(name: str) -> bool:
        counter = ABILITIES.get(name)
        return counter is not None and any(
            a.kind == "recovery" for a in (*counter.front, *counter.back)
        )

    if sum(1 for name in bag if recovers(name)) >= 2:
        raise Unbounded(
            "Exhibition!'s bag may give one player two characters with Recovery (Saori Takebe "
            "and Katyusha), who recover each other without end in one Event Phase "
            "(Characters: Recovery): play without option exhibition_characters"
        )
    sides: dict[str, list[str]] = {}
    for crew in start.crew:
        sides.setdefault(crew.side, []).append(crew.name)
    for frame in start.stack:
        if getattr(frame, "purpose", "") == "character":
            sides.setdefault(frame.side, []).append(frame.data[0])
    for side, names in sides.items():
        found = sorted({n for n in names if recovers(n)})
        if len(found) >= 2:
            raise Unbounded(
                f"{side} holds {' and '.join(found)}, who recover each other without end in "
                "one Event Phase (Characters: Recovery): no option bounds such a match"
            )


def worst(every: Iterable[Facts]) -> Facts:
    """Facts no better than any of ``every`` (the fewest Enforcement cards, the most of the
    rest): what bounds each match of a series."""
    listed = list(every)
    return Facts(**{
        f.name: (min if f.name == "enforcement" else max)(getattr(x, f.name) for x in listed)
        for f in fields(Facts)
    })  # fmt: skip


def match_bound(facts: Facts) -> int:
    """The most steps of a match with these facts (see the module)."""
    if facts.enforcement == 0:
        raise Unbounded(
            "this deck has no Enforcement card, so a match need never become stagnant (Match "
            "Types and Stagnant Matches): give option deck a deck with Enforcement cards"
        )
    n, k, big = facts.cards, facts.per_side, facts.tanks
    draws = (-(-STAGNANT_AFTER // facts.enforcement) + 1) * n
    turns = facts.drawing * draws
    uses = 2 * facts.characters + 3
    drawn = 1 + facts.first_draw + MORALE_BOOST + MOST_AIDE * uses
    actions = (2 + facts.attacks) * (6 + TANK_STEPS * k)
    per_turn = uses + drawn + actions + (4 + 2 * big) + (1 + 3 + n + 2 * big)
    setup = facts.dealt + 3 * big + 2 * facts.sides + 3 * facts.characters + EXHIBITION_SETUP
    return setup + turns * per_turn


# --- the two series -------------------------------------------------------------------------


def linked_bound(start: Any) -> int:
    """The Linked Scenarios: five matches at most (Kuromorimine's Stage 2 follows Stage 1 as
    a match of its own), each bounded by the worst facts of the matches listed for its
    numbering (:func:`~.series_space.linked_matches`; Stage 2 holds what Stage 1 left of its
    forces and cards, and its own tanks and Reinforcements card), and before each match the
    choices between matches: Anzio's version, a team for each tank (eight at most: Alternate
    Reality), each Scenario Card of the pool, and after it a Goosefish member for each kill
    of its tank (five at most) and the last pick's end (Linked Scenarios: Overview,
    Character Growth)."""
    found = linked_matches(start)
    stage_1 = worst(facts_of(m) for m in found[L.STAGE_1])
    stage_2 = facts_of(found[L.STAGE_2][0])
    summed = ("cards", "per_side", "tanks", "characters")
    both = replace(stage_1, **{f: getattr(stage_1, f) + getattr(stage_2, f) for f in summed})
    every = worst([*(facts_of(m) for ms in found.values() for m in ms), both])
    matches = len(found) - 1  # both Anzio versions are one match
    between = 1 + len(TEAMS) + len(scenario_card_pool(start)) + len(GOOSEFISH) + 1
    return matches * (match_bound(every) + between)


def tournament_bound(start: Any) -> int:
    """Tournament Play: fifteen matches (sixteen schools), each played at most
    ``drawn_replays`` + 1 times (a drawn match is played again: without the option no bound
    exists), each bounded by the facts of the last round's match between two Minor Schools
    (the most points and tanks: :func:`~.series_space.tournament_matches`); and the choices:
    two schools a player, the bracket's seventeen draws, and before each match a die or an
    Advance and the characters taken (two a school and each's DoneTaking)."""
    replays = dict(start.options).get("drawn_replays")
    if replays is None:
        raise Unbounded(
            "Tournament Play plays a drawn match again until it has a winner: give option "
            "drawn_replays (the most times; then a die decides)"
        )
    facts = worst(facts_of(m) for m in tournament_matches(start, characters=False))
    if dict(start.options).get("characters"):  # two a school, of its own (Using Characters)
        facts = replace(facts, characters=facts.characters + 2 * TAKEN_EACH)
    schools = len(MAJOR) + len(MINOR)
    matches = 15
    before = 2 * len(start.players) + schools
    each = 1 + 2 * (TAKEN_EACH + 1)
    return before + matches * (each + (replays + 1) * match_bound(facts))


@bound("panzer-vor", option="deck")
def card_game(start: Any) -> int:
    """The card game's bound: :func:`match_bound` of the match's facts."""
    return match_bound(facts_of(start))


bound("panzer-vor-linked", option="deck")(linked_bound)
# OpenSpiel needs the longest game a game can run to. Tournament Play's reading plays a drawn
# match again "until it has a winner", which has no bound; so unless the options say otherwise
# the bridge plays it with at most three replays of a drawn match, then a die decides it. A
# stand-in of the bridge's, not the rulebook's: options={"drawn_replays": None} asks for the
# unbounded reading, which OpenSpiel cannot take, and is refused with that reason.
TOURNAMENT_BRIDGE_OPTIONS = {"drawn_replays": 3}
bound("panzer-vor-tournament", option="drawn_replays",
      bridge_options=TOURNAMENT_BRIDGE_OPTIONS)(tournament_bound)  # fmt: skip


__all__ = [
    "TOURNAMENT_BRIDGE_OPTIONS",
    "Facts",
    "card_game",
    "facts_of",
    "linked_bound",
    "match_bound",
    "tournament_bound",
    "worst",
]
