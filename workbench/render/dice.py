"""Dice drawn as dice: a roll's faces as small SVG pictures for a side panel or a page.

A six-sided face with a value from 1 to 6 shows its pips; any other face (Panzer Strike's
numbered dice, say) shows its number. :func:`dice_of` says which faces a game's chance
action rolled: each game's render module registers its roll actions (a game without dice
registers nothing and shows none).

>>> print(dice_svg((DieFace(3),), size=20).count("<circle"))
3
>>> dice_of("not a roll")
()
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from functools import singledispatch

# where the pips of each face sit, in a unit square
PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@dataclass(frozen=True)
class DieFace:
    """One die as it landed: its ``value``; ``numbered`` dice show the number, not pips;
    ``kind`` names the die in its hover text (``"attack"``, ``"movement"``...)."""

    value: int
    numbered: bool = False
    kind: str = ""


@singledispatch
def dice_of(action: object) -> tuple[DieFace, ...]:
    """The faces a chance action rolled (none for anything that is not a roll)."""
    return ()


def dice_svg(faces: Sequence[DieFace], *, size: float = 32.0, ink: str = "#222222") -> str:
    """The faces side by side as one inline ``<svg>`` (each die ``size`` pixels square)."""
    gap = size * 0.25
    width = len(faces) * size + max(0, len(faces) - 1) * gap
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:g}' height='{size:g}' "
        f"viewBox='0 0 {width:g} {size:g}' role='img' aria-label='{_said(faces)}'>"
    ]
    for i, face in enumerate(faces):
        x = i * (size + gap)
        title = html.escape(f"{face.kind} die: {face.value}".strip(), quote=True)
        parts.append(f"<g transform='translate({x:g},0)'><title>{title}</title>")
        parts.append(
            f"<rect x='1' y='1' width='{size - 2:g}' height='{size - 2:g}' rx='{size * 0.18:g}' "
            f"fill='#ffffff' stroke='{ink}' stroke-width='1.5'/>"
        )
        if not face.numbered and face.value in PIPS:
            r = size * 0.085
            for px, py in PIPS[face.value]:
                parts.append(
                    f"<circle cx='{px * size:g}' cy='{py * size:g}' r='{r:g}' fill='{ink}'/>"
                )
        else:
            parts.append(
                f"<text x='{size / 2:g}' y='{size * 0.68:g}' font-size='{size * 0.5:g}' "
                f"font-weight='bold' text-anchor='middle' fill='{ink}' "
                f"font-family='DejaVu Sans, Arial, sans-serif'>{face.value}</text>"
            )
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def _said(faces: Sequence[DieFace]) -> str:
    return html.escape("dice: " + ", ".join(str(f.value) for f in faces), quote=True)
