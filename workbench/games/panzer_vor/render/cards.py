"""Panzer Vor! cards drawn as cards: a face per card (its name, its type, its icons and
values, its text, and where the text comes from), as HTML for a side panel. Render reads the
card's data (:class:`~workbench.games.panzer_vor.rules.cards.Card`); it decides nothing about when a
card may be played.

>>> from workbench.games.panzer_vor.rules.cards import CARDS
>>> face = card_html(CARDS["Full Speed Ahead!"])
>>> "Full Speed Ahead!" in face and "Action card" in face and "+2 MP" in face
True
"""

from __future__ import annotations

import html

from workbench.games.panzer_vor.rules.cards import STAND_IN, Card
from workbench.render.themes import contrast_text, readable

KIND_COLORS = {  # the header of a card, by its type (Card Types)
    "action": "#2b5f9e",
    "event": "#2e7d32",
    "reaction": "#b35c00",
    "enforcement": "#b71c1c",
    "scenario": "#5e35b1",
}
PLAYED_AS = {
    "action": "played as an Action card",
    "event": "played as an Event card",
    "reaction": "played as a Reaction card",
    "drawn": "acts when drawn",
    "any": "played when its scenario says",
}
CARD_FONT_PX = 13.0  # the smallest text on a card face (a room reads 12 px and up)


def card_type(card: Card) -> str:
    """The card's type line, e.g. ``"Action card"`` or ``"Scenario card, played as an Action
    card"``."""
    head = f"{card.kind.capitalize()} card"
    return f"{head}, {PLAYED_AS[card.acts_as]}" if card.acts_as in PLAYED_AS else head


def card_marks(card: Card) -> list[str]:
    """The icons and printed values of a card, short: ``["Move", "+2 MP"]``."""
    marks = []
    if card.either:
        marks.append("Move or Attack")
    else:
        marks += ["Move"] * card.move + ["Attack"] * card.attack
    if card.is_action and card.tanks != 1:
        marks.append("all your tanks" if card.tanks == 0 else f"up to {card.tanks} tanks")
    if card.mp:
        marks.append(f"{card.mp:+d} MP")
    if card.attack_modifier:
        marks.append(f"attack {card.attack_modifier:+d}".replace("-", "−"))
    if card.damage_modifier:
        marks.append(f"damage {card.damage_modifier:+d}".replace("-", "−"))
    if card.no_attack_roll:
        marks.append("no attack roll")
    return marks


def card_text(card: Card, count: int = 1) -> str:
    """The card as one line of plain text (what a screen reader and the tests get)."""
    times = f" ×{count}" if count > 1 else ""
    marks = ", ".join(card_marks(card))
    return f"{card.name}{times} — {card_type(card)}{f' ({marks})' if marks else ''}: {card.text}"


def card_html(
    card: Card,
    *,
    count: int = 1,
    playable: bool = True,
    font_px: float = CARD_FONT_PX,
    width_em: float = 9.5,
) -> str:
    """One card face as HTML: a coloured header with its name (and ×count), the type line,
    its icons and values, its text, and its source (a stand-in is labelled as one).
    ``playable=False`` greys the card (it cannot be played now)."""
    color = KIND_COLORS.get(card.kind, "#444444")
    ink = contrast_text(color)
    times = f" <span style='font-weight:normal'>×{count}</span>" if count > 1 else ""
    marks = "".join(
        f"<span style='border:1px solid {color};border-radius:3px;padding:0 3px;"
        f"margin:0 3px 2px 0;display:inline-block;color:{readable(color, '#ffffff')}'>"
        f"{html.escape(m)}</span>"
        for m in card_marks(card)
    )
    source = "stand-in (the card prints it)" if card.source == STAND_IN else card.source
    faded = "" if playable else "opacity:0.55;"
    return (
        f"<div class='workbench-card workbench-card-{card.kind}' title='{html.escape(card.text)}'"
        f" style='{faded}width:{width_em}em;border:2px solid {color};border-radius:6px;"
        f"background:#ffffff;color:#111111;font-size:{font_px:g}px;line-height:1.25;"
        "overflow:hidden;box-sizing:border-box'>"
        f"<div style='background:{color};color:{ink};font-weight:bold;padding:2px 5px'>"
        f"{html.escape(card.name)}{times}</div>"
        f"<div style='padding:2px 5px;font-style:italic'>{html.escape(card_type(card))}</div>"
        f"<div style='padding:0 5px'>{marks}</div>"
        f"<div style='padding:2px 5px'>{html.escape(card.text)}</div>"
        f"<div style='padding:0 5px 3px;color:#555555'>{html.escape(source)}</div>"
        "</div>"
    )


__all__ = ["card_html", "card_marks", "card_text", "card_type"]
