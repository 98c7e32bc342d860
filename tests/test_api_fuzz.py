"""The public API under random bad calls: every function the three flat modules export
(``workbench.panzer_vor``, ``.panzer_strike``, ``.tanks``: the contract's names and each
game's own tools) called with random arguments — states, scenarios and actions of this game
and the others, wrong types, unknown names, off-board places, NaN and infinity, impossible
dice, numbers out of range. A call returns or raises the workbench's own error (a
``WorkbenchError``); never another exception. And no silent wrong answer, by invariants a
test can check: a call leaves every state it was given equal (states are values); odds are
probabilities; the chance outcomes of a state sum to 1; a listed legal action applies.

``WORKBENCH_API_FUZZ_EXAMPLES`` sets the calls (``make soak`` raises it); ``make test`` makes
the same small sample every time.
"""

from __future__ import annotations

import inspect
import os
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import workbench.panzer_strike as ps
import workbench.panzer_vor as pv
import workbench.tanks as tanks
from workbench.errors import WorkbenchError
from workbench.rules.canonical import canonical

EXAMPLES = int(os.environ.get("WORKBENCH_API_FUZZ_EXAMPLES", "150"))
SOAK = "WORKBENCH_API_FUZZ_EXAMPLES" in os.environ
MODULES = {"pv": (pv, "mock-battle"), "ps": (ps, "capture-the-flag"), "tanks": (tanks, None)}
# whole games and whole-table sweeps: seconds each with good arguments, so soak only
SLOW = {"play", "heatmaps", "target_heatmaps", "visibility_matrix", "move_sweep", "tournament"}


def _states(module: Any, scenario: str | None) -> list[Any]:
    """A scenario, its start and the states of 30 seeded random steps."""
    found = module.load_scenario(scenario or next(iter(module.scenarios())))
    state = module.start(found)
    states = [found, state]
    rng = random.Random(7)
    for _ in range(30):
        if module.outcome(state) is not None:
            break
        chance = module.chance_outcomes(state)
        action = rng.choice([a for a, _ in chance] if chance else module.legal_actions(state))
        state = module.apply(state, action).state
        states.append(state)
    return states


POOL = {name: _states(module, scenario) for name, (module, scenario) in MODULES.items()}
ACTIONS = [
    action
    for (module, _), states in zip(MODULES.values(), POOL.values(), strict=True)
    for state in states[1:]
    for action in [
        *module.legal_actions(state)[:4],
        *(a for a, _ in module.chance_outcomes(state)),
    ][:6]
]
BAD = [
    *(None, True, False, 0, 1, -1, 2.7, 7, 10**6, 10**12, float("nan"), float("inf"), -0.0),
    *("", "x", "ZZ", "a" * 300, "practice", "0101", "9999", "N", "yes", "Tiger II", b"x"),
    *([], {}, [7, 7], [0], [6, 6, 6], (0, 0), (10**6, 10**6), (1.5, float("nan")), object()),
    *({"turn_limit": "abc"}, {"turn_limit": 2.7}, {"damage": "no"}, {"platoons": -1}),
    *(ps.Square(0, 0), ps.Square(10**6, 10**6), ps.Square(-1, 3), Fraction(1, 3)),
]


def _names(module: Any) -> list[str]:
    return [
        n for n in module.__all__
        if callable(getattr(module, n)) and not inspect.isclass(getattr(module, n))
        and (SOAK or n not in SLOW)
    ]  # fmt: skip


def _tanks_of(state: Any) -> list[str]:
    board = getattr(state, "board", state)
    return [getattr(t, "id", getattr(t, "name", "")) for t in getattr(board, "tanks", ())][:4]


def _positional(function: Any) -> list[bool]:
    """For each positional parameter: whether it has a default."""
    return [
        p.default is not p.empty for p in inspect.signature(function).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]  # fmt: skip


FUNCTIONS = sorted(
    (name, function, _positional(getattr(module, function)))
    for name, (module, _) in MODULES.items()
    for function in _names(module)
)
OTHERS = [states[1] for states in POOL.values()]
# each strategy built once (hypothesis labels a sampled_from by hashing all its values)
CHOICES = {
    name: st.sampled_from([*BAD, *_tanks_of(states[-1]), *ACTIONS, *states, *OTHERS])
    for name, states in POOL.items()
}
OWN = {name: st.sampled_from(states) for name, states in POOL.items()}
CALLED = st.sampled_from(FUNCTIONS)


@st.composite
def calls(draw: st.DrawFn) -> tuple[str, str, list[Any]]:
    name, function, defaults = draw(CALLED)
    arguments: list[Any] = []
    for i, has_default in enumerate(defaults):
        if has_default and draw(st.booleans()):
            break
        if i == 0 and draw(st.integers(0, 4)):
            arguments.append(draw(OWN[name]))
        else:
            arguments.append(draw(CHOICES[name]))
    return name, function, arguments


def _digests() -> list[str]:
    return [canonical(s) for states in POOL.values() for s in states[1 :: 1 if SOAK else 3]]


BEFORE = _digests()


def _check_answer(function: str, answer: Any) -> None:
    """The invariants a returned answer must keep (no silent wrong answer)."""
    if function == "odds":
        assert isinstance(answer.destroy, Fraction) and 0 <= answer.destroy <= 1
    if function == "chance_outcomes" and answer:
        assert sum(p for _, p in answer) == 1 and all(0 < p <= 1 for _, p in answer)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
    derandomize=not SOAK,
)
@given(call=calls())
def _random_calls(call):
    name, function, arguments = call
    try:
        answer = getattr(MODULES[name][0], function)(*arguments)
    except WorkbenchError:
        return
    _check_answer(function, answer)


def test_a_random_call_answers_or_raises_the_workbenchs_own_error_and_changes_no_state():
    _random_calls()
    assert _digests() == BEFORE  # every state the calls were given is still equal


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_listed_legal_action_applies_and_chance_sums_to_one(name):
    module = MODULES[name][0]
    for state in POOL[name][1 :: 1 if SOAK else 4]:
        for action in module.legal_actions(state)[: None if SOAK else 12]:
            module.apply(state, action)
        chance = module.chance_outcomes(state)
        assert not chance or sum(p for _, p in chance) == 1


@pytest.mark.parametrize(
    "call, argument",
    [
        (lambda: ps.odds(POOL["ps"][1], "ZZ", POOL["ps"][1].tanks[0].id), "attacker"),
        (lambda: pv.start(POOL["pv"][0], "practice"), "options"),  # type: ignore[arg-type]
        (lambda: tanks.start(POOL["tanks"][0], {"platoons": -1}), "platoons"),
        (lambda: ps.start(POOL["ps"][0], {"damage": "no"}), "damage"),
        (lambda: ps.start(POOL["ps"][0], {"turn_limit": 2.7}), "turn_limit"),
        (lambda: ps.with_dice(ps.start(POOL["ps"][0]), [7, 7]), "large"),
        (lambda: ps.open_board(10**6, 10**6), "columns"),
        (lambda: ps.trajectory(POOL["ps"][1], ps.Square(0, 0), ps.Square(10**6, 10**6)), "target"),
        (lambda: pv.play(POOL["pv"][0], seed="x"), "seed"),  # type: ignore[arg-type]
    ],
)
def test_the_issues_bad_calls_raise_argument_errors_naming_the_argument(call, argument):
    from workbench.errors import ArgumentError

    with pytest.raises(ArgumentError, match=argument):
        call()


def _every_games_options() -> list[tuple[str, str]]:
    from workbench.games import all_games

    found = []
    for game in all_games():
        if game.scenarios():
            scenario = game.load_scenario(next(iter(game.scenarios())))
            found += [(game.name, o.name) for o in game.options(scenario)]
    return found


@pytest.mark.parametrize("game_name, option", _every_games_options())
def test_every_games_options_are_checked_before_use(game_name, option):
    # the issue: turn_limit "abc" or null crashed in int(); now each game's options list
    from workbench.contract import contract
    from workbench.rules.options import OptionError

    game = contract(game_name)
    scenario = game.load_scenario(next(iter(game.scenarios())))
    listed = next(o for o in game.options(scenario) if o.name == option)
    text = () if listed.kind == "value" else ("abc",)  # a "value" may be any name: checked at start
    for bad in (*text, 2.7, float("nan"), -(10**9), [object()], {"x": object()}):
        with pytest.raises(OptionError, match=option):
            listed.check(bad)
    if not listed.none_allowed and listed.kind != "value":  # a "value" says itself
        with pytest.raises(OptionError):
            listed.check(None)
