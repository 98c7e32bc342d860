"""The README's first command: `make lab` starts JupyterLab on notebooks/, bound to
127.0.0.1, with a token (JupyterLab's default)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from browser_support import ROOT, free_port, jupyter_env


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_lab_answers_on_its_port_and_asks_for_a_token(tmp_path: Path) -> None:
    port = free_port()
    env = jupyter_env(tmp_path)
    log = (tmp_path / "lab.log").open("w")
    process = subprocess.Popen(
        ["make", "lab", f"PORT={port}"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        status = None
        while status is None:
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"make lab did not serve: {(tmp_path / 'lab.log').read_text()[-2000:]}")
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=2)
                status = 200
            except urllib.error.HTTPError as error:
                status = error.code
            except OSError:
                time.sleep(0.3)
        assert status == 403  # the API wants the token
        text = (tmp_path / "lab.log").read_text()
        assert f"http://127.0.0.1:{port}/lab?token=" in text
        assert "notebooks" in text  # served from notebooks/
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)
        log.close()
