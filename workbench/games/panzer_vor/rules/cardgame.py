"""Starting a card-driven match from a scenario (Game Setup, each scenario's Setup), and the
invariants every state keeps.

``start`` does what every scenario does, from the scenario's data alone: its forces and
their characters, the flag marker, reinforcements waiting off the map, the deck and the
starting hands; each scenario's own set-up is in its module of ``scenario_rules/``, called
through the setup hook points (``hooks.SCENARIO``, ``SETUP``, ``STARTED``), so no scenario
is named here.

Setup readings. With the option ``setup: "choose"`` (the default) every placement a player
makes is an action of the match (``placing``), recorded and replayed like any other:

- buying: a force bought with points (Exhibition!'s, Anzio (Original)'s nine tanks within 80
  points) is bought tank by tank (``Buy``, then ``DoneBuying``), each side in the
  scenario's order;
- deployment: each tank a side deploys is placed by ``Deploy(tank, hex, facing)`` on a free
  hex of its deployment area, sides in the scenario's "Deployment: X deploys first" order;
- the flag marker "on a tank of your choice" and characters placed "on tanks of your choice"
  (one team per tank) are ``Choose(tank)`` answers, the characters before that side deploys,
  the flag after.

With ``setup: "quick"`` these are a labelled quick placement (not the rulebook's): tanks by
``quick_deployment``, a chosen flag on the side's first tank, a stand-in purchase
(``_bought``), characters on the side's first free tanks. Characters that ride in on a
side's reinforcements go on them as ``Setting.unseated`` says.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from workbench.games.panzer_vor.boards.scenario import ForceTank, PanzerVorScenario
from workbench.games.panzer_vor.rules import (
    hooks,
    placing,
    scenario_rules,  # noqa: F401 (registers every scenario's rules)
    variants,
)
from workbench.games.panzer_vor.rules.cards import DEFAULT_DECK, Deck
from workbench.games.panzer_vor.rules.characters import NO_COMMANDER_AWARENESS, Crew, Face
from workbench.games.panzer_vor.rules.deck import from_counts, take
from workbench.games.panzer_vor.rules.deck_file import deck_of
from workbench.games.panzer_vor.rules.facts import dealt
from workbench.games.panzer_vor.rules.game_options import card_options, two_sides
from workbench.games.panzer_vor.rules.match import HAND_LIMIT, CardMatch, Choice, Drawing, evolve
from workbench.games.panzer_vor.rules.phases import Phase
from workbench.games.panzer_vor.rules.setting import Setting
from workbench.games.panzer_vor.rules.setup import (
    game_from_scenario,
    quick_deployment,
    side_name,
    waiting_tanks,
)
from workbench.games.panzer_vor.rules.state import Tank, board_memo
from workbench.games.panzer_vor.rules.turn import settle
from workbench.games.panzer_vor.rules.variants import VARIANT_OPTIONS
from workbench.rules.options import check_options


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
    """The match at the start: the setup's choices, hands being dealt (chance draws), then
    the first turn."""
    options = check_options(card_options(scenario), options)  # OptionError: nothing starts
    two_sides(scenario)
    variant = {k: v for k, v in options.items() if k in VARIANT_OPTIONS}
    scenario = variants.scenario_for(scenario, variant)
    scenario = hooks.scenario_for(scenario, options)
    setting = _forces(scenario, options)
    _cards(setting)
    hooks.set_up(setting)
    _seat_riders(setting)
    match = hooks.started(_match(setting), setting)
    match = replace(match, total_cards=match.cards_accounted())
    match = variants.after_start(match, variant)
    match = settle(placing.tidy(match, []), [])
    return evolve(match, shown=(dealt(match),))  # the hands as the match begins: public


def _character(c: Any, side: str, tank: str | None, rides: str | None = None) -> Crew:
    face: Face = "back" if c.side == "reverse" else "front"
    return Crew(c.name, side, tank, face, rides)


def _forces(scenario: PanzerVorScenario, options: Mapping[str, Any]) -> Setting:
    """The tanks, their characters and flag markers, and the reinforcements waiting (see
    the module)."""
    choose = options.get("setup", "choose") == "choose"
    deck_list: Deck = deck_of(options["deck"]) if options.get("deck") else DEFAULT_DECK
    if not choose:
        scenario = _bought(scenario)
    setup = game_from_scenario(scenario)
    to_deploy: list[Tank] = []  # tanks the players deploy by choice
    if setup.waiting and choose:
        to_deploy = waiting_tanks(scenario, setup)
    elif setup.waiting:
        setup = quick_deployment(scenario, setup)
    board = setup.state
    names = {s.key: side_name(scenario, s.key) for s in scenario.sides}
    order = tuple(names[s.key] for s in scenario.sides)
    if scenario.acts_first in names:
        first = names[scenario.acts_first]
        order = (first, *(s for s in order if s != first))
    match_type = options.get("match_type") or scenario.match_type
    if match_type == "choice":
        match_type = "annihilation"  # until the player chooses (its setup's choice)
    setting = Setting(scenario, options, choose, names, order, match_type, board, deck_list,
                      spare=next(iter(board.map.grid)), tanks=[*board.tanks, *to_deploy],
                      pending={t.id for t in to_deploy})  # fmt: skip
    for side in scenario.sides:
        _force(setting, side)
    return setting


def _force(setting: Setting, side: Any) -> None:
    """One side's force: the characters on their tanks, the flag marker, reinforcements."""
    name = setting.names[side.key]
    tanks, crew, roster = setting.tanks, setting.crew, setting.scenario.counters
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
            crew += [_character(c, name, tank.id) for c in force.characters]
    free = [t for t in mine if not any(c.tank == t.id for c in crew)]
    if not side.reinforcements and not setting.choose:  # chosen: a "character" choice
        crew += [_character(c, name, t.id) for c, t in zip(side.characters, free, strict=False)]
    flag_chosen = setting.choose and side.flag_choice
    if setting.match_type == "flag" and mine and not any(t.flag for t in mine) and not flag_chosen:
        tanks[tanks.index(mine[0])] = replace(mine[0], flag=True)
    arrivals: list[Tank] = []
    for force in side.reinforcements:
        for _ in range(force.count):
            counter = roster.get(force.tank)
            tank_id = f"{counter.name} (reinforcement {len(arrivals) + 1})"
            arrivals.append(Tank(tank_id, counter, name, setting.spare, 0))
            crew += [_character(c, name, None, tank_id) for c in force.characters]
    if arrivals:
        setting.reserves[name] = tuple(arrivals)
        if side.characters:
            setting.unseated[name] = list(side.characters)


def _seat_riders(setting: Setting) -> None:
    """Characters a setup hook left unseated ride in on their side's reinforcements, one
    on each, in order (see ``Setting``)."""
    for side, characters in setting.unseated.items():
        tanks = setting.reserves.get(side, ())
        setting.crew += [
            _character(c, side, None, t.id) for c, t in zip(characters, tanks, strict=False)
        ]


def _cards(setting: Setting) -> None:
    """The deck, the starting hands (dealt by chance draws) and the Scenario cards."""
    scenario, deck_list = setting.scenario, setting.deck_list
    counts = dict(deck_list.counts)
    for name in scenario.deck_removed:
        counts.pop(name, None)
    deck = from_counts(counts.items())
    for side in scenario.sides:
        name = setting.names[side.key]
        hand: list[str] = []
        for card, n in side.starting_hand.cards.items():
            for _ in range(n):
                if dict(deck).get(card, 0):
                    deck = take(deck, card)
                hand.append(card)  # else a Scenario card dealt by name (Eavesdropping)
        setting.hands[name] = tuple(sorted(hand))
        if side.starting_hand.random:
            setting.frames.append(Drawing(name, side.starting_hand.random, deal=True))
        if "draw 5" in side.starting_hand.rule.lower():
            setting.first_draw[name] = HAND_LIMIT
        setting.scenario_cards[name] = tuple(c for c in side.scenario_cards if c in deck_list.cards)
    setting.deck = deck
    setting.waiting_cards = tuple(c for c in scenario.deck_added if c in deck_list.cards)


def _match(setting: Setting) -> CardMatch:
    """The match the setting makes, its setup's choices first (with ``setup: "choose"``)."""
    tanks, pending, order = setting.tanks, setting.pending, setting.order
    undeployed = {n: tuple(t for t in tanks if t.id in pending and t.side == n) for n in order}
    crew = [
        replace(c, tank=None, arrives_with=c.tank) if c.tank in pending else c for c in setting.crew
    ]
    board = replace(setting.board, tanks=tuple(t for t in tanks if t.id not in pending))
    flags = set(setting.flags)
    if setting.options.get("commander_awareness") is False:
        flags.add(NO_COMMANDER_AWARENESS)
    frames = list(setting.frames)
    if not setting.choose:
        flags.add("quick setup")
    else:
        frames[0:0] = _setup_choices(setting)
        if setting.scenario.match_type == "choice" and not setting.options.get("match_type"):
            flags.add("choose match type")
    return CardMatch(
        board=board,
        order=order,
        deck_list=setting.deck_list,
        scenario=setting.scenario.name,
        match_type=setting.match_type,
        phase=Phase.SETUP,
        deck=setting.deck,
        hands=setting.hands,
        scenario_cards=setting.scenario_cards,
        waiting_cards=setting.waiting_cards,
        stack=tuple(reversed(frames)),
        first_draw=setting.first_draw,
        crew=tuple(crew),
        reserves=setting.reserves,
        undeployed=undeployed,
        flags=frozenset(flags),
    )


def _setup_choices(setting: Setting) -> list[Choice]:
    """The setup choices, first to be made first: each buying side buys (in the scenario's
    order); then, side by side in the deployment order (the scenario's "Deployment: X deploys
    first"), the characters placed on tanks of the player's choice, the tanks deployed, and
    the flag marker where the player places it."""
    scenario, names, hexmap = setting.scenario, setting.names, setting.board.map
    roster = scenario.counters
    buys = []
    for side in scenario.sides:
        if side.purchase is None:
            continue
        name = names[side.key]
        area = len(scenario.deployment_hexes(side.key, hexmap))
        limit = side.purchase.max_tanks or max(0, area - side.tank_count)
        offered = side.purchase.tanks or tuple(roster.names)
        counters = tuple(roster.get(n) for n in offered)
        # the side's force is printed in its own entry of the scenario, unless a rule says
        section = setting.buy_section.get(name, f"{scenario.name}: {side.name}")
        buys.append(Choice(name, "buy", (), (side.purchase.points, limit, section, counters)))
    sides = list(scenario.sides)
    if scenario.deploys_first in names:
        sides.sort(key=lambda s: s.key != scenario.deploys_first)
    frames: list[Choice] = []
    for side in sides:
        name = names[side.key]
        if not side.reinforcements:
            for c in side.characters:
                face = "back" if c.side == "reverse" else "front"
                frames.append(Choice(name, "character", (), (c.name, face)))
        labels = sorted(hexmap.grid.label(h) for h in scenario.deployment_hexes(side.key, hexmap))
        frames.append(Choice(name, "position", tuple(labels), (False, setting.deploy_section)))
        if side.flag_choice and setting.match_type == "flag" and setting.flag_marker:
            frames.append(Choice(name, "flag marker", ()))
    return buys + frames


def invariants(match: CardMatch) -> None:
    """What every state keeps (raises AssertionError naming what broke)."""
    assert match.cards_accounted() == match.total_cards, (
        f"cards accounted {match.cards_accounted()} != {match.total_cards}"
    )
    twice = _scenario_cards_twice(match)
    assert not twice, f"a Scenario card in two places: {', '.join(twice)}"
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
    if match.ended is None and match.phase is Phase.ACTION and not match.stack:
        side = match.side_to_act
        # after the End Phase every hand but the one being dealt to is five or fewer
        other = match.opponent(side)
        assert len(match.hand(other)) <= HAND_LIMIT, f"{other} kept more than five cards"


def _scenario_cards_twice(match: CardMatch) -> list[str]:
    """The Scenario cards found in more than one place (each is one card: Scenario Cards)."""
    seen: dict[str, int] = {}
    held = (*match.hands.values(), *match.scenario_cards.values())
    piles = (match.discard, match.removed, match.in_play, match.waiting_cards, *held)
    for name in (*(c for c, n in match.deck for _ in range(n)), match.marked or "",
                 *(c for pile in piles for c in pile)):  # fmt: skip
        if name and match.card(name).kind == "scenario":
            seen[name] = seen.get(name, 0) + 1
    return sorted(name for name, n in seen.items() if n > 1)


def _board_facts(board: Any) -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    """The ids of the tanks fighting and each side's wrecks, after checking that no two
    tanks share a hex: once per board value (it never changes)."""
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
