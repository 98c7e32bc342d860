"""Fuzzing every shipped file: a mutated file (keys dropped, renamed or retyped, huge
numbers, NaN, deep nesting, truncation, bad bytes, cycles, paths out of the folder) either
loads to a value that round-trips through save and load, or raises BoardFileError; never
another exception, never more than a few seconds of CPU or a few hundred MB.

``WORKBENCH_FUZZ_EXAMPLES`` sets the examples per shipped file (``make soak`` raises it).
"""

from __future__ import annotations

import json
import os
import shutil
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.files import BoardFileError, load, save

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = int(os.environ.get("WORKBENCH_FUZZ_EXAMPLES", "12"))
SOAK = "WORKBENCH_FUZZ_EXAMPLES" in os.environ
CPU_SECONDS = (
    5.0  # per load (and its save and reload), CPU time untraced: a busy machine is no excuse
)
PEAK_BYTES = 300 * 1024 * 1024
SHIPPED = [
    *sorted(p.relative_to(ROOT) for p in (ROOT / "maps").rglob("*.json")),
    Path("workbench/data/roster-panzer-vor.json"),
    Path("workbench/data/panzer-strike-tiles.json"),
]

STRANGE_TEXT = [
    "",
    "../../../../etc/passwd",  # outside on purpose: a reference the loader refuses
    "/etc/passwd",
    "../" * 40 + "x.json",  # outside on purpose: likewise
    "fuzz.json",  # the mutated file itself: a cycle
    "x\ud800",
    "\0",
    "0101-9999",
    "builtin",
    "🙂" * 50,
    "a" * 5000,
]
STRANGE_NUMBERS = [
    -1,
    0,
    10**15,
    -(10**19),
    10**19,
    2**63,
    1e308,
    -1e-308,
    0.5,
    float("nan"),
    float("inf"),
]


def leaves(value: Any, at: tuple = ()) -> list[tuple]:
    """The path of every node of a JSON document (the root included)."""
    found = [at]
    if isinstance(value, dict):
        for key, item in value.items():
            found += leaves(item, (*at, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += leaves(item, (*at, i))
    return found


def get(document: Any, at: tuple) -> Any:
    for part in at:
        document = document[part]
    return document


def replacement(draw: st.DrawFn) -> Any:
    return draw(
        st.one_of(
            st.sampled_from(STRANGE_TEXT),
            st.sampled_from(STRANGE_NUMBERS),
            st.integers(),
            st.floats(),
            st.text(max_size=20),
            st.just(None),
            st.booleans(),
            st.just([]),
            st.just({}),
            st.integers(1, 200).map(lambda n: json.loads("[" * n + "]" * n)),
        )
    )


@st.composite
def mutated_document(draw: st.DrawFn, document: dict) -> dict:
    document = json.loads(json.dumps(document))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.sampled_from(leaves(document)))
        if not at:
            continue
        parent, key = get(document, at[:-1]), at[-1]
        action = draw(st.sampled_from(["drop", "rename", "retype", "grow"]))
        if action == "drop":
            del parent[key]
        elif action == "rename" and isinstance(parent, dict):
            parent[draw(st.sampled_from([*STRANGE_TEXT[4:], "format", "name"]))] = parent.pop(key)
        elif action == "grow" and isinstance(parent[key], list) and parent[key]:
            parent[key] = parent[key] * draw(st.sampled_from([2, 50, 2000]))
        else:
            parent[key] = replacement(draw)
    return document


def as_bytes(document: Any) -> bytes:
    return json.dumps(document, ensure_ascii=False).encode("utf-8", "surrogatepass")


@st.composite
def mutated_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    action = draw(st.sampled_from(["truncate", "insert", "flip", "bom", "nest"]))
    position = draw(st.integers(0, len(data)))
    if action == "truncate":
        return data[:position]
    if action == "insert":
        return data[:position] + draw(st.binary(min_size=1, max_size=8)) + data[position:]
    if action == "flip" and data:
        position = min(position, len(data) - 1)
        return data[:position] + bytes([data[position] ^ 0xFF]) + data[position + 1 :]
    if action == "bom":
        return b"\xef\xbb\xbf" + data
    depth = draw(st.sampled_from([70, 1000, 100_000]))
    return data[:-1] + b', "deep": ' + b"[" * depth + b"]" * depth + b"}"


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """A copy of the shipped files (references between them resolve inside it)."""
    copy = tmp_path_factory.mktemp("fuzz")
    shutil.copytree(ROOT / "maps", copy / "maps")
    (copy / "workbench" / "data").mkdir(parents=True)
    for path in SHIPPED:
        if path.parts[0] == "workbench":
            shutil.copy(ROOT / path, copy / path)
    return copy


def load_save_reload(path: Path) -> str:
    """Load ``path``: an error of the workbench, or a value that round-trips."""
    try:
        value = load(path)
    except BoardFileError:
        return "refused"
    saved = save(value, path.with_name("fuzz-saved.json"))
    assert load(saved) == value, "a value that loads saves and loads back equal"
    return "loaded"


def _resident_kb(field: str) -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        line = next(line for line in status if line.startswith(f"{field}:"))
    return int(line.split()[1])


def _reset_peak() -> None:
    """Reset this process's peak resident memory (Linux's clear_refs) to what it holds now."""
    with open("/proc/self/clear_refs", "w", encoding="ascii") as refs:
        refs.write("5")


def _peak_resets() -> bool:
    """Whether this process can reset its peak resident memory."""
    try:
        _reset_peak()
        return _resident_kb("VmHWM") > 0
    except (OSError, StopIteration, ValueError):
        return False


PEAK_RESETS = _peak_resets()


def check(path: Path, data: bytes) -> str:
    """Load the bytes at ``path``, timed (CPU time) and measured for the peak of memory: on
    Linux by the rise of the process's peak resident memory, reset just before (one run);
    elsewhere by a second, traced run (tracemalloc multiplies the CPU cost of a big file
    several times over, so a traced run is never the timed one)."""
    path.write_bytes(data)
    if PEAK_RESETS:
        _reset_peak()
        before = _resident_kb("VmRSS")
    start = time.process_time()
    result = load_save_reload(path)
    spent = time.process_time() - start
    assert spent < CPU_SECONDS, f"{spent:.1f} s of CPU"
    if PEAK_RESETS:
        peak = (_resident_kb("VmHWM") - before) * 1024
        if SOAK:
            assert load_save_reload(path) == result, "the same bytes load the same way twice"
    else:
        tracemalloc.start()
        try:
            assert load_save_reload(path) == result, "the same bytes load the same way twice"
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    assert peak < PEAK_BYTES, f"{peak / 2**20:.0f} MB at the peak"
    return result


@pytest.mark.parametrize("shipped", SHIPPED, ids=lambda p: p.stem)
@settings(
    max_examples=EXAMPLES,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
    derandomize=not SOAK,  # make test: the same examples
)
@given(data=st.data())
def test_a_mutated_shipped_file_loads_or_is_refused(folder, shipped, data):
    original = (ROOT / shipped).read_bytes()
    document = json.loads(original)
    if data.draw(st.booleans(), label="bytes"):
        mutated = data.draw(mutated_bytes(original))
    else:
        mutated = as_bytes(data.draw(mutated_document(document)))
    check(folder / shipped.parent / "fuzz.json", mutated)
