"""Exhibition! (Part 2 - Scenarios): the lower force total chooses who acts first, the first
player may choose the match type, and the obstacles are placed by 2d6 with no more than two
in a row; then each side deploys in its first row.

Optional Rules: Characters (the card game's option ``exhibition_characters``): "place all of
the Character and Team counters in a bag or cup - each player picks two of them at random.
You may place the chosen Characters (or Teams) on whichever tanks you wish (on their Front
or Reverse side)." Readings: the bag holds every counter of the catalogue once (the Anzio
(Revised) values of Carpaccio and Pepperoni are the same counters, not more); the player
acting first draws first, two each, after the match type is chosen and before the obstacles;
each counter is placed as it is drawn (its side, then its tank, bought or deployed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.rules import hooks, sections
from workbench.games.panzer_vor.rules.characters import CATALOGUE
from workbench.games.panzer_vor.rules.match import CardMatch, Chance, Choice, evolve, push
from workbench.games.panzer_vor.rules.placing import mark_flag, order_positions, tank_choices
from workbench.games.panzer_vor.rules.setting import Setting
from workbench.geometry.hexgrid import DIRECTIONS as _DIRECTIONS
from workbench.rules.core import Event, Reason
from workbench.rules.options import Option, OptionError

S = sections
STARTING_PLAYER, PURCHASING, DEPLOYMENT = (
    "Determining the Starting Player",
    "Purchasing Tanks",
    "Tank Deployment",
)
BAG = tuple(c.name for c in CATALOGUE if "(" not in c.name)  # every counter, once
DRAWS = 4  # two each
MAX_POINTS_LIMIT = 10_000  # the workbench's bound on an agreed points limit


def character_draws(match: CardMatch) -> CardMatch:
    """The bag's draws, waiting under the frames of the set-up so far and above the
    deployment (or first, when nothing else waits)."""
    stack = list(match.stack)
    positions = [
        i for i, f in enumerate(stack) if isinstance(f, Choice) and f.purpose == "position"
    ]
    at = max(positions, default=-1) + 1
    stack.insert(at, Chance("character bag", len(BAG), "", (BAG, DRAWS)))
    return evolve(match, stack=tuple(stack))


def _drawn(match: CardMatch, frame: Chance, value: int, events: list[Event]) -> CardMatch:
    """One counter from the bag: its drawer chooses its side, then its tank; the next draw
    waits under those choices."""
    bag, left = frame.data
    side = match.order[0] if left > DRAWS // 2 else match.order[1]
    name = bag[value - 1]
    why = Reason("each player picks two of them at random", S.EXHIBITION_CHARACTERS)
    events.append(Event(f"{side} draws {name} from the bag", (why,)))
    rest = tuple(n for n in bag if n != name)
    if left > 1:
        match = push(match, Chance("character bag", len(rest), "", (rest, left - 1)))
    return push(match, Choice(side, "character face", ("front", "reverse"), (name,)))


@hooks.on_choice("character face")
def choose_face(match: CardMatch, choice: Choice, option: str, events: list[Event]) -> CardMatch:
    """The drawn counter's side chosen: it goes on a tank of the player's choice next (or
    stays off when every tank of the side already carries one)."""
    (name,) = choice.data
    face = "back" if option == "reverse" else "front"
    seat = Choice(choice.side, "character", (), (name, face))
    if tank_choices(match, seat):
        return push(match, seat)
    why = Reason("no more than one team on each tank", S.EXHIBITION_CHARACTERS)
    events.append(Event(f"{name} stays off: every tank of {choice.side} has a character", (why,)))
    return match


# Determining the Starting Player: the lower points total chooses to act first or second
# (a die decides a tie). Choosing the Match Type: the first player chooses; in a Flag Battle
# each player marks one tank. Terrain Setup: each player rolls two dice for their obstacles
# (forest), placed alternately, the first player first, never in a deployment row and never a
# third obstacle in a row (a reading: three obstacle hexes in a straight line of neighbours).


def exhibition_setup(match: CardMatch, choose_type: bool) -> CardMatch:
    totals = {
        s: sum(t.counter.points for t in (*match.tanks_of(s), *match.undeployed.get(s, ())))
        for s in match.order
    }
    low = min(totals.values())
    lowest = [s for s in match.order if totals[s] == low]
    match = evolve(match, flags=match.flags | ({"choose match type"} if choose_type else set()))
    if len(lowest) > 1:
        return push(match, Chance("starting player", len(lowest), "", tuple(lowest)))
    return push(match, Choice(lowest[0], "act first", ("first", "second")))


def _after_order(match: CardMatch) -> CardMatch:
    first = match.order[0]
    match = push(match, Chance("obstacles", 36, first, ()))
    if "choose match type" in match.flags:
        match = push(match, Choice(first, "match type", ("annihilation", "flag")))
    return match


def _obstacle_options(match: CardMatch) -> tuple[str, ...]:
    board = match.board
    hexmap, grid = board.map, board.map.grid
    rows = {grid.to_offset(h)[1] for h in grid}
    edge = {min(rows), max(rows)}
    taken = {t.hex for t in board.tanks}
    forest = {h for h in grid if hexmap.terrain_name(h) == "forest"}
    # a hex h is left out when, for some direction d, h + d is forest and so is h + 2d or
    # h - d: found from each forest hex f = h + d (then h + 2d = f + d, h - d = f - 2d)
    hemmed = {
        f - d for f in forest for d in _DIRECTIONS if (f + d) in forest or (f - d - d) in forest
    }
    out = []
    for h in grid:
        if grid.to_offset(h)[1] in edge or h in taken or h in forest or h in hemmed:
            continue
        out.append(grid.label(h))
    return tuple(sorted(out))


@hooks.on_choice("act first", "match type", "flag", "obstacle")
def exhibition_choice(
    match: CardMatch, choice: Choice, option: str, events: list[Event]
) -> CardMatch:
    if choice.purpose == "act first":
        side = choice.side
        first = side if option == "first" else match.opponent(side)
        order = (first, match.opponent(first))
        events.append(
            Event(
                f"{side} chooses to act {option}",
                (Reason("", "Exhibition!: Determining the Starting Player"),),
            )
        )
        return _after_order(order_positions(evolve(match, order=order)))
    if choice.purpose == "match type":
        match = evolve(match, match_type=option, flags=match.flags - {"choose match type"})
        if option == "flag":
            for side in reversed(match.order):
                tanks = (*match.tanks_of(side), *match.undeployed.get(side, ()))
                match = push(match, Choice(side, "flag", tuple(t.id for t in tanks)))
        return match
    if choice.purpose == "flag":
        return mark_flag(match, option)
    if choice.purpose == "obstacle":
        left = dict(zip(match.order, choice.data, strict=True))
        board = match.board
        board = replace(board, map=board.map.with_terrain({option: "forest"}))
        match = evolve(match, board=board)
        left[choice.side] -= 1
        return _next_obstacle(match, left, match.opponent(choice.side))
    raise AssertionError(choice)


def _next_obstacle(match: CardMatch, left: dict[str, int], side: str) -> CardMatch:
    for who in (side, match.opponent(side)):
        if left[who] > 0:
            options = _obstacle_options(match)
            if not options:
                break
            counts = tuple(left[s] for s in match.order)
            return push(match, Choice(who, "obstacle", options, counts))
    return _next_deployment(match, ())


# Tank Deployment: the first player places every tank in an open hex of its first row, then
# the second player. The tanks stand in their row from the start (the quick deployment), so
# placing one on a hex another of its own unplaced tanks holds swaps the two; the facing
# stays towards the middle of the map (a stand-in: the player may choose any hexside).


def _next_deployment(match: CardMatch, placed: tuple[str, ...]) -> CardMatch:
    if "quick setup" not in match.flags:
        return match  # the tanks wait to be deployed by choice (``placing``)
    for side in match.order:
        for tank in match.tanks_of(side):
            if tank.id in placed:
                continue
            grid = match.board.map.grid
            row = grid.to_offset(tank.hex)[1]
            held = {match.board.tank(t).hex for t in placed}
            sides = {t.hex: t.side for t in match.board.tanks}
            options = tuple(
                grid.label(h) for h in grid
                if grid.to_offset(h)[1] == row and h not in held
                and match.board.map.terrain_at(h).enterable and sides.get(h, side) == side
            )  # fmt: skip
            return push(match, Choice(side, "place", options, (tank.id, *placed)))
    return match


@hooks.on_choice("place")
def place(match: CardMatch, choice: Choice, option: str, events: list[Event]) -> CardMatch:
    tank_id, *placed = choice.data
    board = match.board
    tank = board.tank(tank_id)
    where = board.map.hex(option)
    other = board.tank_at(where)
    if other is not None and other.id != tank_id:
        board = board.without([other.id]).with_tank(replace(tank, hex=where))
        board = board.with_tank(replace(other, hex=tank.hex, facing=other.facing))
    else:
        board = board.with_tank(replace(tank, hex=where))
    return _next_deployment(evolve(match, board=board), (*placed, tank_id))


@hooks.CHANCES("character bag", "starting player", "obstacles")
def exhibition_chance(
    match: CardMatch, frame: Chance, value: int, events: list[Event]
) -> CardMatch:
    if frame.purpose == "character bag":
        return _drawn(match, frame, value, events)
    if frame.purpose == "starting player":
        chooser = frame.data[value - 1]
        return push(match, Choice(chooser, "act first", ("first", "second")))
    # "obstacles": the two dice of the first player, then of the second (value: 1..36 is the
    # ordered pair of dice, so each total has its two-dice chance)
    total = (value - 1) // 6 + 1 + (value - 1) % 6 + 1
    rolled = (*frame.data, total)
    events.append(
        Event(
            f"{frame.side} rolls {total} obstacles",
            (Reason("two dice", "Exhibition!: Terrain Setup"),),
        )
    )
    if len(rolled) < 2:
        return push(match, Chance("obstacles", 36, match.opponent(frame.side), rolled))
    left = dict(zip(match.order, rolled, strict=True))
    return _next_obstacle(match, left, match.order[0])


# --- the set-up's hook points ----------------------------------------------------------------


@hooks.OPTIONS(STARTING_PLAYER)
def characters_option(scenario: PanzerVorScenario) -> list[Option]:
    if "Characters" not in scenario.available_optional_rules:
        return []
    return [
        Option.flag(
            "exhibition_characters", S.EXHIBITION_CHARACTERS,
            "each player picks two Character or Team counters at random from the bag "
            "(with the setup by choices)",
        )
    ]  # fmt: skip


@hooks.SETUP(STARTING_PLAYER)
def characters_from_the_bag(setting: Setting) -> None:
    """With the option ``exhibition_characters`` the bag's draws follow the purchase (the
    setup by choices only: the quick placement places no character)."""
    if not setting.options.get("exhibition_characters"):
        return
    if not setting.choose:
        raise OptionError(
            "exhibition_characters", True,
            "False with setup 'quick' (Exhibition!'s characters are placed by the setup by "
            "choices)", S.EXHIBITION_CHARACTERS,
        )  # fmt: skip
    setting.flags.add("exhibition characters")


@hooks.OPTIONS(PURCHASING)
def points_limit_option(scenario: PanzerVorScenario) -> list[Option]:
    """Purchasing Tanks: "Each tank has its own point value, and the total value of your
    tanks cannot exceed 100. However, if both players agree, the upper limit can be
    increased." The option ``points_limit``: the limit agreed, for both forces; the default
    is the scenario's printed limit, and a lower one is refused (the text allows raising it
    only)."""
    printed = [s.purchase.points for s in scenario.sides if s.purchase is not None]
    if not printed:
        return []
    return [
        Option.whole(
            "points_limit", max(printed), S.PURCHASING,
            "\"if both players agree, the upper limit can be increased\": the points limit "
            f"both forces are bought within (the printed {max(printed)}, or more)",
            low=max(printed), high=MAX_POINTS_LIMIT,
        )
    ]  # fmt: skip


@hooks.SCENARIO(PURCHASING)
def agreed_points_limit(scenario: PanzerVorScenario, options: Mapping[str, Any]) -> Any:
    """Each buying side's points limit as the option ``points_limit`` agrees it."""
    agreed = options.get("points_limit")
    if agreed is None:
        return scenario
    sides = tuple(
        s if s.purchase is None else replace(s, purchase=replace(s.purchase, points=agreed))
        for s in scenario.sides
    )
    return replace(scenario, sides=sides)


@hooks.SETUP(PURCHASING)
def bought_by_the_rule(setting: Setting) -> None:
    """Both forces are bought as Purchasing Tanks says (the citation of each purchase)."""
    for name in setting.order:
        setting.buy_section[name] = S.PURCHASING


@hooks.SETUP(DEPLOYMENT)
def deployed_in_the_first_rows(setting: Setting) -> None:
    """Tank Deployment orders the deployment (``placing.order_positions``); a Flag Battle's
    flags are chosen once the match type is (``exhibition_choice``), not as a placement."""
    setting.deploy_section = S.EXHIBITION_DEPLOYMENT
    setting.flag_marker = False


@hooks.STARTED(STARTING_PLAYER)
def quick_start(match: CardMatch, setting: Setting) -> CardMatch:
    """With the quick placement the forces are there at once: who acts first is next."""
    if setting.choose:
        return match
    choose_type = setting.scenario.match_type == "choice" and not setting.options.get("match_type")
    return exhibition_setup(match, choose_type=choose_type)


@hooks.AFTER_BUYING(STARTING_PLAYER)
def after_buying(match: CardMatch) -> CardMatch:
    """The totals decide who chooses to act first (``exhibition_setup``); a Flag Battle fixed
    by the option ``match_type`` has each player mark a tank first."""
    choose_type = "choose match type" in match.flags
    if match.match_type == "flag" and not choose_type:
        for side in reversed(match.order):
            match = push(match, Choice(side, "flag marker", ()))
    match = exhibition_setup(match, choose_type=choose_type)
    if "exhibition characters" in match.flags:
        match = character_draws(match)
    return match
