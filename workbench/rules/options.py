"""A game's options for a scenario, as one list: each option's name, the values it allows, its
default, the rulebook section it reads and the reading it chooses. ``start`` checks what it
is given against the list; the stepper's new-game choices, the balance lab and the OpenSpiel
bridge read the same list, so an option added to it appears everywhere.

>>> limit = Option.whole("turn_limit", 30, "Ending (practice)", "the practice turn limit",
...                      low=1, high=1000)
>>> setup = Option.choice("setup", ("choose", "quick"), "Setup", "who places the tanks")
>>> check_options([limit, setup], {"setup": "quick"})
{'setup': 'quick'}
>>> try:
...     check_options([limit, setup], {"turn_limit": 2.7})
... except OptionError as refused:
...     print(refused)
options["turn_limit"]: expected a whole number from 1 to 1000, got 2.7
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from workbench.errors import ArgumentError
from workbench.files.record_options import Recorded

MAX_TURN_LIMIT = 1000  # the workbench's bound on any game's turn limit (a game must end)


class _AsDefault:
    """The ``unwritten`` of an option whose default has not changed since records began."""

    def __repr__(self) -> str:
        return "<as default>"


_AS_DEFAULT: Any = _AsDefault()


class OptionError(ArgumentError):
    """An option a game does not have, or a value it does not allow: names the option, what
    was given and what was expected (nothing is started)."""

    def __init__(self, option: str, found: object, expected: str, section: str = "") -> None:
        super().__init__(f'options["{option}"]', found, expected)
        self.option, self.section = option, section


def _is_whole(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


@dataclass(frozen=True)
class Option:
    """One option of a game for a scenario (build it with :meth:`choice`, :meth:`flag`,
    :meth:`whole`, :meth:`subset` or :meth:`value`)."""

    name: str
    default: Any
    section: str  # the rulebook section it reads ("" for the workbench's own settings)
    reading: str  # what it decides, and the reading the default takes
    kind: str  # "choice", "flag", "whole", "subset" or "value"
    choices: tuple[Any, ...] = ()  # the values allowed ("choice", "flag", "subset")
    low: int | None = None  # "whole": the range allowed
    high: int | None = None
    none_allowed: bool = False  # None allowed too (e.g. no turn limit)
    expected: str = ""  # "value": what it must be, in words
    validate: Callable[[Any], Any] | None = field(default=None, compare=False, repr=False)
    changes_play: bool = True  # False for settings that only change what is shown or saved
    # what a record that leaves this option out was played with (records are saved with
    # every option written out; older ones wrote only those given): the default unless it has
    # changed since (ARCHITECTURE.md: "Records keep every option")
    unwritten: Any = _AS_DEFAULT
    # values once spelled otherwise (every choice is spelled with hyphens: "attack-card"):
    # old spelling -> the value now; a loaded record is read with the new spelling
    # (``recorded``), and the old one is refused everywhere else, naming the new one
    respelled: Mapping[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @staticmethod
    def choice(name: str, choices: Sequence[Any], section: str, reading: str,
               default: Any = None, **more: Any) -> Option:  # fmt: skip
        """One of ``choices`` (the first is the default unless ``default`` is given)."""
        first = choices[0] if default is None else default
        return Option(name, first, section, reading, "choice", tuple(choices), **more)

    @staticmethod
    def flag(name: str, section: str, reading: str, default: bool = False, **more: Any) -> Option:
        """On or off: ``True`` or ``False`` only (no truthy text)."""
        return Option(name, default, section, reading, "flag", (False, True), **more)

    @staticmethod
    def whole(name: str, default: int | None, section: str, reading: str, *,
              low: int | None = None, high: int | None = None, **more: Any) -> Option:  # fmt: skip
        """A whole number in ``low..high``."""
        return Option(name, default, section, reading, "whole", low=low, high=high, **more)

    @staticmethod
    def subset(name: str, choices: Sequence[Any], section: str, reading: str,
               default: Sequence[Any] = (), **more: Any) -> Option:  # fmt: skip
        """A list of distinct values from ``choices``."""
        return Option(name, list(default), section, reading, "subset", tuple(choices), **more)

    @staticmethod
    def value(name: str, default: Any, section: str, reading: str, expected: str,
              validate: Callable[[Any], Any], **more: Any) -> Option:  # fmt: skip
        """Any value ``validate`` accepts (it returns the value or raises ArgumentError);
        ``expected`` says what it must be."""
        return Option(name, default, section, reading, "value", expected=expected,
                      validate=validate, **more)  # fmt: skip

    @property
    def if_unwritten(self) -> Any:
        """The value a record that leaves this option out was played with."""
        return self.default if self.unwritten is _AS_DEFAULT else self.unwritten

    def with_default(self, value: Any) -> Option:
        """The option with ``value`` as its default (a scenario's own value): a record of that
        scenario that leaves the option out was played with it too."""
        return replace(self, default=value, unwritten=value)

    def describe(self) -> str:
        """What the option allows, in words."""
        if self.kind == "flag":
            return "true or false"
        if self.kind == "choice":
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.kind == "subset":
            return "a list of distinct values from " + ", ".join(repr(c) for c in self.choices)
        if self.kind == "whole":
            lo, hi = self.low, self.high
            if lo is not None and hi is not None:
                text = f"a whole number from {lo} to {hi}"
            elif lo is not None:
                text = f"a whole number of at least {lo}"
            else:
                text = "a whole number" + (f" of at most {hi}" if hi is not None else "")
            return text + (" (or null: none)" if self.none_allowed else "")
        return self.expected

    def check(self, value: Any) -> Any:
        """``value`` if this option allows it, else :class:`OptionError` (an old spelling of
        a value is refused, naming the spelling now)."""
        if value is None and self.none_allowed:
            return value
        self._refuse_old_spelling(value)
        ok = True
        if self.kind == "flag":
            ok = isinstance(value, bool)
        elif self.kind == "choice":
            ok = any(value == c and type(value) is type(c) for c in self.choices)
        elif self.kind == "whole":
            ok = (
                _is_whole(value)
                and (self.low is None or value >= self.low)
                and (self.high is None or value <= self.high)
            )
        elif self.kind == "subset":
            ok = (
                isinstance(value, list | tuple)
                and all(v in self.choices for v in value)
                and len(set(value)) == len(value)
            )
        elif self.validate is not None:
            try:
                return self.validate(value)
            except ArgumentError as refused:
                raise OptionError(self.name, value, refused.expected, self.section) from None
        if not ok:
            raise OptionError(self.name, value, self.describe(), self.section)
        return value

    def _refuse_old_spelling(self, value: Any) -> None:
        values = value if self.kind == "subset" and isinstance(value, list | tuple) else [value]
        for old in values:
            if isinstance(old, str) and old in self.respelled:
                new = self.respelled[old]
                raise OptionError(
                    self.name, value, f"{new!r}: {old!r} is spelled {new!r} now", self.section
                )

    def respell(self, value: Any) -> Any:
        """``value`` with an old spelling replaced by the one now (a record's options)."""
        if not self.respelled:
            return value
        if self.kind == "subset" and isinstance(value, list | tuple):
            return [self.respelled.get(v, v) if isinstance(v, str) else v for v in value]
        return self.respelled.get(value, value) if isinstance(value, str) else value

    def line(self) -> str:
        """The option in one line: name, what it allows, default, reading and section."""
        where = f" ({self.section})" if self.section else ""
        older = ""
        if self.if_unwritten != self.default:
            older = f" (a record that leaves it out: {self.if_unwritten!r})"
        return (
            f"{self.name}: {self.describe()}; default {self.default!r}{older}. "
            f"{self.reading}{where}"
        )


def check_options(options: Iterable[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options given, each checked against the list (unknown names and values not
    allowed raise :class:`OptionError`); returns them as a plain dict."""
    if given is None:
        return {}
    if not isinstance(given, Mapping):
        raise ArgumentError("options", given, "a mapping of option names to values")
    known = {o.name: o for o in options}
    checked: dict[str, Any] = {}
    for name, value in given.items():
        option = known.get(name) if isinstance(name, str) else None
        if option is None:
            names = ", ".join(known) or "none"
            raise OptionError(str(name), value, f"an option of this game (options: {names})")
        checked[name] = option.check(value)
    return checked


def with_defaults(options: Iterable[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every option's value: the ones given (checked), the rest at their defaults."""
    listed = list(options)
    return {**{o.name: o.default for o in listed}, **check_options(listed, given)}


def recorded(options: Iterable[Option]) -> Recorded:
    """What a record's options are read against: each option's default (a record is saved
    with every option written out, those not given at their defaults), the value a record
    that leaves it out was played with (ARCHITECTURE.md: "Records keep every option") and
    how an older record's values are spelled now.

    >>> walls = Option.flag("walls", "Optional Rules", "walls in play", unwritten=True)
    >>> side = Option.choice("side", ("near-side", "far-side"), "Setup", "where",
    ...                      respelled={"near side": "near-side"})
    >>> defaults, unwritten, respell = recorded([walls, side])
    >>> defaults, unwritten
    ({'walls': False, 'side': 'near-side'}, {'walls': True, 'side': 'near-side'})
    >>> respell({"side": "near side"})
    {'side': 'near-side'}
    """
    listed = list(options)
    by_name = {o.name: o for o in listed}

    def respell(given: Mapping[str, Any]) -> dict[str, Any]:
        return {k: by_name[k].respell(v) if k in by_name else v for k, v in given.items()}

    return (
        {o.name: o.default for o in listed},
        {o.name: o.if_unwritten for o in listed},
        respell,
    )
