"""What one player sees of a game: the history of the actions it has seen, the state with the
parts hidden from it masked, and its legal actions (after OpenSpiel's observations and
information states).

Every state reached through a game's ``apply`` carries its :class:`History`: each action with
who took it and who saw it (a card drawn into a hand is seen by its owner alone). A player is
given an :class:`Observation` and never the state itself; a search player that needs a whole
state asks the game to *determinize* the observation, sampling the hidden parts (an
opponent's hand from the cards this side has not seen).

>>> h = History.EMPTY.then("Ōarai", "Move", None).then("chance", "Draw Tiger", {"Kuro"})
>>> [str(s) for s in h.as_seen_by("Ōarai")]
['Ōarai: Move', 'chance: (hidden)']
>>> len(h), [str(s) for s in h.as_seen_by("Kuro")][-1]
(2, 'chance: Draw Tiger')
>>> history_from(h.as_seen_by("Ōarai"), "Ōarai").as_seen_by("Ōarai") == h.as_seen_by("Ōarai")
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Set
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Seen:
    """One step of a game as a player saw it: who acted and what they did, or ``None``
    where the action was hidden from this player (``kind`` still names its type), who saw
    it (``None``: every side) and the public facts it showed (see the module)."""

    actor: str
    action: Any
    kind: str
    seen_by: frozenset[str] | None = None
    facts: tuple[Any, ...] = field(default=(), compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.actor}: {'(hidden)' if self.action is None else self.action}"


class SeenList:
    """A history as one player saw it, oldest first: a persistent list of :class:`Seen`
    that holds no hidden action (built step by step as the game goes on). ``cache``: what a
    game's sampler works out once from it (by the sampler's own key)."""

    __slots__ = ("cache", "length", "previous", "seen")
    EMPTY: SeenList

    def __init__(self, previous: SeenList | None, seen: Seen | None) -> None:
        self.previous, self.seen = previous, seen
        self.length: int = 0 if previous is None else previous.length + 1
        self.cache: dict[str, Any] = {}

    def __len__(self) -> int:
        return self.length

    def __iter__(self) -> Iterator[Seen]:
        items: list[Seen] = []
        node: SeenList | None = self
        while node is not None and node.seen is not None:
            items.append(node.seen)
            node = node.previous
        return reversed(items)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeenList):
            return NotImplemented
        return self is other or (self.length == other.length and list(self) == list(other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self.length} steps as seen>"


SeenList.EMPTY = SeenList(None, None)


class History:
    """The actions that led to a state, oldest first: a persistent list (each state shares
    its past with the state before it, so keeping it costs one small node a step). Each node
    keeps, for each player that looked, the history as that player saw it."""

    __slots__ = ("action", "actor", "facts", "length", "previous", "seen_by", "views")
    EMPTY: History

    def __init__(
        self,
        previous: History | None,
        actor: str,
        action: Any,
        seen_by: Set[str] | None,
        facts: tuple[Any, ...] = (),
    ) -> None:
        self.previous, self.actor, self.action = previous, actor, action
        self.seen_by = None if seen_by is None else frozenset(seen_by)
        self.facts = facts
        self.length: int = 0 if previous is None else previous.length + 1
        self.views: dict[str, SeenList] = {}

    def then(
        self, actor: Any, action: Any, seen_by: Set[str] | None, facts: tuple[Any, ...] = ()
    ) -> History:
        """This history and one more step (``seen_by``: the sides who see it; None: all;
        ``facts``: what it showed every side, see the module)."""
        return History(self, str(actor), action, seen_by, facts)

    def __len__(self) -> int:
        return self.length

    def steps(self) -> list[History]:
        """The nodes, oldest first."""
        nodes: list[History] = []
        node: History | None = self
        while node is not None and node.previous is not None:
            nodes.append(node)
            node = node.previous
        return nodes[::-1]

    def actions(self) -> list[Any]:
        """Every action, oldest first (what a record holds)."""
        return [node.action for node in self.steps()]

    def seen(self, player: str) -> Seen:
        """This node's step as ``player`` saw it."""
        visible = self.seen_by is None or player in self.seen_by
        action = self.action
        kind = action.kind if isinstance(action, HiddenAction) else type(action).__name__
        return Seen(self.actor, action if visible else None, kind, self.seen_by, self.facts)

    def as_seen_by(self, player: str) -> SeenList:
        """Every step as ``player`` saw it (hidden actions as ``Seen(actor, None, kind)``);
        kept on the nodes, so asking at every step costs one node a step."""
        missing: list[History] = []
        node: History | None = self
        while node is not None and node.previous is not None and player not in node.views:
            missing.append(node)
            node = node.previous
        view = SeenList.EMPTY if node is None or node.previous is None else node.views[player]
        for step in reversed(missing):
            view = step.views[player] = SeenList(view, step.seen(player))
        return view

    def __repr__(self) -> str:
        return f"<History of {self.length} steps>"


History.EMPTY = History(None, "", None, None)


class HiddenAction:
    """The stand-in for an action a determinized state's player never saw (kept so that
    its history looks to that player exactly as the real one did)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __repr__(self) -> str:
        return f"<hidden {self.kind}>"


def history_from(
    seen: SeenList, player: str, hidden: Callable[[int, Seen], Any] | None = None
) -> History:
    """A history that ``player`` sees as ``seen``, each step seen by whom it was and with its
    facts: the history of a world drawn from an observation. ``hidden(i, step)`` gives the
    world's action for the ``i``-th step hidden from the player (without it, a
    :class:`HiddenAction` stands in: a history no replay can follow)."""
    history, found = History.EMPTY, 0
    for step in seen:
        action = step.action
        if action is None:
            action = HiddenAction(step.kind) if hidden is None else hidden(found, step)
            found += 1
        history = history.then(step.actor, action, step.seen_by, step.facts)
    return history


def history_of(state: Any) -> History:
    """The history a state carries (empty for a state made by ``start`` or by hand)."""
    found = getattr(state, "history", None)
    return found if isinstance(found, History) else History.EMPTY


@dataclass(frozen=True, eq=False)
class Observation:
    """What ``player`` sees now: ``state`` with what is hidden from it masked (the whole
    state where nothing is; look at it, but play forward only from a determinized state),
    its ``legal_actions`` (empty when another side or chance acts), whether anything is
    ``hidden``, and the ``history`` of the game as it saw it. Two observations are equal when
    the player, what it sees and what it saw are."""

    game: str
    player: str
    state: Any
    legal_actions: tuple[Any, ...]
    hidden: bool
    history: SeenList = field(repr=False)

    def _key(self) -> tuple[Any, ...]:
        return (self.game, self.player, self.hidden, self.legal_actions)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Observation):
            return NotImplemented
        return (
            self._key() == other._key()
            and self.history == other.history
            and self.state == other.state
        )

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        hidden = ", parts hidden" if self.hidden else ""
        return f"{self.game} as {self.player} sees it after {len(self.history)} steps{hidden}"
