"""A world for a side of a card game (``Game.sample_hidden``): a whole match that the side sees
exactly as it saw the real one, reached by a history of the game (each card another side drew
unseen replaced by a card it could have drawn), drawn given every fact the table saw
(:mod:`.facts`): which cards left a hand face up, which reaction windows did or did not open,
what each draw was made from.

**The model.** The deck is shuffled, so a history's chance depends on which cards were drawn,
not on their order: the posterior weighs each world that agrees with every fact by the
chance of its draws (no side's choices are modelled). Each card another side drew unseen is
either a card it showed later (played, discarded: which unseen draw it was is a *matching*,
a card drawn before it was shown and not before a window it would have opened) or a card
still unseen. Given a matching, a world is drawn thus: each unseen card from the world's
deck at the odds of its moment, among the cards no later window rules out; and the world is
weighed by the chance of those, by each known draw's chance in the world over its chance in
the world likeliest to give it (a card the side saw drawn, and a card shown later: its
copies in the world's deck over its copies in the deck and the hidden hands), and by one
over the number of matchings that give the same world. A fact that fails in a world rules it
out: it is never ignored.

**Drawn exactly where cheap.** The first :data:`EXACT_DRAWS` worlds are kept each with
probability its weight (rejection sampling: exactly the posterior, for a matching drawn at
random among the possible ones by Kuhn's augmenting paths over candidates in random order,
not exactly uniformly: **the first approximation**). Late in a long game the weights are
small; then :data:`WEIGHED` worlds are drawn and one kept in proportion to its weight
(sampling importance resampling: **the second approximation**, its error shrinking as one
over the number drawn), and a window that opened with no card seen or shown to answer it is
answered by one of its side's unseen cards, chosen at random and drawn among those that fit,
the weight made up for it. A new matching is drawn every :data:`TRIES` worlds, or at once
where a window that opened has no card to answer it; after :data:`MOST_DRAWS`,
:class:`NoWorld`.

A match made by hand (its hands set, not dealt by the rules from a first state) has no facts
to go by: its hidden hands are drawn uniformly from the unseen cards that may be held
(:func:`by_hand`), and its history keeps the steps it has.

Not conditioned on: what a side's own past legal actions told it of another's hand (one
scenario card reads another hand to be offered: Kuromorimine Stage 2's HS0017); the legal
actions of the moment itself are checked by the caller.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from workbench.errors import WorkbenchError
from workbench.games.panzer_vor.rules.deck import Draw, from_counts
from workbench.games.panzer_vor.rules.facts import Dealt, Drew, HandChange, WindowCheck
from workbench.games.panzer_vor.rules.match import CardMatch, evolve
from workbench.rules.observation import History, Seen, SeenList, history_from

TRIES = 16  # draws of the unseen cards for one matching
EXACT_DRAWS = 48  # draws kept or thrown away at their weight (the exact posterior) first
WEIGHED = 32  # then worlds drawn, one chosen by weight (sampling importance resampling)
MOST_DRAWS = 4_000  # draws before giving up
ENDED = "ended"  # the fact a series notes when a match ends (its hands are the world's then)
KEPT = "panzer-vor worlds"  # what a history keeps of its worlds (``SeenList.cache``)


class NoWorld(WorkbenchError, RuntimeError):
    """No world agreeing with every fact was found (see the module)."""


@dataclass
class _Slot:
    """A card drawn unseen by ``side``: at event ``at``, in match ``segment``; ``card``: the
    card played later that it was (``None``: a card still unseen)."""

    side: str
    at: int
    segment: int
    deal: bool
    card: str | None = None


@dataclass
class _Timeline:
    """The facts of a history in order (see :func:`timeline`)."""

    events: list[tuple[str, Any]] = field(default_factory=list)
    slots: list[_Slot] = field(default_factory=list)
    demands: list[tuple[str, str, int, int]] = field(default_factory=list)  # side, card, at, seg
    checks: dict[str, list[tuple[int, WindowCheck]]] = field(default_factory=dict)
    cards: Any = None  # the deck list: what each card is


def timeline(seen: SeenList, cards: Any, now: tuple[Any, ...] = ()) -> _Timeline:
    """The events of the history as the side saw it (``now``: the facts of a match that
    has taken no step yet), with its unseen draws (slots) and the cards that left a hidden
    side's hand face up without having been seen going in (demands: each one of the slots
    before it)."""
    line = _Timeline(cards=cards)
    known: dict[str, Counter[str]] = {}
    segment = 0
    steps: Iterable[Seen] = seen if len(seen) else (Seen("", None, "", None, now),)
    for step in steps:
        for fact in step.facts:
            at = len(line.events)
            if isinstance(fact, Dealt):
                segment += 1
                known = {side: Counter(hand) for side, hand in fact.hands}
                line.events.append(("dealt", fact))
            elif isinstance(fact, Drew):
                card = None if step.action is None else step.action.card
                if card is None:
                    if fact.side is None:
                        raise NoWorld("a card drawn unseen into no hand")
                    line.slots.append(_Slot(fact.side, at, segment, fact.deal))
                elif fact.side is not None:
                    known.setdefault(fact.side, Counter())[card] += 1
                line.events.append(("drew", (fact, card, len(line.slots) - 1)))
            elif isinstance(fact, HandChange):
                hand = known.setdefault(fact.side, Counter())
                for card in fact.removed:
                    if hand[card] > 0:
                        hand[card] -= 1
                    else:
                        line.demands.append((fact.side, card, at, segment))
                hand.update(fact.added)
                line.events.append(("change", fact))
            elif isinstance(fact, WindowCheck):
                line.checks.setdefault(fact.side, []).append((at, fact))
                line.events.append(("window", fact))
            elif fact == ENDED:
                line.events.append(("ended", None))
    return line


def _holdable(cards: Any, card: str, deal: bool) -> bool:
    """Whether an unseen draw may have been ``card``: never an Enforcement card, nor a card
    that acts when drawn (each is drawn face up), nor Reinforcements at a deal (set aside)."""
    found = cards.card(card)
    if found.kind == "enforcement" or (not deal and found.acts_as == "drawn"):
        return False
    return not (deal and card == "Reinforcements")


def _candidates(line: _Timeline, demand: tuple[str, str, int, int]) -> list[int]:
    """The slots a card that left a hand may have been: the side's, in the match, drawn
    before it left and after the last window it would have opened but did not."""
    side, card, at, segment = demand
    release = -1
    for when, check in line.checks.get(side, ()):
        if when < at and not check.opened and check.fits(card):
            release = max(release, when)
    return [
        i for i, slot in enumerate(line.slots)
        if slot.side == side and slot.segment == segment and release < slot.at < at
        and _holdable(line.cards, card, slot.deal)
    ]  # fmt: skip


def _matching(line: _Timeline, candidates: list[list[int]], rng: random.Random) -> bool:
    """Each demand given a slot of its own (Kuhn's augmenting paths, candidates in random
    order); False if there is none."""
    owner: dict[int, int] = {}

    def place(d: int, visited: set[int]) -> bool:
        options = list(candidates[d])
        rng.shuffle(options)
        for slot in options:
            if slot in visited:
                continue
            visited.add(slot)
            if slot not in owner or place(owner[slot], visited):
                owner[slot] = d
                return True
        return False

    order = list(range(len(candidates)))
    rng.shuffle(order)
    if not all(place(d, set()) for d in order):
        return False
    for slot in line.slots:
        slot.card = None
    for index, d in owner.items():
        line.slots[index].card = line.demands[d][1]
    return True


def _matchings(line: _Timeline, candidates: list[list[int]], drawn: list[str]) -> int:
    """In how many ways the cards shown later can be the world's unseen draws (each of its
    matchings gives the same world: the world is kept with one over that many, so that a
    world is as likely as its draws, however many matchings make it)."""
    groups: dict[str, list[int]] = {}
    for d, (_, card, _, _) in enumerate(line.demands):
        groups.setdefault(card, []).append(d)
    total = 1
    for card, demands in groups.items():
        options = [[j for j in candidates[d] if drawn[j] == card] for d in demands]

        def count(i: int, used: frozenset[int], options: list[list[int]] = options) -> int:
            if i == len(options):
                return 1
            return sum(count(i + 1, used | {j}, options) for j in options[i] if j not in used)

        total *= count(0, frozenset())
    return total


@dataclass
class World:
    """What a drawn world says: each unseen draw's card, the hands now and at the end of
    each match (``ended``)."""

    drawn: list[str]
    hands: dict[str, Counter[str]]
    ended: list[dict[str, Counter[str]]]
    by_hand: bool = False  # a match made by hand (see the module): no draw redrawn


def _forbidden(line: _Timeline) -> list[frozenset[str]]:
    """For each unseen draw, the cards it cannot be if it is still unseen: those that would
    have opened a window its side was shown not to open while it held it (until the match
    ended): the union of what each later window rules out, gathered from the end back."""
    names = sorted({c for kind, data in line.events if kind == "drew" for c, _ in data[0].pool})
    ruled_out: dict[str, frozenset[str]] = {}  # side -> what the windows after here rule out
    found: dict[int, frozenset[str]] = {}
    slots = {slot.at: i for i, slot in enumerate(line.slots)}
    for at in range(len(line.events) - 1, -1, -1):
        kind, data = line.events[at]
        if kind == "dealt":
            ruled_out = {}  # a match begins: the windows after it ask no earlier hand
        elif kind == "window" and not data.opened:
            fitting = frozenset(n for n in names if data.fits(n))
            ruled_out[data.side] = ruled_out.get(data.side, frozenset()) | fitting
        elif at in slots:
            slot = line.slots[slots[at]]
            found[slots[at]] = ruled_out.get(slot.side, frozenset())
    return [found[i] for i in range(len(line.slots))]


def _opened(line: _Timeline) -> dict[int, list[int]]:
    """The reaction windows that opened though no card the matching fixes (the cards seen,
    and those matched with cards shown later) answers them, each with the cards never seen
    that its side held then (by event, the slots): one of those must answer it."""
    hands: dict[str, Counter[str]] = {}
    held: dict[str, list[int]] = {}
    found: dict[int, list[int]] = {}
    for at, (kind, data) in enumerate(line.events):
        if kind == "dealt":
            hands, held = {side: Counter(hand) for side, hand in data.hands}, {}
        elif kind == "drew" and data[0].side is not None:
            fact, card, slot_index = data
            if card is None and line.slots[slot_index].card is None:
                held.setdefault(fact.side, []).append(slot_index)
            else:
                known = card if card is not None else line.slots[slot_index].card
                hands.setdefault(fact.side, Counter())[known] += 1
        elif kind == "change":
            hand = hands.setdefault(data.side, Counter())
            hand.subtract(data.removed)
            hand.update(data.added)
        elif kind == "window" and data.opened:
            fixed = [c for c, n in sorted(hands.get(data.side, Counter()).items()) if n > 0]
            if not any(data.fits(c) for c in fixed):
                found[at] = list(held.get(data.side, ()))
    return found


def _draw(
    line: _Timeline, viewer: str | None, forbidden: list[frozenset[str]], rng: random.Random,
    opened: dict[int, list[int]] | None = None,
) -> tuple[World, float] | None:  # fmt: skip
    """The unseen cards drawn at the odds of their moments, and the world's weight: the
    product, over the draws whose card is known (seen, or shown later), of that card's chance
    in this world over its chance in the world likeliest to give it, and over the cards never
    seen, of the chance of a card that no later window rules out (each then drawn among
    those). None where a fact fails. With ``opened`` (:func:`_opened`), each window that
    opened is answered by one of its cards never seen, chosen at random, drawn among the
    cards that fit it, the weight made up for it (importance sampling: the chance of the
    world over the chance of drawing it so, its every way of being drawn counted)."""
    witness: dict[int, list[WindowCheck]] = {}
    for at, slots in (opened or {}).items():
        if slots:
            witness.setdefault(rng.choice(slots), []).append(line.events[at][1])
    ratios: dict[int, float] = {}  # window (event) -> sum over its slots that fit of M/M^F
    hands: dict[str, Counter[str]] = {}
    drawn: list[str] = []
    ended: list[dict[str, Counter[str]]] = []
    cards, weight = line.cards, 1.0
    for at, (kind, data) in enumerate(line.events):
        if kind == "dealt":
            hands = {side: Counter(hand) for side, hand in data.hands}
        elif kind == "drew":
            fact, card, slot_index = data
            deck = Counter(dict(fact.pool))
            for hand in hands.values():
                deck.subtract(hand)
            slot = line.slots[slot_index] if card is None else None
            if slot is not None and slot.card is None:  # a card never seen: at its odds
                held = [c for c, n in sorted(deck.items())
                        if n > 0 and _holdable(cards, c, slot.deal)]  # fmt: skip
                choices = [c for c in held if c not in forbidden[slot_index]]
                mass = sum(deck[c] for c in choices)
                if not mass:
                    return None
                weight *= mass / sum(deck[c] for c in held)
                for check in witness.get(slot_index, ()):
                    choices = [c for c in choices if check.fits(c)]
                if not choices:
                    return None
                card = rng.choices(choices, [deck[c] for c in choices])[0]
                for window, slots in (opened or {}).items():
                    if slot_index in slots and line.events[window][1].fits(card):
                        fits = sum(deck[c] for c in held if c not in forbidden[slot_index]
                                   and line.events[window][1].fits(c))  # fmt: skip
                        ratios[window] = ratios.get(window, 0.0) + mass / fits
            elif not fact.marked:  # a card seen drawn, or shown later: at its odds
                card = card if slot is None else slot.card
                unseen = deck[card] + sum(h[card] for s, h in hands.items() if s != viewer)
                if deck[card] <= 0:
                    return None
                weight *= deck[card] / unseen
            if slot is not None:
                drawn.append(card)
            if fact.side is not None:
                hands.setdefault(fact.side, Counter())[card] += 1
        elif kind == "change":
            hand = hands.setdefault(data.side, Counter())
            for card in data.removed:
                if hand[card] <= 0:
                    return None
                hand[card] -= 1
            hand.update(data.added)
        elif kind == "window":
            held = [c for c, n in hands.get(data.side, Counter()).items() if n > 0]
            if any(data.fits(c) for c in sorted(held)) != data.opened:
                return None
            if opened and opened.get(at):
                weight *= len(opened[at]) / ratios[at]
        elif kind == "ended":
            ended.append({s: +h for s, h in hands.items()})
    return World(drawn, {s: +h for s, h in hands.items()}, ended), weight


def sizes(line: _Timeline) -> dict[str, int]:
    """Each side's hand size at the end of the timeline (to tell a match made by hand, whose
    hands its facts do not account for)."""
    found: dict[str, int] = {}
    for kind, data in line.events:
        if kind == "dealt":
            found = {side: len(hand) for side, hand in data.hands}
        elif kind == "drew" and data[0].side is not None:
            found[data[0].side] = found.get(data[0].side, 0) + 1
        elif kind == "change":
            found[data.side] = found.get(data.side, 0) + len(data.added) - len(data.removed)
    return found


def by_hand(view: CardMatch, viewer: str | None, rng: random.Random) -> dict[str, Counter[str]]:
    """The hidden hands of a match made by hand (see the module): each drawn uniformly
    without replacement from the unseen cards that may be held."""
    pool = [card for card, n in view.deck for _ in range(n)]
    held = [card for card in pool if _holdable(view, card, deal=False)]
    hands: dict[str, Counter[str]] = {}
    for side, hand in sorted(view.hands.items()):
        if side == viewer:
            continue
        drawn = rng.sample(held if len(held) >= len(hand) else pool, len(hand))
        for card in drawn:
            pool.remove(card)
            if card in held:
                held.remove(card)
        hands[side] = Counter(drawn)
    return hands


def _prepared(seen: SeenList, cards: Any, now: tuple[Any, ...]) -> tuple[Any, ...]:
    """The timeline of ``seen`` with each demand's candidate slots and each slot's forbidden
    cards, worked out once for a history (kept on it: a search draws many worlds from one)."""
    kept = seen.cache.get(KEPT)
    if kept is None or kept[0] != now:
        line = timeline(seen, cards, now)
        kept = (now, line, [_candidates(line, d) for d in line.demands], _forbidden(line))
        seen.cache[KEPT] = kept
    return kept[1:]


def draw_world(seen: SeenList, view: CardMatch | None, viewer: str | None,
               rng: random.Random, accept: Callable[[World], bool] = lambda world: True,
               cards: Any = None) -> World:  # fmt: skip
    """A world for the history ``seen`` whose match in play is ``view`` as ``viewer`` sees it
    (see the module; ``cards``: what each card is, by default ``view``'s); ``accept``: the
    caller's own last check (the legal actions of the moment)."""
    now = view.shown if view is not None and not len(seen) else ()
    line, candidates, forbidden = _prepared(seen, cards or view, now)
    if view is not None:
        ends = sizes(line)
        if any(ends.get(s, 0) != len(h) for s, h in view.hands.items() if s != viewer):
            for _ in range(MOST_DRAWS):
                world = World([], by_hand(view, viewer, rng), [], by_hand=True)
                if accept(world):
                    return world
            raise NoWorld("no hands for this match made by hand give its legal actions")
    weighed: list[tuple[float, World]] = []
    opened: dict[int, list[int]] = {}
    tries = 0
    for attempt in range(MOST_DRAWS):
        if tries == 0:  # a new matching, unless one of its windows is answered by no card
            if not _matching(line, candidates, rng):
                break
            opened = _opened(line)
            tries = 0 if any(not slots for slots in opened.values()) else TRIES
            if not tries:
                continue
        tries -= 1
        exact = attempt < EXACT_DRAWS
        got = _draw(line, viewer, forbidden, rng, None if exact else opened)
        if got is None:
            continue
        world, weight = got
        weight /= _matchings(line, candidates, world.drawn)
        if exact and rng.random() < weight and accept(world):  # rejection: the exact posterior
            return world
        weighed.append((weight, world))
        if attempt >= EXACT_DRAWS and len(weighed) >= WEIGHED:
            break
    while weighed:  # else one of the worlds drawn, by its weight (see the module)
        i = rng.choices(range(len(weighed)), [w for w, _ in weighed])[0]
        if accept(weighed[i][1]):
            return weighed[i][1]
        weighed.pop(i)
    raise NoWorld(
        f"no world agrees with the {len(line.events)} facts of this history "
        f"({len(line.slots)} cards drawn unseen, {len(line.demands)} of them shown later)"
    )


def world_match(view: CardMatch, hands: dict[str, Counter[str]], viewer: str | None) -> CardMatch:
    """The masked match ``view`` with the hands hidden from ``viewer`` made ``hands`` (the
    deck the unseen cards the hands do not hold)."""
    deck = Counter(dict(view.deck))
    new = dict(view.hands)
    for side, hand in view.hands.items():
        if side == viewer:
            continue
        held = hands.get(side, Counter())
        if sum(held.values()) != len(hand):
            raise NoWorld(f"a world gave {side} {sum(held.values())} cards for its {len(hand)}")
        new[side] = tuple(sorted(held.elements()))
        deck.subtract(held)
    if min(deck.values(), default=0) < 0:
        raise NoWorld("a world's hands hold cards its deck does not have")
    match = evolve(view, hands=new, deck=from_counts(sorted((+deck).items())))
    match.__dict__.pop("history", None)
    return match


def world_history(seen: SeenList, player: str, world: World) -> History:
    """The world's history: ``seen`` with its ``i``-th unseen draw ``world.drawn[i]`` (a
    match made by hand keeps its steps as seen)."""
    if world.by_hand:
        return history_from(seen, player)
    return history_from(seen, player, lambda i, step: Draw(world.drawn[i]))


__all__ = ["NoWorld", "World", "draw_world", "timeline", "world_history", "world_match"]
