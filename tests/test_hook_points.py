"""Panzer Vor!'s hook points are typed (``HookPoint[Callable[[...], ...]]``) and name their
parameters: every function a scenario rule registers takes exactly those parameters, by
name, and where it annotates one, with the type its hook point declares (ARCHITECTURE.md:
"Panzer Vor!'s scenario rules")."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable

import pytest

import workbench.games
from workbench.games.panzer_vor.rules import hooks
from workbench.games.panzer_vor.rules.setting import Setting

workbench.games.all_games()  # every scenario rule registered

DECLARED = typing.get_type_hints(hooks, localns={"Setting": Setting})
POINTS = {
    name: point
    for name, point in vars(hooks).items()
    if isinstance(point, hooks.HookPoint)
    and typing.get_origin(DECLARED[name].__args__[0]) is Callable
}


def _declared(name: str) -> tuple[list[object], object]:
    """The parameter types and the return type a hook point's annotation declares."""
    callable_type = typing.get_args(DECLARED[name])[0]
    parameters, returned = typing.get_args(callable_type)
    return list(parameters), returned


def _matches(declared: object, annotated: object) -> bool:
    """Whether a function's annotation of a parameter is the hook point's type (or a wider
    class of it, which accepts it too)."""
    if declared == annotated or annotated is typing.Any:
        return True
    origin = typing.get_origin(declared) or declared
    return (
        isinstance(origin, type) and isinstance(annotated, type) and issubclass(origin, annotated)
    )


def test_every_function_hook_point_is_found_and_names_its_parameters():
    assert {"SCENARIO", "SETUP", "AFTER_MOVE", "DRAWN", "AUTOMATIC_TURN"} <= set(POINTS)
    for name, point in POINTS.items():
        types, _ = _declared(name)
        assert len(point.parameters) == len(types), f"{name}: {point.parameters} for {types}"


def _problems(name: str, function: Callable[..., object]) -> list[str]:
    """How ``function`` differs from the signature of hook point ``name`` (none: it fits)."""
    point, (types, _) = POINTS[name], _declared(name)
    parameters = list(inspect.signature(function).parameters.values())
    found = [p.name for p in parameters]
    if found != list(point.parameters):
        return [f"parameters {found}, not {list(point.parameters)}"]
    problems = [
        f"{p.name} is {p.kind}" for p in parameters if p.kind is not p.POSITIONAL_OR_KEYWORD
    ]
    hints = typing.get_type_hints(function, localns={"Setting": Setting})
    for parameter, declared in zip(parameters, types, strict=True):
        if parameter.name in hints and not _matches(declared, hints[parameter.name]):
            problems.append(f"{parameter.name}: {hints[parameter.name]}, not {declared}")
    return problems


@pytest.mark.parametrize("name", sorted(POINTS))
def test_every_registered_function_has_its_hook_points_signature(name):
    assert POINTS[name].rules(), f"{name}: nothing is registered (a dead hook point?)"
    for rule, function in POINTS[name]._hooks:
        where = f"{name} {rule!r}: {function.__module__}.{function.__qualname__}"
        assert _problems(name, function) == [], where


def test_a_function_of_the_wrong_shape_is_caught():
    def too_few(match):  # AFTER_MOVE passes five
        return match

    def misnamed(match, tank, left, spent, events):  # the hook point says tank_id
        return match

    def mistyped(match, tank_id: int, left, spent, events):  # a tank's id is text
        return match

    assert _problems("AFTER_MOVE", too_few) and _problems("AFTER_MOVE", misnamed)
    assert _problems("AFTER_MOVE", mistyped) == [f"tank_id: {int}, not {str}"]
