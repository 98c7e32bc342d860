"""Take it to class: a game, a prepared game, a lesson or a class pack as one self-contained
page that runs offline in any browser (no server, no network, no Python).

- :func:`game_page` / :func:`export_prepared` / :func:`export_record`: a record stepped
  through with the app's keys, its board, explanations, odds, notes, cards and log;
- :func:`lesson_page` / :func:`export_lesson`: a chapter's questions (or chosen ones),
  answered by clicks and checked in the page with ``Question.check``'s credit rules;
- :func:`export_pack`: several pages in a folder with an ``index.html``.

The layer sits beside the widgets: it reads each game's pictures and views through their
registries (:func:`workbench.widgets.views.view_for`, the render layer's ``scene_of``), never
by a game's name, and the widgets' Export buttons call it. ``workbench export`` (and
``python -m workbench export``) is :mod:`workbench.export.cli`.
"""

# The widgets first: their Export buttons import this package's pages, which read the
# widgets' views; importing the widgets' package before any page module keeps that order.
import workbench.widgets.views  # noqa: F401
from workbench.export.pages import (
    export_lesson,
    export_pack,
    export_prepared,
    export_record,
    game_page,
    lesson_page,
    prepared_game,
    prepared_games,
    saved_record,
    write_page,
)

__all__ = [
    "export_lesson", "export_pack", "export_prepared", "export_record", "game_page",
    "lesson_page", "prepared_game", "prepared_games", "saved_record", "write_page",
]  # fmt: skip
