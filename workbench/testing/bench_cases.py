"""What a game's ``bench`` part declares for the generic benchmarks (``benchmarks/``), found by
:func:`declared` through ``workbench.discovery.parts("bench")``, never by the game's name.

A game's ``bench`` part (``workbench/games/<game>/bench``) may hold, as module attributes:

- ``BENCHMARKS``: its own benchmarks, each a function returning a
  :class:`~workbench.testing.timing.Result` or a list of them;
- ``LINT_SAMPLES``: a :class:`LintSamples`, the boards lint's estimates are measured on;
- ``SWEEP`` / ``SEARCH_SWEEP``: a :class:`Sweep`, the balance lab's throughput measured on
  it, with random players / search players;
- ``CLICK``: a :class:`ClickCase`, the browser's click-to-overlay measured on it;
- ``LESSONS``: a tuple of :class:`LessonCase`, its lessons whose exported pages are measured.

>>> all(callable(bench) for bench in declared("BENCHMARKS"))
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from workbench.discovery import import_all, parts

Sample = tuple[str, Callable[[], Any], Any, dict[str, Any]]  # name, make, checks, options
Pixel = tuple[float, float]


@dataclass(frozen=True)
class LintSamples:
    """The boards of one kind lint's estimates are measured on (``benchmarks/bench_bounds.py``):
    ``samples(quick)`` gives (name, how to make it, its checks, lint's options), smallest
    first (``quick``: the small ones only); ``kind`` names them in the table, under benchmark
    ``number``; ``checks`` are the kind's checks (the samples' may be others too)."""

    kind: str
    number: int
    checks: Any
    samples: Callable[[bool], list[Sample]]


@dataclass(frozen=True)
class Sweep:
    """A balance sweep timed (``benchmarks/bench_balance.py``): ``games`` seeded games of
    game ``game`` on ``scenario`` with ``options``, described as ``label``."""

    game: str
    scenario: str
    options: Mapping[str, Any] = field(default_factory=dict)
    label: str = ""


@dataclass(frozen=True)
class ClickCase:
    """A board the browser benchmark clicks on (``benchmarks/bench_browser.py``): ``setup``,
    a notebook cell's code whose last line shows an explorer (``explorer``); ``geometry()``,
    in the explorer's pixels, the tank to click, a spot the reach overlay shades near it and
    far empty ground whose click clears it."""

    setup: str
    geometry: Callable[[], tuple[Pixel, Pixel, Pixel]]


@dataclass(frozen=True)
class LessonCase:
    """A lesson whose exported page is measured (``benchmarks/bench_export.py``): game
    ``game``'s ``chapter`` and any ``questions`` (``(kind, seed)`` pairs), named ``label``;
    ``sized``: its page's size is held to the lesson limit; ``painted``: its page's first
    picture is timed in the browser."""

    label: str
    game: str
    chapter: str | None = None
    questions: tuple[tuple[str, int], ...] = ()
    sized: bool = True
    painted: bool = False


@dataclass(frozen=True)
class LearningCase:
    """A game OpenSpiel's DQN trains on (``benchmarks/dqn.py``): ``game``'s ``scenario`` with
    ``options`` (a short turn limit: a game of a few hundred steps)."""

    game: str
    scenario: str
    options: Mapping[str, Any]


SPREAD = ("BENCHMARKS", "LESSONS")  # declarations that are tuples, spread out


def declared(name: str) -> list[Any]:
    """Every game's ``bench`` declaration ``name`` (a tuple of :data:`SPREAD` is spread
    out), in the games' homes' order."""
    found: list[Any] = []
    for module in import_all(parts("bench")):
        value = getattr(module, name, None)
        if value is not None:
            found += list(value) if name in SPREAD else [value]
    return found


@contextmanager
def two_dask_workers() -> Iterator[Any]:
    """The client of a 2-worker Dask ``LocalCluster`` (worker processes), None without Dask."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        yield None
        return
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        yield client
