"""A lesson as a page: each question's position drawn as the learner draws it
(:mod:`workbench.learn.drawing`), what it asks, its shape of answer, the rules' answer and
reasons (each with its section), and the answer drawn. The page checks an answer itself with
the credit rules of :meth:`workbench.learn.Question.check` (``assets/credit.js``, proved
equal to it by ``tests/test_export_credit.py``).

A question answered by places has the board's places as shapes to click: found by asking the
picture's layout which cell each point of the picture is in (every few pixels), so any board
whose picture has a layout answers by clicks, whatever its kind of cells.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

import workbench.learn as learn
from workbench.errors import ArgumentError
from workbench.export.fitting import readable
from workbench.export.pictures import PictureStore
from workbench.games import get_game
from workbench.learn.drawing import COLOURS, answer_scene, question_scene
from workbench.learn.question import Question, spoken
from workbench.render.scene import Scene
from workbench.render.svg import number

HIT_PITCH_PX = 3.0  # a picture's points asked for their place this far apart
MOST_QUESTIONS = 200  # a lesson page's questions (a chapter has a dozen or so)


def questions_of(
    game: str,
    chapter: str | None = None,
    *,
    chosen: Iterable[Question | tuple[str, int]] = (),
    start: int = 0,
) -> list[Question]:
    """A chapter's questions (:func:`workbench.learn.lesson`, from seed ``start``), or the
    ``chosen`` ones: questions, or (kind, seed) pairs of ``game``'s kinds."""
    picked = [q if isinstance(q, Question) else _asked(game, q) for q in chosen]
    if chapter is not None:
        picked = list(learn.lesson(game, chapter, start=start)) + picked
    if not picked:
        raise ArgumentError("chapter", chapter, f"a chapter of {game} or chosen questions")
    if len(picked) > MOST_QUESTIONS:
        raise ArgumentError("chosen", len(picked), f"at most {MOST_QUESTIONS} questions")
    for q in picked:
        if q.game != game:
            raise ArgumentError("chosen", repr(q), f"questions of {game}")
    return picked


def _asked(game: str, pair: Any) -> Question:
    if not (isinstance(pair, tuple) and len(pair) == 2):
        raise ArgumentError("chosen", pair, "a Question or a (kind, seed) pair")
    return learn.question(game, pair[0], pair[1])


class Hits:
    """The places of each board a question is answered on, each board's found once."""

    def __init__(self) -> None:
        self._boards: dict[tuple[Any, ...], int] = {}
        self._kept: list[Any] = []  # the layouts keyed by id, kept alive
        self._shapes: list[list[list[str]]] = []

    def add(self, question: Question, scene: Scene) -> int | None:
        """The number of the places of ``scene``'s board (None: a board without cells)."""
        if scene.layout is None or question.label_of is None:
            return None
        key = (id(scene.layout), scene.transform, round(scene.width), round(scene.height))
        if key not in self._boards:
            self._kept.append(scene.layout)
            self._boards[key] = len(self._shapes)
            self._shapes.append(places_of(question, scene))
        return self._boards[key]

    def data(self) -> list[list[list[str]]]:
        return self._shapes


def places_of(question: Question, scene: Scene) -> list[list[str]]:
    """Every place of the picture's board as ``[label, polygon points in pixels]``."""
    found: dict[str, Any] = {}
    steps_x, steps_y = int(scene.width // HIT_PITCH_PX), int(scene.height // HIT_PITCH_PX)
    label_of, is_place = question.label_of, question.is_place
    assert label_of is not None
    for i in range(steps_y + 1):
        for j in range(steps_x + 1):
            cell = scene.cell_at(j * HIT_PITCH_PX, i * HIT_PITCH_PX)
            if cell is None:
                continue
            label = label_of(cell)
            if label not in found and (is_place is None or is_place(label)):
                found[label] = cell
    shapes = []
    for label, cell in sorted(found.items()):
        corners = (scene.transform.to_pixel(*p) for p in scene.layout.cell_polygon(cell))
        shapes.append([label, " ".join(f"{number(x)},{number(y)}" for x, y in corners)])
    return shapes


def answer_json(question: Question) -> Any:
    """The rules' answer as the page's checker reads it (places sorted, numbers as a list)."""
    answer = question.answer
    if isinstance(answer, frozenset | set):
        return sorted(answer)
    if isinstance(answer, tuple):
        return list(answer)
    return answer


def question_facts(question: Question) -> dict[str, Any]:
    """What a question asks and the rules' answer, as the page's checker reads them."""
    return {
        "kind": question.kind,
        "seed": question.seed,
        "chapter": question.chapter,
        "level": question.level,
        "prompt": question.prompt,
        "shape": question.shape,
        "choices": list(question.choices),
        "answer": answer_json(question),
        "spoken": spoken(question.answer),
        "reasons": [[r.text, r.section] for r in question.reasons],
    }


def question_data(
    question: Question, theme: Any, store: PictureStore, hits: Hits
) -> dict[str, Any]:
    """One question as the page holds it (see the module): its facts and its pictures."""
    asked = question_scene(question, theme, caption=False)
    out = question_facts(question)
    found = hits.add(question, asked) if question.shape == "places" else None
    if found is not None:  # the page tints the places of the answer itself, as a check does
        out["hits"], out["answer_places"] = found, sorted(question.answer_places)
        question = replace(question, answer_places=frozenset())
    answered = answer_scene(question, None, theme, caption=False)
    out["q"], out["a"] = store.add(asked), store.add(answered)
    return out


def lesson_theme(questions: Sequence[Question], theme: Any) -> Any:
    """The theme whose labels stay readable on the page for every question's picture."""
    chosen = theme
    for question in questions:
        chosen = readable(question_scene(question, chosen, caption=False), chosen)
    return chosen


def lesson_data(
    game: str,
    chapter: str | None = None,
    *,
    chosen: Iterable[Question | tuple[str, int]] = (),
    start: int = 0,
    theme: Any = "projector",
) -> tuple[dict[str, Any], PictureStore]:
    """A lesson (a chapter's questions, or those ``chosen``) as the page's data and pictures."""
    questions = questions_of(game, chapter, chosen=chosen, start=start)
    drawn = lesson_theme(questions, theme)
    store, hits = PictureStore(), Hits()
    asked = [question_data(q, drawn, store, hits) for q in questions]
    kinds = sorted({(q.kind, q.seed) for q in questions})
    chapters = ", ".join(dict.fromkeys(q.chapter for q in questions))
    data = {
        "kind": "lesson",
        "title": f"{get_game(game).title}: {chapters}",
        "game": game,
        "chapter": chapter or "",
        "id": f"{game}|{chapter or ''}|" + ",".join(f"{k}:{s}" for k, s in kinds),
        "questions": asked,
        "places": hits.data(),
        "colours": {k: COLOURS[k] for k in ("chosen", "answer", "missed", "wrong")},
    }
    return data, store


__all__ = ["answer_json", "lesson_data", "places_of", "question_facts", "questions_of"]
