"""What a step of a card match shows every side about the hands (``Game.revealed``): the facts
a world is drawn from (:mod:`.worlds`). Each is public: every side saw it happen.

- :class:`Dealt`: a match begins, each hand as the table sees it (a scenario's printed
  starting cards; the rest is dealt by chance draws);
- :class:`Drew`: a card drawn, into whose hand (``None``: resolved face up), at the deal or
  not, from which cards: the deck and the hands together (``pool``), every card whose place
  no side sees;
- :class:`HandChange`: cards that went into a hand or left it face up (played, discarded,
  taken back, picked up from the discard pile);
- :class:`WindowCheck`: a reaction window the rules opened for a side, or did not open because
  it held no card that fits (Reactions: a window is opened only when its side holds one), with
  the match as it stood, every hand left out, to ask which cards would have opened it.

The rules note them on the match as they happen (``match.noted``, on ``CardMatch.shown``,
emptied at each step and compared by no one) and :func:`revealed` hands them to the step's
History.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from workbench.games.panzer_vor.rules.deck import Pile, pool_of
from workbench.rules.observation import history_of

# reactions.window_opens, registered by reactions (which imports this module)
WINDOW_TEST: list[Callable[..., bool]] = []


@dataclass(frozen=True)
class Dealt:
    """A match begins: each side's hand as every side sees it (its printed cards)."""

    hands: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class Drew:
    """A draw: into ``side``'s hand (``None``: face up, into no hand), at the deal or not,
    from ``pool``: the deck and every hand before the draw; ``marked``: the stagnation card,
    kept apart from the deck."""

    side: str | None
    deal: bool
    pool: Pile
    marked: bool = False


@dataclass(frozen=True)
class HandChange:
    """Cards that went into ``side``'s hand (``added``) or left it (``removed``) face up."""

    side: str
    added: tuple[str, ...]
    removed: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class WindowCheck:
    """A reaction window for ``side`` opened or not (``opened``) at ``moment``; ``before``:
    the match then, every hand empty (what it asks of the hand is :meth:`fits`)."""

    side: str
    opened: bool
    before: Any = field(repr=False)
    moment: Any
    tank: str | None
    target: str | None
    answering: str
    _fits: dict[str, bool] = field(default_factory=dict, repr=False)

    def fits(self, card: str) -> bool:
        """Whether holding ``card`` would have opened the window (kept once asked)."""
        found = self._fits.get(card)
        if found is None:
            match = self.before
            hands = {side: (card,) if side == self.side else () for side in match.order}
            tried = match.__class__.__new__(match.__class__)
            tried.__dict__.update({**match.__dict__, "hands": hands, "memo": {}})
            found = self._fits[card] = WINDOW_TEST[0](
                tried, self.side, self.moment, self.tank, self.target, self.answering
            )
        return found


def pool_of_all(match: Any) -> Pile:
    """The deck and every hand: the cards whose place no side sees."""
    return pool_of(match.deck, match.hands.values())


def dealt(match: Any) -> Dealt:
    """The hands of ``match`` as a match begins with them (its printed cards: public)."""
    return Dealt(tuple((side, tuple(match.hand(side))) for side in match.order))


def revealed(match: Any, action: Any, after: Any) -> tuple[Any, ...]:
    """The facts a step of a card match showed (``Game.revealed``): the match's starting
    hands on its first step (a match just begun notes them as ``shown``), then what the
    rules noted."""
    shown = tuple(after.shown)
    if not len(history_of(match)):
        shown = (dealt(match), *shown)
    return shown
