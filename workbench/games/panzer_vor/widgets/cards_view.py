"""The stepper's view of the Panzer Vor! card game (a :class:`CardMatch`): the hand as cards,
what a click on a card or on the board means, and the lines on the turn, the phase, the deck
and the Enforcement count.

A click on a card in the hand: the legal actions that play it (each a button; one alone is
proposed, and a second click plays it). A click on the board means what is being resolved
asks: while an Action card waits for a tank, one of your tanks (its reach or its targets
shown; click again to declare it); then a destination (the path shown, other end facings as
buttons) or an enemy (the shot's exact odds before any die). Reaction windows, choices and
the characters' abilities are buttons. Anything the rules refuse is played anyway, so the
rules say why and nothing changes. Every answer is the rules' (``legal_actions``,
``previews``, ``apply`` on a copy); the card faces come from the render layer.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from workbench.games.panzer_vor.render.cards import card_html, card_text
from workbench.games.panzer_vor.render.pictures import (
    odds_label,
    path_overlay_of,
    reach_scene,
    sight_scene,
)
from workbench.games.panzer_vor.rules.actions import (
    Choose,
    Deploy,
    Discard,
    Fire,
    Move,
    PlayCard,
    React,
    Select,
)
from workbench.games.panzer_vor.rules.deck import Draw, size
from workbench.games.panzer_vor.rules.match import (
    CardMatch,
    Chance,
    Choice,
    Drawing,
    Effect,
    Order,
    Shot,
    Window,
)
from workbench.games.panzer_vor.rules.movement import movement_points
from workbench.games.panzer_vor.rules.previews import order_odds, order_reach, resolving_odds
from workbench.render.hex_overlays import reach_overlay
from workbench.render.hexboard import odds_overlay
from workbench.render.scene import Scene
from workbench.rules.core import CHANCE, TERMINAL, Action, Game, IllegalAction, Turn
from workbench.widgets.views import HandCard, Offer

STAGES = {
    "choose": "declare a tank (click one of yours) or stop",
    "move": "click where the tank moves",
    "fire": "click the enemy it fires at",
    "either": "click where it moves, or an enemy it fires at",
}


def _deploys(game: Game, match: CardMatch) -> list[Deploy]:
    """The placements the rules offer now (setup, a Ceasefire's redeployment)."""
    if not isinstance(match.top, Choice):
        return []
    return [a for a in game.legal_actions(match) if isinstance(a, Deploy)]


def _hex_choices(game: Game, match: CardMatch) -> list[Choose]:
    """The choices the rules offer now that are hexes of the map (played by a click)."""
    if not isinstance(match.top, Choice):
        return []
    grid = match.board.map.grid
    return [
        a for a in game.legal_actions(match) if isinstance(a, Choose) and grid.names_a_hex(a.option)
    ]


def uses_card(action: Action, name: str) -> bool:
    """Whether ``action`` plays (or discards) the card called ``name``."""
    return isinstance(action, PlayCard | React | Discard) and action.card == name


def card_label(action: Action) -> str:
    """A button's label for an action that plays a card."""
    if isinstance(action, React):
        return f"react with {action.card}" + (f": {action.tank} fires first" if action.tank else "")
    if isinstance(action, PlayCard):
        return f"play {action.card}" + (f" ({action.choice})" if action.choice else "")
    return str(action)


def frame_line(match: CardMatch, frame: Any) -> str:
    """What the frame being resolved asks, in a line."""
    if isinstance(frame, Order):
        if frame.stage == "choose":
            return f"{frame.side} carries out {frame.card}: {STAGES['choose']}"
        return f"{frame.side} carries out {frame.card}: {frame.tank} acts, {STAGES[frame.stage]}"
    if isinstance(frame, Shot):
        return f"{frame.firer} fires at {frame.target}: {frame.stage}"
    if isinstance(frame, Window):
        about = f" ({frame.answering})" if frame.answering else ""
        return f"{frame.side} may react now ({frame.moment}{about}): the buttons below"
    if isinstance(frame, Choice):
        return f"{frame.side} chooses ({frame.purpose}): the buttons below"
    if isinstance(frame, Drawing):
        n = "a card" if frame.count == 1 else f"{frame.count} cards"
        return f"{frame.side} draws {n}" + (" (a starting hand)" if frame.deal else "")
    if isinstance(frame, Chance):
        return f"a die decides ({frame.purpose})"
    if isinstance(frame, Effect):
        return f"{frame.card} takes effect"
    return str(frame)


class CardGameView:
    """The card game's part of the Panzer Vor! view (see the module); ``board`` is the view
    that draws the board (``panzer_vor_view.PanzerVorView``)."""

    def __init__(self, board: Any) -> None:
        self.board = board

    # --- lines ---------------------------------------------------------------------------
    def status(self, game: Game, match: CardMatch) -> list[str]:
        lines = [f"turn {match.turn}: {match.side_to_act}'s turn, {match.phase} phase (cards)"]
        if match.top is not None and match.ended is None:
            lines.append("now: " + frame_line(match, match.top))
            lines += self.shot_lines(match)
        elif match.ended is None and match.phase == "action":
            lines.append("now: play an Action card from the hand (click it), or pass")
        elif match.ended is None and match.phase == "event":
            lines.append("now: play an Event card from the hand (click it), or pass")
        elif match.ended is None and match.phase == "end":
            lines.append("now: discard down to five (click a card in the hand)")
        marked = " + the stagnation card" if match.marked else ""
        drawn = f"Enforcement cards drawn: {match.enforcement_drawn}"
        if match.marked:
            drawn += f", the match is stagnant: drawing {match.marked} again ends it"
        lines.append(f"deck {size(match.deck)}{marked} · discard {len(match.discard)} · {drawn}")
        hands = ", ".join(f"{side} {len(match.hand(side))}" for side in match.order)
        points = ", ".join(f"{side} {match.points.get(side, 0)}" for side in match.order)
        lines.append(f"cards in hand: {hands} · points destroyed: {points}")
        for side in match.order:
            face_up = match.scenario_cards.get(side, ())
            if face_up:
                lines.append(f"{side}'s Scenario cards face up: {', '.join(face_up)}")
        crew = []
        for c in match.crew:
            where = c.tank or (f"arrives with {c.arrives_with}" if c.arrives_with else "")
            crew.append(f"{c.name} ({c.side}{', ' + where if where else ''}, {c.face})")
        if crew:
            lines.append("characters: " + "; ".join(crew))
        if match.restrictions:
            lines.append(f"this turn: {', '.join(sorted(match.restrictions))}")
        return lines

    # --- the hand ------------------------------------------------------------------------
    def hand(self, game: Game, match: CardMatch) -> tuple[str, tuple[HandCard, ...]]:
        """The hand of the side to decide (the side to act when the dice decide), and its
        face-up Scenario cards; each card marked playable when a legal action plays it."""
        who = game.current_player(match)
        side = match.side_to_act if isinstance(who, Turn) else who
        legal = list(game.legal_actions(match)) if who == side else []
        counts = Counter(match.hand(side))
        names = [*sorted(counts), *match.scenario_cards.get(side, ())]
        cards = []
        for name in dict.fromkeys(names):
            card = match.card(name)
            n = counts.get(name, 0) or 1
            ok = any(uses_card(a, name) for a in legal)
            face = card_html(card, count=n, playable=ok)
            cards.append(HandCard(name, face, card_text(card, n), ok, name not in counts))
        return side, tuple(cards)

    def click_card(self, game: Game, match: CardMatch, name: str, proposed: Any) -> Offer:
        """A card in the hand: the legal actions that play it, or the rules' refusal."""
        card = match.card(name)
        who = game.current_player(match)
        legal = list(game.legal_actions(match)) if who not in (CHANCE, TERMINAL) else []
        plays = [a for a in legal if uses_card(a, name)]
        head = (card_text(card),)
        if not plays:  # played anyway: the rules refuse it and say why
            return Offer(head, action=PlayCard(name), commit=True)
        if len(plays) == 1:
            action = plays[0]
            lines = (*head, *_preview(game, match, action))
            lines += ("Click the card again (or Play) to play it.",)
            return Offer(lines, action=action, commit=proposed == action)
        lines = (*head, f"{len(plays)} ways to play it now: a button each")
        return Offer(lines, choices=tuple((card_label(a), a) for a in plays))

    def card_faces(self, game: Game, match: CardMatch, action: Action) -> tuple[str, ...]:
        """The face of the card an action drew, played or discarded (for the step shown)."""
        if not isinstance(action, Draw | PlayCard | React | Discard):
            return ()
        if action.card not in match.deck_list.cards:
            return ()
        return (card_html(match.card(action.card)),)

    def highlight(self, game: Game, match: CardMatch, scene: Scene) -> Scene | None:
        """A declared tank's reach (a card that moves) and its targets' odds (one that fires),
        shown as soon as it is declared."""
        top = match.top
        deploys = _deploys(game, match)
        hexes = [d.to for d in deploys] or [c.option for c in _hex_choices(game, match)]
        if hexes:  # setup: where the tanks (or obstacles) may be placed
            return reach_overlay(scene, {match.board.map.hex(h): 0 for h in hexes}, numbers=False)
        if match.ended is not None or not isinstance(top, Order) or top.tank is None:
            return None
        if not any(t.id == top.tank for t in match.tanks_of(top.side)):
            return None
        return self._tank_info(match, scene, top.tank, "", top).overlay

    # --- buttons -------------------------------------------------------------------------
    def buttons(self, game: Game, match: CardMatch) -> list[Action]:
        """Legal actions without a place on the board or in the hand: stop, pass, no
        reaction, decline, the reactions themselves, choices, abilities."""
        board_or_hand = Move | Fire | Select | PlayCard | Discard | Deploy
        on_the_map = set(_hex_choices(game, match))
        return [
            a
            for a in game.legal_actions(match)
            if not isinstance(a, board_or_hand) and a not in on_the_map
        ]

    # --- the board -----------------------------------------------------------------------
    def click(
        self, game: Game, match: CardMatch, scene: Scene, cell: Any, selection: Any, proposed: Any
    ) -> Offer:
        board = match.board
        if match.ended is not None:
            return Offer((f"The match is over: {match.ended}",))
        deploys = _deploys(game, match)
        if deploys:
            return self._deploy(match, scene, deploys, cell, selection, proposed)
        hexes = _hex_choices(game, match)
        if hexes:  # a hex the rules ask for (Exhibition!'s obstacles, say): click it
            if cell is None:
                return Offer((f"{frame_line(match, match.top)}: click a shaded hex.",))
            choose = Choose(board.map.grid.label(cell))
            if choose not in hexes:
                return Offer(action=choose, commit=True)  # the rules say why not
            said = (f"{choose}: click the hex again (or Play).",)
            return Offer(said, scene, action=choose, commit=proposed == choose)
        top = match.top
        tank = None if cell is None else board.tank_at(cell)
        tank = None if tank is not None and tank.wreck else tank
        if not isinstance(top, Order):
            if top is None and tank is not None:
                why = "a tank acts only on an Action card: click one in the hand"
                return self._tank_info(match, scene, tank.id, why)
            now = frame_line(match, top) if top is not None else f"the {match.phase} phase"
            return Offer((f"No board action now: {now}.",))
        if top.stage == "choose":
            if tank is None:
                return Offer((frame_line(match, top),))
            return self._declare(game, match, scene, top, tank.id, proposed)
        acting = top.tank
        assert acting is not None
        label, facings = board.map.grid.label, board.map.grid.direction_names
        if tank is not None and tank.side != top.side:
            return self._aim(match, scene, top, acting, tank.id, proposed)
        if cell is None:
            return self._tank_info(match, scene, acting, frame_line(match, top), top)
        legal = [a for a in game.legal_actions(match) if isinstance(a, Move) and a.tank == acting]
        here = [m for m in legal if m.to == label(cell)]
        if tank is not None and tank.id == acting:  # its reach, and turning where it stands
            info = self._tank_info(match, scene, acting, frame_line(match, top), top)
            turns = tuple((f"turn to face {facings[m.facing]}", m) for m in here)
            more = ("Or turn where it stands: a button each.",) if turns else ()
            return Offer((*info.lines, *more), info.overlay, acting, choices=turns)
        reach = order_reach(match, top, acting)
        if not here:  # out of reach, or the card does not move: the rules say why
            facing = board.tank(acting).facing
            out_of_reach = (
                f"{label(cell)} is not among the moves {acting} may end on {top.card} now "
                f"({reach.mp} MP; shaded when the tank is clicked)",
            )
            return Offer(out_of_reach, action=Move(acting, label(cell), facing), commit=True)
        plain = [m for m in here if not m.ability] or here
        steps = reach.path_to(cell, None)
        best = next((m for m in plain if steps and m.facing == steps[-1].end[1]), plain[0])
        steps = reach.path_to(cell, best.facing) if not best.ability else steps
        overlay = path_overlay_of(reach_scene(board, reach, scene=scene), steps)
        lines = (
            f"Move {acting} to {best.to} facing {facings[best.facing]} ({best.facing})"
            + (f" using {best.ability}" if best.ability else ""),
            *_preview(game, match, best),
            "Click the hex again (or Play) to make this move, or end it another way.",
        )
        others = tuple(
            (f"face {facings[m.facing]}" + (f" ({m.ability})" if m.ability else ""), m)
            for m in here
            if m != best
        )
        return Offer(lines, overlay, acting, best, commit=proposed == best, choices=others)

    def _deploy(
        self,
        match: CardMatch,
        scene: Scene,
        deploys: list[Deploy],
        cell: Any,
        selection: Any,
        proposed: Any,
    ) -> Offer:
        """Setup: a click on a shaded hex places a tank there, facing the middle of the map
        (other tanks and facings as buttons); anywhere else the rules say why not."""
        grid = match.board.map.grid
        facings = grid.direction_names
        waiting = list(dict.fromkeys(d.tank for d in deploys))
        if cell is None:
            return Offer((f"Click a shaded hex to place a tank: {', '.join(waiting)} wait.",))
        label = grid.label(cell)
        here = [d for d in deploys if d.to == label]
        if not here:
            tank = selection if selection in waiting else waiting[0]
            return Offer(action=Deploy(tank, label, 0), commit=True)  # the rules say why not
        tanks = list(dict.fromkeys(d.tank for d in here))
        tank = selection if selection in tanks else tanks[0]
        middle = grid.from_offset(grid.cols // 2, grid.rows // 2)
        mine = [d for d in here if d.tank == tank]
        best = min(mine, key=lambda d: cell.neighbor(d.facing).distance(middle))
        lines = (
            f"Place {tank} on {label} facing {facings[best.facing]} ({best.facing})",
            f"waiting to be placed: {', '.join(waiting)}",
            "Click the hex again (or Play) to place it, or pick another facing or tank.",
        )
        others = tuple((f"face {facings[d.facing]}", d) for d in mine if d != best)
        others += tuple(
            (f"place {t} here", next(d for d in here if d.tank == t)) for t in tanks if t != tank
        )
        return Offer(lines, scene, tank, best, commit=proposed == best, choices=others)

    def _declare(
        self, game: Game, match: CardMatch, scene: Scene, order: Order, tank_id: str, proposed: Any
    ) -> Offer:
        select = Select(tank_id)
        if select not in game.legal_actions(match):
            return Offer(action=select, commit=True)  # the rules say why not
        info = self._tank_info(match, scene, tank_id, f"declare {tank_id} for {order.card}", order)
        lines = (*info.lines, "Click the tank again (or Play) to declare it.")
        return Offer(lines, info.overlay, tank_id, select, commit=proposed == select)

    def _tank_info(
        self, match: CardMatch, scene: Scene, tank_id: str, head: str, order: Order | None = None
    ) -> Offer:
        """A tank's reach (with the card's bonus) and its targets' odds from where it stands
        (with the card's modifiers; not while it is still to move first), as the card being
        carried out would give them."""
        board = match.board
        tank = board.tank(tank_id)
        card = match.card(order.card) if order is not None else None
        where = (
            f"{board.map.grid.label(tank.hex)} facing {board.map.grid.direction_names[tank.facing]}"
        )
        lines = [f"{tank.id} ({tank.side}) at {where}: {head}"]
        overlay = scene
        if card is None or card.move:
            reach = order_reach(match, order, tank_id) if order else None
            if reach is None:
                mp, _ = movement_points(tank)
                lines.append(f"{mp} MP without a card's bonus")
            else:
                lines.append(f"{reach.mp} MP on {card.name if card else 'this card'}")
                overlay = reach_scene(board, reach, scene=scene)
        if order is not None and card is not None and card.attack and order.stage != "move":
            odds = {e.id: order_odds(match, order, tank_id, e.id) for e in board.enemies_of(tank)}
            shown = {board.tank(t).hex: odds_label(o) for t, o in odds.items() if o.can_fire}
            lines += [f"at {t}: {odds_label(o)}" for t, o in odds.items() if o.can_fire]
            overlay = odds_overlay(overlay, shown) if shown else overlay
        return Offer(tuple(lines), overlay, tank_id)

    def _aim(
        self, match: CardMatch, scene: Scene, order: Order, firer: str, target: str, proposed: Any
    ) -> Offer:
        board = match.board
        fire = Fire(firer, target)
        if order.stage == "move":  # the tank moves first on this card: the rules say so
            return Offer(action=fire, commit=True)
        odds = order_odds(match, order, firer, target)
        overlay = sight_scene(board, odds.line, scene=scene, caption=False)
        overlay = odds_overlay(overlay, {board.tank(target).hex: odds_label(odds)})
        lines = [f"{firer} fires at {target} ({order.card}): {odds_label(odds)}"]
        lines += odds.lines()[1:]
        if odds.can_fire:
            lines.append("Click the enemy again (or Play) to fire. Nothing is rolled yet.")
        commit = proposed == fire or not odds.can_fire
        return Offer(tuple(lines), overlay, firer, fire, commit=commit)

    def shot_lines(self, match: CardMatch) -> list[str]:
        """The odds of the shot being resolved (every modifier played so far)."""
        top = match.top
        if not isinstance(top, Shot):
            return []
        return [f"odds now: {odds_label(resolving_odds(match, top))}"]


def _preview(game: Game, match: CardMatch, action: Action) -> tuple[str, ...]:
    """What ``action`` would say if played now (the rules' events, on a copy)."""
    try:
        events = game.apply(match, action).events
    except IllegalAction as refused:
        return (f"the rules refuse it: {refused.reason}",)
    return tuple(line.strip() for event in events for line in event.lines())


__all__ = ["CardGameView", "card_label", "frame_line", "uses_card"]
