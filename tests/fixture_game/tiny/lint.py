"""Tiny Race's track check (a test fixture): a pit on the finish can never be won on. Its one
check is registered in a ``Checks`` with its estimate, as every game's are, so the linter
takes lint's bounds (``max_bytes``, ``max_seconds``, ``leave_out``) as theirs do."""

from __future__ import annotations

from collections.abc import Iterable

from workbench.games.tiny.boards import Track

from workbench.bounds import MAX_BYTES, MAX_SECONDS, Cost
from workbench.lint import Checks, Finding, Found, LintReport, Options, lint, options_checked
from workbench.rules.core import Reason

GAME = "tiny-race"  # the game whose rulebook the sections below are headings of
PITS = "Moving: Pits"
CHECKS = Checks("track")


@CHECKS.check("pit on the finish", cost=lambda track, options: Cost(1_000, 1e-4))
def _pit_on_finish(track: Track, options: Options, found: Found) -> None:
    if track.length in track.pits:
        reason = Reason("nobody can finish", PITS)
        found.findings.append(Finding("pit-on-finish", f"square {track.length}", reason, "error"))


@lint.register(Track)
@options_checked
def lint_track(
    track: Track,
    *,
    max_bytes: int = MAX_BYTES,
    max_seconds: float | None = MAX_SECONDS,
    leave_out: Iterable[str] = (),
) -> LintReport:
    return CHECKS.run(track, {}, max_bytes=max_bytes, max_seconds=max_seconds, leave_out=leave_out)
