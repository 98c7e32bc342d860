"""The National Tournament's Tournament Play as one game on the protocol (registered as
``"panzer-vor-tournament"``; start it from the Exhibition! scenario).

The players choose their schools in turn (Overview: each a Major School, then each a Minor
School: :class:`ChooseSchool`), the bracket of sixteen is drawn at random (chance: one school
of the seventeen left out, then each spot: :class:`DrawSchool`), and the matches are played
in bracket order, round by round (Tournament Progression): two players' schools play an
Exhibition! match (the card game, forces limited as Creating Forces says for the round); one
player's two schools: that player chooses the winner (:class:`Advance`); a player's school
against a school nobody controls: the player's school goes on; two schools nobody controls:
a die decides (:class:`~workbench.games.panzer_vor.rules.actions.Die`). The player whose school
wins the last match wins.

Readings (each a choice the rulebook leaves open): the rulebook lists seventeen schools for a
bracket of sixteen, so one school nobody controls is left out at random; in a die roll
between two schools nobody controls, 1-3 sends the first on (in bracket order), 4-6 the
second; a drawn Exhibition! match (a stagnant match with equal points) is played again (with
option ``drawn_replays`` n, at most n times: then a die decides it, as above). A Minor
School buys "Other schools: Gray" tanks: the roster's tanks of the school ``"Other schools"``;
the shipped roster has none, so a Minor School buys from every tank of 40 points or less, a
labelled stand-in (:data:`MINOR_STAND_IN`, said as its match starts) that a roster of your
own with Gray tanks replaces. Each player buys the force by actions (the card game's setup,
``Buy`` within the round's points and tank limit, then ``Deploy``); the option ``setup:
"quick"`` uses the card game's labelled stand-in purchase and placement instead.
Option ``players`` (2 to 6, default 2) names the players "Player 1", "Player 2", ...;
``schools`` ({player: [major, minor]}) skips the choosing.

Using Characters (option ``characters``, "if both players agree"): before each match played,
each player takes up to two of the school's characters, ``"choose"``-n (``TakeCharacter``
actions, then ``DoneTaking``) or drawn at ``"random"`` (chance). A school's characters are
those its scenarios field (Part 2 - Scenarios: each side's "Tanks : Characters"; a Minor
School has none). They start on their Reverse sides; one whose tank destroyed an enemy tank
starts the school's next match face up (as in Linked Scenarios: Character Growth). The
players place them on their bought tanks as the card game's setup asks.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from workbench.boards.values import Pictured
from workbench.files import load
from workbench.games.panzer_vor.boards.scenario import Character, PanzerVorScenario, Purchase
from workbench.games.panzer_vor.rules import sections as S
from workbench.games.panzer_vor.rules import series
from workbench.games.panzer_vor.rules.actions import Die
from workbench.games.panzer_vor.rules.game import GAME as CARDS
from workbench.games.panzer_vor.rules.game_options import tournament_options
from workbench.games.panzer_vor.rules.match import CardMatch
from workbench.games.panzer_vor.rules.phases import TournamentStep
from workbench.games.panzer_vor.rules.series import play_in_match, start_match
from workbench.games.panzer_vor.rules.tournament import MAJOR, MINOR, Bracket, decide, force_limits
from workbench.paths import shipped
from workbench.rules.core import (
    CHANCE,
    TERMINAL,
    Action,
    Applied,
    Event,
    IllegalAction,
    Outcome,
    Reason,
    Termination,
    Turn,
    register_game,
)
from workbench.rules.options import Option, OptionError, with_defaults

TAKEN_EACH = 2  # "each may use up to two of their school's characters"
ROLL_FIRST = (1, 2, 3)  # reading: a die of 1-3 sends the first school on, 4-6 the second
ROSTER_SCHOOL = {  # the roster's school of each Major School's tanks (its colour)
    "Ōarai Girls Academy": "Ōarai",
    "St. Gloriana Girls College": "St. Gloriana",
    "Saunders University High School": "Saunders",
    "Anzio High School": "Anzio",
    "Pravda Girls High School": "Pravda",
    "Kuromorimine Girls Academy": "Kuromorimine",
}
SIXTH = 1 / Fraction(6)
GRAY = "Other schools"  # "Other schools: Gray" (Creating Forces): a roster school's name
MINOR_STAND_IN = (
    'a stand-in: the roster has no Gray tanks ("Other schools: Gray"), so a Minor School '
    "buys from every tank of 40 points or less; give tanks the school 'Other schools' in a "
    "roster of your own to replace it"
)


class TournamentEnd(Termination):
    WON = ("the player whose school won the tournament wins", S.TOURNAMENT_PROGRESSION)


@dataclass(frozen=True)
class ChooseSchool(Action):
    """Overview: the player to choose takes this school (a Major School, then a Minor one)."""

    school: str

    def __str__(self) -> str:
        return f"choose {self.school}"


@dataclass(frozen=True)
class DrawSchool(Action):
    """The bracket: this school's flag marker is drawn (for the next spot, or left out)."""

    school: str
    chance = True

    def __str__(self) -> str:
        return f"draw {self.school}"


@dataclass(frozen=True)
class Advance(Action):
    """Tournament Progression: the player of both schools sends this one on."""

    school: str

    def __str__(self) -> str:
        return f"{self.school} goes on"


@dataclass(frozen=True)
class TakeCharacter(Action):
    """Using Characters: this school takes this character into the match being prepared."""

    school: str
    character: str

    def __str__(self) -> str:
        return f"{self.school} takes {self.character}"


@dataclass(frozen=True)
class DrawCharacter(Action):
    """Using Characters, chosen at random: this character of the school is drawn."""

    school: str
    character: str
    chance = True

    def __str__(self) -> str:
        return f"{self.school} draws {self.character}"


@dataclass(frozen=True)
class DoneTaking(Action):
    """Using Characters: this school takes no more characters into this match."""

    school: str

    def __str__(self) -> str:
        return f"{self.school} takes no more characters"


TOURNAMENT_ACTIONS = (ChooseSchool, DrawSchool, Advance, TakeCharacter, DrawCharacter, DoneTaking)


@dataclass(frozen=True)
class Result:
    """One match of the bracket: the round, the two schools, the winner and how."""

    round: int
    schools: tuple[str, str]
    winner: str
    how: str

    def __str__(self) -> str:
        a, b = self.schools
        return f"round {self.round}: {a} vs {b}: {self.winner} goes on ({self.how})"


@dataclass(frozen=True)
class TournamentState(Pictured):
    """Tournament Play. ``step``: where it is (``phases.TournamentStep``); ``alive``: the
    schools still in, in bracket order; ``at``: the first school of the pair being decided
    in ``alive``."""

    exhibition: PanzerVorScenario = field(compare=False, repr=False)
    options: tuple[tuple[str, Any], ...]
    players: tuple[str, ...]
    picks: tuple[tuple[str, str], ...] = ()  # (player, school) in the order chosen
    step: TournamentStep = TournamentStep.SCHOOLS
    left_out: str = ""
    alive: tuple[str, ...] = ()  # the bracket while it is drawn, then the schools still in
    round: int = 1
    at: int = 0
    winners: tuple[str, ...] = ()  # the winners of this round so far
    taken: tuple[tuple[str, str], ...] = ()  # (school, character) for the match prepared
    done_taking: tuple[str, ...] = ()  # schools that take no more for it
    experienced: frozenset[str] = frozenset()  # characters that start face up (growth)
    replays: int = 0  # times the match of this pair was drawn and played again
    match: CardMatch | None = None
    results: tuple[Result, ...] = ()
    ended: Outcome | None = None
    # the match the last action ended (its final position), for one step
    last_match: CardMatch | None = field(default=None, compare=False, repr=False)

    __hash__ = None  # type: ignore[assignment]

    @property
    def controller(self) -> dict[str, str]:
        return {school: player for player, school in self.picks}

    @property
    def bracket(self) -> Bracket:
        return Bracket(self.alive, self.controller)

    @property
    def pair(self) -> tuple[str, str]:
        return self.alive[self.at], self.alive[self.at + 1]

    @property
    def order(self) -> tuple[str, ...]:
        return self.players

    @property
    def board(self) -> Any:
        return None if self.match is None else self.match.board


def start(exhibition: PanzerVorScenario, options: Mapping[str, Any] | None = None) -> Any:
    """Tournament Play from the Exhibition! scenario: the schools to choose first.
    ``options`` are checked first (``game_options.tournament_options``: OptionError)."""
    options = with_defaults(tournament_options(exhibition), options)  # every one, as recorded
    if not isinstance(exhibition, PanzerVorScenario) or (
        "Determining the Starting Player" not in exhibition.special_rules
    ):
        raise IllegalAction(
            Reason("Tournament Play starts from the Exhibition! scenario", S.TOURNAMENT_PLAY)
        )
    count = options.get("players", 2)
    players = tuple(f"Player {n}" for n in range(1, count + 1))
    state = TournamentState(exhibition, tuple(sorted(options.items())), players)
    given = options.get("schools")
    if given:
        pairs = [tuple(given.get(p, ())) for p in players]
        every = [s for pair in pairs for s in pair]
        if len(set(every)) != len(every) or not all(
            len(pair) == 2 and pair[0] in MAJOR and pair[1] in MINOR for pair in pairs
        ):
            raise OptionError("schools", given, f"for each of {', '.join(players)} a Major "
                              "and a Minor School, none twice", S.TOURNAMENT_PLAY)  # fmt: skip
        majors = [(p, pair[0]) for p, pair in zip(players, pairs, strict=True)]
        minors = [(p, pair[1]) for p, pair in zip(players, pairs, strict=True)]
        state = replace(state, picks=(*majors, *minors), step=TournamentStep.LEAVE_OUT)
    return state


def _chosen(state: TournamentState) -> list[str]:
    return [s for _, s in state.picks]


def _choices(state: TournamentState) -> tuple[str, ...]:
    """Schools the next pick may take: a Major School in the players' first pass, then a
    Minor one."""
    taken = set(_chosen(state))
    major = len(state.picks) < len(state.players)
    return tuple(s for s in (MAJOR if major else MINOR) if s not in taken)


def _chooser(state: TournamentState) -> str:
    return state.players[len(state.picks) % len(state.players)]


def current_player(state: TournamentState) -> str | Turn:
    if state.step is TournamentStep.OVER:
        return TERMINAL
    if state.step in (TournamentStep.LEAVE_OUT, TournamentStep.BRACKET, TournamentStep.ROLL):
        return CHANCE
    if state.step is TournamentStep.SCHOOLS:
        return _chooser(state)
    if state.step is TournamentStep.CHOOSE:
        return state.controller[state.pair[0]]
    if state.step is TournamentStep.CHARACTERS:
        if _option(state, "characters") == "random":
            return CHANCE
        return state.controller[_taking(state) or state.pair[0]]
    assert state.match is not None
    who = CARDS.current_player(state.match)
    if isinstance(who, Turn):
        return who
    return state.controller[_school(state, who)]


def players(state: TournamentState) -> tuple[str, ...]:
    return state.players


def legal_actions(state: TournamentState) -> list[Action]:
    if state.step is TournamentStep.SCHOOLS:
        return [ChooseSchool(s) for s in _choices(state)]
    if state.step is TournamentStep.CHOOSE:
        return [Advance(s) for s in state.pair]
    if state.step is TournamentStep.CHARACTERS and _option(state, "characters") == "choose":
        school = _taking(state)
        assert school is not None
        return [*(TakeCharacter(school, c) for c in _available(state, school)), DoneTaking(school)]
    if state.step is TournamentStep.MATCH:
        assert state.match is not None
        return list(CARDS.legal_actions(state.match))
    return []


def _undrawn(state: TournamentState) -> list[str]:
    drawn = {*state.alive, state.left_out}
    return [s for s in (*MAJOR, *MINOR) if s not in drawn]


def chance_outcomes(state: TournamentState) -> Sequence[tuple[Action, Fraction]]:
    if state.step is TournamentStep.LEAVE_OUT:
        free = [s for s in _undrawn(state) if s not in state.controller]
        return tuple((DrawSchool(s), Fraction(1, len(free))) for s in free)
    if state.step is TournamentStep.BRACKET:
        left = _undrawn(state)
        return tuple((DrawSchool(s), Fraction(1, len(left))) for s in left)
    if state.step is TournamentStep.ROLL:
        return tuple((Die(v), SIXTH) for v in range(1, 7))
    if state.step is TournamentStep.CHARACTERS and _option(state, "characters") == "random":
        school = _taking(state)
        assert school is not None
        pool = _available(state, school)
        return tuple((DrawCharacter(school, c), Fraction(1, len(pool))) for c in pool)
    if state.step is TournamentStep.MATCH:
        assert state.match is not None
        return CARDS.chance_outcomes(state.match)
    return ()


def apply(state: TournamentState, action: Action) -> Applied:
    if state.last_match is not None:
        state = replace(state, last_match=None)
    if state.step is TournamentStep.OVER:
        raise IllegalAction(Reason(f"the tournament is over: {state.ended}", S.TOURNAMENT_PLAY))
    if state.step is TournamentStep.MATCH:
        match, found, over = play_in_match(
            state.match, action, TOURNAMENT_ACTIONS, S.TOURNAMENT_PLAY
        )
        state = replace(state, match=match)
        return Applied(_match_over(state, found) if over else state, tuple(found))
    listed = [a for a, _ in chance_outcomes(state)] or legal_actions(state)
    if action not in listed:
        deciding = state.step in (TournamentStep.CHOOSE, TournamentStep.ROLL)
        section = S.TOURNAMENT_PROGRESSION if deciding else S.TOURNAMENT_PLAY
        raise IllegalAction(Reason(f"{action} is not possible now ({state.step})", section))
    events: list[Event] = [Event(str(action))]
    if isinstance(action, ChooseSchool):
        state = replace(state, picks=(*state.picks, (_chooser(state), action.school)))
        if len(state.picks) == 2 * len(state.players):
            state = replace(state, step=TournamentStep.LEAVE_OUT)
        return Applied(state, tuple(events))
    if isinstance(action, DrawSchool):
        if state.step is TournamentStep.LEAVE_OUT:
            state = replace(state, left_out=action.school, step=TournamentStep.BRACKET)
        else:
            state = replace(state, alive=(*state.alive, action.school))
        if len(state.alive) == 16:
            state = _decide_next(replace(state, step=TournamentStep.MATCHES), events)
        return Applied(state, tuple(events))
    if isinstance(action, Advance):
        return Applied(_won(state, action.school, "chosen by its player", events), tuple(events))
    if isinstance(action, TakeCharacter | DrawCharacter):
        state = replace(state, taken=(*state.taken, (action.school, action.character)))
        return Applied(_next_taker(state, events), tuple(events))
    if isinstance(action, DoneTaking):
        state = replace(state, done_taking=(*state.done_taking, action.school))
        return Applied(_next_taker(state, events), tuple(events))
    assert isinstance(action, Die)
    first, second = state.pair
    winner = first if action.value in ROLL_FIRST else second
    return Applied(_won(state, winner, f"a die roll of {action.value}", events), tuple(events))


def _won(state: TournamentState, winner: str, how: str, events: list[Event]) -> TournamentState:
    result = Result(state.round, state.pair, winner, how)
    events.append(Event(str(result), (Reason(how, S.TOURNAMENT_PROGRESSION),)))
    state = replace(state, results=(*state.results, result), winners=(*state.winners, winner),
                    at=state.at + 2, match=None, replays=0)  # fmt: skip
    return _decide_next(state, events)


def _decide_next(state: TournamentState, events: list[Event]) -> TournamentState:
    """Decide the matches in order until one needs a player, a die or a game."""
    while True:
        if state.at >= len(state.alive):  # the round is over
            if len(state.winners) == 1:
                winner = state.winners[0]
                player = state.controller[winner]
                why = Reason(f"{winner} ({player}) won the tournament", S.TOURNAMENT_PROGRESSION)
                outcome = Outcome(TournamentEnd.WON, player, (why,))
                events.append(Event(str(outcome), outcome.reasons))
                return replace(state, step=TournamentStep.OVER, ended=outcome, alive=state.winners)
            state = replace(state, alive=state.winners, winners=(), at=0, round=state.round + 1)
        a, b = state.pair
        how = decide(state.bracket, a, b)
        if how == "choose":
            return replace(state, step=TournamentStep.CHOOSE)
        if how == "roll":
            return replace(state, step=TournamentStep.ROLL)
        if how == "play":
            return _begin_match(state, events)
        result = Result(state.round, (a, b), how, "its player's school against nobody's")
        events.append(Event(str(result), (Reason(result.how, S.TOURNAMENT_PROGRESSION),)))
        state = replace(state, results=(*state.results, result),
                        winners=(*state.winners, how), at=state.at + 2)  # fmt: skip


def exhibition_for(state: TournamentState) -> PanzerVorScenario:
    """The Exhibition! scenario of the pair being played: each side a school and its player's
    forces as Creating Forces allows in this round."""
    points, most, top = force_limits(state.round)
    scenario = state.exhibition
    roster = scenario.counters
    sides = []
    for side, school in zip(scenario.sides, state.pair, strict=True):
        colour = ROSTER_SCHOOL.get(school) or (GRAY if gray_tanks(roster) else None)
        own = tuple(n for n in roster.names if roster.get(n).points <= top
                    and (colour is None or roster.get(n).school == colour))  # fmt: skip
        purchase = Purchase(points=points, max_tanks=most, tanks=own)
        crew = tuple(
            Character(c, "front" if c in state.experienced else "reverse")
            for s, c in state.taken
            if s == school
        )
        sides.append(replace(side, name=school, school=ROSTER_SCHOOL.get(school, school),
                             purchase=purchase, characters=crew))  # fmt: skip
    return replace(scenario, sides=tuple(sides))


def gray_tanks(roster: Any) -> tuple[str, ...]:
    """The roster's Gray tanks, the Minor Schools' (none in the shipped roster)."""
    return tuple(n for n in roster.names if roster.get(n).school == GRAY)


def _option(state: TournamentState, name: str) -> Any:
    return dict(state.options).get(name)


def school_characters(school: str) -> tuple[str, ...]:
    """The characters a school's scenarios field (none for a Minor School)."""
    return _school_characters().get(ROSTER_SCHOOL.get(school, ""), ())


@functools.cache
def _school_characters() -> dict[str, tuple[str, ...]]:
    """By roster school, every character the shipped scenarios put on that school's side
    (Anzio (Revised)'s "(+1 FP)" and "(+2 MP)" are values of the same counters)."""
    found: dict[str, dict[str, None]] = {}
    for path in shipped("panzer-vor", "scenarios").values():
        scenario = load(path)
        for side in scenario.sides:
            forces = (*side.tanks, *side.reinforcements)
            names = [c.name for f in forces for c in f.characters]
            names += [c.name for c in side.characters]
            mine = found.setdefault(side.school or side.name, {})
            mine.update((n, None) for n in names if "(" not in n)
    return {school: tuple(names) for school, names in found.items()}


def _available(state: TournamentState, school: str) -> tuple[str, ...]:
    taken = {c for _, c in state.taken}
    return tuple(c for c in school_characters(school) if c not in taken)


def _taking(state: TournamentState) -> str | None:
    """The school of the pair still taking characters (the first school first)."""
    for school in state.pair:
        count = sum(1 for s, _ in state.taken if s == school)
        if school not in state.done_taking and count < TAKEN_EACH and _available(state, school):
            return school
    return None


def _next_taker(state: TournamentState, events: list[Event]) -> TournamentState:
    """On to the next school taking characters, or the match once both have."""
    if _taking(state) is not None:
        return state
    return _start_match(state, events)


def _begin_match(state: TournamentState, events: list[Event]) -> TournamentState:
    """A match to play: its characters taken first when the players use them."""
    state = replace(state, taken=(), done_taking=())
    if _option(state, "characters"):
        return _next_taker(replace(state, step=TournamentStep.CHARACTERS), events)
    return _start_match(state, events)


def _start_match(state: TournamentState, events: list[Event]) -> TournamentState:
    scenario = exhibition_for(state)
    match = start_match(scenario, state.options)
    a, b = state.pair
    why = Reason("both schools' players play it", S.TOURNAMENT_PROGRESSION)
    events.append(Event(f"round {state.round}: {a} vs {b}: an Exhibition! match", (why,)))
    minors = [s for s in state.pair if s in MINOR]
    if minors and not gray_tanks(scenario.counters):
        why = Reason(MINOR_STAND_IN, S.TOURNAMENT_CREATING_FORCES)
        events.append(Event(f"{' and '.join(minors)}: every tank of 40 points or less", (why,)))
    return replace(state, step=TournamentStep.MATCH, match=match)


def _school(state: TournamentState, side: str) -> str:
    """The bracket's school of a card match's side (named by its roster school)."""
    return next(s for s in state.pair if ROSTER_SCHOOL.get(s, s) == side)


def _match_over(state: TournamentState, events: list[Event]) -> TournamentState:
    match = state.match
    assert match is not None
    ended = CARDS.outcome(match)
    assert ended is not None
    state = replace(state, last_match=match)
    grew = {c for _, c in state.taken if f"destroyed an enemy:{c}" in match.flags}
    if grew:
        why = Reason("a character whose tank destroyed an enemy tank", S.CHARACTER_GROWTH)
        events.append(Event(f"face up in the next match: {', '.join(sorted(grew))}", (why,)))
        state = replace(state, experienced=state.experienced | grew)
    if ended.winner is None:  # reading: a drawn match is played again
        limit = _option(state, "drawn_replays")
        if limit is not None and state.replays >= limit:  # option: then a die decides it
            why = Reason("option drawn_replays", S.TOURNAMENT_PROGRESSION)
            events.append(
                Event(f"a drawn match, played {limit + 1} times: a die decides it", (why,))
            )
            return replace(state, step=TournamentStep.ROLL, match=None)
        events.append(Event("a drawn match: it is played again", (Reason(
            "a match has a winner who proceeds", S.TOURNAMENT_PROGRESSION),)))  # fmt: skip
        return _begin_match(replace(state, replays=state.replays + 1), events)
    return _won(state, _school(state, ended.winner), f"won the match: {ended.termination.text}",
                events)  # fmt: skip


def step_text(state: TournamentState) -> str:
    """Where the tournament stands, in words (for a picture's caption or a status line)."""
    if state.step is TournamentStep.OVER:
        head = f"Tournament over: {state.ended}"
    elif state.step is TournamentStep.SCHOOLS:
        kind = "Major" if len(state.picks) < len(state.players) else "Minor"
        head = f"{_chooser(state)} chooses a {kind} School"
    elif state.step in (TournamentStep.LEAVE_OUT, TournamentStep.BRACKET):
        head = f"drawing the bracket: {len(state.alive)} of 16 spots filled"
    else:
        a, b = state.pair
        head = f"round {state.round}: {a} vs {b}"
        if state.step is TournamentStep.CHOOSE:
            head += f": {state.controller[a]} chooses which goes on"
        elif state.step is TournamentStep.ROLL:
            head += ": a die decides"
        elif state.step is TournamentStep.CHARACTERS:
            taken = ", ".join(f"{c} ({s})" for s, c in state.taken) or "none yet"
            head += f": characters taken for the match: {taken}"
    schools = "; ".join(f"{p}: {s}" for p, s in state.picks) or "none yet"
    return f"Tournament Play, {head}. Schools: {schools}. Still in: {', '.join(state.alive)}."


def outcome(state: TournamentState) -> Outcome | None:
    return state.ended


def invariants(state: TournamentState) -> None:
    assert len(set(_chosen(state))) == len(state.picks), "a school chosen twice"
    assert len(state.alive) == len(set(state.alive)) <= 16
    if state.step is TournamentStep.MATCH:
        assert state.match is not None and CARDS.outcome(state.match) is None
        CARDS.invariants(state.match)
    if state.step not in (TournamentStep.SCHOOLS, TournamentStep.LEAVE_OUT, TournamentStep.BRACKET):
        assert len(state.alive) == 16 >> (state.round - 1) or state.step is TournamentStep.OVER
        assert set(state.winners) <= set(state.alive), "a winner comes from this round"


def fingerprint(state: TournamentState) -> str:
    rest = (state.options, state.picks, state.step, state.left_out, state.alive, state.round,
            state.at, state.winners, state.results, state.ended, state.taken,
            state.done_taking, sorted(state.experienced), state.replays)  # fmt: skip
    inner = "" if state.match is None else CARDS.fingerprint(state.match)
    return f"{inner}\n{rest!r}"


def shipped_exhibition() -> dict[str, str]:
    every = shipped("panzer-vor", "scenarios")
    return {"exhibition": every["exhibition"]} if "exhibition" in every else {}


# --- what each player sees, and the learner's answers (``series``) ---------------------------


def player_of(state: TournamentState, side: str) -> str:
    """The player whose school plays a side of the match in play."""
    return state.controller[_school(state, side)]


def side_of(state: TournamentState, player: str) -> str | None:
    """The side of the match in play that ``player``'s school plays (None: neither)."""
    match = state.match
    if match is None:
        return None
    return next((s for s in match.order if player_of(state, s) == player), None)


class Tournament(series.Series[TournamentState]):
    """Tournament Play as one game: each method calls this module's rules."""

    name = "panzer-vor-tournament"
    title = "Panzer Vor! The National Tournament (Tournament Play)"
    action_types = (*CARDS.action_types, *TOURNAMENT_ACTIONS)
    scenario_types = (PanzerVorScenario,)
    order = 50
    section = S.TOURNAMENT_PLAY

    def _start(self, scenario: Any, options: Mapping[str, Any] | None) -> TournamentState:
        return start(scenario, options)

    def _current_player(self, state: TournamentState) -> str | Turn:
        return current_player(state)

    def _legal_actions(self, state: TournamentState) -> list[Action]:
        return legal_actions(state)

    def _chance_outcomes(self, state: TournamentState) -> Sequence[tuple[Action, Fraction]]:
        return chance_outcomes(state)

    def _apply(self, state: TournamentState, action: Action) -> Applied[TournamentState]:
        return apply(state, action)

    def _outcome(self, state: TournamentState) -> Outcome | None:
        return outcome(state)

    def _players(self, state: TournamentState) -> tuple[str, ...]:
        return players(state)

    def _options(self, scenario: Any) -> Sequence[Option]:
        return tournament_options(scenario)

    def scenarios(self) -> dict[str, str]:
        return shipped_exhibition()

    def invariants(self, state: TournamentState) -> None:
        invariants(state)

    def fingerprint(self, state: TournamentState) -> str:
        return fingerprint(state)

    def player_of(self, state: TournamentState, side: str) -> str:
        return player_of(state, side)

    def side_of(self, state: TournamentState, player: str) -> str | None:
        return side_of(state, player)


GAME = register_game(Tournament())
