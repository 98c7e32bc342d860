"""Shared test setup: browser tests run only where the system Chromium exists."""

import os

import pytest

CHROMIUM = "/usr/bin/chromium"


def pytest_collection_modifyitems(config, items):
    if os.path.exists(CHROMIUM):
        return
    skip = pytest.mark.skip(
        reason=f"browser test: {CHROMIUM} is not installed (apt-get install chromium)"
    )
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)
