"""Moves as text, as python-chess has SAN: each game's notation writes an action in a state as
a short text and reads such a text back (ARCHITECTURE.md: "Moves as text").

- ``notation(game, state, action)``: the action's text, e.g. ``"Tiger II 0801-0803"``,
  ``"N1 shoots S2"``, ``"Panther G1 moves 10 cm at 30°"``, ``"roll 3 6"``, ``"pass"``;
- ``parse(game, state, text)``: the action a text means in the state (``named``: the action
  a text names, legal or not, for ``explain`` to judge);
- ``listing(record)``: a record's steps as text (``Record.listing()``).

A text may rely on the state to be short (a tank's hex is where it stands, a facing left out is
the one it keeps), but two legal actions of one state (or two chance outcomes) never share a
text, and ``parse(game, state, notation(game, state, a)) == a`` for each of them
(``tests/test_notation.py`` checks it on sampled games of every game and scenario).

A text is read, without regard to case or spacing, as the first of these that fits:

1. the text of one legal action (or chance outcome) of the state;
2. another form the game accepts for one (the action's ``str``, a fuller form naming every
   part, or a shorter one); a form that fits several is refused as ambiguous, listing them;
3. an action the game's readers build from the text (one not listed in the state): ``apply``
   decides, so an illegal one is refused with the rules' reason and section.

Anything else is a :class:`NotationError` naming the text, what a text of the game looks like
and the nearest legal texts. Each game's notation lives in its home
(``workbench/games/<game>/rules/notation.py``, found with the game's rules) and registers itself
with :func:`register_notation`; a game without one is written and read by its actions' ``str``.

>>> counting = Notation(["add 2", "stop"])
>>> from dataclasses import dataclass
>>> from workbench.rules.core import Action
>>> @dataclass(frozen=True)
... class Add(Action):
...     n: int
>>> @counting.writes(Add)
... def _add(state, action):
...     return f"add {action.n}", f"plus {action.n}"   # the text, then other forms read
>>> @counting.reads(r"add (?P<n>\\d+)")
... def _read_add(state, found):
...     return Add(int(found["n"]))
>>> counting.text(None, Add(2)), counting.forms(None, Add(2))[1:]
('add 2', ('plus 2', 'Add(n=2)'))
>>> counting.read(None, "ADD 7")
[Add(n=7)]
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import workbench.boards.record as record_module
import workbench.discovery as discovery
from workbench.errors import ArgumentError, shown
from workbench.rules.core import CHANCE, Action, Game, registered_games, replay

# (state, action) -> its text, or (its text, other forms read as it)
Writer = Callable[[Any, Any], "str | Sequence[str]"]
# (state, the named groups of a reader's pattern) -> the action they mean, or None
Builder = Callable[[Any, dict[str, str]], "Action | None"]


class NotationError(ArgumentError):
    """A text that names no action of the state: unreadable, or ambiguous (it fits several);
    the message names the text, what was expected and the nearest legal texts."""

    def __init__(self, text: str, expected: str, near: Sequence[str] = ()) -> None:
        self.argument, self.found, self.expected, self.near = "text", text, expected, tuple(near)
        nearest = f"; the nearest legal: {', '.join(map(repr, near))}" if near else ""
        Exception.__init__(self, f"text: expected {expected}, got {shown(text)}{nearest}")


class AmbiguousText(NotationError):
    """A text that fits several actions (``near`` lists their texts: write one of them)."""

    def __init__(self, text: str, fits: Sequence[str]) -> None:
        super().__init__(text, "a text that names one action", fits)
        Exception.__init__(
            self,
            f"text: {shown(text)} fits {len(fits)} actions here, write one of them: "
            + ", ".join(map(repr, fits)),
        )


class Notation:
    """One game's notation: a writer for each action type (:meth:`writes`) and the readers
    that build an action from a text no legal action has (:meth:`reads`). ``examples``: a few
    texts showing what the game's texts look like (an error quotes them)."""

    def __init__(self, examples: Sequence[str]) -> None:
        self.examples = tuple(examples)
        self.writers: dict[type, Writer] = {}
        self.readers: list[tuple[re.Pattern[str], Builder]] = []

    def writes(self, *types: type) -> Callable[[Writer], Writer]:
        """Register the writer of these action types: ``(state, action) -> text``, or a
        sequence whose first is the text and the rest other forms read as the action."""

        def register(writer: Writer) -> Writer:
            for kind in types:
                self.writers[kind] = writer
            return writer

        return register

    def reads(self, pattern: str, build: Builder | type | None = None) -> Any:
        """Register a reader: a regular expression a whole text must match (case aside) and
        what builds the action from its named groups (an action type: its fields are the
        groups, as text). Without ``build``, a decorator for it."""

        def register(builder: Builder | type) -> Builder | type:
            if isinstance(builder, type):
                kind = builder

                def builder(state: Any, found: dict[str, str]) -> Action | None:
                    return kind(**{k: v for k, v in found.items() if v is not None})

            self.readers.append((re.compile(pattern, re.IGNORECASE), builder))
            return builder

        return register if build is None else register(build)

    def template(
        self, kind: type, template: str, accept: Callable[[Any, Any], bool] | None = None
    ) -> None:
        """Write and read ``kind`` by a template of its fields, text or whole numbers
        (``"{firer} fires at {target}"``, ``"die {value}"``; no fields: ``"pass"``). ``accept``:
        ``(state, action) -> bool``, whether a text read names this kind of action at all
        (where another kind's template reads alike)."""
        names = re.findall(r"{(\w+)}", template)
        whole = {f.name for f in dataclasses.fields(kind) if f.type in ("int", int)}
        pattern = "".join(
            (f"(?P<{part}>\\d+)" if part in whole else f"(?P<{part}>.+?)")
            if i % 2
            else re.escape(part)
            for i, part in enumerate(re.split(r"{(\w+)}", template))
        )

        def build(state: Any, found: dict[str, str]) -> Action | None:
            action = kind(**{k: int(v) if k in whole else v for k, v in found.items()})
            return action if accept is None or accept(state, action) else None

        self.writes(kind)(lambda state, action: template.format_map(
            {name: getattr(action, name) for name in names}
        ))  # fmt: skip
        self.reads(pattern, build)

    def forms(self, state: Any, action: Any) -> tuple[str, ...]:
        """Every text read as ``action`` in ``state``: its text first, then the others (its
        ``str`` last)."""
        writer = self.writers.get(type(action))
        written = writer(state, action) if writer is not None else str(action)
        found = (written,) if isinstance(written, str) else tuple(written)
        return tuple(dict.fromkeys((*found, str(action))))

    def text(self, state: Any, action: Any) -> str:
        """The text of ``action`` in ``state``."""
        return self.forms(state, action)[0]

    def read(self, state: Any, text: str) -> list[Action]:
        """The actions the readers build from ``text`` (none if none fits it)."""
        plain = " ".join(text.split())
        built: list[Action] = []
        for pattern, builder in self.readers:
            found = pattern.fullmatch(plain)
            if found is None:
                continue
            try:
                action = builder(state, found.groupdict())
            except (LookupError, ValueError, TypeError, AttributeError):
                action = None  # names a tank or a value the state has not: unreadable
            if action is not None and action not in built:
                built.append(action)
        return built

    def missing(self, types: Iterable[type]) -> list[str]:
        """The action types among ``types`` that have no writer (each game's test: none)."""
        return [t.__name__ for t in types if t not in self.writers]


LONGEST = 500  # characters of a text read (a longer one is refused before it is read)
PLAIN = Notation([])  # a game that registers none: its actions' own str


_NOTATIONS: dict[str, Notation] = {}
_LOOKED_FOR: set[str] = set()  # games whose notation was looked for among the games' rules


def register_notation(game_name: str, notation: Notation) -> Notation:
    """The notation of the game called ``game_name`` (a game's own ``rules/notation.py``)."""
    _NOTATIONS[game_name] = notation
    return notation


def notation_of(game: Game[Any, Any]) -> Notation:
    """The game's registered notation, else :data:`PLAIN`."""
    if game.name not in _NOTATIONS and game.name not in _LOOKED_FOR:
        _LOOKED_FOR.add(game.name)
        discovery.import_new(discovery.game_modules())  # a game's rules register its own
    return _NOTATIONS.get(game.name, PLAIN)


def listed(game: Game[Any, Any], state: Any) -> list[Any]:
    """What may be done in ``state``: its legal actions, or at a chance node its outcomes."""
    if game.current_player(state) is CHANCE:
        return [action for action, _ in game.chance_outcomes(state)]
    return game.legal_actions(state)


def notation(game: Game[Any, Any], state: Any, action: Any) -> str:
    """The text of ``action`` in ``state`` (see the module)."""
    game.check_state(state)
    return notation_of(game).text(state, game.check_action(action))


def _key(text: str) -> str:
    """A text as compared: case aside, and spacing (none beside a sign: ``(12, 5)`` is
    ``(12,5)``)."""
    return _BESIDE_A_SIGN.sub(_sign, " ".join(text.split())).casefold()


_BESIDE_A_SIGN = re.compile(r" ?([^\w ]) ?")


def _sign(found: re.Match[str]) -> str:
    return found.group(1)


def _expected(game: Game[Any, Any], spoken: Notation) -> str:
    like = f" (like {', '.join(map(repr, spoken.examples))})" if spoken.examples else ""
    return f"an action of {game.title} in this state written as text{like}"


class _Readings:
    """What every text means in one state: the listed actions, their texts, and which of
    them each text (as a key, case and spacing aside) is the text or another form of."""

    def __init__(self, game: Game[Any, Any], state: Any) -> None:
        spoken = notation_of(game)
        self.actions = listed(game, state)
        self.forms = [spoken.forms(state, action) for action in self.actions]
        self.texts = [forms[0] for forms in self.forms]
        self.written: dict[str, list[Any]] = {}
        for action, text in zip(self.actions, self.texts, strict=True):
            self.written.setdefault(_key(text), []).append(action)
        self._other: dict[str, list[Any]] | None = None

    @property
    def other(self) -> dict[str, list[Any]]:
        """The other forms' keys (made when a text is not one of the listed texts)."""
        if self._other is None:
            self._other = {}
            for action, forms in zip(self.actions, self.forms, strict=True):
                for form in {_key(f) for f in forms[1:]}:
                    self._other.setdefault(form, []).append(action)
        return self._other


_LAST: list[tuple[Game[Any, Any], Any, _Readings]] = []  # the last state read (states are values)


def _readings(game: Game[Any, Any], state: Any) -> _Readings:
    if not (_LAST and _LAST[0][0] is game and _LAST[0][1] is state):
        _LAST[:] = [(game, state, _Readings(game, state))]
    return _LAST[0][2]


def parse(game: Game[Any, Any], state: Any, text: str) -> Any:
    """The action ``text`` means in ``state``: a legal action, a chance outcome or one the
    rules accept though it is not listed (see the module). Raises :class:`NotationError` for
    a text that names none (:class:`AmbiguousText` for one that fits several) and
    ``IllegalAction``, with the rules' reason and section, for an action they refuse."""
    action, is_listed = _named(game, state, text)
    if not is_listed:
        game.apply(state, action)  # refused with the rules' reason, or taken as it is
    return action


def named(game: Game[Any, Any], state: Any, text: str) -> Any:
    """The action ``text`` names in ``state``, legal or not (``explain`` says why an action
    is refused); NotationError as :func:`parse`."""
    return _named(game, state, text)[0]


def _named(game: Game[Any, Any], state: Any, text: str) -> tuple[Any, bool]:
    """The action ``text`` names, and whether it is one listed in ``state``."""
    game.check_state(state)
    spoken = notation_of(game)
    if not isinstance(text, str) or len(text) > LONGEST:
        expected = f"{_expected(game, spoken)}, {LONGEST} characters at most"
        raise ArgumentError("text", text, expected)
    readings, wanted = _readings(game, state), _key(text)
    for index in ("written", "other"):
        fits = getattr(readings, index).get(wanted, [])
        if len(fits) == 1:
            return fits[0], True
        if fits:
            raise AmbiguousText(text, [spoken.text(state, a) for a in fits])
    built = spoken.read(state, text) if wanted else []
    if len(built) > 1:
        raise AmbiguousText(text, [spoken.text(state, a) for a in built])
    if built:
        action = game.check_action(built[0])
        return action, action in readings.actions
    texts = {_key(t): t for t in readings.texts}
    near = difflib.get_close_matches(wanted, list(texts), n=5, cutoff=0.6)
    raise NotationError(text, _expected(game, spoken), [texts[k] for k in near])


def listing(record: Any, game: Game[Any, Any] | None = None) -> list[str]:
    """A record's steps as text, each with its number and who took it (``chance`` for dice
    and draws) and its note: ``"3. Ōarai: Tiger II 0801-0803"`` (replayed by the rules)."""
    states = replay(record, game)
    if game is None:  # replay has found the record's game: it is registered
        game = registered_games()[record.game]
    lines = []
    for number, (before, step) in enumerate(zip(states, record.steps, strict=False), 1):
        action = game.action_from_json(step.action)
        who = game.current_player(before)
        note = f"  [{step.note}]" if step.note else ""
        lines.append(f"{number}. {who}: {notation(game, before, action)}{note}")
    return lines


record_module.register_listing(listing)
