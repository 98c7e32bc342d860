"""Tampered serialized states and crafted game strings against the OpenSpiel bridge
(RELIABILITY.md promise 6): seeded random mutations of real states' texts (every form: the
bridge's, ``serialize_game_and_state``'s, OpenSpiel's own C++ one with its pickled attribute)
and of real games' parameters, each read by every way in. Each case ends in a state or game
that reads back as itself, or in the library's own error (a ``WorkbenchError``) or OpenSpiel's
(``SpielError``); never another exception, never past a deadline, never a file created (the
issue's pickled attack is one of the mutations), and the states and games used are unchanged.

``WORKBENCH_OPENSPIEL_FUZZ_EXAMPLES`` sets the tampered states (and half as many game strings;
``make soak`` raises it); ``make test`` runs the same small sample every time.
"""

from __future__ import annotations

import base64
import contextlib
import os
import pickle
import random
import signal
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'search'")
import workbench.openspiel as openspiel  # noqa: E402
from tests.test_openspiel_safety import played  # noqa: E402
from workbench.errors import WorkbenchError  # noqa: E402
from workbench.openspiel import bridge  # noqa: E402
from workbench.openspiel.game_string import MAX_TEXT, escaped  # noqa: E402
from workbench.openspiel.state_text import DATA_KEY  # noqa: E402

EXAMPLES = int(os.environ.get("WORKBENCH_OPENSPIEL_FUZZ_EXAMPLES", "300"))
DEADLINE = 30  # seconds a case may take on the shared machine (a read takes milliseconds)
ROOT = Path(__file__).resolve().parents[1]
REFUSED = (WorkbenchError, pyspiel.SpielError)
# OpenSpiel's own C++ reader of a Python state unpickles its __dict__ line itself (the guard
# refuses every global in it, so nothing runs): a pickle that does not decode ends there in
# pickle's own error, before any workbench code (RELIABILITY.md promise 6)
CPP_WAYS = ("OpenSpiel's own C++", "OpenSpiel's C++ state")
PICKLES_OWN = (pickle.UnpicklingError, EOFError, UnicodeDecodeError)
ODD = ["", "0", "-1", "99999", str(2**31), "9" * 5_000, "x", "%", "%ZZ", "%FF", "%0A", "\n",
       ",", ":", "=", "(", ")", "{", "}", "[", "]", '"', "null", "NaN", "é", "\ud800", "\x00",
       "resample:0:1", "resample:9:1", "resample:0:99999999999", "[" * 3_000, '{"a":' * 100,
       "__dict__=", "history=", "workbench_nope", "workbench_tanks", "[Game]",
       "[State]"]  # fmt: skip


class Deadline(Exception):
    pass


@contextlib.contextmanager
def deadline(seconds: int):
    def expired(signum, frame):
        raise Deadline(f"a case ran past {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _bases():
    """(game, state) pairs of every kind the fuzz starts from."""
    strike = openspiel.game("panzer-strike", "capture-the-flag", {"turn_limit": 1})
    cards = openspiel.game("panzer-vor", "mock-battle")
    tanks = openspiel.game("tanks", "standard-table", {"turn_limit": 1})
    path = ROOT / "maps/panzer-strike/scenarios/annihilation.json"
    held = openspiel.game("panzer-strike", path, {"turn_limit": 1})
    found = [(strike, played(strike, 20, 1)), (cards, played(cards, 30, 2)),
             (tanks, played(tanks, 16, 3)), (held, played(held, 8, 4))]  # fmt: skip
    card_state = found[1][1]
    world = card_state.resample_from_infostate(
        max(card_state.current_player(), 0), pyspiel.UniformProbabilitySampler(0.0, 1.0)
    )
    found.append((cards, world))
    return found


BASES = _bases()
BEFORE = [(str(game), state.serialize()) for game, state in BASES]


def _evil(path: Path) -> str:
    class Evil:
        def __reduce__(self):
            return (open, (str(path), "w"))

    return base64.b64encode(pickle.dumps({DATA_KEY: Evil()})).decode()


def _mutated(text: str, rng: random.Random, evil: str) -> str:
    """``text`` changed in one to three random ways."""
    for _ in range(rng.randint(1, 3)):
        lines = text.split("\n")
        where = rng.randrange(len(text) + 1)
        kind = rng.randrange(12)
        if kind == 0:
            text = text[:where] + text[where + 1 :]
        elif kind == 1:
            text = text[:where] + rng.choice(ODD) + text[where:]
        elif kind == 2:  # a number in the text replaced
            digits = [i for i, c in enumerate(text) if c.isdigit()]
            if digits:
                i = rng.choice(digits)
                text = text[:i] + rng.choice(ODD[:8]) + text[i + 1 :]
        elif kind == 3 and len(lines) > 1:  # a line dropped, doubled or two swapped
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines.insert(i, lines[j]) if rng.random() < 0.5 else lines.pop(i)
            text = "\n".join(lines)
        elif kind == 4:  # the steps or history reordered or cut
            for i, line in enumerate(lines):
                if line.startswith(("steps=", "history=")):
                    key, _, rest = line.partition("=")
                    items = rest.split(" " if key == "steps" else ",")
                    rng.shuffle(items) if rng.random() < 0.5 else items.pop()
                    lines[i] = f"{key}={(' ' if key == 'steps' else ',').join(items)}"
            text = "\n".join(lines)
        elif kind == 5:  # the pickled attack, in place of the data or beside it
            i = rng.randrange(len(lines))
            lines[i] = f"__dict__={evil}"
            text = "\n".join(lines)
        elif kind == 6:
            text = text[:where]
        elif kind == 7:  # an option's value, or the options, replaced
            text = text.replace("%2C", rng.choice(ODD), 1) if rng.random() < 0.5 else (
                text.replace("options={", "options=" + rng.choice(ODD), 1))  # fmt: skip
        elif kind == 8:  # the scenario or game named otherwise
            text = rng.choice([
                text.replace("scenario=", "scenario=" + rng.choice(ODD), 1),
                text.replace("game=", "game=" + rng.choice(ODD), 1),
                text.replace("workbench_", rng.choice(ODD), 1),
            ])  # fmt: skip
        elif kind == 9:  # a step that the rules may allow or not, in both lines
            text = text.replace(" 1", " 2", 1).replace(":1", ":2", 1)
        elif kind == 10:
            text = text + "\n" + rng.choice(ODD)
        else:
            text = text.replace("\n", rng.choice(["\r\n", "\n\n", " \n", "\n#"]), 1)
    return text


def _round_trips(state) -> None:
    """A state accepted reads back as itself, and its history is its data's."""
    again = state.get_game().deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert [(h.player, h.action) for h in again.full_history()] == [
        (h.player, h.action) for h in state.full_history()]  # fmt: skip


def _read_state(way: str, game, text: str):
    if way == "method":
        return game.deserialize_state(text)
    if way == "method, bytes":
        raw = text.encode("utf-8", "surrogatepass")
        return game.deserialize_state(raw + b"\xff"[: len(text) % 2])  # bad UTF-8 half the time
    if way == "game and state":
        return pyspiel.deserialize_game_and_state(text)[1]
    if way == "pickle":
        state = bridge.WorkbenchState.__new__(bridge.WorkbenchState)
        state.__setstate__(text)
        return state
    if way == "OpenSpiel's own C++":
        return bridge._OPENSPIELS["deserialize_game_and_state"](text)[1]
    return pyspiel.Game.deserialize_state(game, text)  # OpenSpiel's C++ state reader


def _texts(game, state):
    """(the way in, the text it reads) for every form of a state's text."""
    own = state.serialize()
    both = pyspiel.serialize_game_and_state(game, state)
    cpp = bridge._OPENSPIELS["serialize_game_and_state"](game, state)
    cpp_state = cpp.split("[State]\n", 1)[1].rstrip("\n")
    return [("method", own), ("method, bytes", own), ("game and state", both), ("pickle", both),
            ("OpenSpiel's own C++", cpp), ("OpenSpiel's C++ state", cpp_state)]  # fmt: skip


def test_tampered_states_are_read_or_refused_never_run_and_change_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "created"
    evil = _evil(target)
    rng = random.Random(45)
    outcomes: dict[str, int] = {}
    cases = [(game, state, way, text) for game, state in BASES for way, text in _texts(game, state)]
    for case in range(EXAMPLES):
        game, _, way, text = cases[case % len(cases)]
        mutated = _mutated(text, rng, evil)
        if way in CPP_WAYS and any("\ud800" <= c <= "\udfff" for c in mutated):
            way = "method"  # no text OpenSpiel's C++ can take (pybind11 refuses it as an argument)
        try:
            with deadline(DEADLINE):
                read = _read_state(way, game, mutated)
                if str(read) is not None:  # it is used
                    _round_trips(read)
            outcomes["read"] = outcomes.get("read", 0) + 1
        except REFUSED as refused:
            outcomes[type(refused).__name__] = outcomes.get(type(refused).__name__, 0) + 1
        except PICKLES_OWN as undecoded:
            assert way in CPP_WAYS, f"case {case} ({way}): {undecoded!r}"
            outcomes["pickle's own"] = outcomes.get("pickle's own", 0) + 1
        except Exception as error:  # the report names the case
            pytest.fail(f"case {case} ({way}): {type(error).__name__}: {error}\n{mutated[:600]!r}")
        assert not target.exists(), f"case {case} ({way}) ran the pickled attack"
    assert list(tmp_path.iterdir()) == []
    assert [(str(game), state.serialize()) for game, state in BASES] == BEFORE
    assert outcomes.get("read", 0) and sum(outcomes.values()) > outcomes["read"]
    print(f"\n{sum(outcomes.values())} tampered states: {outcomes}")


def _parameters():
    """Real games' parameters: (the short name, its parameters as the game string has them)."""
    text = (ROOT / "maps/panzer-strike/scenarios/capture-the-flag.json").read_text("utf-8")
    compact = escaped(" ".join(text.split()))
    return [
        ("workbench_panzer_strike", {"scenario": "capture-the-flag", "options":
                                     escaped('{"turn_limit": 1, "damage": false}')}),
        ("workbench_panzer_vor_tournament", {"options": '{"drawn_replays": 0}'}),
        ("workbench_tanks", {"options": escaped('{"turn_limit": 2, "deployment": "quick"}')}),
        ("workbench_panzer_strike", {"scenario_text": compact}),
        ("workbench_panzer_vor_practice", {"scenario": "mock-battle"}),
    ]  # fmt: skip


def _game_string(name: str, params: dict[str, str]) -> str:
    return f"{name}({','.join(f'{k}={v}' for k, v in sorted(params.items()))})"


def test_crafted_game_strings_load_or_are_refused_and_change_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rng = random.Random(47)
    outcomes: dict[str, int] = {}
    bases = _parameters()
    registered = sorted(pyspiel.registered_names())
    for case in range(EXAMPLES // 2):
        name, params = bases[case % len(bases)]
        params = dict(params)
        key = rng.choice([*params, "options", "scenario", "nope"])
        value = params.get(key, "")
        if rng.random() < 0.15:
            value = rng.choice(["x" * (MAX_TEXT + 1), "%" * 40, '{"turn_limit": 1' + "}" * 3])
        else:
            value = _mutated(value, rng, "") if value else rng.choice(ODD)
        params[key] = value
        way = rng.choice(["load_game", "load_game with a dict", "the bridge's reader"])
        if any("\ud800" <= c <= "\udfff" for c in value):  # no text OpenSpiel's C++ can take
            way = "the bridge's reader"
        try:
            with deadline(DEADLINE):
                if way == "load_game":
                    game = pyspiel.load_game(_game_string(name, params))
                elif way == "load_game with a dict":
                    game = pyspiel.load_game(name, params)
                else:
                    game = bridge.load(_game_string(name, params))
                assert str(pyspiel.load_game(str(game))) == str(game)
                game.new_initial_state().legal_actions()
            outcomes["loaded"] = outcomes.get("loaded", 0) + 1
        except REFUSED as refused:
            outcomes[type(refused).__name__] = outcomes.get(type(refused).__name__, 0) + 1
        except Exception as error:  # the report names the case
            shown = _game_string(name, params)[:600]
            pytest.fail(f"case {case} ({way}): {type(error).__name__}: {error}\n{shown!r}")
    assert list(tmp_path.iterdir()) == []
    assert sorted(pyspiel.registered_names()) == registered
    assert [(str(game), state.serialize()) for game, state in BASES] == BEFORE
    assert outcomes.get("loaded", 0) and sum(outcomes.values()) > outcomes["loaded"]
    print(f"\n{sum(outcomes.values())} crafted game strings: {outcomes}")
