"""make test's controller rewrites the test modules' asserts once for its workers
(tests/rewrite_cache.py), into the cache pytest itself reads."""

from __future__ import annotations

import sys
from types import SimpleNamespace

from tests.rewrite_cache import rewrite_test_modules_once


def test_a_test_module_is_rewritten_once_into_pytests_own_cache(
    tmp_path, pytestconfig, monkeypatch
):
    from _pytest.assertion.rewrite import PYC_TAIL, _read_pyc

    (tmp_path / "tests").mkdir()
    module = tmp_path / "tests" / "test_example.py"
    module.write_text("def test_sum():\n    assert 1 + 1 == 2\n")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    config = SimpleNamespace(
        rootpath=tmp_path, stash=pytestconfig.stash, getini=pytestconfig.getini,
        get_verbosity=pytestconfig.get_verbosity,
    )  # fmt: skip
    assert rewrite_test_modules_once(config) == [module]
    code = _read_pyc(module, module.parent / "__pycache__" / (module.stem + PYC_TAIL))
    assert code is not None and "@pytest_ar" in code.co_names  # pytest's rewritten asserts
    assert rewrite_test_modules_once(config) == []  # kept: not rewritten again
    module.write_text("def test_sum():\n    assert 2 + 2 == 4\n")
    assert rewrite_test_modules_once(config) == [module]  # changed: rewritten again
