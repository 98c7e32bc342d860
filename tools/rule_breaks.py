"""Deliberate rule breaks that the fast suite must catch (run from the repository root):

    python tools/rule_breaks.py --list         # the breaks, each with the rule it breaks
    python tools/rule_breaks.py                # every break, one at a time
    python tools/rule_breaks.py NAME [NAME ...]

Each break is a small, realistic change to the rules' code: the exact text replaced and the
rulebook section it breaks. The repository's files (``git ls-files --cached --others
--exclude-standard``) are copied to a temporary folder; each break is applied there in turn,
never in the working tree, and the fast suite (``make test`` without notebooks and browsers)
runs there on the copy's code. A break is caught when the suite fails and its first failing
test, run alone, fails with the break and passes without it (a failure that does not come
again alone is set aside as flaky and the suite runs again without it); the exit status is 1
when any break is not caught. ``tests/test_rule_breaks.py`` checks that each break's ``old``
text still occurs exactly once in its file, so whoever moves the code moves the break too.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
SUITE = (
    "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-n", "2", "--dist", "loadgroup",
    "-m", "not soak and not browser", "tests", "workbench",
)  # fmt: skip
OWN_TEST = "tests/test_rule_breaks.py::test_a_break_replaces_text_that_occurs_exactly_once"
TIMEOUT = 3600  # seconds a suite may run on one break before it counts as not caught


class Break(NamedTuple):
    """One deliberate break: in ``file``, the text ``old`` becomes ``new``; ``rule`` is the
    rulebook section (or protocol promise) it breaks."""

    name: str
    file: str
    old: str
    new: str
    rule: str


BREAKS = (
    Break(
        "pv-white-hexside-sees-through",
        "workbench/games/panzer_vor/rules/sight.py",
        'found.append(Sighting("hexside", side.hexes, "blocked", text, feature.rule))',
        'found.append(Sighting("hexside", side.hexes, "clear", text, feature.rule))',
        "Panzer Vor!, St. Gloriana scenario: Scenario Rules (a white hexside: no fire "
        "through it); Firing: Line of Sight",
    ),
    Break(
        "pv-reverse-at-forward-cost",
        "workbench/games/panzer_vor/rules/movement.py",
        "new = base + extra + (entry if reverse else 0)  # reverse: twice the entry",
        "new = base + extra  # reverse: twice the entry",
        "Panzer Vor!, Moving: Reverse Movement (reversing costs twice the MP)",
    ),
    Break(
        "pv-never-stagnant",
        "workbench/games/panzer_vor/rules/drawing.py",
        "ended=ending.stagnant(match)",
        "ended=None",
        "Panzer Vor!, Part 2 - Scenarios: Match Types and Stagnant Matches (drawing the "
        "fourth Enforcement card again ends the match)",
    ),
    Break(
        "pv-armour-arc-reversed",
        "workbench/games/panzer_vor/rules/firing.py",
        "v = firer_hex - where",
        "v = where - firer_hex",
        "Panzer Vor!, Firing: Firing Arcs (a shot from in front hits the front armour)",
    ),
    Break(
        "pv-enter-occupied-hex",
        "workbench/games/panzer_vor/rules/movement.py",
        "if entry < 0 or closed[j]:",
        "if entry < 0:",
        "Panzer Vor!, Moving: Obstructing Movement (no tank enters or moves through "
        "another tank's hex)",
    ),
    Break(
        "ps-light-tank-moves-6-on-a-6",
        "workbench/games/panzer_strike/boards/tank_types.py",
        "return max(0, large_number + self.speed_modifier)",
        "return max(0, min(large_number, large_number + self.speed_modifier))",
        "Panzer Strike, Tables: Table A and Rules: Movement (a Light tank rolling 6 moves 7)",
    ),
    Break(
        "ps-kill-needs-more-than-armour",
        "workbench/games/panzer_strike/rules/turn.py",
        "if firepower > odds.needed or (firepower == odds.needed and not match.options.damage):",
        "if firepower > odds.needed:",
        "Panzer Strike, Rules: Shooting and Armour (destroyed when the small numbers add up "
        "to at least distance + armour)",
    ),
    Break(
        "tanks-cover-ignored",
        "workbench/games/tanks/rules/shooting.py",
        "    if covered.in_cover:\n        n += 1\n",
        "    if covered.in_cover:\n",
        "TANKS, Shooting: Cover (a target in Cover rolls one more Defence die)",
    ),
    Break(
        "tanks-side-shot-whole-hull",
        "workbench/games/tanks/rules/sight.py",
        "behind = bool(target.hull.behind_front(shooter.hull.corners()).any())",
        "behind = bool(target.hull.behind_front(shooter.hull.corners()).all())",
        "TANKS, Shooting: Side Shot (any part of the shooting tank's hull behind the line of "
        "the target's front)",
    ),
    Break(
        "chance-sampling-skewed",
        "workbench/rules/play.py",
        "if pick < weight:",
        "if pick <= weight:",
        "the protocol, rules/play.py: a chance outcome is drawn with its exact probability",
    ),
)


def tracked_files(root: Path = ROOT) -> list[str]:
    """The repository's files, as ``git`` lists them (committed, staged or new, not ignored)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root, capture_output=True, check=True,
    ).stdout  # fmt: skip
    return [name for name in listed.decode().split("\0") if name]


def copy_repository(folder: Path, root: Path = ROOT) -> Path:
    """The repository's files copied into ``folder``/repo (a file deleted but still listed
    is left out)."""
    copy = folder / "repo"
    for name in tracked_files(root):
        if (root / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(root / name, copy / name)
    return copy


@contextmanager
def broken(copy: Path, brk: Break) -> Iterator[None]:
    """The break written into the copy (its ``old`` text must occur exactly once), and the
    file restored afterwards; the file's compiled bytecode is dropped both times."""
    path = copy / brk.file
    original = path.read_bytes()
    text = original.decode("utf-8")
    if text.count(brk.old) != 1:
        raise SystemExit(f"{brk.name}: its old text occurs {text.count(brk.old)}× in {brk.file}")

    def write(content: bytes) -> None:
        for compiled in path.parent.glob(f"__pycache__/{path.stem}.*.pyc"):
            compiled.unlink()
        path.write_bytes(content)

    write(text.replace(brk.old, brk.new).encode("utf-8"))
    try:
        yield
    finally:
        write(original)


def _env(copy: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(copy)}


def run_suite(copy: Path, leave_out: list[str], timeout: float) -> tuple[int | None, str]:
    """The fast suite on the copy's code, without the tests ``leave_out``: its exit status
    (None: timed out) and output."""
    where = subprocess.run(
        [sys.executable, "-c", "import workbench; print(workbench.__file__)"],
        cwd=copy, env=_env(copy), capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    if not Path(where).resolve().is_relative_to(copy.resolve()):
        raise SystemExit(f"the suite would import {where}, not the copy's code")
    deselect = [arg for test in leave_out for arg in ("--deselect", test)]
    with subprocess.Popen(
        [sys.executable, *SUITE, *deselect], cwd=copy, env=_env(copy), text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
    ) as suite:  # fmt: skip
        try:
            output, _ = suite.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(suite.pid, signal.SIGKILL)  # the suite and its workers
            return None, suite.communicate()[0]
    return suite.returncode, output


def first_failure(output: str) -> tuple[str, str] | None:
    """The first failing test (or error) the suite's summary names, and its message."""
    found = re.search(r"^(?:FAILED|ERROR) (\S+)(?: - (.*))?$", output, re.MULTILINE)
    return (found.group(1), found.group(2) or "") if found else None


def passes_alone(copy: Path, test: str) -> bool:
    """Whether one test passes when it runs alone on the copy's code."""
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test],
        cwd=copy, env=_env(copy), capture_output=True,
    )  # fmt: skip
    return run.returncode == 0


def judge(copy: Path, brk: Break, timeout: float = TIMEOUT) -> tuple[bool, str]:
    """Whether the fast suite catches ``brk``, and how. A catch counts only when the first
    failing test fails again alone with the break and passes alone without it. A failure
    that does not come again alone (a flaky test) is set aside and the suite runs again
    without it, up to three times. The one test that ``brk``'s old text is in place is
    always left out: it fails on every break."""
    leave_out = [f"{OWN_TEST}[{brk.name}]"]
    flaky: list[str] = []
    with broken(copy, brk):
        for _ in range(3):
            status, output = run_suite(copy, leave_out + flaky, timeout)
            failure = first_failure(output)
            if status == 0:
                return False, "the fast suite passed" + _aside(flaky)
            if status not in (1, 2) or failure is None:
                why = "timed out" if status is None else f"exit status {status}, no test failed"
                return False, why + "\n" + "\n".join(output.strip().splitlines()[-15:])
            if not passes_alone(copy, failure[0]):
                break
            flaky.append(failure[0])
            print(f"  set aside: {failure[0]} failed ({failure[1]}) but passes alone", flush=True)
        else:
            return False, "only flaky failures" + _aside(flaky)
    if not passes_alone(copy, failure[0]):
        return False, f"{failure[0]} fails without the break too ({failure[1]})"
    return True, failure[0] + _aside(flaky)


def _aside(flaky: list[str]) -> str:
    return f" (set aside as flaky: {', '.join(flaky)})" if flaky else ""


def check(breaks: list[Break], timeout: float = TIMEOUT) -> bool:
    """Judge each break in turn and print the verdict; True when every one was caught."""
    all_caught = True
    with tempfile.TemporaryDirectory(prefix="rule-breaks-") as folder:
        copy = copy_repository(Path(folder))
        for brk in breaks:
            started = time.monotonic()
            caught, how = judge(copy, brk, timeout)
            took = f"{time.monotonic() - started:.0f} s"
            verdict = "caught     " if caught else "NOT caught "
            print(f"{verdict} {brk.name} ({took}): {how}", flush=True)
            all_caught &= caught
    return all_caught


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="the breaks to run (default: all)")
    parser.add_argument("--list", action="store_true", help="list the breaks and exit")
    parser.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds per break")
    args = parser.parse_args(argv)
    by_name = {b.name: b for b in BREAKS}
    if args.list:
        for brk in BREAKS:
            print(f"{brk.name}\n    {brk.file}: {brk.rule}")
        return 0
    unknown = [n for n in args.names if n not in by_name]
    if unknown:
        parser.error(f"no break named {', '.join(unknown)} (see --list)")
    chosen = [by_name[n] for n in args.names] or list(BREAKS)
    return 0 if check(chosen, args.timeout) else 1


if __name__ == "__main__":
    sys.exit(main())
