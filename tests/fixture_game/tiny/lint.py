"""Tiny Race's track check (a test fixture): a pit on the finish can never be won on."""

from __future__ import annotations

from workbench.games.tiny.boards import Track

from workbench.lint import Finding, LintReport, lint
from workbench.rules.core import Reason

GAME = "tiny-race"  # the game whose rulebook the sections below are headings of
PITS = "Moving: Pits"


@lint.register(Track)
def lint_track(track: Track) -> LintReport:
    findings = [
        Finding(
            "pit-on-finish", f"square {track.length}", Reason("nobody can finish", PITS), "error"
        )
        for pit in track.pits
        if pit == track.length
    ]
    return LintReport(track, tuple(findings))
