"""The deck as a multiset, and a draw as a chance action.

The deck is face down and shuffled, so the next card is any card in it with probability
(its copies) / (cards in the deck): a draw is one chance outcome per distinct card
(:func:`draw_outcomes`), and "reshuffle" changes nothing in a multiset. The card that ends a
stagnant match (Match Types and Stagnant Matches) is kept apart as the ``marked`` card so
that drawing *that* copy can be told from drawing another of its name.

>>> pile = add((), "Move", 2); pile = add(pile, "Fire")
>>> [(str(a), p) for a, p in draw_outcomes(pile, None)]
[('draw Fire', Fraction(1, 3)), ('draw Move', Fraction(2, 3))]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from operator import itemgetter

from workbench.rules.core import Action

Pile = tuple[tuple[str, int], ...]  # sorted (card, copies), no zero counts


@dataclass(frozen=True)
class Draw(Action):
    """One card drawn from the deck (a chance action); ``marked``: the stagnation card."""

    card: str
    marked: bool = False
    chance = True

    def __str__(self) -> str:
        return f"draw {self.card}" + (" (the stagnation card)" if self.marked else "")


def add(pile: Pile, card: str, copies: int = 1) -> Pile:
    counts = dict(pile)
    counts[card] = counts.get(card, 0) + copies
    return _pile(counts)


def take(pile: Pile, card: str, copies: int = 1) -> Pile:
    counts = dict(pile)
    have = counts.get(card, 0)
    if have < copies:
        raise KeyError(f"{card} is not in the pile")
    counts[card] = have - copies
    return _pile(counts)


def pool_of(deck: Pile, hands: Iterable[Iterable[str]]) -> Pile:
    """The deck and the given hands' cards together, as a pile."""
    for hand in hands:
        for card in hand:
            deck = add(deck, card)
    return deck


def _pile(counts: dict[str, int]) -> Pile:
    """The counts as a pile: sorted by card, without the cards of no copies."""
    if counts and min(counts.values()) <= 0:
        counts = {c: n for c, n in counts.items() if n > 0}
    return tuple(sorted(counts.items()))


def size(pile: Pile) -> int:
    return sum(map(_copies, pile))


_copies = itemgetter(1)


def from_counts(counts: Iterable[tuple[str, int]]) -> Pile:
    pile: Pile = ()
    for card, n in counts:
        pile = add(pile, card, n)
    return pile


def draw_outcomes(
    pile: Pile, marked: str | None, allowed: frozenset[str] | None = None
) -> tuple[tuple[Draw, Fraction], ...]:
    """Each distinct card (and the marked card, apart) with probability copies / cards.
    ``allowed`` restricts the draw to some cards (a starting hand is redealt until free of
    Enforcement cards, which draws uniformly from the other cards)."""
    chosen = pile if allowed is None else [(c, n) for c, n in pile if c in allowed]
    total = sum(n for _, n in chosen) + (1 if marked and allowed is None else 0)
    out = [(_draw(c), _fraction(n, total)) for c, n in chosen]
    if marked and allowed is None:
        out.append((Draw(marked, True), _fraction(1, total)))
    return tuple(out)


_DRAWS: dict[str, Draw] = {}  # equal values shared: a draw of each card is made once
_FRACTIONS: dict[tuple[int, int], Fraction] = {}


def _draw(card: str) -> Draw:
    found = _DRAWS.get(card)
    if found is None:
        found = _DRAWS[card] = Draw(card)
    return found


def _fraction(n: int, total: int) -> Fraction:
    found = _FRACTIONS.get((n, total))
    if found is None:
        found = _FRACTIONS[(n, total)] = Fraction(n, total)
    return found
