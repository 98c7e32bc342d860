"""What the explorers share: the side panel's lines of (kind, text) as HTML and as plain text
for tests, the widget's display, and drawing again a canvas layer that a browser builds late.

Kinds: ``head`` (bold), ``text``, ``item`` (a bullet), ``current`` (the bullet of the step
shown), ``note`` (a warning), ``bar`` (a line ending in a percentage, drawn with a bar)."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from workbench.errors import ArgumentError
from workbench.render.canvas import GROUPS, draw_scene
from workbench.widgets.checks import checked_methods, tank_of

Line = tuple[str, str]
OVERLAY_GROUPS = ("overlays", "annotations")  # the layers the answer to a click is drawn on


def lines_text(lines: Sequence[Line]) -> str:
    """One text line per fact; the current step is marked ``▶``."""
    return "\n".join(("▶ " if kind == "current" else "") + text for kind, text in lines)


def lines_html(lines: Sequence[Line]) -> str:
    """The panel's HTML: heads, paragraphs and bullet lists (every text escaped)."""
    out: list[str] = []
    items: list[str] = []

    def flush() -> None:
        if items:
            out.append("<ul style='margin:0 0 0.3em 0;padding-left:1.2em'>")
            out.extend(items)
            out.append("</ul>")
            items.clear()

    for kind, text in lines:
        t = html.escape(text)
        if kind in ("item", "current"):
            items.append(f"<li><b>▶ {t}</b></li>" if kind == "current" else f"<li>{t}</li>")
            continue
        flush()
        if kind == "bar":
            out.append(_bar(text, t))
        elif kind == "head":
            out.append(f"<div style='font-weight:bold;margin-top:0.3em'>{t}</div>")
        elif kind == "note":
            out.append(f"<div style='color:#a94442'>{t}</div>")
        else:
            out.append(f"<div>{t}</div>")
    flush()
    return "<div style='font-size:0.9em;line-height:1.35'>" + "".join(out) + "</div>"


def _bar(text: str, escaped: str) -> str:
    """A line ending in "(12.5%)" with a bar as long as its share."""
    try:
        share = float(text.rsplit("(", 1)[1].rstrip("%)"))
    except (IndexError, ValueError):
        share = 0.0
    return (
        "<div style='display:flex;align-items:center;gap:0.4em'><div style='background:#e67e22;"
        f"height:0.8em;width:{share * 2:.1f}px'></div>{escaped}</div>"
    )


class CanvasExplorer:
    """The part every explorer shares: set ``widget``, ``canvas``, ``panel``, ``_lines``,
    ``scene`` (board and counters) and ``overlay_scene`` (the answer to the last click)."""

    widget: Any
    canvas: Any
    panel: Any
    scene: Any
    overlay_scene: Any
    _lines: list[Line]

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget; its plain-text stand-in is stable (no model ids), for nbval."""
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle = {**bundle, "text/plain": repr(self)}
        return bundle

    @property
    def panel_text(self) -> str:
        """The side panel as plain text, a line per fact (what tests and screen readers get)."""
        return lines_text(self._lines)

    def _html(self) -> str:
        return lines_html(self._lines)

    def _redraw_late_views(self) -> None:
        """Every sub-canvas tells the kernel when a browser has built it (a new page, Voilà):
        draw that layer again, as what was drawn before no client saw is lost."""
        for index, group in enumerate(GROUPS):
            self.canvas[index].on_client_ready(self._redraw(group))

    def _redraw(self, group: str) -> Callable[[], None]:
        def redraw() -> None:
            scene = self.scene if group in ("base", "units") else self.overlay_scene
            draw_scene(self.canvas, scene, [group], force=True)

        return redraw


@checked_methods
class PathExplorer(CanvasExplorer):
    """An explorer of a grid board (hexes or squares) whose answers are a selected tank, a
    destination with its path stepped by ``step_slider``, or a target; ``state.tank`` checks
    a tank id, ``_refresh`` shows the answer."""

    state: Any
    step_slider: Any
    back: Any
    forward: Any
    steps: tuple[Any, ...]
    selected: str | None
    destination: Any
    target: str | None
    note: str

    def _refresh(self, *, new_path: bool = False) -> None:
        raise NotImplementedError

    def aim_at(self, target_id: str) -> None:
        """Show the selected tank's line of sight to a target and the odds of the shot."""
        if self.selected is None:
            raise ArgumentError(
                "target_id", target_id, "a target once the firing tank is selected (click it)"
            )
        tank_of("target_id", self.state, target_id)
        self.target, self.destination, self.note = target_id, None, ""
        self._refresh()

    def clear(self) -> None:
        """Forget the selection."""
        self.selected, self.destination, self.target, self.note = None, None, None, ""
        self._refresh()

    def step_by(self, delta: int) -> None:
        """Step the shown path back (-1) or on (+1)."""
        slider = self.step_slider
        slider.value = max(slider.min, min(slider.max, slider.value + delta))

    def _set_path(self, steps: tuple[Any, ...], new_path: bool) -> None:
        """Keep the step controls in line with the path (a new path is shown whole)."""
        changed = new_path or len(steps) != len(self.steps)
        self.steps = steps
        slider = self.step_slider
        with slider.hold_trait_notifications():
            slider.max = len(steps)
            if changed:
                slider.value = len(steps)
            slider.disabled = not steps
        self.back.disabled = self.forward.disabled = not steps
