"""Questions and checks drawn on their board: the position (the rules' own picture of the
answer once it is shown), the places the prompt names, the right places, and after a check
the places the learner missed or gave wrongly; the prompt or the verdict in a caption."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from workbench.arguments import check_all, checked_methods
from workbench.learn.question import Check, Question, spoken
from workbench.render import notebook_scene
from workbench.render.overlays import caption_overlay, tint_overlay
from workbench.render.svg import to_svg
from workbench.render.themes import Theme

# the colours of the places drawn (a mark's role, or what a place is in a checked answer)
COLOURS = {
    "firer": "#1f5fbf",
    "tank": "#1f5fbf",
    "target": "#c0392b",
    "answer": "#2e9e4f",
    "missed": "#f39c12",
    "wrong": "#8e44ad",
    "chosen": "#f1c40f",  # a place the learner has picked, not yet checked
}


def _scene(value: Any, theme: str | Theme | None) -> Any:
    """The position's scene, fitted to a notebook's output when it would be wider (so its
    labels keep their size on the screen: ``workbench.render.notebook_scene``)."""
    return notebook_scene(value) if theme is None else notebook_scene(value, theme=theme)


def _tinted(scene: Any, question: Question, places: dict[str, str]) -> Any:
    """The scene with each named place shaded in its role's colour (boards with cells)."""
    if question.cell_of is None or scene.layout is None or not places:
        return scene
    colours = {question.cell_of(p): COLOURS.get(role, "#555555") for p, role in places.items()}
    return tint_overlay(scene, colours, opacity=0.55)


def question_scene(
    question: Question,
    theme: str | Theme | None = None,
    *,
    chosen: Iterable[str] = (),
    caption: bool = True,
) -> Any:
    """The position asked about, the places the prompt names (and those ``chosen`` so far),
    and the prompt in a caption (``caption=False``: a widget shows it beside the board)."""
    places = dict(question.marks) | {p: "chosen" for p in chosen}
    scene = _tinted(_scene(question.state, theme), question, places)
    return caption_overlay(scene, " ".join(question.lines())) if caption else scene


def answer_scene(
    question: Question,
    check: Check | None,
    theme: str | Theme | None = None,
    *,
    caption: bool = True,
) -> Any:
    """The rules' picture of the answer, the right places, and after a check the missed and
    wrong ones; the verdict and the reasons in the caption."""
    shown = question.detail if question.detail is not None else question.state
    places = dict(question.marks)
    places.update({p: "answer" for p in question.answer_places})
    if check is not None:
        places.update({p: "missed" for p in check.missed})
        places.update({p: "wrong" for p in check.wrong})
    scene = _tinted(_scene(shown, theme), question, places)
    if not caption:
        return scene
    return caption_overlay(scene, " · ".join(caption_lines(question, check)))


def caption_lines(question: Question, check: Check | None) -> list[str]:
    """The verdict (or the answer) and the reasons; a set of places is counted, since the
    board shows it (green: right, orange: missed, purple: given wrongly)."""
    if question.shape != "places":
        lines = (
            check.lines()
            if check is not None
            else [
                f"{question.prompt} {spoken(question.answer)}",
                *(str(r) for r in question.reasons),
            ]
        )
        return [line.strip() for line in lines]
    head = f"{len(question.answer)} places (green)"
    if check is not None:
        verdict = "right" if check.correct else f"score {float(check.score):.0%}"
        head = (
            f"{verdict}: {head}; {len(check.missed)} missed (orange), "
            f"{len(check.wrong)} given wrongly (purple)"
        )
    return [head, *(str(r) for r in question.reasons)]


def question_svg(question: Question) -> str:
    return to_svg(question_scene(question))


def check_svg(check: Check) -> str:
    return to_svg(answer_scene(check.question, check))


@checked_methods
@dataclass(frozen=True)
class Drawn:
    """A question's answer (and a check's mistakes, if any) as a picture a notebook shows."""

    question: Question
    check: Check | None

    def __repr__(self) -> str:
        return f"<the answer of {self.question!r}>"

    def _repr_svg_(self) -> str:
        return to_svg(answer_scene(self.question, self.check))


check_all(
    globals(), ["question_scene", "answer_scene", "caption_lines", "question_svg", "check_svg"]
)
