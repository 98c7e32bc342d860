"""The parameters of a workbench game's OpenSpiel game string, readable and read as untrusted
input (a game string arrives in ``pyspiel.load_game`` and in every serialized state).

A game string is ``workbench_<game>(name=value,...)`` with four parameters, each optional:

- ``scenario``: a shipped scenario's name (default: the game's first);
- ``scenario_text``: instead, a scenario file's whole content, its JSON as it is written
  (maps, rosters and stages held inline: a game string names no file), escaped;
- ``options``: the options given, a JSON object, escaped;
- ``step_limit``: the bridge's own limit, a whole number: the steps after which it ends a
  game, a draw (``0``: no limit but the game's own; ``-1``, or none given: the game's
  default, :func:`workbench.openspiel.bounds.step_limit`; a game writes the limit it has).

OpenSpiel's game-string syntax reserves ``,`` ``(`` ``)`` and ``=``, and a serialized state is
read line by line, so a value escapes those, ``%`` and control characters as ``%XX`` (two hex
digits, as in a URL) and nothing else: the text stays readable. Reading refuses with
:class:`ParameterError` (an ``ArgumentError`` naming the parameter): a value over
:data:`MAX_TEXT` characters (a name over :data:`MAX_NAME`), an escape the bridge does not
write, a scenario name the game does not ship, JSON that is not an object or holds what no
workbench file may (deep nesting, a 5,000-digit number, NaN, a lone surrogate: the file
reader's checks, :mod:`workbench.files.reading`), a scenario file naming another file, an
unknown parameter. The options are checked as ``start`` checks them, when the game starts.

>>> escaped('{"turn_limit": 8, "damage": false}')
'{"turn_limit": 8%2C "damage": false}'
>>> unescaped('{"turn_limit": 8%2C "damage": false}', "options")
'{"turn_limit": 8, "damage": false}'
>>> split_game_string("workbench_tanks(options={\\"turn_limit\\": 3},scenario=standard-table)")
('workbench_tanks', {'options': '{"turn_limit": 3}', 'scenario': 'standard-table'})
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from workbench.arguments import check_all, checked
from workbench.errors import ArgumentError, UnknownName, shown
from workbench.files.errors import BoardFileError, Where
from workbench.files.limits import MAX_FILE_BYTES
from workbench.files.loading import decode
from workbench.files.reading import parse
from workbench.rules.core import Game

PARAMETERS = ("options", "scenario", "scenario_text", "step_limit")  # OpenSpiel's order
NO_LIMIT = 0  # step_limit: no limit but the game's own
DEFAULT_LIMIT = -1  # step_limit: the game's default (what OpenSpiel gives where none is)
MOST_STEPS = 2**31 - 1  # OpenSpiel holds a game's length in a C++ int
OLD = ("game", "scenario_file", "scenario_document")  # older game strings' parameters
MAX_NAME = 200  # characters of a scenario's name
MAX_TEXT = MAX_FILE_BYTES  # characters of an escaped scenario file or options object
MAX_GAME_STRING = 2 * MAX_TEXT + 1_000

_RESERVED = "%,()=" + "".join(map(chr, range(32))) + "\x7f"
_ESCAPES = {ord(c): f"%{ord(c):02X}" for c in _RESERVED}
_SHORT_NAME = re.compile(r"[a-z0-9_]{1,100}")
# a scenario file given as text names no file: its references resolve here, where none can be
NOWHERE = Path(os.devnull) / "scenario_text"


class ParameterError(ArgumentError):
    """A game-string parameter the bridge does not take (names the parameter)."""


def escaped(text: str) -> str:
    """``text`` with the characters OpenSpiel's game strings and state lines reserve escaped."""
    return text.translate(_ESCAPES)


def unescaped(text: str, parameter: str) -> str:
    """``text`` with its escapes undone (ParameterError for one the bridge does not write)."""
    if "%" not in text:
        return text
    first, *rest = text.split("%")
    parts = [first]
    for part in rest:
        code = part[:2]
        if len(code) < 2 or not all(c in "0123456789abcdefABCDEF" for c in code):
            raise ParameterError(parameter, "%" + part[:8], "%XX escapes of two hex digits")
        if int(code, 16) not in _ESCAPES:
            raise ParameterError(
                parameter, "%" + code,
                "escapes of % , ( ) = and control characters only (other characters as they are)",
            )  # fmt: skip
        parts.append(chr(int(code, 16)) + part[2:])
    return "".join(parts)


def canonical_json(value: Any) -> str:
    """The one way the bridge writes a JSON value (keys sorted; no escaping of letters)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, allow_nan=False)


def utf8(text: str, what: str) -> str:
    """``text`` if it is Unicode a file can hold (no lone surrogate), else ParameterError."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        found = f"text holding a lone surrogate at character {error.start}"
        raise ParameterError(what, found, "UTF-8 text") from None
    return text


def text_of(value: object, what: str, limit: int) -> str:
    """``value`` as text: a str (bytes must be UTF-8) of at most ``limit`` characters."""
    if isinstance(value, bytes | bytearray):
        if len(value) > 4 * limit:
            raise ParameterError(what, f"{len(value):,} bytes", f"at most {limit:,} characters")
        try:
            value = bytes(value).decode("utf-8")
        except UnicodeDecodeError as error:
            found = f"bytes that are not UTF-8 at byte {error.start}"
            raise ParameterError(what, found, "UTF-8 text") from None
    if not isinstance(value, str):
        raise ParameterError(what, value, "text")
    if len(value) > limit:
        raise ParameterError(what, f"{len(value):,} characters", f"at most {limit:,} characters")
    return utf8(value, what)


def json_object(text: str, parameter: str) -> dict[str, Any]:
    """The JSON object ``text`` holds, read with the file reader's checks."""
    if not text.lstrip().startswith("{"):
        hexed = re.fullmatch("(?:[0-9a-f]{2})+", text) is not None
        old = " (hex is no longer read: write the JSON itself, escaped)" if hexed else ""
        raise ParameterError(parameter, text, "a JSON object" + old)
    try:
        return parse(text, parameter)
    except BoardFileError as error:
        raise ParameterError(parameter, f"{error.found} at {error.field}", error.expected) from None


@dataclass(frozen=True)
class Parameters:
    """A game's parameters, read and checked: the scenario's shipped name or its file's JSON
    text (one of them), and the options given."""

    scenario: str
    scenario_text: str
    options: dict[str, Any]
    step_limit: int | None = None  # None: the game's default; NO_LIMIT: none

    def written(self) -> dict[str, Any]:
        """The parameters as the game string writes them (escaped; those given only)."""
        values = {
            "options": escaped(canonical_json(self.options)) if self.options else "",
            "scenario": self.scenario,
            "scenario_text": escaped(self.scenario_text),
        }
        written: dict[str, Any] = {name: value for name, value in values.items() if value}
        if self.step_limit is not None:
            written["step_limit"] = self.step_limit
        return written

    def scenario_line(self) -> str:
        """The scenario as a serialized state writes it (``name=value``)."""
        if self.scenario_text:
            return "scenario_text=" + escaped(self.scenario_text)
        return "scenario=" + self.scenario


def read_parameters(rules: Game, params: object) -> Parameters:
    """The parameters of a game string (see the module), each checked."""
    if not isinstance(params, Mapping):
        raise ParameterError("params", params, "a mapping of parameter names to texts")
    known = ", ".join(PARAMETERS)
    for name in params:
        if name not in PARAMETERS:
            old = " (an older game string's, held hex: no longer read)" if name in OLD else ""
            raise ParameterError(
                f"parameter {shown(name, 40)}", params[name], f"one of {known}{old}"
            )
    scenario = text_of(params.get("scenario", ""), "scenario", MAX_NAME)
    text = text_of(params.get("scenario_text", ""), "scenario_text", MAX_TEXT)
    options_text = text_of(params.get("options", ""), "options", MAX_TEXT)
    if scenario and text:
        raise ParameterError("scenario_text", "both scenario and scenario_text", "one of them")
    if scenario and scenario not in rules.scenarios():
        names = ", ".join(rules.scenarios()) or "none"
        raise UnknownName("scenario", scenario, f"a scenario {rules.name} ships ({names})")
    if not scenario and not text:
        scenario = next(iter(rules.scenarios()), "")
    if text:
        text = canonical_json(json_object(unescaped(text, "scenario_text"), "scenario_text"))
    options = json_object(unescaped(options_text, "options"), "options") if options_text else {}
    return Parameters(scenario, text, options, _step_limit(params.get("step_limit")))


def _step_limit(value: object) -> int | None:
    """The ``step_limit`` parameter: a whole number from 0 (none) to :data:`MOST_STEPS`
    (OpenSpiel reads one written in a game string as a number), or None for the game's
    default (not given, or :data:`DEFAULT_LIMIT`)."""
    if value is None or value == DEFAULT_LIMIT:
        return None
    if isinstance(value, str) and re.fullmatch("[0-9]{1,10}", value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MOST_STEPS:
        raise ParameterError("step_limit", value, f"a whole number from 0 (no limit) to "
                             f"{MOST_STEPS:,}, or -1 (the game's default)")  # fmt: skip
    return value


def scenario_of(rules: Game, parameters: Parameters) -> Any:
    """The scenario the parameters name: a shipped one, loaded, or the file's text, decoded
    (a reference to another file is refused: the text holds the whole scenario)."""
    if not parameters.scenario_text:
        if not parameters.scenario:
            raise ParameterError("scenario", "", f"a scenario ({rules.name} ships none)")
        return rules.load_scenario(parameters.scenario)
    document = parse(parameters.scenario_text, "scenario_text")
    where = Where("the game string's scenario_text", folder=NOWHERE, root=NOWHERE)
    value = decode(document, where)
    kinds = rules.scenario_types
    if kinds and not isinstance(value, kinds):
        wanted = " or ".join(t.__name__ for t in kinds)
        raise ParameterError("scenario_text", type(value).__name__, f"a {wanted}")
    return value


def split_game_string(text: object) -> tuple[str, dict[str, str]]:
    """A game string's short name and parameters, as OpenSpiel's syntax splits them (a
    workbench game's values never hold a parenthesis: one that does is refused)."""
    text = text_of(text, "game string", MAX_GAME_STRING)
    name, bracket, rest = text.partition("(")
    if not _SHORT_NAME.fullmatch(name):
        raise ParameterError("game string", text[:60], "a game's short name, then (name=value,...)")
    if not bracket:
        return name, {}
    if not rest.endswith(")") or "(" in rest[:-1] or ")" in rest[:-1]:
        raise ParameterError("game string", text[:60], f"{name}(name=value,...) with one ')'")
    params: dict[str, str] = {}
    for item in rest[:-1].split(",") if rest[:-1] else ():
        key, equals, value = item.partition("=")
        if not equals or key in params:
            raise ParameterError("game string", item[:60], "name=value, each name once")
        params[key] = value
    return name, params


check_all(globals(), [n for n, v in list(globals().items()) if callable(v) and not n.startswith("_")
                      and getattr(v, "__module__", "") == __name__])  # fmt: skip
setattr(Parameters, "__init__", checked(Parameters.__init__))  # noqa: B010
