"""One description of what the side to act can do now, and how the screen offers it: the
rules' legal actions grouped by the control that plays each (a click on the board, a card in
the hand, a button, the list of legal actions). The stepper's next-step line, its enabled
controls and the views' answers all read this one value, so what the panel says is what the
screen lets a person do.

Built once per state by :func:`ways` over the game's view (:mod:`workbench.widgets.views`):
the view says which actions are buttons (``buttons``), which a card in the hand plays
(``card_of``), which a click on the board plays (``on_board``) and in what words
(``board_words``); every other legal action is offered in the list. No game is named here.

>>> from workbench.games import get_game
>>> from workbench.widgets.views import view_for
>>> game = get_game("panzer-vor-practice")
>>> state = game.start(game.load_scenario("test-your-luck"), {})
>>> offered = ways(game, view_for(game.name), state)
>>> offered.labels(), len(offered.board) > 10, offered.hand, offered.listed
(('Pass',), True, (), ())
>>> offered.phrases()
('click one of your tanks, then where it goes or an enemy', 'press Pass')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from workbench.rules.core import CHANCE, TERMINAL, Action, Game

MOST_NAMED = 3  # buttons named one by one in the line; more are counted
LIST_WORDS = "choose an action in the list (More: Actions), then press Play chosen"
HAND_WORDS = "click a ▶ card in the hand"


def button_label(action: Action) -> str:
    """A button's label for an action: its text with a capital first letter (the rest as it
    is: card names keep theirs)."""
    text = str(action)
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Ways:
    """The legal actions of the side to act, grouped by the control that offers each:
    ``board`` (clicks on the board, told in ``board_words``), ``hand`` (a card in the hand),
    ``buttons`` (a button each) and ``listed`` (the list of legal actions). An action a card
    plays that is also a button (a reaction) is in both."""

    board: tuple[Action, ...] = ()
    hand: tuple[Action, ...] = ()
    buttons: tuple[Action, ...] = ()
    listed: tuple[Action, ...] = ()
    board_words: str = ""

    def labels(self) -> tuple[str, ...]:
        """The buttons' labels, in order."""
        return tuple(button_label(a) for a in self.buttons)

    def phrases(self) -> tuple[str, ...]:
        """What a person does, a phrase per control that plays something now."""
        out = []
        if self.board:
            out.append(self.board_words)
        if self.hand:
            out.append(HAND_WORDS)
        if self.buttons:
            out.append(pressing(self.labels()))
        if self.listed:
            out.append(LIST_WORDS)
        return tuple(out)

    def line(self) -> str:
        """The phrases in one line ("nothing to do" when nothing is offered)."""
        return "; or ".join(self.phrases()) or "no action is offered now"

    def __bool__(self) -> bool:
        return bool(self.board or self.hand or self.buttons or self.listed)


def pressing(labels: tuple[str, ...]) -> str:
    """ "press Pass", "press Pass or Stop", or "press one of the 12 buttons"."""
    if len(labels) <= MOST_NAMED:
        return "press " + " or ".join(labels)
    return f"press one of the {len(labels)} buttons"


def ways(game: Game, view: Any, state: Any) -> Ways:
    """The legal actions of the side to act now grouped as the game's view offers them (see
    the module); empty where chance decides or the game is over."""
    if game.current_player(state) in (CHANCE, TERMINAL):
        return Ways()
    legal = list(game.legal_actions(state))
    pressed = tuple(dict.fromkeys(view.buttons(game, state)))
    hand = tuple(a for a in legal if view.card_of(game, state, a) is not None)
    taken = {*pressed, *hand}
    rest = [a for a in legal if a not in taken]
    board = tuple(a for a in rest if view.on_board(game, state, a))
    listed = tuple(a for a in rest if a not in set(board))
    words = view.board_words(game, state, board) if board else ""
    return Ways(board, hand, pressed, listed, words)


__all__ = ["HAND_WORDS", "LIST_WORDS", "Ways", "button_label", "pressing", "ways"]
