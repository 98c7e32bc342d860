"""The exact odds of a shot from the game state, for learners (the contract's ``odds``): the
dice (``shooting.dice_odds``: both pools, every contribution cited), then the Critical cards
drawn from the deck as it stands, so that ``destroy`` is the exact probability that the
target ends the shot with no Damage Points left (it is destroyed in the Command Phase).

The players' choices between the dice follow the policy documented in ``shooting.py``
(the stationary re-roll when a fresh roll is expected to leave more uncancelled; the shooter
cancels Hits first, the target Critical Hits first). :func:`policy_choice` is that policy as
an action in a state, so playing it after the shot is declared gives exactly these odds: it
is the game's ``declining`` (TANKS has no reaction to decline between the dice; the two
choices there are made as the odds assume).

Critical cards are drawn as the game draws them: from the deck, reshuffling the discards when
it is empty (a Repairable card with an effect stays on the target, the others are
discarded), and with no card left at all a Critical Hit does the stand-in damage of
``criticals.EMPTY_DECK_DAMAGE``.

>>> from fractions import Fraction
>>> dict(critical_damage(("Busted Tracks", "Penetration (stand-in)"), (), 1))
{1: Fraction(1, 2), 2: Fraction(1, 2)}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from workbench.boards.values import Pictured
from workbench.games.tanks.rules import sources
from workbench.games.tanks.rules.actions import Cancel, KeepRoll, Reroll, Shoot
from workbench.games.tanks.rules.criticals import EMPTY_DECK_DAMAGE
from workbench.games.tanks.rules.criticals import card as critical_card
from workbench.games.tanks.rules.shooting import ShotOdds, dice_odds, reroll_pick, score
from workbench.games.tanks.rules.state import Battle
from workbench.rules.core import Action, Reason, lines_of, not_now


@cache
def critical_damage(
    deck: tuple[str, ...], discard: tuple[str, ...], draws: int
) -> tuple[tuple[int, Fraction], ...]:
    """The exact distribution of the damage ``draws`` Critical cards do, drawn from ``deck``
    (sorted names) with ``discard`` reshuffled in when it runs out (see the module)."""
    if draws == 0:
        return ((0, Fraction(1)),)
    if not deck:
        deck, discard = tuple(sorted(discard)), ()
    if not deck:
        rest = critical_damage((), (), draws - 1)
        return tuple((d + EMPTY_DECK_DAMAGE, p) for d, p in rest)
    out: dict[int, Fraction] = {}
    for name, copies in sorted(Counter(deck).items()):
        card = critical_card(name)
        left = list(deck)
        left.remove(name)
        kept_on_tank = card.repairable and bool(card.effect)
        after = discard if kept_on_tank else tuple(sorted((*discard, name)))
        for damage, p in critical_damage(tuple(left), after, draws - 1):
            total = damage + card.damage
            out[total] = out.get(total, Fraction(0)) + p * Fraction(copies, len(deck))
    return tuple(sorted(out.items()))


def damage_distribution(
    dice: Mapping[tuple[int, int], Fraction], deck: tuple[str, ...], discard: tuple[str, ...]
) -> dict[int, Fraction]:
    """The total damage of a shot: each (Hits, Critical Hits) outcome's Hits plus the damage
    of the Critical cards its Critical Hits draw."""
    out: dict[int, Fraction] = {}
    for (hits, crits), p in dice.items():
        for damage, q in critical_damage(tuple(sorted(deck)), tuple(sorted(discard)), crits):
            out[hits + damage] = out.get(hits + damage, Fraction(0)) + p * q
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class Odds(Pictured):
    """One shot's exact odds in a state, asked at any moment: ``destroy`` (a Fraction), the
    dice (``dice``: pools, reasons and the (Hits, Criticals) distribution), the total
    ``damage`` distribution and the target's Damage Points ``left``; ``shot`` is the action
    that declares it now, or ``None`` when it cannot be declared now, ``refusal`` then saying
    why, with the phase (``core.not_now``)."""

    battle: Battle
    attacker: str
    target: str
    dice: ShotOdds
    left: int
    damage: Mapping[int, Fraction]
    refusal: Reason | None = None
    deck_reason: Reason = field(default=Reason(""), repr=False)

    __hash__ = None  # type: ignore[assignment]

    @property
    def shot(self) -> Shoot | None:
        """The action that declares the shot now (None: it cannot be declared now)."""
        return Shoot(self.attacker, self.target) if self.refusal is None else None

    @property
    def destroy(self) -> Fraction:
        """The probability that the target ends the shot with no Damage Points left."""
        return self.at_least(self.left)

    def at_least(self, damage: int) -> Fraction:
        """The probability that the shot does ``damage`` or more (Hits and Critical cards)."""
        return sum((p for d, p in self.damage.items() if d >= damage), Fraction(0))

    def expected_damage(self) -> Fraction:
        return sum((d * p for d, p in self.damage.items()), Fraction(0))

    @property
    def can_shoot(self) -> bool:
        """Whether the shot may be taken at all (sight, arc, the tanks' state)."""
        return self.dice.can_shoot

    @property
    def attack_dice(self) -> int:
        return self.dice.attack_dice

    @property
    def defence_dice(self) -> int:
        return self.dice.defence_dice

    @property
    def distribution(self) -> dict[tuple[int, int], Fraction]:
        """(damage from Hits, Critical cards drawn) after defence, each exact."""
        return self.dice.distribution

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """Each pool contribution with its section, the policy, the deck, and why the shot
        cannot be declared now (last, as in every game)."""
        now = (self.refusal,) if self.refusal else ()
        deck = (self.deck_reason,) if self.dice.can_shoot and self.deck_reason.text else ()
        return (*self.dice.reasons, *deck, *now)

    def lines(self) -> list[str]:
        """The reasons, then the chance of destroying the target and of any damage."""
        shooter, target = self.attacker, self.target
        head = (
            f"{shooter} → {target} ({self.left} Damage Points left): destroyed with "
            f"probability {self.destroy} ≈ {float(self.destroy):.1%}; one damage or more "
            f"{float(self.at_least(1)):.1%}"
        )
        return [head, *lines_of(self.reasons)]


def shot_chances(battle: Battle, attacker: str, target: str, refusal: Reason | None) -> Odds:
    """The :class:`Odds` of ``attacker``'s shot at ``target`` in ``battle`` (``refusal``: why
    the game would refuse to declare it now, as its ``apply`` says: given with the phase)."""
    dice = dice_odds(battle, attacker, target)
    hit = battle.tank(target)
    damage = damage_distribution(dice.distribution, battle.deck, battle.discard)
    reshuffled = f", {len(battle.discard)} discarded reshuffled in when it runs out"
    none_left = f"; with none left a Critical Hit does {EMPTY_DECK_DAMAGE} damage"
    deck_reason = Reason(
        f"Critical cards drawn from the {len(battle.deck)} in the deck"
        + (reshuffled if battle.discard else "")
        + ("" if battle.deck or battle.discard else none_left)
        + "; the deck beyond Busted Tracks is a stand-in",
        sources.STAND_IN,
    )
    why = None if refusal is None else not_now(f"{battle.phase} phase", refusal)
    return Odds(battle, attacker, target, dice, hit.left, damage, why, deck_reason)


def policy_choice(battle: Battle) -> Action | None:
    """The choice the odds assume at a side's decision between the dice (see the module):
    keep or re-roll a stationary shooter's Attack roll, and where the cancellations fall;
    ``None`` where no shot waits for such a choice."""
    shot = battle.shot
    if shot is None:
        return None
    if shot.step == "reroll?":
        hits, crits = score(shot.attack)
        semi = battle.tank(shot.shooter).has("Semi-Indirect Fire")
        n = len(shot.attack)
        pick = reroll_pick(hits, crits, n, shot.defence_dice, semi)
        if pick == "keep":
            return KeepRoll()
        return Reroll() if pick == "all" else Reroll((max(shot.attack),))
    if shot.step in ("cancel-shooter", "cancel-target"):
        choices = shot.cancel_choices()
        # the shooter cancels Hits first, the target Critical Hits first (fewest Hits)
        return Cancel(choices[-1] if shot.step == "cancel-shooter" else choices[0])
    return None
