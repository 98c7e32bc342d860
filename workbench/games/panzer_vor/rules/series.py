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
from workbench.games.panzer_vor.rules.game import GAME as CARDS
from workbench.games.panzer_vor.rules.match import CardMatch
from workbench.rules.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Reason,
    Verdict,
)
from workbench.rules.observation import Observation, history_from

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


def sample_hidden(observation: Observation, rng: random.Random, side_of: SideOf) -> Any:
    """A whole series state consistent with ``observation``: the match's hidden hands drawn
    again (``hidden.sample_hands``); its history as the player saw it."""
    state = observation.state
    match = state.match
    if match is not None:
        side = side_of(state, observation.player)
        match = hidden.sample_hands(match, side if side in match.order else None, rng)
    sampled = replace(state, match=match)
    object.__setattr__(sampled, "history", history_from(observation.history, observation.player))
    return sampled


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
        return cast(SeriesState, sample_hidden(observation, rng, self.side_of))

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
