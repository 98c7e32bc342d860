"""The numbered actions of the National Tournament's two series of card matches: the Linked
Scenarios (``panzer-vor-linked``) and Tournament Play (``panzer-vor-tournament``).

A series plays Panzer Vor! card matches one after another, so its numbers are the card
game's (:mod:`.card_space`) listed from the *union* of the parts of every match the series
can play (:func:`~.card_space.union`: their tanks, cards, characters, sides, the most tanks
a match holds, the largest reach and deployment area), plus the series' own actions between
matches. A match's action is numbered within the match in play (its Move, Fire and Deploy
relative to that match: :mod:`.card_slots`), so two matches of different forces share one
set of numbers. Three numberings differ from the card game's, to keep a series within 10⁵:

- a **Move's ability** is whether the move uses the movement bonus of the first character
  on the moving tank who has one (the only one the rules offer: ``options.legal_moves``),
  not the character's name;
- a **Reaction's tank** is the tank's slot among the match's tanks;
- a **card's or an ability's choice** names its tank by slot (``repair:<slot>``, Recovery's
  ``<character>@<slot>``, a wreck removed, the tank HS0017 sends to 1007).

The matches listed:

- **Linked Scenarios**: each of the four matches (both Anzio versions, and Stage 2 of
  Kuromorimine from a fresh Stage 2 beside Stage 1, holding Stage 1's tanks too) with
  Ōarai's largest force on the schedule (every tank arrived on time), under every name its
  upgrades give it (Panzer IV Ausf. D, F2, H; 38 (t), Hetzer), with every Scenario Card of
  the pool; with the Optional Rule Alternate Reality, with every team on some tank. Between
  matches: ``PlayAnzio``,
  ``UseScenarioCard`` (the pool's cards), ``FaceUp`` (the Goosefish members),
  ``NoMoreFaceUp``, ``AssignTeam`` (every name an Ōarai tank can have, every team or none).
- **Tournament Play**: an Exhibition! match of the last round (the most points and tanks
  Creating Forces allows) between two Minor Schools (who buy from every tank of 40 points or
  less, each Major School from its own), every school's name as a side, and with option
  ``characters`` every character a school can take. Between matches: ``ChooseSchool``,
  ``DrawSchool`` and ``Advance`` (every school), ``TakeCharacter`` and ``DrawCharacter``
  (each school's characters), ``DoneTaking``; the die between two schools nobody controls is
  the card game's ``Die``.

The matches are listed with the setup by choices whatever the option ``setup`` (every tank a
side may buy, the deployment areas): a superset of the quick setup's. The same matches bound
the series' length (:mod:`.card_bound`).

>>> from workbench.openspiel import action_space
>>> len(action_space("panzer-vor-linked"))
82226
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from workbench.games.panzer_vor.numbering.card_slots import Relative, offsets
from workbench.games.panzer_vor.numbering.card_space import (
    Parts,
    families,
    parts_of,
    slots_of,
    union,
)
from workbench.games.panzer_vor.rules import linked_game as L
from workbench.games.panzer_vor.rules import tournament_game as T
from workbench.games.panzer_vor.rules.actions import Move, PlayCard, React, UseAbility
from workbench.games.panzer_vor.rules.cards import DEFAULT_DECK
from workbench.games.panzer_vor.rules.deck_file import deck_of
from workbench.games.panzer_vor.rules.event_cards import WRECK
from workbench.games.panzer_vor.rules.linked_teams import NO_TEAM, TEAMS
from workbench.games.panzer_vor.rules.series import start_match
from workbench.games.panzer_vor.rules.tournament import (
    BASE_TANKS,
    GOOSEFISH,
    MAJOR,
    MATCHES,
    MINOR,
    ROUNDS,
    UPGRADES,
    Campaign,
)
from workbench.openspiel.numbering import ActionSpace, Family, NotNumbered
from workbench.openspiel.spaces import numbers, one, whole

SERIES_SLOTS = "openspiel series slots"  # a series ranks its tanks apart from the card game


def match_in_play(state: Any) -> Any:
    """The card match a series state is playing (a match's action is numbered within it)."""
    match = getattr(state, "match", None)
    if match is None:
        raise NotNumbered("no match is being played now: a match's action is numbered in one")
    return match


class SeriesRelative(Relative):
    """The card game's relative numbering (:class:`~.card_slots.Relative`) read in the match
    in play, a Move's ability as whether the tank's first mover's bonus is used and a
    Reaction's tank by its slot (see the module)."""

    def move(self, action: Any, state: Any) -> tuple[Any, ...]:
        match = match_in_play(state)
        if action.ability and action.ability != _rider(match, action.tank):
            raise NotNumbered(
                f"{action!r}: a Move uses the bonus of the first character on its tank who has one"
            )
        plain = replace(action, ability="")
        slot, offset, facing, _ = super().move(plain, match)
        return (slot, offset, facing, bool(action.ability))

    def move_back(self, values: tuple[Any, ...], state: Any) -> Any:
        match = match_in_play(state)
        slot, offset, facing, bonus = values
        action = super().move_back((slot, offset, facing, ""), match)
        rider = _rider(match, action.tank) if bonus else ""
        if bonus and not rider:
            raise NotNumbered(f"{action.tank} carries no character with a movement bonus")
        return replace(action, ability=rider)

    def fire(self, action: Any, state: Any) -> tuple[Any, ...]:
        return super().fire(action, match_in_play(state))

    def fire_back(self, values: tuple[Any, ...], state: Any) -> Any:
        return super().fire_back(values, match_in_play(state))

    def deploy(self, action: Any, state: Any) -> tuple[Any, ...]:
        return super().deploy(action, match_in_play(state))

    def deploy_back(self, values: tuple[Any, ...], state: Any) -> Any:
        return super().deploy_back(values, match_in_play(state))

    def react(self, action: Any, state: Any) -> tuple[Any, ...]:
        if not action.tank:
            return (action.card, "")
        return (action.card, self.slots.slot(match_in_play(state), action.tank))

    def react_back(self, values: tuple[Any, ...], state: Any) -> Any:
        card, slot = values
        return React(card, "" if slot == "" else self.slots.tank(match_in_play(state), slot))

    def choice(self, action: Any, state: Any) -> tuple[Any, ...]:
        """A card's or an ability's choice with the tank it names as its slot."""
        return (replace(action, choice=self._choice(action.choice, state, self._slot)),)

    def choice_back(self, values: tuple[Any, ...], state: Any) -> Any:
        (action,) = values
        return replace(action, choice=self._choice(action.choice, state, self._tank))

    @staticmethod
    def _choice(choice: str, state: Any, swap: Callable[[Any, str], str]) -> str:
        """``choice`` with its tanks (``repair:T``, Recovery's ``character@T``, a wreck
        removed, ``...+wreck:T``, HS0017's bare ``T``: a tank's id, or a slot's digits)
        swapped."""
        match = match_in_play(state)
        if choice.isdigit() or choice in {t.id for t in match.board.tanks}:
            return swap(match, choice)
        head, mark, wreck = choice.partition(WRECK)
        joined = "+" if head.endswith("+") else ""
        head = head.removesuffix("+")
        if head.startswith("repair:"):
            head = "repair:" + swap(match, head.removeprefix("repair:"))
        elif "@" in head:
            character, tank = head.rsplit("@", 1)
            head = f"{character}@{swap(match, tank)}"
        return Relative._wreck(f"{head}{joined}{mark}{wreck}", match, swap)  # the wreck too


def _rider(match: Any, tank: str) -> str:
    """The first character on ``tank`` with a movement bonus now ("": none)."""
    for crew in match.crew_on(tank):
        if any(a.kind == "movement" and a.value for a in crew.abilities):
            return str(crew.name)
    return ""


def series_families(parts: Parts) -> list[Family]:
    """The card game's families (:func:`~.card_space.families`) for a series' matches."""
    relative = SeriesRelative(slots_of(parts, SERIES_SLOTS), offsets(parts.radius))
    slotted = replace(parts, tanks=tuple(str(n) for n in range(parts.count)))
    chosen = {f.kind: f for f in families(slotted, relative) if f.kind in (PlayCard, UseAbility)}
    found = []
    for family in families(parts, relative):
        if family.kind is Move:
            fields = (*family.fields[:3], ("ability", (False, True)))
            family = Family(Move, fields, relative.move, relative.move_back,
                            "as the card game's, the ability: whether the tank's first "
                            "mover's bonus is used")  # fmt: skip
        elif family.kind is React:
            slots = ("", *range(parts.count))
            family = Family(React, (family.fields[0], ("tank", slots)), relative.react,
                            relative.react_back, "the card, the tank's slot")  # fmt: skip
        elif family.kind in chosen:
            family = Family(family.kind, chosen[family.kind].fields, relative.choice,
                            relative.choice_back, "each card or ability and its choices, "
                            "a tank named by its slot")  # fmt: skip
        found.append(family)
    return found


def series_space(where: str, matches: Iterable[Any], own: Sequence[Family],
                 extra: Callable[[Parts], Parts] = lambda p: p) -> ActionSpace:  # fmt: skip
    """The numbered actions of a series playing ``matches`` (their first states), its
    ``own`` families first; ``extra`` adds to the matches' union what no listed match
    holds."""
    parts = extra(union(parts_of(m) for m in matches))
    return ActionSpace(where, (*own, *series_families(parts)))


def choosing(options: tuple[tuple[str, Any], ...]) -> tuple[tuple[str, Any], ...]:
    """A series' options with the setup by choices: the matches listed buy and place by
    actions, so their tanks are every tank a side may buy (the quick setup's stand-in
    purchase among them) and their deployment areas are listed."""
    return tuple(sorted({**dict(options), "setup": "choose"}.items()))


# --- the Linked Scenarios -----------------------------------------------------------------


# Ōarai's tanks under each name their upgrades give them (Tank Upgrades)
NAMES: tuple[dict[str, str], ...] = (
    {},
    {"Panzer IV Ausf. D": "Panzer IV Ausf. F2", "38 (t)": "Hetzer"},
    {"Panzer IV Ausf. D": "Panzer IV Ausf. H", "38 (t)": "Hetzer"},
)
ARRIVALS = ("Char B1 bis", "Porsche Tiger", "Type 3")  # for Matches 2, 3 and 4 on schedule


_LISTED: dict[tuple[int, Any], tuple[Any, dict[str, list[Any]]]] = {}


def linked_matches(state: Any) -> dict[str, list[Any]]:
    """By scenario, the first states of the matches of the Linked Scenarios with Ōarai's
    largest force, under each name and (Alternate Reality) crew it can have; Stage 2 fresh
    from its scenario (see the module). Worked out once for a series' scenarios and options
    (a search player numbers and bounds the series again from each state it searches)."""
    key = (id(state.scenarios), state.options)
    kept = _LISTED.get(key)
    if kept is None or kept[0] is not state.scenarios:
        kept = _LISTED[key] = (state.scenarios, _linked_matches(state))
    return kept[1]


def _linked_matches(state: Any) -> dict[str, list[Any]]:
    choose = state.option("scenario_cards", "choose") == "choose"
    chosen = scenario_card_pool(state) if choose else ()
    teams = state.option("alternate_reality")
    listed = choosing(state.options)
    found: dict[str, list[Any]] = {}
    for played, scenario in enumerate(MATCHES):
        versions = ("anzio-revised", "anzio-original") if scenario.startswith("anzio") else ()
        tanks = (*BASE_TANKS, *ARRIVALS[:played])
        named = min(played, len(NAMES) - 1) + 1
        crewed = -(-len(TEAMS) // len(tanks)) if teams else 1
        for variant in range(max(named, crewed)):
            renamed = NAMES[min(variant, named - 1)]
            names = tuple(renamed.get(t, t) for t in tanks)
            crews = tuple((t, TEAMS[(variant * len(names) + i) % len(TEAMS)])
                          for i, t in enumerate(names)) if teams else ()  # fmt: skip
            for name in versions or (scenario,):
                at = L.LinkedState(state.scenarios, listed, Campaign(played, names),
                                   scenario=name, chosen=chosen, crews=crews)  # fmt: skip
                found.setdefault(name, []).append(L.match_of(at))
    found[L.STAGE_2] = [start_match(state.scenarios[L.STAGE_2], listed)]
    return found


@numbers("panzer-vor-linked")
def linked(scenario: Any, start: Any) -> ActionSpace:
    matches = linked_matches(start)
    stage_1 = union(parts_of(m) for m in matches[L.STAGE_1])
    stage_2 = parts_of(matches[L.STAGE_2][0])

    def stage_2_force(parts: Parts) -> Parts:
        """Stage 2 holds what Stage 1 left of both forces and its own new tanks together,
        Stage 1's tanks waiting to be placed (``linked.next_stage``)."""
        count, per_side = stage_1.count + stage_2.count, stage_1.per_side + stage_2.per_side
        waiting = tuple(dict.fromkeys((*parts.waiting, *stage_1.tanks)))
        return replace(parts, count=max(parts.count, count),
                       per_side=max(parts.per_side, per_side), waiting=waiting)  # fmt: skip

    tanks = tuple(dict.fromkeys((*BASE_TANKS, *UPGRADES.values(), *ARRIVALS)))
    own = (
        Family(L.PlayAnzio, (("version", ("revised", "original")),)),
        Family(L.UseScenarioCard, (("card", scenario_card_pool(start)), ("use", (True, False)))),
        Family(L.FaceUp, (("member", GOOSEFISH),)),
        one(L.NoMoreFaceUp),
        Family(L.AssignTeam, (("tank", tanks), ("team", (*TEAMS, NO_TEAM)))),
    )
    where = f"panzer-vor-linked {getattr(scenario, 'name', 'a state')}"
    every = [m for found in matches.values() for m in found]
    return series_space(where, every, own, stage_2_force)


def scenario_card_pool(start: Any) -> tuple[str, ...]:
    """The Scenario Cards the Linked Scenarios may deal (options ``card_pool`` and ``deck``)."""
    deck = deck_of(start.option("deck")) if start.option("deck") else DEFAULT_DECK
    return L.card_pool(start.scenarios, start.option("card_pool") == "all", deck)


# --- Tournament Play ----------------------------------------------------------------------


def tournament_matches(state: Any, characters: bool = True) -> list[Any]:
    """The first state of an Exhibition! match of the last round between two Minor Schools
    (see the module), with option ``characters`` (and ``characters``) every character a
    school can take on the first's side."""
    pair = MINOR[:2]
    every = characters and _option(state, "characters")
    taken = tuple((pair[0], c) for c in _characters()) if every else ()
    at = replace(state, picks=tuple(zip(state.players, pair, strict=False)), alive=pair,
                 round=max(ROUNDS), at=0, taken=taken)  # fmt: skip
    return [start_match(T.exhibition_for(at), choosing(state.options))]


def _option(state: Any, name: str) -> Any:
    return dict(state.options).get(name)


def _characters() -> tuple[str, ...]:
    """Every character a school can take (Using Characters)."""
    return tuple(dict.fromkeys(c for s in (*MAJOR, *MINOR) for c in T.school_characters(s)))


def _every_school(parts: Parts) -> Parts:
    """Every school's name as a side (a match's side is its school's roster name)."""
    sides = tuple(T.ROSTER_SCHOOL.get(s, s) for s in (*MAJOR, *MINOR))
    return replace(parts, sides=tuple(dict.fromkeys((*parts.sides, *sides))))


@numbers("panzer-vor-tournament")
def tournament(scenario: Any, start: Any) -> ActionSpace:
    schools = (*MAJOR, *MINOR)
    characters = [(s, c) for s in schools for c in T.school_characters(s)]
    own = (
        Family(T.ChooseSchool, (("school", schools),)),
        Family(T.DrawSchool, (("school", schools),)),
        Family(T.Advance, (("school", schools),)),
        whole(T.TakeCharacter, (T.TakeCharacter(s, c) for s, c in characters)),
        whole(T.DrawCharacter, (T.DrawCharacter(s, c) for s, c in characters)),
        Family(T.DoneTaking, (("school", schools),)),
    )
    where = f"panzer-vor-tournament {getattr(scenario, 'name', 'a state')}"
    return series_space(where, tournament_matches(start), own, _every_school)


__all__ = [
    "SeriesRelative",
    "linked",
    "linked_matches",
    "match_in_play",
    "scenario_card_pool",
    "series_families",
    "series_space",
    "tournament",
    "tournament_matches",
]
