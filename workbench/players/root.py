"""The root's choice: what a search plays once its simulations are spent.

The greedy player's choice is the search's favourite; the search overrules it only on
evidence. With tens of simulations over a few candidates, a mean seen once or twice is mostly
noise, so an action replaces the favourite only where it was searched at least
``min_visits`` times and its mean score beats the favourite's by ``margin`` (scores run from
-1 to 1). Which action is weighed against the favourite is a game's :class:`RootRule`: the most
searched (OpenSpiel's own choice; the default), or the best mean among those searched enough
(where the search gives each of a few candidates its share of simulations, as in Panzer
Strike and TANKS). Not the rulebook's: it decides how a labelled computer opponent plays.
"""

from __future__ import annotations

from dataclasses import dataclass

Seen = dict[int, tuple[int, float]]  # each root action's simulations and mean score


@dataclass(frozen=True)
class RootRule:
    """How a game's search picks its root action (see the module)."""

    best_mean: bool = False  # weigh the best mean searched enough, not the most searched
    min_visits: int = 4  # simulations an action needs before it may overrule the favourite
    margin: float = 0.05  # and how much higher its mean score must be


def root_choice(seen: Seen, favoured: int | None, most_searched: int,
                rule: RootRule = RootRule()) -> int:  # fmt: skip
    """The action to play (see the module): ``seen`` each root action's simulations and mean
    score, ``favoured`` the greedy player's choice (None: no greedy player), ``most_searched``
    the search's own choice.

    >>> seen = {3: (6, 0.3), 7: (20, 0.1), 9: (2, 0.9)}
    >>> root_choice(seen, 7, 7), root_choice(seen, 7, 3), root_choice(seen, 7, 9)
    (7, 3, 7)
    >>> root_choice(seen, 7, 7, RootRule(best_mean=True)), root_choice(seen, None, 9)
    (3, 9)
    >>> root_choice(seen, 7, 7, RootRule(best_mean=True, margin=0.25))
    7
    """
    if favoured is None or favoured not in seen:
        return most_searched
    enough = [a for a, (visits, _) in seen.items() if visits >= rule.min_visits]
    if rule.best_mean:
        rival = max(enough, key=lambda a: seen[a][1], default=favoured)
    else:
        rival = most_searched
    if rival == favoured or rival not in seen:
        return rival
    visits, mean = seen[rival]
    favoured_visits, favoured_mean = seen[favoured]
    if visits >= rule.min_visits and (favoured_visits == 0 or mean >= favoured_mean + rule.margin):
        return rival
    return favoured
