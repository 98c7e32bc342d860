"""No Python object is unpickled while OpenSpiel's C++ reads a workbench state.

OpenSpiel's C++ serializes a Python game's state by pickling the state's attributes and reads
it back by unpickling them (``PyState::Deserialize``, reached by ``random_sim_test`` and by
OpenSpiel's own ``DeserializeState``; a Python subclass cannot replace either). The bridge
gives the workbench's states one attribute, a text (:mod:`.state_text`), so that pickle holds
no global, and reads the text as data. A tampered string could still hold a pickle naming a
global (``os.system``...). This guard refuses every global while OpenSpiel reads a workbench
state: an audit hook (``sys.addaudithook``, on the event ``pickle.find_class``, which every
unpickling of a global raises) refuses it when the unpickling happens within the same call
into OpenSpiel that made the state (:func:`arm`, from ``new_initial_state``: the same Python
frame, at the same instruction). Any other unpickling, before or after, is left alone.
"""

from __future__ import annotations

import sys
import threading
from types import FrameType
from typing import Any

from workbench.openspiel.state_text import StateTextError

_ARMED = threading.local()  # where the last workbench state was made, in this thread
_INSTALLED: list[Any] = []


def _at(frame: FrameType | None) -> tuple[int, int, int] | None:
    return None if frame is None else (id(frame), id(frame.f_code), frame.f_lasti)


def _frame(depth: int) -> FrameType | None:
    try:
        return sys._getframe(depth + 1)
    except ValueError:  # called from no Python frame at all
        return None


def arm() -> None:
    """Note where a workbench state is being made: the Python frame that called into
    OpenSpiel (or called ``new_initial_state``), at its current instruction."""
    _ARMED.at = _at(_frame(2))


def _refuse_globals(event: str, args: tuple[Any, ...]) -> None:
    if event != "pickle.find_class":
        return
    armed = getattr(_ARMED, "at", False)
    if armed is not False and _at(_frame(1)) == armed:
        module, name = (str(a)[:80] for a in args[:2])
        raise StateTextError(
            f"serialized state: refused to unpickle {module}.{name}: a workbench state is "
            "read as data, and its pickled attributes hold no Python object"
        )


def install() -> None:
    """Add the audit hook, once in a process (an audit hook cannot be removed)."""
    if not _INSTALLED:
        sys.addaudithook(_refuse_globals)
        _INSTALLED.append(_refuse_globals)
