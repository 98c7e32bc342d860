"""A new game's options as inputs, built from the game's own list (``Game.options``): a
choice is a dropdown, a flag a checkbox, a whole number a number box, a subset a multiple
choice, any other value its JSON text. An option added to a game's list appears here with
no widget code; what the inputs give is checked by the same list (an
:class:`~workbench.rules.options.OptionError` names the option and what it allows). The
options are grouped by the rulebook part their section is in (a tab each where there are
several), each with its reading and section under it, two to a row where there is room.

>>> from workbench.rules.options import Option
>>> inputs = OptionInputs([Option.whole("turn_limit", 30, "Ending", "the limit", low=1, high=99)])
>>> inputs.values()
{}
>>> inputs.inputs["turn_limit"].value = 12
>>> inputs.values()
{'turn_limit': 12}
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from workbench.rules.options import Option, OptionError, check_options
from workbench.widgets.checks import checked_methods

WIDE = {"width": "100%"}
OTHER = "Other"  # the group of an option whose section names no part of a rulebook


def group_of(option: Option) -> str:
    """The part of the rulebook an option's section is in: its first heading.

    >>> group_of(Option.whole("turn_limit", 30, "Missions: Panzer Ace", "the limit", low=1))
    'Missions'
    """
    return option.section.split(": ", 1)[0].strip() or OTHER


def input_for(option: Option) -> widgets.Widget:
    """The input of one option, at its default (its description is the option's name)."""
    common: dict[str, Any] = {
        "description": option.name,
        "tooltip": option.reading,
        "style": {"description_width": "initial"},
    }
    if option.kind == "flag":
        return widgets.Checkbox(value=bool(option.default), indent=False, **common)
    if option.kind == "choice":
        labels = [(str(c), c) for c in option.choices]
        return widgets.Dropdown(options=labels, value=option.default, **common)
    if option.kind == "subset":
        labels = [(str(c), c) for c in option.choices]
        rows = min(4, max(1, len(labels)))
        default = tuple(option.default)
        return widgets.SelectMultiple(options=labels, value=default, rows=rows, **common)
    if option.kind == "whole" and option.default is not None:
        return widgets.IntText(value=option.default, layout={"width": "16em"}, **common)
    text = "" if option.default is None else json.dumps(option.default, ensure_ascii=False)
    holder = "none (the game's default)" if option.default is None else ""
    rows = min(6, 2 + len(text) // 24)  # the whole value shows, wrapped
    return widgets.Textarea(value=text, placeholder=holder, rows=rows, layout=WIDE, **common)


@checked_methods
class OptionInputs:
    """Inputs for ``options`` (each with its reading and section under it); ``values()`` is
    what was changed from the defaults, checked against the list."""

    def __init__(self, options: Sequence[Option]) -> None:
        self.options = {option.name: option for option in options}
        self.inputs = {option.name: input_for(option) for option in options}
        groups: dict[str, list[widgets.Widget]] = {}
        for option in options:
            where = f" ({option.section})" if option.section else ""
            said = widgets.HTML(f"{html.escape(option.reading)}{html.escape(where)}")
            said.add_class("workbench-option-reading")
            cell = widgets.VBox([self.inputs[option.name], said])
            cell.add_class("workbench-option")
            groups.setdefault(group_of(option), []).append(cell)
        grids = {name: widgets.GridBox(cells) for name, cells in groups.items()}
        for grid in grids.values():
            grid.add_class("workbench-option-group")
        if len(grids) > 1:
            shown: widgets.Widget = widgets.Tab(list(grids.values()), titles=list(grids))
        else:
            shown = next(iter(grids.values()), widgets.HTML("<i>This game has no options.</i>"))
        self.widget = widgets.VBox([shown])
        self.widget.add_class("workbench-new-game-options")

    def values(self) -> dict[str, Any]:
        """The options whose inputs differ from their defaults, checked (OptionError names an
        option given a value it does not allow, e.g. text that is not JSON)."""
        given: dict[str, Any] = {}
        for name, option in self.options.items():
            value = self.inputs[name].value
            if isinstance(self.inputs[name], widgets.Text | widgets.Textarea):
                value = _json(name, value, option)
            elif option.kind == "subset":
                value = list(value)
            if value != option.default:
                given[name] = value
        return check_options(self.options.values(), given)


def _json(name: str, text: str, option: Option) -> Any:
    """The value a text input holds: JSON (empty: the option's default)."""
    if not text.strip():
        return option.default
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # not JSON, a number too long, nested too deeply
        raise OptionError(name, text, f"JSON text: {option.describe()}", option.section) from None


__all__ = ["OptionInputs", "input_for"]
