"""The explorers' side panel: lines of (kind, text) as HTML, and as plain text for tests.

Kinds: ``head`` (bold), ``text``, ``item`` (a bullet), ``current`` (the bullet of the step
shown), ``note`` (a warning)."""

from __future__ import annotations

import html
from collections.abc import Sequence

Line = tuple[str, str]


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
        if kind == "head":
            out.append(f"<div style='font-weight:bold;margin-top:0.3em'>{t}</div>")
        elif kind == "note":
            out.append(f"<div style='color:#a94442'>{t}</div>")
        else:
            out.append(f"<div>{t}</div>")
    flush()
    return "<div style='font-size:0.9em;line-height:1.35'>" + "".join(out) + "</div>"
