"""How the stepper shows one game: its board picture, what a click on the board means, and the
lines that say whose turn and which phase. One small *view* per game, the rest is generic.

A view is any object with the methods of :class:`GameView`. Each registers by its game's name
with :func:`register_view`, in its game's home (its ``widgets``, found on first use:
:mod:`workbench.discovery`); a game with no view gets :class:`PlainView`: its picture from
:func:`workbench.render.scene_of` and no board clicks (its actions are still played from the
stepper's list of legal actions).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from workbench.discovery import import_new, parts
from workbench.render import scene_of
from workbench.render.scene import ANNOTATIONS, Scene, Style, Text, Transform
from workbench.rules.core import Action, Game


@dataclass(frozen=True)
class Offer:
    """What a click on the board means, as a view answers it.

    ``lines`` explain (the first is a heading); ``overlay`` is the board with the answer drawn
    on it (None: the plain board); ``selection`` is what the view remembers for the next click
    (a tank id, say); ``action`` is the action the click proposes, shown before it is played,
    or played at once when ``commit`` is set (the rules then accept or refuse it); ``choices``
    are other actions the click could mean (another end facing, a card's options), each shown
    as a button that plays it."""

    lines: tuple[str, ...] = ()
    overlay: Scene | None = None
    selection: Any = None
    action: Action | None = None
    commit: bool = False
    choices: tuple[tuple[str, Action], ...] = ()  # (button label, action)


@dataclass(frozen=True)
class HandCard:
    """One card of a hand as a view shows it: ``face`` is its HTML (from the render layer),
    ``text`` the same in a line, ``playable`` when a legal action plays it now, ``face_up``
    for a card played from the table (a Scenario card) rather than the hand."""

    name: str
    face: str
    text: str
    playable: bool
    face_up: bool = False


class ViewDefaults:
    """What a view has when its game has no cards in hand (no hand, nothing to click on it,
    no card faces) and nothing to show on the board before a click."""

    def highlight(self, game: Game, state: Any, scene: Scene) -> Scene | None:
        return None

    def hand(self, game: Game, state: Any) -> tuple[str, tuple[HandCard, ...]]:
        return "", ()

    def click_card(self, game: Game, state: Any, name: str, proposed: Any) -> Offer:
        return Offer((f"{game.title} has no cards in hand.",))

    def card_faces(self, game: Game, state: Any, action: Action) -> tuple[str, ...]:
        return ()


class GameView(Protocol):
    """One game's view for the stepper (see the module)."""

    def scene(self, state: Any, *, size: float, theme: Any) -> Scene:
        """The board of ``state``: one scene, layered as :mod:`workbench.render.scene` says."""
        ...

    def click(
        self, game: Game, state: Any, scene: Scene, cell: Any, selection: Any, proposed: Any
    ) -> Offer:
        """What a click on ``cell`` (None: off the board) means now."""
        ...

    def status(self, game: Game, state: Any) -> list[str]:
        """Lines on the turn and the phase beyond whose turn it is (e.g. ``"turn 3"``)."""
        ...

    def buttons(self, game: Game, state: Any) -> list[Action]:
        """Legal actions that have no place on the board (e.g. Pass), shown as buttons."""
        ...

    def cell(self, state: Any, label: str) -> Any:
        """The board cell a label names (``"0802"``), as the scene's layout gives cells."""
        ...

    def highlight(self, game: Game, state: Any, scene: Scene) -> Scene | None:
        """The board with what the state asks about drawn on it before any click (a declared
        tank's reach, say), or None for the plain board."""
        ...

    def hand(self, game: Game, state: Any) -> tuple[str, tuple[HandCard, ...]]:
        """The side whose hand is shown and its cards (none: ``("", ())``, see ViewDefaults)."""
        ...

    def click_card(self, game: Game, state: Any, name: str, proposed: Any) -> Offer:
        """What a click on the card called ``name`` in the hand means now."""
        ...

    def card_faces(self, game: Game, state: Any, action: Action) -> tuple[str, ...]:
        """The faces (HTML) of the cards ``action``, played on ``state``, drew or played."""
        ...


class PlainView(ViewDefaults):
    """Any registered game: the picture :func:`workbench.render.scene_of` makes of its state
    (a line saying there is none yet, for a game the render layer does not draw), no board
    clicks, no buttons (the stepper's list of legal actions plays every action)."""

    clickable = False

    def scene(self, state: Any, *, size: float, theme: Any) -> Scene:
        try:
            return scene_of(state, size=size, theme=theme)
        except TypeError:  # scene_of's answer for a type no render module registered
            return _no_picture(f"no picture of a {type(state).__name__} yet: see the log")

    def click(
        self, game: Game, state: Any, scene: Scene, cell: Any, selection: Any, proposed: Any
    ) -> Offer:
        return Offer(("Pick an action from the list of legal actions below the board.",))

    def status(self, game: Game, state: Any) -> list[str]:
        return []

    def buttons(self, game: Game, state: Any) -> list[Action]:
        return []

    def cell(self, state: Any, label: str) -> Any:
        return label


def _no_picture(text: str) -> Scene:
    style = Style(fill="#333333", font_size=16.0)
    return Scene(480, 60, Transform(1.0), {ANNOTATIONS: (Text((240, 30), text, style),)})


_VIEWS: dict[str, Callable[[], GameView]] = {}


def register_view(game_name: str, make: Callable[[], GameView]) -> Callable[[], GameView]:
    """Make each new stepper's view of the game called ``game_name`` with ``make()`` (a view
    class, say: each stepper has its own, with its own cached pictures)."""
    _VIEWS[game_name] = make
    return make


def view_for(game_name: str) -> GameView:
    """A new view of a game: its registered one, else a :class:`PlainView`."""
    if game_name not in _VIEWS:  # the games' widget modules register their views
        import_new(parts("widgets"))
    return _VIEWS.get(game_name, PlainView)()


__all__ = [
    "GameView",
    "HandCard",
    "Offer",
    "PlainView",
    "ViewDefaults",
    "register_view",
    "view_for",
]
