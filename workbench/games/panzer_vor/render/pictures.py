"""Panzer Vor! pictures: game states, matches and the rules' results (a reach, a path, a line
of sight, odds), each registered with ``workbench.render.scene_of`` by type. Each result is
drawn over the state it was computed on. Render reads the rules' values; it decides nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from workbench.games.panzer_vor.boards.linked import LinkedScenarios
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.render.hex_units import state_legend, state_scene, state_side_colors
from workbench.games.panzer_vor.rules.actions import Die, Roll
from workbench.games.panzer_vor.rules.deck import size
from workbench.games.panzer_vor.rules.firing import AttackOdds
from workbench.games.panzer_vor.rules.learning import ShotOdds, TankReach
from workbench.games.panzer_vor.rules.linked_game import LinkedState
from workbench.games.panzer_vor.rules.linked_game import step_text as linked_text
from workbench.games.panzer_vor.rules.match import CardMatch, Choice
from workbench.games.panzer_vor.rules.movement import MoveExplanation, Reach
from workbench.games.panzer_vor.rules.placing import PURPOSES as SETUP_CHOICES
from workbench.games.panzer_vor.rules.practice import Match
from workbench.games.panzer_vor.rules.setup import game_from_scenario, side_name
from workbench.games.panzer_vor.rules.sight import LineOfSight
from workbench.games.panzer_vor.rules.state import GameState
from workbench.games.panzer_vor.rules.tournament_game import TournamentState
from workbench.games.panzer_vor.rules.tournament_game import step_text as tournament_text
from workbench.geometry.hexgrid import Hex
from workbench.render import scene_of
from workbench.render.dice import DieFace, dice_of
from workbench.render.hexboard import los_overlay, odds_overlay, path_overlay, reach_overlay
from workbench.render.legend import Entry, legend_entries
from workbench.render.overlays import caption_overlay, tint_overlay
from workbench.render.scene import Scene, Transform
from workbench.render.sides import colors_register
from workbench.render.themes import Theme, theme_named


def _base(state: Any, scene: Scene | None, options: dict[str, Any]) -> Scene:
    return scene if scene is not None else state_scene(state, **options)


def path_overlay_of(scene: Scene, steps: Sequence[Any]) -> Scene:
    """Draw a path given as rules ``Step`` values (``kind``, ``start``, ``end``, ``mp``)."""
    if not steps:
        return scene
    states = [tuple(steps[0].start)] + [tuple(s.end) for s in steps]
    return path_overlay(
        scene,
        states,
        [s.mp for s in steps],
        kinds=[s.kind for s in steps],
    )


def reach_scene(
    state: Any,
    reach: Any,
    *,
    to: Hex | tuple[Hex, int] | None = None,
    scene: Scene | None = None,
    **options: Any,
) -> Scene:
    """Where a tank can end its move (MP per hex, ticks for the end facings), and the
    cheapest path to ``to`` (a hex, or a (hex, facing) pose) when given."""
    base = _base(state, scene, options)
    costs = reach.hex_costs()
    facings = {h: reach.facings_at(h) for h in costs}
    out = reach_overlay(base, costs, facings)
    if to is not None:
        where, facing = to if isinstance(to, tuple) else (to, None)
        out = path_overlay_of(out, reach.path_to(where, facing))
    return out


def path_scene(
    state: Any, steps: Sequence[Any], *, scene: Scene | None = None, **options: Any
) -> Scene:
    """A move's steps over the state: the line, turn marks, MP per step, final facing."""
    return path_overlay_of(_base(state, scene, options), steps)


def sight_scene(
    state: Any, los: Any, *, scene: Scene | None = None, caption: bool = True, **options: Any
) -> Scene:
    """A line of sight with every crossing marked by its verdict, the blocking one
    highlighted, and (``caption``) the verdict and reason written under the board."""
    base = _base(state, scene, options)
    crossings = [(c.kind, tuple(c.hexes), c.verdict) for c in los.crossings]
    blocking = None
    if los.blocking is not None:
        blocking = next((i for i, c in enumerate(los.crossings) if c == los.blocking), None)
    out = los_overlay(base, los.start, los.end, crossings, blocking=blocking)
    if caption:
        grid = base.layout.grid
        verdict = "clear" if los.clear else "blocked"
        text = f"{grid.label(los.start)} → {grid.label(los.end)}: {verdict}"
        out = caption_overlay(out, f"{text} — {los.reason}")
    return out


def _fraction(value: Any) -> str:
    if isinstance(value, Fraction):
        return str(value) if value.denominator != 1 else str(value.numerator)
    return f"{value:g}" if isinstance(value, float) else str(value)


def _in_36ths(value: Any) -> str:
    """A two-dice chance in 36ths when it is one (``5/12`` -> ``15/36``), as players count."""
    if isinstance(value, Fraction) and 0 < value < 1 and 36 % value.denominator == 0:
        return f"{value.numerator * 36 // value.denominator}/36"
    return _fraction(value)


def odds_label(odds: Any) -> str:
    """The short text for one attack, e.g. ``"hit 15/36 · kill 1/4"`` (the hit in 36ths, as
    two dice are counted); ``"no shot"`` when the shot may not be fired."""
    if not odds.can_fire:
        return "no shot"
    return f"hit {_in_36ths(odds.hit)} · kill {_fraction(odds.destroy)}"


def odds_scene(
    state: Any, odds_list: Iterable[Any], *, scene: Scene | None = None, **options: Any
) -> Scene:
    """A label over each target: its chance to be hit and to be destroyed."""
    base = _base(state, scene, options)
    labels = {state.tank(o.target).hex: odds_label(o) for o in odds_list}
    return odds_overlay(base, labels)


@scene_of.register
def _state(state: GameState, **options: Any) -> Scene:
    return state_scene(state, **options)


@scene_of.register
def _scenario(scenario: PanzerVorScenario, **options: Any) -> Scene:
    """A scenario before play: its map with the tanks it places, each side's deployment area
    tinted in the side's colour, and a caption naming it and the tanks its players deploy."""
    setup = game_from_scenario(scenario)
    board = setup.state
    scene = state_scene(board, **options)
    colours: dict[Hex, str] = {}
    for side in scenario.sides:
        name = side_name(scenario, side.key)
        colour = scene.theme.side_color(name, board.side_color(name))
        for where in sorted(scenario.deployment_hexes(side.key, board.map)):
            colours.setdefault(where, colour)
    scene = tint_overlay(scene, colours, title="deployment area")
    waiting: dict[str, int] = {}
    for who, _ in setup.waiting:
        waiting[who] = waiting.get(who, 0) + 1
    deploy = "; ".join(f"{who} deploys {n} tanks" for who, n in waiting.items())
    bought = [side_name(scenario, s.key) for s in scenario.sides if s.purchase is not None]
    if bought:
        deploy += ("; " if deploy else "") + f"{' and '.join(bought)} buy their forces"
    return caption_overlay(scene, f"{scenario.name}" + (f": {deploy}" if deploy else ""))


@scene_of.register
def _linked_scenarios(campaign: LinkedScenarios, **options: Any) -> Scene:
    """The Linked Scenarios: the first match's scenario, with the matches named under it."""
    first = next(iter(campaign.matches.values()))
    text = f"{campaign.title}: " + ", ".join(s.name for s in campaign.matches.values())
    return caption_overlay(_scenario(first, **options), text)


@scene_of.register
def _match(match: Match, **options: Any) -> Scene:
    scene = state_scene(match.board, **options)
    who = "game over" if match.ended else f"{match.side_to_act} to act ({match.phase})"
    return caption_overlay(scene, f"turn {match.turn}: {who}")


@scene_of.register
def _card_match(match: CardMatch, **options: Any) -> Scene:
    scene = state_scene(match.board, **options)
    if match.ended is not None:
        who = f"game over: {match.ended}"
    else:
        who = f"{match.side_to_act}: {match.phase} phase"
    waiting = {side: len(tanks) for side, tanks in match.undeployed.items() if tanks}
    if isinstance(match.top, Choice) and match.top.purpose in SETUP_CHOICES:
        who = f"{match.top.side}: setup ({match.top.purpose})"
    if waiting:  # tanks still to be placed by their players (setup, Ceasefire)
        who += "; to deploy: " + ", ".join(f"{s} {n}" for s, n in waiting.items())
    hands = ", ".join(f"{side} {len(match.hand(side))} cards" for side in match.order)
    return caption_overlay(scene, f"turn {match.turn}, {who} ({hands}; deck {size(match.deck)})")


@scene_of.register
def _linked(state: LinkedState, **options: Any) -> Scene:
    """The match being played, else (between matches) the campaign in words."""
    return _match_or_words(state.match, linked_text(state), options)


@scene_of.register
def _tournament(state: TournamentState, **options: Any) -> Scene:
    """The Exhibition! match being played, else the bracket in words."""
    return _match_or_words(state.match, tournament_text(state), options)


def _match_or_words(match: CardMatch | None, text: str, options: dict[str, Any]) -> Scene:
    if match is not None:
        return caption_overlay(_card_match(match, **options), text)

    blank = Scene(640, 8, Transform(1.0), theme=theme_named(options.get("theme")))
    return caption_overlay(blank, text)


@scene_of.register
def _reach(result: Reach, **options: Any) -> Scene:
    return reach_scene(result.state, result, **options)


@scene_of.register
def _move(result: MoveExplanation, **options: Any) -> Scene:
    return path_scene(result.state, result.steps, **options)


@scene_of.register
def _sight(result: LineOfSight, **options: Any) -> Scene:
    return sight_scene(result.state, result, **options)


@scene_of.register
def _odds(result: AttackOdds, **options: Any) -> Scene:
    state = result.state
    return odds_scene(state, [result], scene=sight_scene(state, result.line, **options))


@scene_of.register
def _shot_odds(result: ShotOdds, **options: Any) -> Scene:
    """The shot's line of sight and its odds from the game state (the card in play...)."""
    state = result.state
    return odds_scene(state, [result], scene=sight_scene(state, result.odds.line, **options))


@scene_of.register
def _tank_reach(result: TankReach, **options: Any) -> Scene:
    """The tank's reach (MP per hex) and, in the caption, whether it may move now."""
    return caption_overlay(reach_scene(result.state, result.reach, **options), result.lines()[0])


@colors_register(Match)
@colors_register(CardMatch)
def _match_colors(match: Match | CardMatch, th: Theme) -> dict[str, str]:
    return state_side_colors(match.board, th)


@colors_register(LinkedState)
@colors_register(TournamentState)
def _series_colors(state: LinkedState | TournamentState, th: Theme) -> dict[str, str]:
    """The colours of the match in play (none between matches)."""
    return {} if state.match is None else state_side_colors(state.match.board, th)


@legend_entries.register(Match)
@legend_entries.register(CardMatch)
def _match_legend(match: Match | CardMatch, th: Theme, px: float) -> list[Entry]:
    return state_legend(match.board, th, px)


@legend_entries.register(LinkedState)
@legend_entries.register(TournamentState)
def _series_legend(state: LinkedState | TournamentState, th: Theme, px: float) -> list[Entry]:
    """The legend of the match in play (none between matches)."""
    return [] if state.match is None else state_legend(state.match.board, th, px)


@dice_of.register
def _(action: Roll) -> tuple[DieFace, ...]:
    return tuple(DieFace(d) for d in action.dice)


@dice_of.register
def _(action: Die) -> tuple[DieFace, ...]:
    return (DieFace(action.value),)
