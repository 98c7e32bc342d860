"""The README's first command: `make lab` starts JupyterLab on notebooks/, bound to
127.0.0.1, with a token (JupyterLab's default), and prints no warning of its own (a
deprecated option read at start printed one)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from browser_support import ROOT, free_port, jupyter_env


def installed_venv() -> list[str]:
    """``VENV=`` the environment running these tests when make's stamp says it is installed
    from this very pyproject.toml (a fresh worktree then reuses it instead of building one);
    nothing otherwise, so make builds .venv as a user's first `make lab` does."""
    pyproject = (ROOT / "pyproject.toml").read_bytes()
    stamp = subprocess.run(["cksum"], input=pyproject, capture_output=True, check=True)
    installed = Path(sys.prefix) / f".installed-{stamp.stdout.split()[0].decode()}"
    return [f"VENV={sys.prefix}"] if installed.exists() and sys.prefix != sys.base_prefix else []


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_lab_answers_on_its_port_and_asks_for_a_token(tmp_path: Path) -> None:
    port = free_port()
    env = jupyter_env(tmp_path)
    log = (tmp_path / "lab.log").open("w")
    command = ["make", "lab", f"PORT={port}", *installed_venv()]
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
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
        warned = [
            line
            for line in text.splitlines()
            if ("Warning" in line or "WARNING" in line or "[W " in line)
            and "403" not in line and "Forbidden" not in line  # this test's own request
        ]  # fmt: skip
        assert warned == [], f"make lab warned: {warned}"
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)
        log.close()
