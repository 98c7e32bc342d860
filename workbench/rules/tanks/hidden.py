"""What each side of a TANKS game sees (the contract's ``observation``): today everything.

The place for what the rules hide: Upgrade and Crew cards "start the game face down so your
opponent does not know what upgrades your tank has, but they can see the point cost on the
back of the cards. The first time you use a card you must flip the card face up" (Building
Your Platoon: Upgrade and Crew Cards). Crew effects are not modelled yet (``shooting`` says
so where a crew card is carried); when they are, :func:`mask` hides an opponent's crew cards
not yet used (their point costs stay in sight), the game's ``sample_hidden`` draws them again
for ``determinize``, and the action that first uses a card shows it to both sides.
"""

from __future__ import annotations

from workbench.rules.tanks.state import Battle


def mask(battle: Battle, player: str) -> Battle:
    """The battle as ``player`` sees it: the whole battle (nothing is hidden yet)."""
    return battle
