"""Odds asked as a choice among four offered values: the right chance and three others a
learner could reach by a slip (a total one off, a die too many or too few), in order from
least to most likely, the right one placed anywhere among them by the seed.

One way of answering, chosen so a room can answer aloud and a widget by buttons: the
learner picks one of the four texts (``Question.shape == "choice"``); the exact fraction is
in the reasons.

>>> import random
>>> from fractions import Fraction
>>> values = [Fraction(n, 36) for n in (1, 3, 6, 10, 15, 21)]
>>> choices, answer = four_odds(random.Random(1), Fraction(15, 36), values, as_fraction)
>>> answer in choices, len(choices), answer
(True, 4, '5/12 (41.7%)')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from fractions import Fraction

OFFERED = 4  # values offered to choose from


def as_percent(chance: Fraction) -> str:
    """A chance as a percentage with one decimal.

    >>> as_percent(Fraction(1193, 1296))
    '92.1%'
    """
    return f"{float(chance):.1%}"


def as_fraction(chance: Fraction) -> str:
    """A chance as a fraction and a percentage.

    >>> as_fraction(Fraction(21, 36)), as_fraction(Fraction(1))
    ('7/12 (58.3%)', '1 (100.0%)')
    """
    return f"{chance} ({as_percent(chance)})"


def four_odds(
    rng: random.Random,
    right: Fraction,
    others: Iterable[Fraction],
    text: Callable[[Fraction], str] = as_percent,
) -> tuple[tuple[str, ...], str]:
    """The choices offered (texts, least likely first) and the right one's text: ``right``
    and up to three of ``others`` next to it in value (a window of four that the seed slides
    over the right one); values whose text equals another's are dropped."""
    by_text = {text(right): right}
    for value in sorted(others):
        by_text.setdefault(text(value), value)
    ordered = sorted(by_text, key=lambda t: (by_text[t], t))
    at = ordered.index(text(right))
    size = min(OFFERED, len(ordered))
    first = rng.randint(max(0, at - size + 1), min(at, len(ordered) - size))
    return tuple(ordered[first : first + size]), text(right)
