"""Panzer Vor!'s tensors (``workbench.openspiel.tensors``): the card game, the practice game
and the two series, each from what a player sees (a hand it does not hold, only its size; the
deck, only the cards it has not seen), the player's own side first.

**The map**, planes of ``(columns, rows)`` hexes (offset coordinates, ``grid.to_offset``):
``terrain`` one per terrain type of the map (in its order); for each side ``tanks``,
``facing`` (six planes, the hexside its front faces), ``wrecks``, ``immobile``, ``smoke``,
``flag`` (its flag tank) and ``characters`` (a tank carrying one).

**The cards** (the card game and the series), a count per card of the game's list (in the
order of its names, over 3): ``hand`` (the player's own), ``unseen`` (the deck and the other
hands together, the cards the player has not seen), ``discard``, ``in_play``, ``removed``,
``face_up`` (each side's Scenario cards); ``hand_sizes`` (each side's, over 8).

**Numbers**: ``phase`` one-hot (setup, draw, action, event, end, over), ``top`` one-hot (what
is being resolved: nothing, a draw, an Action card, a shot, a reaction window, a reaction's
effect, a die, a choice), ``acting``, ``turn`` (over 30), ``enforcement`` (drawn, over 4),
``actions_left`` (over 3), ``flags`` (the Event card played, Combat Awareness used, a
reaction made, Desperate Situation, Engine Trouble), ``points`` (each side's destroyed,
over 100). The practice game has the map and ``phase`` (deployment, action, shot, over),
``acting``, ``turn`` (over its turn limit).

**The information state** adds ``not_held``: for the other side, each card it was shown not
to hold (a reaction window that card would have opened did not open) since its last unseen
draw. **The series** lay the match in play out on the largest map and card list of the
matches they can play, with ``series`` one-hot (the series' step) and ``in_match``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from workbench.games.panzer_vor.numbering.series_space import linked_matches, tournament_matches
from workbench.games.panzer_vor.rules import linked_game, tournament_game
from workbench.games.panzer_vor.rules.facts import Drew, WindowCheck
from workbench.games.panzer_vor.rules.match import (
    Chance,
    Choice,
    Drawing,
    Effect,
    Order,
    Shot,
    Window,
)
from workbench.games.panzer_vor.rules.phases import Phase
from workbench.openspiel.tensors import (
    Layout,
    Piece,
    Views,
    layout,
    one_hot,
    relative_sides,
    scaled,
)
from workbench.rules.observation import Observation

PHASES = tuple(Phase)
FRAMES = (Drawing, Order, Shot, Window, Effect, Chance, Choice)  # what ``top`` names, after none
PER_SIDE = ("tanks", "wrecks", "immobile", "smoke", "flag", "characters")
CARD_PIECES = ("hand", "unseen", "discard", "in_play", "removed")
FLAGS = 5
PRACTICE_PHASES = ("deployment", "action", "shot")


class _Map:
    """The map planes of a grid of ``size`` (the largest of a series' maps) and its terrain
    types ``kinds``."""

    def __init__(self, maps: Iterable[Any]) -> None:
        maps = list(maps)
        self.size = (max(m.grid.cols for m in maps), max(m.grid.rows for m in maps))
        self.kinds = list(dict.fromkeys(k for m in maps for k in m.terrain_types))
        self._terrain: dict[int, tuple[Any, np.ndarray]] = {}

    def pieces(self) -> tuple[Piece, ...]:
        return (Piece("terrain", (len(self.kinds), *self.size)),
                *(Piece(name, (2, *self.size)) for name in PER_SIDE),
                Piece("facing", (2, 6, *self.size)))  # fmt: skip

    def terrain(self, hexmap: Any) -> np.ndarray:
        kept = self._terrain.get(id(hexmap))
        if kept is not None and kept[0] is hexmap:
            return kept[1]
        planes = np.zeros((len(self.kinds), *self.size), np.float32)
        for h in hexmap.grid:
            kind = hexmap.terrain_at(h).name
            if kind in self.kinds:
                planes[(self.kinds.index(kind), *hexmap.grid.to_offset(h))] = 1.0
        self._terrain[id(hexmap)] = (hexmap, planes)
        return planes

    def fill(self, views: Views, board: Any, sides: Sequence[str]) -> None:
        views["terrain"][...] = self.terrain(board.map)
        to_offset = board.map.grid.to_offset
        for tank in board.tanks:
            if tank.side not in sides:
                continue
            side, at = sides.index(tank.side), to_offset(tank.hex)
            if tank.wreck:
                views["wrecks"][(side, *at)] = 1.0
                continue
            views["tanks"][(side, *at)] = 1.0
            views["facing"][(side, tank.facing % 6, *at)] = 1.0
            for name in ("immobile", "smoke", "flag"):
                views[name][(side, *at)] = float(getattr(tank, name))
            views["characters"][(side, *at)] = float(tank.character is not None)


class _Cards:
    """The card pieces over the card names ``names``."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = sorted(set(names))
        self.index = {n: i for i, n in enumerate(self.names)}

    def pieces(self) -> tuple[Piece, ...]:
        n = len(self.names)
        return (*(Piece(name, (n,)) for name in CARD_PIECES), Piece("face_up", (2, n)),
                Piece("hand_sizes", (2,)), Piece("phase", (len(PHASES) + 1,)),
                Piece("top", (len(FRAMES) + 1,)), Piece("acting", (1,)), Piece("turn", (1,)),
                Piece("enforcement", (1,)), Piece("actions_left", (1,)),
                Piece("flags", (FLAGS,)), Piece("points", (2,)))  # fmt: skip

    def count(self, view: np.ndarray, cards: Iterable[tuple[str, int]]) -> None:
        for card, n in cards:
            if card in self.index:
                view[self.index[card]] += n / 3

    def fill(self, views: Views, match: Any, sides: Sequence[str], acting: bool) -> None:
        own = sides[0]
        self.count(views["hand"], ((c, 1) for c in match.hand(own)))
        self.count(views["unseen"], match.deck)
        for name in ("discard", "in_play", "removed"):
            self.count(views[name], ((c, 1) for c in getattr(match, name)))
        for i, side in enumerate(sides[:2]):
            self.count(views["face_up"][i], ((c, 1) for c in match.scenario_cards.get(side, ())))
            views["hand_sizes"][i] = len(match.hand(side)) / 8
            views["points"][i] = match.points.get(side, 0) / 100
        ended = match.ended is not None
        one_hot(views["phase"], len(PHASES) if ended else PHASES.index(match.phase))
        top = match.top
        one_hot(views["top"], 0 if top is None else 1 + FRAMES.index(type(top)))
        views["acting"][0] = float(acting)
        views["turn"][0] = match.turn / 30
        views["enforcement"][0] = match.enforcement_drawn / 4
        views["actions_left"][0] = match.actions_left / 3
        views["flags"][:] = (match.event_played, match.awareness_used, match.reacted,
                             "desperate" in match.restrictions,
                             "engine trouble" in match.restrictions)  # fmt: skip

    def remember(self, views: Views, observation: Observation, other: str) -> None:
        """``not_held``: the cards ``other`` was shown not to hold since its last unseen draw
        (facts of the player's history, newest first)."""
        for step in reversed(list(observation.history)):
            for fact in reversed(step.facts):
                if isinstance(fact, Drew) and fact.side == other and step.action is None:
                    return
                if isinstance(fact, WindowCheck) and fact.side == other and not fact.opened:
                    for card, i in self.index.items():
                        if views["not_held"][i] == 0 and fact.fits(card):
                            views["not_held"][i] = 1.0


def _card_layout(maps: list[Any], names: Iterable[str], sides: tuple[str, ...],
                 match_of: Any, side_of: Any, extra: tuple[Piece, ...] = (),
                 more: Any = None) -> Layout:  # fmt: skip
    """A card-game layout: the map and cards of the match ``match_of(state)`` in play, the
    player's side ``side_of(state, player)``; ``extra`` pieces filled by ``more``."""
    board, cards = _Map(maps), _Cards(names)

    def fill(views: Views, observation: Observation) -> None:
        state = observation.state
        if more is not None:
            more(views, state)
        match = match_of(state)
        if match is None:
            return
        own = side_of(state, observation.player)
        order = relative_sides(match.order, own) if own else list(match.order)
        board.fill(views, match.board, order)
        cards.fill(views, match, order, bool(observation.legal_actions))

    def remember(views: Views, observation: Observation) -> None:
        state = observation.state
        match = match_of(state)
        if match is not None:
            own = side_of(state, observation.player)
            others = [s for s in match.order if s != own]
            cards.remember(views, observation, others[0])

    memory = (Piece("not_held", (len(cards.names),)),)
    return Layout((*board.pieces(), *cards.pieces(), *extra), fill, memory, remember,
                  sides=sides, note=__doc__ or "")  # fmt: skip


@layout("panzer-vor")
def card_game(start: Any) -> Layout:
    return _card_layout([start.board.map], start.deck_list.cards, tuple(start.order),
                        lambda match: match, lambda match, player: player)  # fmt: skip


@layout("panzer-vor-practice")
def practice(start: Any) -> Layout:
    board = _Map([start.board.map])
    extra = (Piece("phase", (len(PRACTICE_PHASES) + 1,)), Piece("acting", (1,)),
             Piece("turn", (1,)))  # fmt: skip

    def fill(views: Views, observation: Observation) -> None:
        match = observation.state
        board.fill(views, match.board, relative_sides(match.order, observation.player))
        phase = match.phase
        one_hot(views["phase"], PRACTICE_PHASES.index(phase) if phase in PRACTICE_PHASES
                else len(PRACTICE_PHASES))  # fmt: skip
        views["acting"][0] = float(bool(observation.legal_actions))
        views["turn"][0] = scaled(match.turn, match.turn_limit)

    return Layout((*board.pieces(), *extra), fill, sides=tuple(start.order), note=__doc__ or "")


def _series(start: Any, matches: list[Any], steps: tuple[Any, ...], side_of: Any,
            players: tuple[str, ...]) -> Layout:  # fmt: skip
    names = [c for m in matches for c in m.deck_list.cards]

    def more(views: Views, state: Any) -> None:
        one_hot(views["series"], steps.index(state.step))
        views["in_match"][0] = float(state.match is not None)

    extra = (Piece("series", (len(steps),)), Piece("in_match", (1,)))
    return _card_layout([m.board.map for m in matches], names, players,
                        lambda state: state.match, side_of, extra, more)  # fmt: skip


@layout("panzer-vor-linked")
def linked(start: Any) -> Layout:
    matches = [m for found in linked_matches(start).values() for m in found]
    return _series(start, matches, tuple(linked_game.LinkedStep), linked_game.side_of,
                   linked_game.players(start))  # fmt: skip


@layout("panzer-vor-tournament")
def tournament(start: Any) -> Layout:
    return _series(start, tournament_matches(start), tuple(tournament_game.TournamentStep),
                   tournament_game.side_of, tournament_game.players(start))  # fmt: skip
