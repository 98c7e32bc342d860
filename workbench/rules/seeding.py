"""One seeding scheme, so that a seed means the same game everywhere: the stepper, ``play``,
the prepared games, the search players and the balance sweeps.

Every random choice a seeded game makes at step ``n`` (1-based: the record's step number) is
drawn from ``step_rng(seed, n)``, a ``random.Random`` seeded with the text ``"seed/n"``,
whoever makes it (the dice or a draw, or a player choosing among its legal actions): each
step has a stream of its own,
so a step replayed or played on from the middle of a game draws what it drew the first time,
and the stepper's computer players and ``play`` make the same game of the same seed. Where a
whole number is wanted from a seed instead (a search player's decision at step ``n``, game
``n`` of a sweep), it is ``derive(seed, n)``: the first eight bytes of the SHA-256 of the same
text, equal in every process (Python's ``hash`` of text is not).

>>> step_rng(7, 3).random() == random.Random("7/3").random()
True
>>> derive(7, 3) == derive(7, 3) != derive(7, 4)
True
"""

from __future__ import annotations

import hashlib
import random

from workbench.arguments import seed as seed_of
from workbench.arguments import whole_number

MAX_STEP = 10**9  # the library's own sanity limit: far past any game's or sweep's length


def seed_text(seed: int, step: int) -> str:
    """The text a seed and a step are derived from: ``"seed/step"`` (ArgumentError for a seed
    no record can hold, or a step that is no whole number from 0)."""
    seed_of("seed", seed)
    whole_number("step", step, low=0, high=MAX_STEP)
    return f"{seed}/{step}"


def step_rng(seed: int, step: int) -> random.Random:
    """The stream of step ``step`` (1-based) of a game seeded with ``seed``."""
    return random.Random(seed_text(seed, step))


def derive(seed: int, step: int) -> int:
    """A whole number from ``seed`` and ``step`` (a decision's step, a sweep's game), below
    2**63, the same in every process."""
    digest = hashlib.sha256(seed_text(seed, step).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


__all__ = ["derive", "seed_text", "step_rng"]
