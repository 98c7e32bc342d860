"""Starting a card-driven match from a scenario (Game Setup, each scenario's Setup), and the
invariants every state keeps.

Setup readings. With the option ``setup: "choose"`` (the default) every placement a player
makes is an action of the match (``placing``), recorded and replayed like any other:

- buying: Exhibition!'s forces (up to 100 points, one tank per hex of the first row) and
  Anzio (Original)'s nine tanks within 80 points are bought tank by tank (``Buy``, then
  ``DoneBuying``), each side in the scenario's order; Exhibition!'s lower total then chooses
  who acts first;
- deployment: each tank a side deploys is placed by ``Deploy(tank, hex, facing)`` on a free
  hex of its deployment area, sides in the scenario's "Deployment: X deploys first" order
  (Exhibition!: the first player, then the second);
- the flag marker "on a tank of your choice" and characters placed "on tanks of your choice"
  (one team per tank) are ``Choose(tank)`` answers, the characters before that side deploys,
  the flag after;
- Pravda's Ceasefire: Pravda redeploys every remaining tank (and reinforcement) on
  non-adjacent hexes 6-9 from the Church, then Ōarai within two (the EDITOR'S NOTE order;
  ``ceasefire_order: "published"``: Ōarai first).

With ``setup: "quick"`` these are a labelled quick placement (not the rulebook's): tanks by
``quick_deployment``, a chosen flag on the side's first tank, a stand-in purchase
(``_bought``), characters on the side's first free tanks, the Ceasefire by reading order.
Either way Pravda's Katyusha and Nonna ride the KV-2 and the IS-2, a flag "on a P40" goes on
Anchovy's, and a Stage 2 that follows Stage 1 (``linked``) places its tanks quick.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from workbench.boards.panzer_vor.scenario import Character, ForceTank, PanzerVorScenario
from workbench.rules.options import OptionError, check_options
from workbench.rules.panzer_vor import placing, sections, variants
from workbench.rules.panzer_vor.cards import DEFAULT_DECK, Deck
from workbench.rules.panzer_vor.characters import Crew, Face
from workbench.rules.panzer_vor.deck import from_counts, take
from workbench.rules.panzer_vor.deck_file import deck_of
from workbench.rules.panzer_vor.game_options import card_options, two_sides
from workbench.rules.panzer_vor.match import HAND_LIMIT, CardMatch, Choice, Drawing
from workbench.rules.panzer_vor.scenarios import PRAVDA_CARDS
from workbench.rules.panzer_vor.setup import (
    Setup,
    _placed,
    game_from_scenario,
    quick_deployment,
    side_name,
)
from workbench.rules.panzer_vor.solo import UPGRADES
from workbench.rules.panzer_vor.state import Tank
from workbench.rules.panzer_vor.variants import VARIANT_OPTIONS


def _bought(scenario: PanzerVorScenario) -> PanzerVorScenario:
    """Stand-in purchases: each buying side takes roster tanks in roster order while they fit
    its points (at most four, or its limit), so every scenario plays without a shop."""
    roster = scenario.counters
    sides = []
    for side in scenario.sides:
        if side.purchase is None:
            sides.append(side)
            continue
        spent = sum(roster.get(t.tank).points * t.count for t in side.tanks)
        names = side.purchase.tanks or tuple(roster.names)
        bought = list(side.tanks)
        limit = min(side.purchase.max_tanks or 4, 4) + len(side.tanks)
        for name in names:  # one of each roster tank, in order, while it fits
            points = roster.get(name).points
            if spent + points <= side.purchase.points and len(bought) < limit:
                bought.append(ForceTank(name))
                spent += points
        sides.append(replace(side, tanks=tuple(bought)))
    return replace(scenario, sides=tuple(sides))


def start(scenario: PanzerVorScenario, options: Mapping[str, Any] | None = None) -> CardMatch:
    """The match at the start: hands being dealt (chance draws), then the first turn."""
    from workbench.rules.panzer_vor.turn import settle

    options = check_options(card_options(scenario), options)  # OptionError: nothing starts
    two_sides(scenario)
    if options.get("exhibition_characters") and options.get("setup", "choose") != "choose":
        raise OptionError(
            "exhibition_characters", True,
            "False with setup 'quick' (Exhibition!'s characters are placed by the setup by "
            "choices)", sections.EXHIBITION_CHARACTERS,
        )  # fmt: skip
    variant = {k: v for k, v in options.items() if k in VARIANT_OPTIONS}
    scenario = variants.scenario_for(scenario, variant)
    choose = options.get("setup", "choose") == "choose"
    deck_list: Deck = deck_of(options["deck"]) if options.get("deck") else DEFAULT_DECK
    if not choose:
        scenario = _bought(scenario)
    setup = game_from_scenario(scenario)
    to_deploy: list[Tank] = []  # tanks the players deploy by choice
    if setup.waiting and choose:
        to_deploy = _waiting_tanks(scenario, setup)
    elif setup.waiting:
        setup = quick_deployment(scenario, setup)
    board = setup.state
    names = {s.key: side_name(scenario, s.key) for s in scenario.sides}
    order = tuple(names[s.key] for s in scenario.sides)
    if scenario.acts_first in names:
        first = names[scenario.acts_first]
        order = (first, *(s for s in order if s != first))
    solo = "Play Order" in scenario.special_rules and scenario.players == 1
    specials = scenario.special_rules
    match_type = options.get("match_type") or scenario.match_type
    if match_type == "choice":
        match_type = "annihilation"  # Exhibition!: until the first player chooses
    tanks = [*board.tanks, *to_deploy]
    pending = {t.id for t in to_deploy}
    crew: list[Crew] = []
    reserves: dict[str, tuple[Tank, ...]] = {}
    roster = scenario.counters
    spare = next(iter(board.map.grid))  # a reserve tank's hex until it arrives
    for side in scenario.sides:
        name = names[side.key]
        mine = [t for t in tanks if t.side == name]
        pool = list(mine)
        for force in side.tanks:
            for _ in range(force.count):
                tank = next((t for t in pool if t.name == roster.get(force.tank).name), None)
                if tank is None:
                    continue
                pool.remove(tank)
                if force.flag and not tank.flag:  # the quick deployment places no marker
                    flagged = replace(tank, flag=True)
                    tanks[tanks.index(tank)] = flagged
                    mine[mine.index(tank)] = flagged
                for c in force.characters:
                    crew.append(
                        Crew(c.name, name, tank.id, "back" if c.side == "reverse" else "front")
                    )
        free = [t for t in mine if not any(c.tank == t.id for c in crew)]
        for c, tank in zip(side.characters, free, strict=False):
            if side.reinforcements or choose:
                continue  # chosen: a "character" choice (placing)
            crew.append(Crew(c.name, name, tank.id, "back" if c.side == "reverse" else "front"))
        flag_chosen = choose and side.flag_choice and "Choosing the Match Type" not in specials
        if match_type == "flag" and mine and not any(t.flag for t in mine) and not flag_chosen:
            first_tank = mine[0]
            tanks[tanks.index(first_tank)] = replace(first_tank, flag=True)
        waiting = list(side.reinforcements)
        if options.get("freshmen_dont_flee") and name == "Ōarai" and side.reinforcements:
            waiting.append(
                ForceTank("Pink M3 Lee", characters=(Character("Rabbit Team", "reverse"),))
            )
        arrivals: list[Tank] = []
        for force in waiting:
            for _ in range(force.count):
                counter = roster.get(force.tank)
                tank_id = f"{counter.name} (reinforcement {len(arrivals) + 1})"
                arrivals.append(Tank(tank_id, counter, name, spare, 0))
                for c in force.characters:
                    face: Face = "back" if c.side == "reverse" else "front"
                    crew.append(Crew(c.name, name, None, face, tank_id))
        if arrivals:
            reserves[name] = tuple(arrivals)
            for c, who in zip(side.characters, ("KV-2", "IS-2"), strict=False):
                rides = next((t.id for t in arrivals if t.name == who), arrivals[0].id)
                crew.append(Crew(c.name, name, None, "front", rides))
    if options.get("cv33_reinforcements") and "Anzio" in order:
        # Anzio (Revised), Optional Rules: Reinforcements: four CV33s start, two wait
        late = [t for t in tanks if t.side == "Anzio" and t.name == "CV33"
                and not any(c.tank == t.id for c in crew)][-2:]  # fmt: skip
        tanks = [t for t in tanks if t not in late]
        reserves["Anzio"] = tuple(replace(t, hex=spare) for t in late)
    undeployed = {n: tuple(t for t in tanks if t.id in pending and t.side == n) for n in order}
    crew = [replace(c, tank=None, arrives_with=c.tank) if c.tank in pending else c for c in crew]
    board = replace(board, tanks=tuple(t for t in tanks if t.id not in pending))
    counts = dict(deck_list.counts)
    for name in scenario.deck_removed:
        counts.pop(name, None)
    deck = from_counts(counts.items())
    hands: dict[str, tuple[str, ...]] = {}
    stack: list = []
    first_draw: dict[str, int] = {}
    scenario_cards: dict[str, tuple[str, ...]] = {}
    extra = 0
    for side in scenario.sides:
        name = names[side.key]
        hand: list[str] = []
        for card, n in side.starting_hand.cards.items():
            for _ in range(n):
                if dict(deck).get(card, 0):
                    deck = take(deck, card)
                else:
                    extra += 1  # a Scenario card dealt by name (Eavesdropping)
                hand.append(card)
        hands[name] = tuple(sorted(hand))
        if side.starting_hand.random:
            stack.append(Drawing(name, side.starting_hand.random, deal=True))
        if "draw 5" in side.starting_hand.rule.lower():
            first_draw[name] = HAND_LIMIT
        scenario_cards[name] = tuple(c for c in side.scenario_cards if c in deck_list.cards)
    waiting_cards = tuple(c for c in scenario.deck_added if c in deck_list.cards)
    if "Additional Scenario Cards" in scenario.special_rules and "Ōarai" in order:
        waiting_cards += PRAVDA_CARDS
        stack.insert(0, Choice("Ōarai", "pravda cards", PRAVDA_CARDS))
    flags = set()
    if not choose:
        flags.add("quick setup")
    if options.get("ceasefire_order") == "published":
        flags.add("ceasefire published order")
    if options.get("exhibition_characters"):
        flags.add("exhibition characters")
    if choose:
        stack[0:0] = _setup_choices(scenario, board.map, names, match_type)
        if scenario.match_type == "choice" and not options.get("match_type"):
            flags.add("choose match type")
    match = CardMatch(
        board=board,
        order=order,
        deck_list=deck_list,
        scenario=scenario.name,
        match_type=match_type,
        deck=deck,
        hands=hands,
        scenario_cards=scenario_cards,
        waiting_cards=waiting_cards,
        stack=tuple(reversed(stack)),
        first_draw=first_draw,
        crew=tuple(crew),
        reserves=reserves,
        undeployed=undeployed,
        flags=frozenset(flags),
        solo=solo,
        solo_enemies=tuple(t.id for t in board.tanks if solo and t.side == order[1]),
        spare_counters={n: roster.get(n) for n in UPGRADES if solo and n in roster},
    )
    if "Determining the Starting Player" in scenario.special_rules and not choose:
        from workbench.rules.panzer_vor.exhibition import exhibition_setup

        match = exhibition_setup(match, choose_type=scenario.match_type == "choice"
                                 and not options.get("match_type"))  # fmt: skip
    match = replace(match, total_cards=match.cards_accounted())
    match = variants.after_start(match, variant)
    return settle(placing.tidy(match, []), [])


def _waiting_tanks(scenario: PanzerVorScenario, setup: Setup) -> list[Tank]:
    """The tanks the players deploy, named as the quick deployment names them, on a spare
    hex until placed (``CardMatch.undeployed``)."""
    state = setup.state
    names: dict[str, int] = {}
    for tank in state.tanks:
        names[tank.counter.name] = names.get(tank.counter.name, 0) + 1
    spare = next(iter(state.map.grid))
    return [
        _placed(ForceTank(tank_name), side_label, scenario.counters, spare, names)
        for side_label, tank_name in setup.waiting
    ]


def _setup_choices(
    scenario: PanzerVorScenario, hexmap: Any, names: dict[str, str], match_type: str
) -> list[Choice]:
    """The setup choices, first to be made first: each buying side buys (in the scenario's
    order); then, side by side in the deployment order (the scenario's "Deployment: X deploys
    first"; Exhibition! orders its own), the characters placed on tanks of the player's
    choice, the tanks deployed, and the flag marker where the player places it."""
    roster = scenario.counters
    exhibition = "Tank Deployment" in scenario.special_rules
    buys = []
    for side in scenario.sides:
        if side.purchase is None:
            continue
        area = len(scenario.deployment_hexes(side.key, hexmap))
        limit = side.purchase.max_tanks or max(0, area - side.tank_count)
        offered = side.purchase.tanks or tuple(roster.names)
        counters = tuple(roster.get(n) for n in offered)
        section = sections.PURCHASING if exhibition else sections.ANZIO_ORIGINAL_FORCE
        buys.append(
            Choice(names[side.key], "buy", (), (side.purchase.points, limit, section, counters))
        )
    sides = list(scenario.sides)
    if scenario.deploys_first in names:
        sides.sort(key=lambda s: s.key != scenario.deploys_first)
    frames: list[Choice] = []
    section = sections.EXHIBITION_DEPLOYMENT if exhibition else sections.GAME_SETUP
    for side in sides:
        name = names[side.key]
        if not side.reinforcements:
            for c in side.characters:
                face = "back" if c.side == "reverse" else "front"
                frames.append(Choice(name, "character", (), (c.name, face)))
        labels = sorted(hexmap.grid.label(h) for h in scenario.deployment_hexes(side.key, hexmap))
        frames.append(Choice(name, "position", tuple(labels), (False, section)))
        if side.flag_choice and match_type == "flag" and not exhibition:
            frames.append(Choice(name, "flag marker", ()))
    return buys + frames


def invariants(match: CardMatch) -> None:
    """What every state keeps (raises AssertionError naming what broke)."""
    assert match.cards_accounted() == match.total_cards, (
        f"cards accounted {match.cards_accounted()} != {match.total_cards}"
    )
    ids, wrecks = _board_facts(match.board)
    on = [c.tank for c in match.crew if c.tank is not None]
    names = [c.name for c in match.crew]
    assert len(names) == len(set(names)), "a character is counted twice"
    assert all(t in ids for t in on), "a character rides a tank that is not on the map"
    wreckage = match.board.options.wreckage
    for side in match.order:
        lost = set(match.lost.get(side, ()))
        if wreckage:
            assert wrecks.get(side, frozenset()) <= lost, f"{side}: wrecks not counted as destroyed"
        assert not (lost & ids), f"{side}: a destroyed tank still fights"
    assert sum(match.points.values()) >= 0
    assert sum(len(v) for v in match.destroyed.values()) == sum(len(v) for v in match.lost.values())
    kills = _kills(match)
    for side in match.order:  # the points each side destroyed are the points the other lost
        lost_points = sum(points for _, _, who, points in kills if who != side)
        assert match.points.get(side, 0) == lost_points, f"{side}: destroyed points"
    assert match.enforcement_drawn >= 0
    if match.ended is not None:  # no game ends while a tank still waits to be set up
        assert not any(match.undeployed.values()), "a match ended before its set-up"
    if sections.ENDING and match.ended is None and match.phase == "action" and not match.stack:
        side = match.side_to_act
        # after the End Phase every hand but the one being dealt to is five or fewer
        other = match.opponent(side)
        assert len(match.hand(other)) <= HAND_LIMIT, f"{other} kept more than five cards"


def _board_facts(board: Any) -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    """The ids of the tanks fighting and each side's wrecks, after checking that no two
    tanks share a hex: once per board value (it never changes)."""
    from workbench.rules.panzer_vor.reactions import board_memo

    memo = board_memo(board)
    found = memo.get("invariant facts")
    if found is None:
        seen = set()
        for tank in board.tanks:
            assert tank.hex not in seen, f"two tanks share a hex ({tank.id})"
            seen.add(tank.hex)
        ids = frozenset(t.id for t in board.tanks if not t.wreck)
        wrecks: dict[str, set[str]] = {}
        for t in board.tanks:
            if t.wreck:
                wrecks.setdefault(t.side, set()).add(t.id)
        found = memo["invariant facts"] = (ids, {k: frozenset(v) for k, v in wrecks.items()})
    return found


def _kills(match: CardMatch) -> list[tuple[str, str, str, int]]:
    """Each destroyed tank with its points, from the kills and the destroyed tanks' counters."""
    points = dict(match.lost_points)
    return [(firer, target, side, points.get(target, 0)) for firer, target, side in match.kills]
