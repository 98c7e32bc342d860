"""The widgets' public methods check their arguments: a wrong type, an unknown name, an
off-board place, NaN, a step out of range or a truthy text for a boolean is the library's
ArgumentError naming the argument, and the widget is left as it was (RELIABILITY.md,
promise 3)."""

from __future__ import annotations

import contextlib
import inspect
import math
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_api_fuzz import BAD
from workbench.boards.hexmap import HexMap
from workbench.errors import ArgumentError, WorkbenchError
from workbench.games.panzer_strike.widgets.explorer import PanzerStrikeExplorer
from workbench.games.panzer_vor.widgets.explorer import Explorer
from workbench.games.tanks.widgets.explorer import TanksExplorer
from workbench.geometry.hexgrid import Hex
from workbench.geometry.squaregrid import Square
from workbench.widgets.app import TeacherApp
from workbench.widgets.editor import Editor
from workbench.widgets.editor_tools import Tools, registered_tools
from workbench.widgets.fairness_panel import FairnessPanel
from workbench.widgets.learn import Learner
from workbench.widgets.option_inputs import OptionInputs
from workbench.widgets.panel import PathExplorer
from workbench.widgets.stepper import Stepper
from workbench.widgets.user_files import UserFiles

ROOT = Path(__file__).resolve().parents[1]
FIRST_SHOTS = ROOT / "maps/panzer-vor/games/first-shots.json"
TEST_YOUR_LUCK = ROOT / "maps/panzer-vor/scenarios/test-your-luck.json"
CTF = ROOT / "maps/panzer-strike/scenarios/capture-the-flag.json"
BARKMANN = ROOT / "maps/tanks/barkmanns-corner.json"
NAN, INF = math.nan, math.inf
PUBLIC = (Stepper, Explorer, PanzerStrikeExplorer, TanksExplorer, PathExplorer, Learner, Editor,
          *registered_tools(), TeacherApp, OptionInputs, UserFiles, FairnessPanel)  # fmt: skip


def test_every_public_method_of_the_widgets_checks_its_arguments():
    unchecked = []
    for cls in PUBLIC:
        for name, member in inspect.getmembers(cls):
            if name.startswith("_") and name != "__init__":
                continue
            if not (inspect.isfunction(member) or inspect.ismethod(member)):
                continue  # properties, widgets' traits
            parameters = list(inspect.signature(member).parameters)
            if inspect.isfunction(member):
                parameters = parameters[1:]  # self
            if parameters and not getattr(member, "arguments_checked", False):
                unchecked.append(f"{cls.__name__}.{name}")
    assert not unchecked


@pytest.fixture(scope="module")
def widgets(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WORKBENCH_HOME", str(home))
        stepper = Stepper(FIRST_SHOTS, at=2)
        explorer = Explorer(TEST_YOUR_LUCK)
        explorer.select("Panzer IV Ausf. D")
        files = UserFiles(
            "game", save=lambda p: p, load=lambda p: p, export=lambda p: p,
            picture_name=lambda s: s, safely=lambda work: None,
        )  # fmt: skip
        editor = Editor(HexMap.blank(rows=8, cols=10, name="sketch"))
        yield {
            "stepper": stepper,
            "explorer": explorer,
            "strike": PanzerStrikeExplorer(CTF),
            "tanks": TanksExplorer(BARKMANN),
            "learner": Learner("panzer-vor", "Moving"),
            "chooser": Learner("panzer-strike", "Moving"),
            "editor": editor,
            "tools": editor.tools,
            "files": files,
        }


# (widget, method, arguments, keywords, the argument the error must name)
BAD_CALLS: list[tuple[str, str, tuple[Any, ...], dict[str, Any], str]] = [
    ("stepper", "go", ("3",), {}, "step"),
    ("stepper", "go", (3.0,), {}, "step"),
    ("stepper", "go", (True,), {}, "step"),
    ("stepper", "go", (NAN,), {}, "step"),
    ("stepper", "go", (-1,), {}, "step"),
    ("stepper", "go", (10**6,), {}, "step"),
    ("stepper", "action_at", (0,), {}, "step"),
    ("stepper", "actor_at", (10**6,), {}, "step"),
    ("stepper", "step_line", (-1,), {}, "step"),
    ("stepper", "click_cell", ("9999",), {}, "cell"),
    ("stepper", "click_cell", ("zz",), {}, "cell"),
    ("stepper", "click_cell", (Hex(500, 500),), {}, "cell"),
    ("stepper", "set_bot", ("Martians",), {}, "side"),
    ("stepper", "set_bot", (3,), {}, "side"),
    ("stepper", "play", ("Fire",), {}, "action"),
    ("stepper", "export", ("x.svg",), {"scale": NAN}, "scale"),
    ("stepper", "export", ("x.svg",), {"scale": -1.0}, "scale"),
    ("stepper", "bookmark", (3,), {}, "note"),
    ("stepper", "key", (None,), {}, "key"),
    ("stepper", "load", (FIRST_SHOTS,), {"at": 10**6}, "at"),
    ("stepper", "load", (FIRST_SHOTS,), {"at": "2"}, "at"),
    ("explorer", "click_hex", ("9999",), {}, "where"),
    ("explorer", "click_hex", (Hex(500, 500),), {}, "where"),
    ("explorer", "click_hex", (3,), {}, "where"),
    ("explorer", "select", ("Tiger",), {}, "tank_id"),
    ("explorer", "go_to", ("9999",), {}, "where"),
    ("explorer", "go_to", ("0803",), {"facing": 9}, "facing"),
    ("explorer", "go_to", ("0803",), {"facing": 1.5}, "facing"),
    ("explorer", "set_options", (), {"cutting_through": "no"}, "cutting_through"),
    ("explorer", "set_options", (), {"nitro": True}, "nitro"),
    ("explorer", "aim_at", ("Tiger",), {}, "target_id"),
    ("explorer", "step_by", ("1",), {}, "delta"),
    ("explorer", "click", (NAN, 3.0), {}, "x"),
    ("strike", "set_dice", ([7, 7],), {}, "large"),
    ("strike", "set_dice", ("66",), {}, "large"),
    ("strike", "set_dice", ([True],), {}, "large"),
    ("strike", "choose_die", (99,), {}, "large"),
    ("strike", "click_square", ((500, 500),), {}, "where"),
    ("strike", "click_square", (Square(-1, 0),), {}, "where"),
    ("strike", "click_square", ("x",), {}, "where"),
    ("strike", "select", ("Z9",), {}, "tank_id"),
    ("strike", "go_to", ((1, 1),), {}, "where"),
    ("strike", "set_options", (), {"damage": "yes"}, "damage"),
    ("strike", "set_options", (), {"trajectory": "sideways"}, "trajectory"),
    ("strike", "set_options", (), {"nonsense": True}, "nonsense"),
    ("tanks", "click_at", (1e9, 0.0), {}, "(x, y)"),
    ("tanks", "click_at", (NAN, 0.0), {}, "x"),
    ("tanks", "select", ("Tiger",), {}, "tank_id"),
    ("tanks", "aim_at", ("Panther G1",), {}, "target_id"),
    ("tanks", "preview_placement", ("here",), {}, "placement"),
    ("learner", "click_place", ("9999",), {}, "label"),
    ("learner", "click_place", (5,), {}, "label"),
    ("learner", "choose", ("yes",), {}, "value"),
    ("learner", "key", (5,), {}, "key"),
    ("chooser", "choose", (NAN,), {}, "value"),
    ("chooser", "choose", (INF,), {}, "value"),
    ("editor", "change", (42,), {}, "new"),
    ("editor", "press", ("a", 0.0), {}, "x"),
    ("editor", "drag", (0.0, INF), {}, "y"),
    ("editor", "load", (3,), {}, "path"),
    ("editor", "close", (), {"discard": "yes"}, "discard"),
    ("editor", "attempt", (3,), {}, "make"),
    ("files", "export", (".exe",), {}, "suffix"),
    ("tools", "use", ("",), {}, "tool"),
    ("tools", "use", ("pencil",), {}, "tool"),
]


def _snapshot(widget: Any) -> tuple[dict[str, Any], str]:
    panel = getattr(widget, "panel", None)
    return dict(vars(widget)), getattr(panel, "value", "")


@pytest.mark.parametrize(("name", "method", "args", "kwargs", "argument"), BAD_CALLS)
def test_a_bad_argument_is_refused_naming_it_and_nothing_changes(
    widgets, name, method, args, kwargs, argument
):
    widget = widgets[name]
    attributes, panel = _snapshot(widget)
    with pytest.raises(ArgumentError) as refused:
        getattr(widget, method)(*args, **kwargs)
    assert refused.value.argument == argument, str(refused.value)
    after, panel_after = _snapshot(widget)
    assert after.keys() == attributes.keys() and panel_after == panel
    assert [k for k in attributes if after[k] is not attributes[k]] == []


BAD_CONSTRUCTIONS: list[tuple[Any, tuple[Any, ...], dict[str, Any], str]] = [
    (Stepper, (FIRST_SHOTS,), {"at": -1}, "at"),
    (Stepper, (FIRST_SHOTS,), {"at": 10**6}, "at"),
    (Stepper, (FIRST_SHOTS,), {"size": NAN}, "size"),
    (Stepper, (FIRST_SHOTS,), {"auto_roll": "yes"}, "auto_roll"),
    (Stepper, (FIRST_SHOTS,), {"bot_side": "Martians"}, "bot_side"),
    (Stepper, (TEST_YOUR_LUCK, "no-such-game"), {}, "game"),
    (Stepper.new, ("no-such-game", "x"), {}, "game"),
    (Explorer, (42,), {}, "board"),
    (Explorer, (TEST_YOUR_LUCK,), {"size": 0.0}, "size"),
    (PanzerStrikeExplorer, (CTF,), {"seed": 1.5}, "seed"),
    (PanzerStrikeExplorer, (CTF,), {"size": -1.0}, "size"),
    (TanksExplorer, (BARKMANN,), {"px_per_cm": INF}, "px_per_cm"),
    (Learner, ("no-such-game",), {}, "game"),
    (Learner, ("panzer-vor", "no-such-chapter"), {}, "chapter"),
    (Learner, ("panzer-vor",), {"room": "yes"}, "room"),
    (TeacherApp, (), {"size": NAN}, "size"),
    (TeacherApp, (), {"theme": 3}, "theme"),
    (OptionInputs, (3,), {}, "options"),
    (Editor, (42,), {}, "board"),
]


@pytest.mark.parametrize(("make", "args", "kwargs", "argument"), BAD_CONSTRUCTIONS)
def test_a_bad_constructor_argument_is_refused_naming_it(make, args, kwargs, argument):
    with pytest.raises(ArgumentError) as refused:
        make(*args, **kwargs)
    assert refused.value.argument == argument, str(refused.value)


# --- random bad calls ---------------------------------------------------------------------

WIDGET_FUZZ_EXAMPLES = int(os.environ.get("WORKBENCH_WIDGET_FUZZ_EXAMPLES", "25"))
SOAK = "WORKBENCH_WIDGET_FUZZ_EXAMPLES" in os.environ
WRITES = {"save", "export", "close", "new", "bookmark", "add_note", "remove_notes"}


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    """Widgets of their own for the fuzzer (whose good calls change them)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WORKBENCH_HOME", str(tmp_path_factory.mktemp("home")))
        patch.chdir(tmp_path_factory.mktemp("cwd"))
        editor = Editor(HexMap.blank(rows=6, cols=6, name="sketch"))
        yield {
            "stepper": Stepper(FIRST_SHOTS, at=2),
            "explorer": Explorer(TEST_YOUR_LUCK),
            "strike": PanzerStrikeExplorer(CTF),
            "tanks": TanksExplorer(BARKMANN),
            "learner": Learner("panzer-vor", "Moving"),
            "editor": editor,
            "tools": editor.tools,
        }


# the editor's tools: the edits a notebook makes by name (the others are the editor's own
# questions to its tools, such as ``title(value)``, given the value it holds)
TOOL_EDITS = {"use", "paint", "cycle_hexside", "name_place", "draw_zone", "place_tank", "resize",
              "add_terrain_type", "set_tile", "flip", "toggle_flag", "toggle_barricade", "erase",
              "add_piece", "move_piece", "rotate_piece", "delete_piece"}  # fmt: skip


def _methods(widget: Any) -> list[tuple[str, int]]:
    """The public methods (name, how many positional arguments) the fuzzer calls."""
    found = []
    for name, member in inspect.getmembers(widget, inspect.ismethod):
        if name.startswith("_") or name in WRITES:
            continue
        if isinstance(widget, Tools) and name not in TOOL_EDITS:
            continue
        parameters = inspect.signature(member).parameters.values()
        found.append((name, sum(p.kind is p.POSITIONAL_OR_KEYWORD for p in parameters)))
    return found


@settings(
    max_examples=WIDGET_FUZZ_EXAMPLES, deadline=None, derandomize=not SOAK,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)  # fmt: skip
@given(data=st.data())
def test_a_random_bad_call_of_a_widget_answers_or_raises_the_libraries_error(fuzzed, data):
    name = data.draw(st.sampled_from(sorted(fuzzed)))
    widget = fuzzed[name]
    method, count = data.draw(st.sampled_from(_methods(widget)))
    args = data.draw(st.lists(st.sampled_from(BAD), min_size=count, max_size=count))
    with contextlib.suppress(WorkbenchError):  # the library's refusal; anything else fails
        getattr(widget, method)(*args)
    if hasattr(widget, "panel_text"):
        assert isinstance(widget.panel_text, str)  # it still answers
