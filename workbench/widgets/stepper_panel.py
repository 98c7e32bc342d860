"""The stepper's widgets: the board with its step slider, and beside it the side panel, which
keeps in view only what a step needs (its explanation, the buttons that play, the hand, the
card or dice of the step) and folds the less-used parts into sections a click opens: the log,
the notes, the list of legal actions, the computer player, the files and the legend, as tabs
under one "More" header (a header each would take the room of the board's controls).

Every button and key calls a plain method of the :class:`~workbench.widgets.stepper.Stepper`;
nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from workbench.render.canvas import GROUPS, new_canvas
from workbench.render.fitting import fit_size
from workbench.widgets.layout import (
    NOTEBOOK_PX,
    board_and_panel,
    board_room,
    fitted_board,
    notebook_size,
    notebook_theme,
    readable_theme,
    smallest_label_px,
)
from workbench.widgets.user_files import UserFiles

SECTIONS = ("Log", "Notes", "State", "Actions", "Computer", "Files", "Legend")  # the folded tabs


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
    s.play_button = button(s, "Play", "play the proposed action", s.play_proposed, "5em")
    s.roll_button = button(s, "Roll", "let the dice decide", s.roll, "5em")
    s.bot_button = button(s, "Bot move", "the computer's choice now", s.bot_move, "7em")
    s.extra = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
    s.hand_title = widgets.HTML()
    s.hand_box = widgets.HBox(layout=widgets.Layout(flex="0 0 auto"))
    s.hand_box.add_class("workbench-stepper-hand")
    s.step_card = widgets.HTML(layout=widgets.Layout(flex="0 0 auto"))
    s.step_card.add_class("workbench-stepper-step-card")
    # the card (or dice) of the step, then the hand, in one row that scrolls sideways: a
    # second row of cards would push the panel below the window
    cards = widgets.HBox([s.step_card, s.hand_box], layout=widgets.Layout(overflow="auto hidden"))
    cards.add_class("workbench-stepper-cards")
    actions = widgets.HBox(
        [s.play_button, s.roll_button, s.bot_button, s.extra],
        layout=widgets.Layout(flex_flow="row wrap"),
    )
    s.tabs = widgets.Tab(children=_sections(s), titles=SECTIONS)
    s.tabs.add_class("workbench-stepper-tabs")
    s.more = widgets.Accordion(children=[s.tabs], selected_index=None)
    s.more.set_title(0, "More: log, notes, files, …")
    s.more.add_class("workbench-stepper-more")
    side = widgets.VBox([s.turn.sign, s.panel, actions, s.hand_title, cards, s.more])
    side.add_class("workbench-stepper-side")
    if s.readable_at is not None:  # a window to fit: the text gives way to the hand
        in_the_window(side, s.panel)
    s.board_box = widgets.VBox([widgets.Box(), nav])
    _fit_board(s)
    box = board_and_panel(s.board_box, side)
    box.add_class("workbench-stepper")
    return box


APP_HEADER = "110px"  # the teacher app's rows over the stepper: 97 px for a new game (with its
# folded settings, the tallest), and a margin under the column


def in_the_window(side: Any, text: Any) -> None:
    """The side column no taller than the window under the app's header: every part at its
    own height but ``text``, which shrinks (and scrolls in itself) where a card game's long
    step and its hand would together pass the window's bottom (1280 × 720)."""
    side.layout.max_height = f"calc(100vh - {APP_HEADER})"
    for part in side.children:
        part.layout.flex = "0 0 auto"
    text.layout.flex, text.layout.min_height, text.layout.overflow = "0 1 auto", "6em", "auto"


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


def _fit_board(s: Any) -> None:
    """The canvas in its fitted box, first in the board's column over the step buttons: in a
    notebook (no window to fit) shown no smaller than drawn, its labels at 9 px at least."""
    least = NOTEBOOK_PX if s.readable_at is None else None
    fitted = fitted_board(s.canvas, s.scene, least_px=least)
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


def computer_players(game: Any) -> dict[str, Any]:
    """The computer players a game ships (``Game.bots``) and the random legal player, by
    the name each is listed under."""
    from workbench.rules.play import random_player

    return {"random legal player": random_player, **dict(game.bots)}


def legend_html(s: Any) -> str:
    """The board's legend: the render layer's picture of it (``workbench.render.legend_of``),
    or a line saying the game draws none."""
    from workbench.render import legend_of
    from workbench.render.legend import NoLegend

    try:
        return str(legend_of(s.states[0]).svg())
    except NoLegend:  # a game with no picture of its own (a game a user registered)
        return "<i>This game's board has no legend.</i>"


__all__ = ["SECTIONS", "build", "computer_players", "fit_scene", "legend_html", "refit_board"]
