"""A workbench state as OpenSpiel serializes it: data, read back by replaying it through the
rules (never by unpickling).

``state.serialize()`` writes six lines: OpenSpiel's own two (the history of (player, action)
pairs and the move number), then the data that fixes the state::

    history=-1:7,0:12
    move_number=2
    game=panzer-strike
    scenario=annihilation
    options={"backward_alone": false%2C ... %2C "turn_limit": 8}
    steps=7 12

``game`` is the workbench game's name; ``scenario`` a shipped scenario's name, or
``scenario_text`` the scenario file's whole JSON; ``options`` every option, given or not,
as a JSON object (values escaped as in a game string: :mod:`.game_string`); ``steps`` the
actions from the first state as OpenSpiel numbers them, and where the state was resampled
(``resample_from_infostate``) ``resample:<player>:<seed>``: the state was replaced there by a
world drawn for that player with ``random.Random(seed)``. Reading checks every line and its
size (:data:`MAX_STATE_TEXT` characters; steps, resamplings included, at most twice the
game's ``max_game_length``),
that the data is the game's (name, scenario, every option), that the history line and the
steps agree action for action and player for player, then replays the steps; anything else is
refused with :class:`StateTextError` naming the line. OpenSpiel's C++ internals (its
``random_sim_test``) keep the data lines (the last four) as the state's one Python attribute,
:data:`DATA_KEY`, and read them back the same way.

>>> text = written([(-1, 7), (0, 12)], 2, "game=g\\nscenario=s\\noptions={}\\nsteps=7 12")
>>> read_written(text)[:2]
([(-1, 7), (0, 12)], 2)
>>> read_data(read_written(text)[2], most_steps=10).steps
('7', '12')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from workbench.arguments import check_all, checked
from workbench.errors import WorkbenchError, shown
from workbench.openspiel.game_string import MAX_NAME, MAX_TEXT, ParameterError, text_of

DATA_KEY = "workbench_state"  # the state's one attribute OpenSpiel's C++ copies and pickles
MAX_STATE_TEXT = 2 * MAX_TEXT + 16 * 1024 * 1024
UNWRITTEN = "unwritten: "  # data of a state that cannot be written, then the reason
_NUMBER = re.compile(r"-?[0-9]{1,10}")
_STEP = re.compile(r"[0-9]{1,9}|resample:[0-9]{1,3}:[0-9]{1,10}")
_DATA_LINES = ("game", ("scenario", "scenario_text"), "options", "steps")


class StateTextError(WorkbenchError, ValueError):
    """A serialized state the bridge does not read: the message names the line and what was
    expected (nothing is unpickled, nothing else changes)."""


@dataclass(frozen=True)
class Data:
    """The data lines of a serialized state (see the module)."""

    game: str
    scenario_line: str
    options: str
    steps: tuple[str, ...]

    @property
    def numbers(self) -> list[int]:
        """The actions of the steps (resamplings left out): the history's actions."""
        return [int(s) for s in self.steps if not s.startswith("resample")]


def refuse(line: str, found: object, expected: str) -> StateTextError:
    return StateTextError(f"serialized state: {line}: expected {expected}, got {shown(found)}")


def written(history: list[tuple[int, int]], move_number: int, data: str) -> str:
    """The text ``state.serialize()`` writes (see the module)."""
    pairs = ",".join(f"{player}:{action}" for player, action in history)
    return f"history={pairs}\nmove_number={move_number}\n{data}"


def _text(value: object) -> str:
    try:
        return text_of(value, "serialized state", MAX_STATE_TEXT)
    except ParameterError as error:
        raise refuse("the text", error.found, error.expected) from None


def _line(text: str, key: str) -> str:
    if not text.startswith(key + "="):
        raise refuse(f"the line {key}=", text[:60], f"a line starting {key}=")
    return text[len(key) + 1 :]


def read_written(value: object) -> tuple[list[tuple[int, int]], int, str]:
    """The history, move number and data lines of a serialized state (each checked)."""
    text = _text(value)
    lines = text.split("\n", 2)
    if len(lines) != 3:
        raise refuse("the text", text[:60], "history=..., move_number=..., then the data")
    history_text, number_text = _line(lines[0], "history"), _line(lines[1], "move_number")
    history: list[tuple[int, int]] = []
    for pair in history_text.split(",") if history_text else ():
        player, colon, action = pair.partition(":")
        if not colon or not _NUMBER.fullmatch(player) or not _NUMBER.fullmatch(action):
            raise refuse("history", pair, "player:action pairs of whole numbers")
        history.append((int(player), int(action)))
    if not _NUMBER.fullmatch(number_text) or int(number_text) != len(history):
        raise refuse("move_number", number_text, f"the history's length, {len(history)}")
    return history, int(number_text), lines[2]


def read_data(value: object, most_steps: int) -> Data:
    """The data lines (see the module), each checked for its form (not yet for its game);
    at most ``most_steps`` steps."""
    text = _text(value)
    if text.startswith(UNWRITTEN):
        raise StateTextError(f"serialized state: not written: {text[len(UNWRITTEN) :][:200]}")
    lines = text.split("\n")
    if len(lines) != len(_DATA_LINES):
        first = lines[0][:60] if lines else ""
        raise refuse("the data", first, "four lines: game=, scenario= (or scenario_text=), "
                     "options=, steps= (a pickled __dict__ line is never read)")  # fmt: skip
    found = []
    for line, keys in zip(lines, _DATA_LINES, strict=True):
        key, equals, rest = line.partition("=")
        allowed = (keys,) if isinstance(keys, str) else keys
        if not equals or key not in allowed:
            raise refuse(f"the line {allowed[0]}=", line[:60], f"a line starting {allowed[0]}=")
        found.append((key, rest))
    (_, game), (key, scenario), (_, options), (_, steps) = found
    if len(game) > MAX_NAME:
        raise refuse("game", game[:60], f"a game's name of at most {MAX_NAME} characters")
    tokens = tuple(steps.split(" ", most_steps)) if steps else ()
    if len(tokens) > most_steps:
        raise refuse("steps", f"more than {most_steps:,} steps", f"at most {most_steps:,}")
    for token in tokens:
        if not _STEP.fullmatch(token):
            raise refuse("steps", token, "action numbers and resample:<player>:<seed>")
    return Data(game, f"{key}={scenario}", options, tokens)


GAME_AND_STATE = (
    "# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n"
)


def game_and_state(game_string: str, state_text: str) -> str:
    """The text ``pyspiel.serialize_game_and_state`` writes: its header, the game string and
    the state's text."""
    return f"{GAME_AND_STATE}[Game]\n{game_string}\n[State]\n{state_text}\n"


def sections(text: str) -> tuple[str, str]:
    """The game string and the state's text of :func:`game_and_state`'s text, read as OpenSpiel
    reads them (comments and blank lines skipped, the sections in order)."""
    found: dict[str, list[str]] = {"[Meta]": [], "[Game]": [], "[State]": []}
    order = list(found)
    section = ""
    for line in text.split("\n"):
        if not line or line.startswith("#"):
            continue
        if line in found:
            expected = order[order.index(line) - 1] if order.index(line) else ""
            if section != expected:
                raise refuse("the sections", line, "[Meta], [Game], then [State]")
            section = line
        elif not section:
            raise refuse("the sections", line[:60], "[Meta] first")
        else:
            found[section].append(line)
    return "\n".join(found["[Game]"]), "\n".join(found["[State]"])


check_all(globals(), [n for n, v in list(globals().items()) if callable(v) and not n.startswith("_")
                      and getattr(v, "__module__", "") == __name__])  # fmt: skip
setattr(Data, "__init__", checked(Data.__init__))  # noqa: B010
