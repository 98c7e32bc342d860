"""One contract for every game (ARCHITECTURE.md: "One contract"), checked over the registry:
every registered game and every flat module offers the same names with the same shapes; every
scenario, state and result draws itself; ``explain`` agrees with ``apply``; ``odds`` is the
probability summed over the chance outcomes after the shot is declared; ``reach`` is the set
of destinations of the legal moves; options are checked; observations hide nothing they need
not and everything they must."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

import workbench
from workbench.contract import NAMES, Contract, Declared, contract
from workbench.discovery import game_packages
from workbench.games import all_games
from workbench.render import svg_of
from workbench.rules.core import CHANCE, TERMINAL, IllegalAction, Turn, Verdict
from workbench.rules.options import OptionError
from workbench.rules.play import play_to_end, random_player

GAMES = [g.name for g in all_games() if g.scenarios()]
FLAT = {  # the flat modules (workbench/<home>.py, a game's home's name) and the game each offers
    name: importlib.import_module(name).GAME.name
    for name in (f"workbench.{home}" for home in game_packages())
    if importlib.util.find_spec(name) is not None
}
FUNCTIONS = [n for n in NAMES if inspect.isfunction(getattr(Declared, n, None))]


def _shape(function: Any) -> list[tuple[str, Any, Any]]:
    """A function's whole signature: each parameter's name, kind (keyword-only ...) and
    default, ``self`` left out."""
    parameters = inspect.signature(function).parameters.values()
    return [(p.name, p.kind, p.default) for p in parameters if p.name != "self"]


DECLARED = {name: _shape(getattr(Declared, name)) for name in FUNCTIONS}


def _first_scenario(name: str) -> Any:
    game = contract(name)
    return game.load_scenario(sorted(game.scenarios())[0])


def _states(name: str, seed: int = 0, limit: int = 400) -> list[Any]:
    """The states of one seeded random game (its first ``limit`` steps)."""
    game = contract(name)
    scenario = _first_scenario(name)
    states = [game.start(scenario)]
    rng = random.Random(seed)
    state = states[0]
    for _ in range(limit):
        who = game.current_player(state)
        if who is TERMINAL:
            break
        if who is CHANCE:
            outcomes = game.chance_outcomes(state)
            action = outcomes[rng.randrange(len(outcomes))][0]
        else:
            action = random_player(game.GAME, game.observation(state, who), rng)
        state = game.apply(state, action).state
        states.append(state)
    return states


# --- names and shapes ------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_every_game_offers_the_contracts_names_with_their_shapes(name):
    bound = contract(name)
    for attribute in NAMES:
        assert hasattr(bound, attribute), f"{name}: {attribute}"
    for function, declared in DECLARED.items():
        assert _shape(getattr(bound, function)) == declared, f"{name}: {function}"


def test_the_flat_modules_are_found_by_the_games_homes():
    assert FLAT and set(FLAT.values()) <= set(GAMES), FLAT


@pytest.mark.parametrize("module_name", sorted(FLAT))
def test_every_flat_module_offers_the_contract_alike(module_name):
    module = importlib.import_module(module_name)
    bound = contract(FLAT[module_name])
    for attribute in NAMES:
        assert hasattr(module, attribute), f"{module_name} has no {attribute}"
        assert attribute in module.__all__, f"{module_name}.__all__ lacks {attribute}"
    for function, declared in DECLARED.items():
        got = _shape(getattr(module, function))
        assert got == declared, f"{module_name}.{function}: {got}"
    assert module.GAME is bound.GAME


def test_chance_and_terminal_compare_as_themselves_only():
    # a comparison with text is False both ways, whatever the text: compare with `is`
    assert isinstance(CHANCE, Turn) and CHANCE != "chance" and TERMINAL != "terminal"
    assert "chance".__eq__(CHANCE) is NotImplemented and (CHANCE == "chance") is False
    assert str(CHANCE) == "chance" and str(TERMINAL) == "terminal"  # the text: for display
    assert "chance" not in {CHANCE, TERMINAL} and CHANCE not in {"chance", "terminal"}


# --- pictures --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_every_scenario_and_state_draws_itself(name):
    game = contract(name)
    for scenario_name in game.scenarios():
        scenario = game.load_scenario(scenario_name)
        assert "<svg" in svg_of(scenario), f"{name}: scenario {scenario_name} has no picture"
        assert "<svg" in scenario._repr_svg_()
    for state in _states(name, limit=60)[::20]:
        assert "<svg" in svg_of(state) and "<svg" in state._repr_svg_()


# --- total moves -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_moves_and_chance_are_lists_at_every_node(name):
    game = contract(name)
    for state in _states(name):
        who = game.current_player(state)
        legal, chance = game.legal_actions(state), game.chance_outcomes(state)
        assert isinstance(legal, list) and isinstance(chance, list)
        if who is CHANCE:
            assert legal == [] and chance and sum(p for _, p in chance) == 1
        elif who is TERMINAL:
            assert legal == [] and chance == [] and game.outcome(state) is not None
        else:
            assert legal and chance == [] and who in game.players(state)


# --- explain agrees with apply ---------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_explain_gives_applys_verdict_on_legal_and_illegal_actions(name):
    game = contract(name)
    rng = random.Random(1)
    states = _states(name, seed=1)
    seen = [a for s in states[:-1] for a in game.legal_actions(s)[:3]]
    for state in states[:: max(1, len(states) // 25)]:
        if isinstance(game.current_player(state), Turn):
            continue
        legal = game.legal_actions(state)
        tried = rng.sample(legal, min(3, len(legal))) + rng.sample(seen, min(3, len(seen)))
        for action in tried:
            verdict = game.explain(state, action)
            assert isinstance(verdict, Verdict) and verdict.lines()
            try:
                game.apply(state, action)
            except IllegalAction as refused:
                assert not verdict.legal, f"{action}: explain says legal, apply refuses"
                assert verdict.reasons[0] == refused.reason, f"{action}: another reason"
            else:
                assert verdict.legal, f"{action}: explain refuses, apply allows"


# --- odds and reach --------------------------------------------------------------------------


def _destroy_probability(game: Contract, state: Any, target: str, depth: int = 12) -> Fraction:
    """The probability that ``target`` ends destroyed when the rules run on from ``state``:
    chance outcomes summed, a side's decision resolved by the game's declining action,
    until the shot is over (no chance and nothing to decline)."""
    if game.GAME.destroyed(state, target):
        return Fraction(1)
    who = game.current_player(state)
    if who is TERMINAL or depth == 0:
        return Fraction(0)
    if who is CHANCE:
        return sum(
            (p * _destroy_probability(game, game.apply(state, a).state, target, depth - 1)
             for a, p in game.chance_outcomes(state)),
            Fraction(0),
        )  # fmt: skip
    declining = game.GAME.declining(state)
    if declining is None:
        return Fraction(0)
    return _destroy_probability(game, game.apply(state, declining).state, target, depth - 1)


# TANKS rolls up to six Attack and six Defence dice, every sorted set of faces an outcome: the
# exact sum over a seeded game's shots takes minutes (about 1.3 million applies for the first
# four), so they run in `make soak`; tests/test_tanks_contract.py sums small shots the same way
# (re-rolls, Semi-Indirect Fire, Big Gun, the Critical deck reshuffled) in `make test`.
LONG_ODDS = {"tanks"}


def _shot_states(name: str) -> Iterator[Any]:
    """The states of seeded random games, seed 2 first, then the next seeds (a game of the
    first scenario may offer no shot at all: TANKS' Barkmann's Corner with seed 2, or a card
    game ended stagnant before any tank came in range)."""
    for seed in range(2, 12):
        yield from _states(name, seed=seed)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.soak) if n in LONG_ODDS else n
        for n in GAMES
        if contract(n).GAME.offers("odds")
    ],
)
def test_odds_are_the_chance_outcomes_summed_after_the_shot(name):
    game = contract(name)
    checked = 0
    for state in _shot_states(name):
        who = game.current_player(state)
        if isinstance(who, Turn):
            continue
        shots = [a for a in game.legal_actions(state) if hasattr(a, "target")]
        for shot in shots[:2]:
            attacker = getattr(shot, "firer", None) or getattr(shot, "tank", None)
            odds = game.odds(state, attacker, shot.target)
            assert odds.lines() and all(r.section or r.text for r in odds.reasons)
            assert odds.shot == shot and odds.refusal is None  # legal now: declared now
            assert "<svg" in svg_of(odds)
            declared = game.apply(state, odds.shot).state
            assert odds.destroy == _destroy_probability(game, declared, shot.target), shot
            checked += 1
        if checked >= 4:
            break
    assert checked, f"{name}: a seeded game offers a shot to check"


@pytest.mark.parametrize("name", [n for n in GAMES if contract(n).GAME.offers("reach")])
def test_reach_is_the_destinations_of_the_legal_moves(name):
    game = contract(name)
    checked = 0
    for state in _states(name, seed=3):
        if isinstance(game.current_player(state), Turn):
            continue
        moves = [a for a in game.legal_actions(state) if type(a).__name__ == "Move"]
        for tank in sorted({m.tank for m in moves})[:2]:
            reach = game.reach(state, tank)
            assert reach.lines() and "<svg" in svg_of(reach)
            assert reach.destinations == {m.to for m in moves if m.tank == tank}, tank
            checked += 1
        if checked >= 4:
            break
    assert checked, f"{name}: a seeded game offers a move to check"


@pytest.mark.parametrize("name", [n for n in GAMES if contract(n).GAME.offers("odds")])
def test_odds_asked_when_a_shot_cannot_be_fired_answer_alike_in_every_game(name):
    # one behaviour (ARCHITECTURE.md: "One word per concept"): the chance as things stand, no
    # action to declare it, and why not now: the phase and the rule, with its section, last
    game = contract(name)
    checked = 0
    for state in _states(name, seed=6, limit=120):
        if game.current_player(state) is not CHANCE or getattr(state, "match", state) is None:
            continue
        holder = getattr(state, "match", state)  # a series' match in play
        placed = getattr(holder, "tanks", ()) or holder.board.tanks
        tanks = [t for t in placed if not getattr(t, "destroyed", getattr(t, "wreck", False))]
        pairs = [(a.id, b.id) for a in tanks for b in tanks if a.side != b.side][:2]
        for attacker, target in pairs:
            odds = game.odds(state, attacker, target)  # dice or a draw decide now: no shot
            assert odds.shot is None and odds.refusal is not None, (attacker, target)
            assert odds.refusal == odds.reasons[-1] and odds.refusal.section
            assert odds.refusal.text.startswith("not fired now (") and " phase): " in (
                odds.refusal.text
            )
            assert 0 <= odds.destroy <= 1
            checked += 1
        if checked >= 2:
            break
    assert checked, f"{name}: a chance node with two sides' tanks to ask about"


# --- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_options_are_listed_and_checked_at_start(name):
    game = contract(name)
    scenario = _first_scenario(name)
    listed = game.options(scenario)
    assert listed, f"{name} lists its options"
    for option in listed:
        assert option.line() and (option.section or option.reading)
        assert option.check(option.default) == option.default
    with pytest.raises(OptionError, match="no_such_option"):
        game.start(scenario, {"no_such_option": 1})
    flag = next((o for o in listed if o.kind == "flag"), None)
    if flag is not None:  # text is no boolean
        with pytest.raises(OptionError, match=flag.name):
            game.start(scenario, {flag.name: "no"})


# --- observations ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_an_observation_lists_the_legal_actions_and_determinizes(name):
    game = contract(name)
    rng = random.Random(4)
    for state in _states(name, seed=4)[::10]:
        who = game.current_player(state)
        for side in game.players(state):
            seen = game.observation(state, side)
            assert seen.player == side
            expected = game.legal_actions(state) if who == side else []
            assert list(seen.legal_actions) == expected
            again = game.determinize(seen, rng)
            assert game.observation(again, side) == seen, "a sample keeps the observation"
            if not seen.hidden:
                assert again == state


@pytest.mark.parametrize("name", GAMES)
def test_records_replay_with_the_contracts_play(name):
    game = contract(name)
    record = game.play(_first_scenario(name), seed=5)
    assert game.replay(record)[-1] == play_to_end(game.GAME, record.scenario, seed=5)[0]


def test_every_shipped_board_draws_itself():
    for path in sorted((workbench.paths.MAPS).rglob("*.json")):
        value = workbench.load(path)
        if hasattr(value, "_repr_svg_"):
            assert "<svg" in value._repr_svg_(), path
