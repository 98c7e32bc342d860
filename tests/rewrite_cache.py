"""Rewriting the test modules' asserts once for all of make test's workers.

pytest rewrites the asserts of each test module it imports (for its failure messages) and
keeps the result beside the module (``__pycache__``, ignored by git). From a fresh clone
nothing is kept yet, and each of make test's three workers rewrote every test module: some
8 s of CPU each, on two cores. The controller (conftest.py) now does it once, on two
processes, before the workers start; they find it kept.
"""

from __future__ import annotations

import multiprocessing
import sys
from pathlib import Path
from typing import Any


def rewrite_test_modules_once(config: Any, processes: int = 2) -> list[Path]:
    """Rewrite every test module under ``config.rootpath`` that pytest's cache does not hold
    yet, on ``processes`` processes, into that cache; the modules rewritten. Without pytest's
    rewriting API, or where the environment says not to write bytecode, nothing (each worker
    then rewrites for itself, as before)."""
    try:
        from _pytest.assertion.rewrite import PYC_TAIL, _read_pyc, get_cache_dir
    except ImportError:
        return []
    if sys.dont_write_bytecode:
        return []
    root = Path(config.rootpath)
    modules = [*root.glob("conftest.py"), *root.glob("tests/conftest.py")]
    for folder in ("tests", "workbench"):  # the test paths (pyproject.toml) with test modules
        modules += sorted((root / folder).rglob("test_*.py"))
    stale = [m for m in modules if _read_pyc(m, get_cache_dir(m) / (m.stem + PYC_TAIL)) is None]
    if not stale:
        return []
    forked = multiprocessing.get_context("fork")  # the config goes to each process as it is
    shares = [stale[i::processes] for i in range(processes)]
    running = [forked.Process(target=_rewrite_into_cache, args=(config, s)) for s in shares]
    for process in running:
        process.start()
    for process in running:
        process.join(timeout=120)  # a process that hangs only costs the workers their own work
        if process.is_alive():
            process.kill()
    return stale


def _rewrite_into_cache(config: Any, modules: list[Path]) -> None:
    from _pytest.assertion.rewrite import (
        PYC_TAIL,
        _rewrite_test,
        _write_pyc,
        assertstate_key,
        get_cache_dir,
    )

    for module in modules:
        source_hash, code = _rewrite_test(module, config)
        cache = get_cache_dir(module)
        cache.mkdir(exist_ok=True)
        pyc = cache / (module.stem + PYC_TAIL)
        _write_pyc(config.stash[assertstate_key], code, source_hash, pyc)
