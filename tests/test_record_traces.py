"""Saved records and prepared games replay as they did before the games were recast onto one
contract: the same steps by the same sides, the same events and reasons, the same number of
choices after each step and the same outcome (``tests/record_traces.py``; the golden traces
were written from the code before that change)."""

from __future__ import annotations

import pytest

import workbench
from tests.record_traces import GOLDEN, records, trace

RECORDS = records()


def test_every_kept_record_has_its_golden_trace():
    assert len(RECORDS) >= 15
    assert {p.stem for p in GOLDEN.glob("*.trace")} == set(RECORDS)


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_a_record_replays_as_it_did(name):
    golden = (GOLDEN / f"{name}.trace").read_text(encoding="utf-8").splitlines()
    now = trace(workbench.load(RECORDS[name]))
    first = next((i for i, (a, b) in enumerate(zip(golden, now, strict=False)) if a != b), None)
    assert first is None, f"step line {first + 1}:\nwas {golden[first]}\nnow {now[first]}"
    assert len(now) == len(golden)
