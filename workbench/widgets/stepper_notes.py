"""The stepper's notes: bookmarks on steps (a teacher's notes belong to their author: a new
note is added after those a step has, never in their place), and N and P to jump between
them. A mixin of :class:`~workbench.widgets.stepper.Stepper`, whose record it changes."""

from __future__ import annotations

from typing import Any

from workbench.widgets.checks import checked_methods

NOTE_JOIN = " · "  # between the notes of one step (a bookmark adds, never replaces)


@checked_methods
class StepperNotes:
    """Bookmarks and notes (see the module); the stepper gives ``record``, ``cursor``,
    ``message``, ``note_text``, ``go`` and ``_refresh``."""

    record: Any
    cursor: int
    message: str
    note_text: Any

    def go(self, step: int) -> None: ...  # the stepper's

    def _refresh(self, *, log: bool = False) -> None: ...  # the stepper's

    def bookmark(self, note: str) -> None:
        """Add ``note`` to the step shown (a bookmark). A step's notes belong to their authors:
        a new one goes after those it has (joined by " · "), never in their place; the same
        note twice is kept once, and an empty note adds nothing."""
        note = note.strip()
        old = self.record.steps[self.cursor - 1].note if self.cursor else ""
        if self.cursor == 0:
            self.message = "The start cannot carry a note: step on first."
        elif not note:
            self.message = "Write a note first (an empty note adds nothing)."
        elif note in old.split(NOTE_JOIN):
            self.message = f"step {self.cursor} already has this note (N / P: the notes)"
        else:
            self.record = self.record.with_note(
                self.cursor, NOTE_JOIN.join(filter(None, [old, note]))
            )
            self.message = f"step {self.cursor} bookmarked: {note}"
        self._refresh(log=True)

    def add_note(self) -> None:
        """The note box's text as a note on the step shown (B; "bookmark" when it is empty)."""
        self.bookmark(self.note_text.value or "bookmark")
        self.note_text.value = ""

    def remove_notes(self) -> None:
        """Remove every note of the step shown."""
        if self.cursor:
            self.record = self.record.with_note(self.cursor, "")
            self.message = f"step {self.cursor}: notes removed"
        self._refresh(log=True)

    def next_note(self) -> None:
        """Jump to the next step with a note (N); the panel says when there is none."""
        later = [step for step in self.bookmarks() if step > self.cursor]
        self._to_note(min(later, default=None), "after")

    def previous_note(self) -> None:
        """Jump to the previous step with a note (P)."""
        earlier = [step for step in self.bookmarks() if step < self.cursor]
        self._to_note(max(earlier, default=None), "before")

    def _to_note(self, step: int | None, where: str) -> None:
        if step is None:
            self.message = f"No note {where} step {self.cursor}."
            self._refresh()
        else:
            self.go(step)

    def bookmarks(self) -> dict[int, str]:
        return self.record.notes()


__all__ = ["NOTE_JOIN", "StepperNotes"]
