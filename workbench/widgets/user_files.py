"""A widget's file row: a name, Save, Load, SVG, PNG and Page (the whole game as one HTML
page that opens offline in any browser: :mod:`workbench.export`), all in the user folder
(:mod:`workbench.userdir`), and the full path of the file last written, or the error of the
button last pressed, under the buttons (where the eye is).

The row decides only where a name goes (:func:`workbench.userdir.user_path`); what is saved,
opened or drawn is the owner's (the stepper's ``save``, ``load`` and ``export``).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from workbench.userdir import EXPORTS, RECORDS, saved_names, user_folder, user_path
from workbench.widgets.checks import checked_methods, one_of

RECORD_SUFFIX = ".json"
PAGE_SUFFIX = ".html"


@checked_methods
class UserFiles:
    """Save and Load a record by name in ``records/``, export a picture to ``exports/``.

    ``save(path)`` and ``export(path)`` write and return the path written, ``load(path)``
    opens one; ``picture_name(stem)`` names a picture from the record's name (the step shown);
    ``safely(work)`` runs a button's work (an error is shown under the buttons).
    ``page(path)``, if given, writes the whole game as a page to ``exports/``.
    """

    def __init__(
        self,
        name: str,
        *,
        save: Callable[[Path], Path],
        load: Callable[[Path], Any],
        export: Callable[[Path], Path],
        picture_name: Callable[[str], str],
        safely: Callable[[Callable[[], Any]], None],
        page: Callable[[Path], Path] | None = None,
    ) -> None:
        self._save, self._load, self._export, self._page = save, load, export, page
        self._picture_name, self.default_name = picture_name, name
        self.name_box = widgets.Combobox(
            value=name,
            options=saved_names(RECORDS, RECORD_SUFFIX),
            ensure_option=False,
            description="name",
            placeholder="a name (saved records are listed)",
            layout={"width": "22em"},
        )
        self.name_box.add_class("workbench-files-name")
        self.note = widgets.HTML(_note("files go to", user_folder()))
        self.note.add_class("workbench-files-note")
        self.written: Path | None = None

        def button(label: str, tip: str, do: Callable[[], Any], width: str) -> widgets.Button:
            b = widgets.Button(description=label, tooltip=tip, layout={"width": width})
            b.on_click(lambda _: safely(lambda: self._noting(do)))
            return b

        self.save_button = button("Save", "save the record in the user folder", self.save, "5em")
        self.load_button = button("Load", "open a record saved there", self.load, "5em")
        self.svg_button = button("SVG", "export this step as SVG", self.export_svg, "4em")
        self.png_button = button("PNG", "export this step as PNG", self.export_png, "4em")
        self.page_button = button(
            "Page", "the whole game as one HTML page that opens offline", self.export_page, "5em"
        )
        self.page_button.layout.display = "" if page else "none"
        row = widgets.HBox(
            [self.name_box, self.save_button, self.load_button, self.svg_button, self.png_button,
             self.page_button],
            layout=widgets.Layout(flex_flow="row wrap"),
        )  # fmt: skip
        self.widget = widgets.VBox([row, self.note])

    @property
    def name(self) -> str:
        """The name in the box (the default when it is empty)."""
        return self.name_box.value.strip() or self.default_name

    def save(self) -> Path:
        """Save under the name in ``records/``; the note shows the full path written."""
        written = self._save(user_path(self.name, RECORDS, RECORD_SUFFIX, create=True))
        self._show("saved", written)
        self.name_box.options = saved_names(RECORDS, RECORD_SUFFIX)
        return written

    def load(self) -> Path:
        """Open the record of that name in ``records/``."""
        path = user_path(self.name, RECORDS, RECORD_SUFFIX)
        self._load(path)
        self._show("opened", path)
        return path

    def export(self, suffix: str) -> Path:
        """Export the picture (``suffix`` ``.svg`` or ``.png``) to ``exports/``, named after
        the record's name."""
        one_of("suffix", suffix, (".svg", ".png"), "a picture's suffix")
        stem = self.name.removesuffix(RECORD_SUFFIX)
        target = user_path(self._picture_name(stem), EXPORTS, suffix, create=True)
        written = self._export(target)
        self._show("exported", written)
        return written

    def export_svg(self) -> Path:
        return self.export(".svg")

    def export_png(self) -> Path:
        return self.export(".png")

    def _noting(self, do: Callable[[], Any]) -> Any:
        """Run a button's work; its error is shown under the buttons (where the eye is)."""
        try:
            return do()
        except Exception as error:  # shown to the user, not lost in a log
            said = html.escape(f"{type(error).__name__}: {error}")
            self.note.value = f"<b style='color:#a94442;overflow-wrap:anywhere'>{said}</b>"
            return None

    def export_page(self) -> Path:
        """Export the whole game as a page (``<name>.html``) to ``exports/``."""
        if self._page is None:
            raise ValueError("this widget exports no page")
        stem = self.name.removesuffix(RECORD_SUFFIX)
        written = self._page(user_path(stem, EXPORTS, PAGE_SUFFIX, create=True))
        self._show("exported", written)
        return written

    def _show(self, done: str, path: Path) -> None:
        self.written = path
        self.note.value = _note(done, path)


def _note(done: str, path: Path) -> str:
    """What was done and the full path, wrapped anywhere (a long path never widens a panel)."""
    shown = html.escape(str(path))
    return f"<span style='overflow-wrap:anywhere'>{done} <code>{shown}</code></span>"


__all__ = ["UserFiles"]
