"""What the National Tournament's two games (``linked_game``, ``tournament_game``) share:
each plays Panzer Vor! card matches one after another, passing every action of the match in
play to that match, and starts each match with the series' card-game options. What a player
of the series sees of the match in play is what its side sees of it (``hidden``); the
learner's odds, reach and verdicts are the match's (``learning``)."""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar, TypeVar, cast

from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario
from workbench.games.panzer_vor.rules import hidden, learning
from workbench.games.panzer_vor.rules.facts import Dealt, dealt
from workbench.games.panzer_vor.rules.game import GAME as CARDS
from workbench.games.panzer_vor.rules.match import CardMatch
from workbench.games.panzer_vor.rules.worlds import (
    ENDED,
    World,
    draw_world,
    world_history,
    world_match,
)
from workbench.rules.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Reason,
    Verdict,
)
from workbench.rules.observation import Observation, history_of

CARD_OPTIONS = ("deck", "setup", "commander_awareness")  # every card match of a series takes
# a scenario's options a series offers for that match (Pravda's, Kuromorimine Stage 2's)
PASSED_ON = ("pravda_characters", "pravda_cards", "hs0017_tank", "hs0017_complex")
# (series state, a match side) -> the series' player; (series state, player) -> its side
PlayerOf = Callable[[Any, str], str]
SideOf = Callable[[Any, str], str | None]
SeriesState = TypeVar("SeriesState")  # a series' state: a LinkedState or a TournamentState


def start_match(scenario: PanzerVorScenario, options: tuple[tuple[str, Any], ...]) -> CardMatch:
    """A card match of the series, with the series' card-game options (and those of its
    scenario's own that the series passes on)."""
    own = {o.name for o in CARDS.options(scenario) if o.name in PASSED_ON}
    return CARDS.start(scenario, {k: v for k, v in options if k in CARD_OPTIONS or k in own})


def play_in_match(
    match: CardMatch | None, action: Action, own: tuple[type, ...], section: str
) -> tuple[CardMatch, list[Event], bool]:
    """``action`` played in the match in play (an action of the series' ``own`` waits: it is
    refused, citing ``section``): the match after it, the events and whether it has ended."""
    if isinstance(action, own):
        raise IllegalAction(Reason(f"a match is being played: {action} waits", section))
    assert match is not None
    after, caused = CARDS.apply(match, action)
    return after, list(caused), CARDS.outcome(after) is not None


def in_play(state: Any, section: str) -> CardMatch:
    """The match being played, or IllegalAction when none is (between matches)."""
    if state.match is None:
        raise IllegalAction(Reason("no match is being played now", section))
    return state.match


# --- what each player sees ------------------------------------------------------------------


def seen_by(state: Any, action: Action, player_of: PlayerOf) -> frozenset[str] | None:
    """Who sees ``action``: in a match, the players of the sides that see it there."""
    if state.step != "match" or state.match is None:
        return None
    seen = hidden.seen_by(state.match, action)
    return None if seen is None else frozenset(player_of(state, side) for side in seen)


def mask(state: Any, player: str, side_of: SideOf) -> Any:
    """The series as ``player`` sees it: the match in play (and the one just ended) as its
    side sees it; a copy without the history the state carries."""
    changes = {}
    for name in ("match", "last_match"):
        match = getattr(state, name)
        if match is not None:
            side = side_of(state, player) if name == "match" else None
            changes[name] = hidden.mask(match, side if side in match.order else None)
    return replace(state, **changes)


def revealed(state: Any, action: Action, after: Any) -> tuple[Any, ...]:
    """What a step of the series showed every side (``Game.revealed``): the facts of the
    step the match in play took (:mod:`.facts`), and that a match ended
    (:data:`.worlds.ENDED`)."""
    before = history_of(state.match) if state.match is not None else None
    found: list[Any] = []
    for match in (after.last_match, after.match):
        if match is not None and before is not None and history_of(match).previous is before:
            found.extend(f for f in history_of(match).facts if not isinstance(f, Dealt))
            break
    if after.last_match is not None and after.last_match is not state.last_match:
        found.append(ENDED)
    new = after.match
    if new is not None and new is not state.match and not len(history_of(new)):
        found.append(dealt(new))  # a match begins (one carried on keeps its history)
    return tuple(found)


def sample_hidden(
    observation: Observation, rng: random.Random, side_of: SideOf, rules: Game[Any, Any]
) -> Any:
    """A world for ``observation`` (:mod:`.worlds`): the match in play and the one just
    ended with the hands hidden from the player drawn given every fact of the series, its
    history the world's."""
    state, player = observation.state, observation.player
    match, last = state.match, state.last_match
    side = side_of(state, player) if match is not None else None
    made: list[Any] = []

    def accept(world: World) -> bool:
        changes = {}
        if match is not None:
            changes["match"] = world_match(match, world.hands, side)
        if last is not None:
            changes["last_match"] = world_match(last, world.ended[-1], None)
        sampled = replace(state, **changes)
        if observation.legal_actions and (
            tuple(rules.legal_actions(sampled)) != observation.legal_actions
        ):
            return False
        made.append(sampled)
        return True

    world = draw_world(observation.history, match, side, rng, accept, _CardsOf(match, last))
    sampled = made[-1]
    object.__setattr__(sampled, "history", world_history(observation.history, player, world))
    return sampled


class _CardsOf:
    """What each card is, from the matches at hand (the series' matches share their cards)."""

    def __init__(self, *matches: CardMatch | None) -> None:
        self.matches = [m for m in matches if m is not None]

    def card(self, name: str) -> Any:
        for match in self.matches:
            if name in match.deck_list.cards:
                return match.card(name)
        raise KeyError(name)


# --- for learners: the match's odds, reach and verdicts -------------------------------------


def explain(game: Game[Any, Any], state: Any, action: Any) -> Verdict:
    def detail(series: Any, act: Any) -> tuple[Reason, ...]:
        return () if series.match is None else learning.card_detail(series.match, act)

    return learning.explain(game, state, action, detail)


def destroyed(state: Any, tank: str) -> bool:
    """Whether ``tank`` is destroyed in the match in play, or in the match that the last
    action ended."""
    return any(m is not None and learning.card_destroyed(m, tank)
               for m in (state.match, state.last_match))  # fmt: skip


def declining(state: Any) -> Action | None:
    return None if state.match is None else learning.card_declining(state.match)


class Series(Game[SeriesState, Action]):
    """What the two series share as games: what each player sees of the match in play (its
    side's view), and the learner's odds, reach and verdicts (the match's); ``section`` is
    cited when no match is in play. Each series says which player plays which side."""

    rulebook = CARDS.rulebook
    board_kind = "hex"
    rulebook_file = CARDS.rulebook_file
    sections = CARDS.sections
    hides_information = True
    action_cards = True
    section: ClassVar[str]

    @abstractmethod
    def player_of(self, state: SeriesState, side: str) -> str:
        """The player of a side of the match in play."""

    @abstractmethod
    def side_of(self, state: SeriesState, player: str) -> str | None:
        """The side of the match in play that ``player`` plays."""

    def seen_by(self, state: SeriesState, action: Action) -> frozenset[str] | None:
        return seen_by(state, action, self.player_of)

    def mask(self, state: SeriesState, player: str) -> SeriesState:
        return cast(SeriesState, mask(state, player, self.side_of))

    def sample_hidden(self, observation: Observation, rng: random.Random) -> SeriesState:
        return cast(SeriesState, sample_hidden(observation, rng, self.side_of, self))

    def revealed(self, state: SeriesState, action: Action, after: SeriesState) -> tuple[Any, ...]:
        return revealed(state, action, after)

    def _odds(
        self, state: SeriesState, attacker: str, target: str, card: str | None
    ) -> learning.ShotOdds:
        return learning.card_odds(in_play(state, self.section), attacker, target, card=card)

    def _reach(self, state: SeriesState, tank: str) -> learning.TankReach:
        return learning.card_reach(in_play(state, self.section), tank)

    def _explain(self, state: SeriesState, action: Action) -> Verdict:
        return explain(self, state, action)

    def destroyed(self, state: SeriesState, tank: str) -> bool:
        return destroyed(state, tank)

    def declining(self, state: SeriesState) -> Action | None:
        return declining(state)
