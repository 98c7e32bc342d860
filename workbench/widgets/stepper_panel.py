"""The stepper's widgets: the board with its step slider, and beside it the side panel, which
keeps in view only what a step needs (whose step it is, the next step, a refusal or a
message, the buttons that play, the hand a page of cards at a time, the card or dice of the
step, then what happened at it) and folds the less-used parts into sections a click opens:
the log, the notes, the list of legal actions, the computer player, the files and the
legend, as tabs under one "More" header (a header each would take the room of the board's
controls). In the teacher app (a window to fit) the panel never scrolls: only what happened
at the step, last, gives way when the column is full (the app's stylesheet).

Every button and key calls a plain method of the :class:`~workbench.widgets.stepper.Stepper`;
nothing here decides a rule.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from workbench.export.pages import game_page, write_page
from workbench.render import legend_of
from workbench.render.canvas import GROUPS, new_canvas
from workbench.render.fitting import fit_size
from workbench.render.legend import NoLegend
from workbench.render.themes import theme_named
from workbench.rules.play import random_player
from workbench.widgets.layout import (
    NOTEBOOK_PX,
    app_board,
    app_row,
    board_and_panel,
    board_room,
    fitted_board,
    notebook_size,
    notebook_theme,
    readable_theme,
    smallest_label_px,
)
from workbench.widgets.pool import WidgetPool
from workbench.widgets.user_files import UserFiles

SECTIONS = ("Log", "Notes", "State", "Actions", "Computer", "Files", "Legend")  # the folded tabs
CARDS_PER_PAGE = 2  # the hand's cards shown at once, whole (◁ ▷ page through the rest), one
# fewer beside the card (or dice) of the step: cards wide enough to read at the room's size
LEGEND_FONT_PX = 18.0  # the app's legend, drawn 420 px wide and shown the panel's width:
# at least 24em wide, so its words at least the panel's text


KEYS_HELP = (
    "<b>←</b> <b>→</b> step · <b>Home</b> <b>End</b> first, last · <b>N</b> <b>P</b> next, "
    "previous note · <b>B</b> add a note (the box's text, or “bookmark”)"
)


def button(stepper: Any, label: str, tip: str, do: Any, width: str = "3.2em") -> widgets.Button:
    """A button that runs ``do`` through the stepper (an error shows in the panel)."""
    b = widgets.Button(description=label, tooltip=tip, layout=widgets.Layout(width=width))
    b.on_click(lambda _: stepper._safely(do))
    return b


def build(stepper: Any) -> widgets.Box:
    """Make the stepper's widgets (set on it as attributes) and return the whole box."""
    s = stepper
    s.canvas = new_canvas(s.scene)
    s.canvas.add_class("workbench-stepper-canvas")
    s.canvas.on_mouse_down(lambda x, y: s._safely(lambda: s.click(x, y)))
    s.canvas.on_key_down(lambda key, *_: s._safely(lambda: s.key(key)))
    for index, group in enumerate(GROUPS):
        s.canvas[index].on_client_ready(lambda g=group: s._draw([g], force=True))

    s.slider = widgets.IntSlider(0, min=0, max=0, description="step")
    s.slider.layout = widgets.Layout(flex="1 1 auto", min_width="8em")
    s.slider.observe(s._slider_moved, names="value")
    nav = widgets.HBox(
        [
            button(s, "|◀", "first step (Home)", s.first),
            button(s, "◀", "undo: one step back (←)", s.back),
            s.slider,
            button(s, "▶", "redo: one step on (→)", s.forward),
            button(s, "▶|", "last step (End)", s.last),
        ],
        layout=widgets.Layout(width="100%"),
    )
    s.panel = widgets.HTML()
    s.panel.add_class("workbench-stepper-panel")
    s.story = widgets.HTML()  # what happened at the step shown: last, it gives way first
    s.story.add_class("workbench-stepper-story")
    s.play_button = button(s, "Play", "play the proposed action", s.play_proposed, "5em")
    s.roll_button = button(s, "Roll", "let the dice decide", s.roll, "5em")
    s.bot_button = button(s, "Bot move", "the computer's choice now", s.bot_move, "7em")
    s.extra = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
    hand = _hand_widgets(s)
    actions = widgets.HBox(
        [s.play_button, s.roll_button, s.bot_button, s.extra],
        layout=widgets.Layout(flex_flow="row wrap"),
    )
    actions.add_class("workbench-stepper-actions")
    s.tabs = widgets.Tab(children=_sections(s), titles=SECTIONS)
    s.tabs.add_class("workbench-stepper-tabs")
    s.more = widgets.Accordion(children=[s.tabs], selected_index=None)
    s.more.set_title(0, "More: log, notes, files, …")
    s.more.add_class("workbench-stepper-more")
    side = widgets.VBox([s.turn.sign, s.panel, actions, hand, s.story, s.more])
    side.add_class("workbench-stepper-side")
    s.board_box = widgets.VBox([widgets.Box(), nav])
    s.board_box.add_class("workbench-stepper-board")
    _fit_board(s)
    in_app = s.readable_at is not None
    box = app_row(s.board_box, side) if in_app else board_and_panel(s.board_box, side)
    box.add_class("workbench-stepper")
    return box


def _hand_widgets(s: Any) -> widgets.Box:
    """The hand's title and pager (◀ cards 1–3 of 5 ▶), the card (or dice) of the step, and
    the cards of the page shown, each whole (a row that scrolled sideways cut a card off)."""
    s.hand_title = widgets.HTML()
    s.hand_page, s._hand_key, s._card_names = 0, None, []
    s._card_slots = WidgetPool(lambda index: _card_slot(s, index))  # reused as the hand changes
    s.hand_back = button(s, "◁", "the hand's cards before these", lambda: _turn_page(s, -1))
    s.hand_on = button(s, "▷", "the hand's next cards", lambda: _turn_page(s, +1))
    s.hand_count = widgets.HTML()
    s.hand_count.add_class("workbench-stepper-hand-count")
    pager = widgets.HBox([s.hand_back, s.hand_count, s.hand_on])
    pager.add_class("workbench-stepper-pager")
    s.hand_pager = pager
    s.hand_box = widgets.HBox(layout=widgets.Layout(flex="1 1 auto"))
    s.hand_box.add_class("workbench-stepper-hand")
    s.step_card = widgets.HTML(layout=widgets.Layout(flex="0 0 auto"))
    s.step_card.add_class("workbench-stepper-step-card")
    cards = widgets.HBox([s.step_card, s.hand_box])
    cards.add_class("workbench-stepper-cards")
    head = widgets.HBox([s.hand_title, pager], layout={"align_items": "center"})
    head.add_class("workbench-stepper-hand-head")
    return widgets.VBox([head, cards])


def _card_slot(s: Any, index: int) -> tuple[widgets.VBox, widgets.HTML, widgets.Button]:
    """The widgets of the ``index``-th card shown: its face and the button under it."""
    press = widgets.Button(layout={"width": "auto"})
    press.on_click(lambda _: s._safely(lambda: s.click_card(s._card_names[index])))
    face = widgets.HTML()
    face.add_class("workbench-card-face")
    box = widgets.VBox([face, press])
    box.add_class("workbench-stepper-card")
    return box, face, press


def show_hand(s: Any, side: str | None, cards: Sequence[Any]) -> None:
    """The hand as cards, a page of :data:`CARDS_PER_PAGE` at a time (one fewer beside the
    card of the step, ``s.step_card``, shown first), the cards that may be played now first
    (a reaction window's one card is never on a later page); a button under each plays or
    offers it. A new hand starts at its first page."""
    cards = sorted(cards, key=lambda card: not card.playable)  # stable: the hand's order
    per_page = CARDS_PER_PAGE - (1 if s.step_card.value else 0)
    key = (side, tuple((c.name, c.text, c.playable) for c in cards), per_page)
    if key != s._hand_key:
        s._hand_key, s.hand_page, s._shown_hand = key, 0, (side, cards)
    pages = max(1, -(-len(cards) // per_page))
    s.hand_page = min(max(0, s.hand_page), pages - 1)
    first = s.hand_page * per_page
    shown = cards[first : first + per_page]
    s._card_names = [card.name for card in shown]
    for slot, card in zip(s._card_slots.take(len(shown)), shown, strict=True):
        _, face, press = slot
        press.description = ("▶ " if card.playable else "") + card.name
        press.tooltip = f"{card.name}: its choices now"
        if face.value != card.face:
            face.value = card.face
    title = f"<b>{html.escape(str(side))}'s hand</b> (click a card: its choices)" if cards else ""
    if s.hand_title.value != title:
        s.hand_title.value = title
    count = f"cards {first + 1}–{first + len(shown)} of {len(cards)}"
    s.hand_count.value = count if pages > 1 else ""
    s.hand_pager.layout.display = "" if pages > 1 else "none"
    s.hand_back.disabled, s.hand_on.disabled = s.hand_page == 0, s.hand_page == pages - 1
    boxes = [box for box, _, _ in s._card_slots.take(len(shown))]
    if list(s.hand_box.children) != boxes:
        s.hand_box.children = boxes


def _turn_page(s: Any, by: int) -> None:
    """Show the hand's next (+1) or previous (-1) page of cards."""
    s.hand_page += by
    show_hand(s, *s._shown_hand)


NOTEBOOK_BELOW = "10.5em"  # a notebook's rows over and under a board (no window to fit)


def fit_scene(s: Any) -> None:
    """Draw the stepper's board (``s.scene``) at the size and in the theme that keep its
    labels readable where it is shown: fitted to its room in the window ``s.readable_at``
    (every label at least ``least_px`` there), or, in a notebook with no size asked for, no
    wider than the output area (every label at least 9 px)."""
    size, theme, least_px = s._asked

    def draw(at: float) -> Any:
        return s.view.scene(s.state, size=at, theme=theme)

    if s.readable_at is not None:  # drawn at the size it is shown at in that window
        s.size = fit_size(draw, board_room(s.readable_at), start=s.size)
    elif size is None:  # a notebook's: no wider than its output, so it is not shrunk
        s.size = notebook_size(draw, s.size)
    s.scene = draw(s.size)
    if s.readable_at is not None:  # every label at least least_px when shown in that window
        s.theme = readable_theme(theme, s.scene, s.readable_at, least_px)
        s.scene = s.view.scene(s.state, size=s.size, theme=s.theme)
    elif smallest_label_px(s.scene) < NOTEBOOK_PX:  # a notebook's: 9 px at least
        s.theme = notebook_theme(theme, s.scene)
        s.scene = s.view.scene(s.state, size=s.size, theme=s.theme)


def refit_board(s: Any) -> None:
    """The board's scene changed its kind (a series' match begins, or ends): fitted again
    (:func:`fit_scene`), its canvas resized and shown at the new picture's proportions."""
    fit_scene(s)
    s.canvas.width, s.canvas.height = round(s.scene.width), round(s.scene.height)
    _fit_board(s)


def relabel(s: Any, least_px: float) -> None:
    """Draw the board again with every label at least ``least_px`` where it is shown (the
    teacher app's text grew, and its board's room shrank)."""
    size, theme, _ = s._asked
    s._asked = size, theme, least_px
    refit_board(s)
    s._refresh()


def _fit_board(s: Any) -> None:
    """The canvas in its fitted box, first in the board's column over the step buttons: in a
    notebook (no window to fit) shown no smaller than drawn, its labels at 9 px at least; in
    the teacher app, the column as wide as the window's room for it (:func:`app_board`)."""
    if s.readable_at is not None:
        app_board(s.board_box, s.canvas, s.scene)
        fitted = widgets.Box([s.canvas], layout=widgets.Layout(width="100%"))
        s.board_box.children = [fitted, s.board_box.children[1]]
        return
    fitted = fitted_board(s.canvas, s.scene, least_px=NOTEBOOK_PX, below=NOTEBOOK_BELOW)
    s.board_box.children = [fitted, s.board_box.children[1]]
    s.board_box.layout.min_width = fitted.layout.min_width or "16em"


def _sections(s: Any) -> list[widgets.Widget]:
    """The folded sections, in the order of :data:`SECTIONS`."""
    s.log = widgets.Select(options=[], rows=8, layout=widgets.Layout(width="100%"))
    s.log.add_class("workbench-stepper-log")
    s.log.observe(s._log_picked, names="value")

    s.note_text = widgets.Text(placeholder="a note for this step", layout={"width": "14em"})
    notes = widgets.VBox(
        [
            widgets.HTML(KEYS_HELP),
            widgets.HBox(
                [
                    s.note_text,
                    button(s, "★ Add note", "add a note to this step (B)", s.add_note, "7em"),
                ],
                layout=widgets.Layout(flex_flow="row wrap"),
            ),
            widgets.HBox(
                [
                    button(s, "◀ note", "the previous note (P)", s.previous_note, "6em"),
                    button(s, "note ▶", "the next note (N)", s.next_note, "6em"),
                ]
            ),
        ]
    )

    s.choices = widgets.Dropdown(options=[], layout=widgets.Layout(width="100%"))
    s.choices.add_class("workbench-stepper-choices")
    s.choices.observe(s._choice_changed, names="value")
    s.choose = button(s, "Play chosen", "play the action chosen in the list", s._chosen, "8em")

    sides = [("nobody", "")] + [(side, side) for side in s.game.players(s.states[0])]
    s.bot_picker = widgets.Dropdown(
        options=sides, value=s.bot_side or "", description="computer", tooltip=s.bot_label
    )
    s.bot_picker.observe(lambda c: s._safely(lambda: s.set_bot(c["new"] or None)), "value")
    players = computer_players(s.game)
    s.bot_kind = widgets.Dropdown(
        options=[(name, player) for name, player in players.items()],
        value=next((p for p in players.values() if p is s.bot), None),
        description="player",
    )
    s.bot_kind.observe(lambda c: s._safely(lambda: s.set_bot(s.bot_side, c["new"])), "value")

    s.files = UserFiles(
        f"{s.game.name}-game",
        save=s.save,
        load=s.load,
        export=s.export,
        picture_name=lambda stem: f"{stem}-step-{s.cursor}",
        safely=s._safely,
        page=lambda path: export_page(s, path),
    )
    s.legend = widgets.HTML(legend_html(s))
    s.legend.add_class("workbench-stepper-legend")
    s.details = widgets.HTML()
    s.details.add_class("workbench-stepper-details")
    return [
        s.log,
        notes,
        s.details,
        widgets.VBox([s.choices, s.choose]),
        widgets.VBox([s.bot_picker, s.bot_kind]),
        s.files.widget,
        s.legend,
    ]


def export_page(s: Any, path: Path) -> Path:
    """The stepper's whole record as one HTML page that opens offline in any browser
    (:mod:`workbench.export`), in the theme asked for (the projector's when none was named)."""
    theme = s._asked[1] if isinstance(s._asked[1], str) else "projector"
    return write_page(game_page(s.record, theme=theme), path)


def computer_players(game: Any) -> dict[str, Any]:
    """The computer players a game ships (``Game.bots``) and the random legal player, by
    the name each is listed under."""
    return {"random legal player": random_player, **dict(game.bots)}


def legend_html(s: Any) -> str:
    """The board's legend: the render layer's picture of it (``workbench.render.legend_of``;
    in the teacher app, its words at :data:`LEGEND_FONT_PX`), or a line saying the game
    draws none."""
    try:
        if s.readable_at is not None:
            theme = theme_named(s.theme).with_least_text(LEGEND_FONT_PX)
            return str(legend_of(s.states[0], theme=theme).svg())
        return str(legend_of(s.states[0]).svg())
    except NoLegend:  # a game with no picture of its own (a game a user registered)
        return "<i>This game's board has no legend.</i>"


__all__ = [
    "SECTIONS",
    "build",
    "computer_players",
    "export_page",
    "fit_scene",
    "legend_html",
    "refit_board",
    "relabel",
    "show_hand",
]
