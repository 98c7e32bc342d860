"""Observation and information-state tensors (issue 47): every game's layout has its shape,
finite values and its documentation; a player's strings and tensors are a function of what it
knows: swapping every item hidden from it, one at a time, changes none of them (and the
owner's view does change), and every world drawn for it gives it the same ones."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")
import workbench.openspiel as bridge  # noqa: E402
from tests.test_worlds import CREW, walk  # noqa: E402
from workbench.games.panzer_vor.rules import linked_game, tournament_game  # noqa: E402
from workbench.games.panzer_vor.rules.deck import Draw, from_counts  # noqa: E402
from workbench.games.panzer_vor.rules.match import evolve  # noqa: E402
from workbench.openspiel.tensors import Views, fill, pieces_of  # noqa: E402
from workbench.openspiel.texts import information_state_text, observation_text  # noqa: E402
from workbench.rules.observation import History, history_of  # noqa: E402

GAMES = [
    ("panzer-strike", "capture-the-flag", {"turn_limit": 2}),
    ("tanks", "standard-table", {**CREW, "turn_limit": 1}),
    ("tanks", "barkmanns-corner", {"turn_limit": 1}),
    ("panzer-vor-practice", "mock-battle", {"turn_limit": 2}),
    ("panzer-vor", "mock-battle", None),
    ("panzer-vor-linked", "linked-scenarios", None),
    ("panzer-vor-tournament", "exhibition", {"drawn_replays": 0}),
]


def views_of(game, rules, state, side):
    """A side's four views of a workbench state: its observation and information-state
    strings and tensors, as the bridge makes them."""
    seen = rules.observation(state, side)
    found = [observation_text(rules, seen), information_state_text(seen)]
    for recall in (False, True):
        views = Views(pieces_of(game.layout, recall))
        fill(views, game.layout, seen, recall)
        found.append(views.tensor.copy())
    return found


def same(a, b):
    return all(np.array_equal(x, y) if isinstance(x, np.ndarray) else x == y
               for x, y in zip(a, b, strict=True))  # fmt: skip


@pytest.mark.parametrize(("name", "scenario", "options"), GAMES)
def test_each_layout_has_its_shape_finite_values_and_documents_its_pieces(name, scenario, options):
    game = bridge.game(name, scenario, options)
    kind = game.get_type()
    hidden = kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.provides_observation_tensor and kind.provides_information_state_tensor == hidden
    size = game.observation_tensor_size()
    for piece in game.layout.pieces + game.layout.memory:
        assert f"``{piece.name}``" in game.layout.note, piece.name  # every piece documented
    state, rng, seen = game.new_initial_state(), random.Random(1), 0
    while not state.is_terminal() and seen < 25:
        if state.is_chance_node():
            numbers, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(numbers, odds)[0])
            continue
        for player in range(game.num_players()):
            tensor = np.asarray(state.observation_tensor(player))
            assert tensor.shape == (size,) and np.isfinite(tensor).all()
            assert tensor.min() >= 0 and tensor.max() <= 16
            if hidden:
                info = np.asarray(state.information_state_tensor(player))
                assert info.shape == (game.information_state_tensor_size(),)
                assert np.isfinite(info).all() and info[:size].tolist() == tensor.tolist()
        state.apply_action(rng.choice(state.legal_actions()))
        seen += 1


def _card_swaps(match, history, viewer, other):
    """``match`` with one card of ``other``'s hand swapped for an unseen card of another name
    (from the deck), and ``history`` (the whole game's) with the last unseen draw of it
    ``viewer`` did not see made that card: one state for each card of the hand."""
    deck = Counter(dict(match.deck))
    held = {c for c, n in deck.items() if n and match.card(c).kind != "enforcement"
            and match.card(c).acts_as != "drawn"}  # fmt: skip
    for card in sorted(set(match.hand(other))):
        instead = next((c for c in sorted(held) if c != card), None)
        if instead is None:
            continue
        hand = list(match.hand(other))
        hand[hand.index(card)] = instead
        changed = deck.copy()
        changed[instead] -= 1
        changed[card] += 1
        swapped = evolve(match, hands={**match.hands, other: tuple(sorted(hand))},
                         deck=from_counts(sorted((+changed).items())))  # fmt: skip
        yield swapped, _history_swapped(history, card, instead, viewer)


def _history_swapped(history, card, instead, side):
    """``history`` with its last draw of ``card`` that ``side`` did not see made ``instead``."""
    steps = history.steps()
    for i in range(len(steps) - 1, -1, -1):
        step = steps[i]
        if step.action == Draw(card) and step.seen_by is not None and side not in step.seen_by:
            rebuilt = History.EMPTY
            for j, node in enumerate(steps):
                action = Draw(instead) if j == i else node.action
                rebuilt = rebuilt.then(node.actor, action, node.seen_by, node.facts)
            return rebuilt
    return history


def _tanks_swaps(battle, side):
    """``battle`` with each of the other side's face-down cards swapped for another card of
    the game's of its cost (on its tank and in the option ``crew`` alike)."""
    cards = battle.options["crew_cards"]
    for k, tank in enumerate(battle.tanks):
        if tank.side == side:
            continue
        for i, name in enumerate(tank.crew):
            if name not in cards:
                continue
            cost = cards[name]["points"]
            others = sorted(c for c in cards if c != name and cards[c]["points"] == cost)
            for instead in others:
                crew = tuple(instead if j == i else n for j, n in enumerate(tank.crew))
                lists = {s: [[instead if n == name else n for n in names] for names in ls]
                         for s, ls in battle.options["crew"].items()}  # fmt: skip
                tanks = tuple(replace(t, crew=crew) if j == k else t
                              for j, t in enumerate(battle.tanks))  # fmt: skip
                yield replace(battle, tanks=tanks, options={**battle.options, "crew": lists})


SERIES = {"panzer-vor-linked": linked_game, "panzer-vor-tournament": tournament_game}
EVERY = {"tanks": 3}  # a state every so many steps (TANKS' one turn is short)
HIDDEN = [g for g in GAMES if g[0] in ("panzer-vor", "panzer-vor-linked",
                                       "panzer-vor-tournament") or g[2] == GAMES[1][2]]  # fmt: skip


@pytest.mark.parametrize(("name", "scenario", "options"), HIDDEN)
def test_swapping_each_hidden_item_changes_nothing_another_side_sees(name, scenario, options):
    game = bridge.game(name, scenario, options)
    rules = game.rules
    first = game.first.state
    swaps = owners_saw = 0
    for i, state in enumerate(walk(rules, first, 3)):
        if i % EVERY.get(name, 37) or i == 0 or i > 200:
            continue
        for side in rules.players(state):
            mine = views_of(game, rules, state, side)
            if name == "tanks":
                changed = [(s, history_of(state)) for s in _tanks_swaps(state, side)]
                owner = next(s for s in rules.players(state) if s != side)
            else:
                match = state.match if name != "panzer-vor" else state
                if match is None:
                    continue
                series = SERIES.get(name)
                own = side if series is None else series.side_of(state, side)
                if own not in match.order:
                    continue
                other = next(s for s in match.order if s != own)
                owner = other if series is None else series.player_of(state, other)
                changed = []
                for swapped, history in _card_swaps(match, history_of(state), side, other):
                    whole = swapped if name == "panzer-vor" else replace(state, match=swapped)
                    changed.append((whole, history))
            for whole, history in changed:
                object.__setattr__(whole, "history", history)
                assert same(views_of(game, rules, whole, side), mine)
                theirs = views_of(game, rules, state, owner)
                owners_saw += not same(views_of(game, rules, whole, owner), theirs)
                swaps += 1
    assert swaps >= 5 and owners_saw == swaps


@pytest.mark.parametrize(("name", "scenario", "options"), HIDDEN)
def test_every_world_drawn_gives_a_player_its_own_strings_and_tensors(name, scenario, options):
    game = bridge.game(name, scenario, options)
    rules, rng, worlds = game.rules, random.Random(2), 0
    for i, state in enumerate(walk(rules, game.first.state, 4)):
        if i % EVERY.get(name, 61) or i == 0 or i > 200:
            continue
        for side in rules.players(state):
            if not rules.observation(state, side).hidden:
                continue
            mine = views_of(game, rules, state, side)
            for _ in range(3):
                world = rules.determinize(rules.observation(state, side), rng)
                assert same(views_of(game, rules, world, side), mine)
                worlds += 1
    assert worlds >= 3
