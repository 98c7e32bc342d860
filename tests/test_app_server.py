"""The teacher app's server (``make app``, :mod:`workbench.app_server`) without a browser: a
client without the token, or naming another host, is refused everywhere and writes nothing
(its websocket drives the stepper's name box and Save as the app's page would); a page
nobody opens frees its kernel once it could have connected; past the limit of kernels a page
says so; a client of the older websocket protocol does not freeze the server; SIGTERM and
SIGINT stop ``make app`` and its kernels."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from browser_support import (
    ROOT,
    app_server,
    free_port,
    jupyter_env,
    kernels,
    printed_url,
    room_options,
    wait_until,
)
from test_make_lab import installed_venv

MAX_KERNELS = 2
CULL_IDLE, CULL_INTERVAL = 4, 1  # seconds: a kernel no page holds goes within 5 s
GRACE = 25  # seconds: ... once its page has had 25 s to connect
FREED_WITHIN = GRACE + CULL_INTERVAL + 10  # and 10 s to shut it down on a busy machine
FOREIGN = "rebound.example"  # the host a DNS-rebinding page names


def status(url: str, host: str | None = None, method: str = "GET") -> int:
    """The HTTP status a request gets (redirects are not followed)."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    request = urllib.request.Request(url, method=method, data=b"" if method == "POST" else None)
    if host:
        request.add_header("Host", host)
    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def get(url: str) -> tuple[int, str, dict[str, str]]:
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            return response.status, response.read().decode(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), dict(error.headers)


def open_page(app: str) -> str:
    """Ask for the app's page (with the token), as a browser would; its kernel's id."""
    code, page, _ = get(app)
    assert code == 200, page[-2000:]
    return re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1)


# --- driving the app's widgets over its websocket --------------------------------------------
class WidgetClient:
    """A client of a kernel's websocket speaking the widgets' protocol, as the page's script
    does: it reads every widget's state and can set a value and click a button."""

    def __init__(self, app: str, kernel: str, **options) -> None:
        import websocket

        base, token = app.split("?")
        url = f"{base.replace('http', 'ws', 1)}api/kernels/{kernel}/channels"
        self.session = uuid.uuid4().hex
        self.socket = websocket.create_connection(
            f"{url}?session_id={self.session}&{options.pop('query', token)}", timeout=60, **options
        )

    def send(self, msg_type: str, content: dict) -> None:
        header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": self.session}
        header |= {"username": "", "date": "", "version": "5.3"}
        message = {"header": header, "parent_header": {}, "metadata": {}, "content": content}
        self.socket.send(json.dumps({**message, "channel": "shell", "buffers": []}))

    def receive(self, wanted, timeout: float = 60) -> dict:
        """The next message that ``wanted`` accepts."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if wanted(message := self.message(self.socket.recv())):
                return message
        pytest.fail("the kernel did not answer")

    @staticmethod
    def message(frame: str | bytes) -> dict:
        """A frame's message: JSON text, or the JSON part of a binary frame of the older
        protocol (a count, offsets, the message, its buffers: a widget's pictures)."""
        if isinstance(frame, str):
            return json.loads(frame)
        count = int.from_bytes(frame[:4], "big")
        offsets = [int.from_bytes(frame[4 + 4 * i : 8 + 4 * i], "big") for i in range(count)]
        return json.loads(frame[offsets[0] : offsets[1] if count > 1 else None])

    def states(self) -> dict[str, dict]:
        """Every widget's state, by its model id (asked for all at once)."""
        self.send("comm_info_request", {"target_name": "jupyter.widget"})
        comms = self.receive(lambda m: m["msg_type"] == "comm_info_reply")["content"]["comms"]
        for comm in comms:
            self.send("comm_msg", {"comm_id": comm, "data": {"method": "request_state"}})
        found: dict[str, dict] = {}
        while len(found) < len(comms):
            update = self.receive(
                lambda m: m["msg_type"] == "comm_msg" and m["content"]["comm_id"] in comms
            )
            found[update["content"]["comm_id"]] = update["content"]["data"]["state"]
        return found

    def click(self, label: str, states: dict[str, dict] | None = None) -> None:
        """Click the button showing ``label``."""
        states = states or self.states()
        button = next(c for c, s in states.items() if s.get("description") == label)
        click = {"method": "custom", "content": {"event": "click"}}
        self.send("comm_msg", {"comm_id": button, "data": click})

    def save_as(self, name: str) -> None:
        """Type ``name`` in the stepper's name box and click Save."""
        states = self.states()
        box = next(c for c, s in states.items() if s.get("placeholder", "").startswith("a name"))
        update = {"method": "update", "state": {"value": name}, "buffer_paths": []}
        self.send("comm_msg", {"comm_id": box, "data": update})
        self.click("Save", states)

    def close(self) -> None:
        self.socket.close()


# --- one server for the module ----------------------------------------------------------------
@pytest.fixture(scope="module")
def user_folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("app-server-user-folder")


@pytest.fixture(scope="module")
def app(tmp_path_factory, user_folder):
    """The teacher app served as `make app` does, with a low limit and quick culling."""
    home = tmp_path_factory.mktemp("app-server-home")
    env = jupyter_env(home) | {"WORKBENCH_HOME": str(user_folder)}
    port = free_port()
    options = room_options(MAX_KERNELS, CULL_IDLE, CULL_INTERVAL, GRACE)
    with app_server("app/teacher.ipynb", ROOT, env, port, home / "app.log", *options) as url:
        yield url


@pytest.fixture(scope="module")
def teacher(app: str):
    """The teacher's page: its kernel, held by a client of the older websocket protocol."""
    kernel = open_page(app)
    client = WidgetClient(app, kernel)
    yield kernel, client
    client.close()


def _files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


def _repository() -> str:
    git = ["git", "status", "--porcelain", "--untracked-files=all"]
    return subprocess.run(git, cwd=ROOT, capture_output=True, text=True, check=True).stdout


def test_a_page_never_opened_frees_its_kernel_and_past_the_limit_a_page_says_so(app: str) -> None:
    wait_until(lambda: not kernels(app), "no kernel yet", FREED_WITHIN)
    asked = time.monotonic()
    with ThreadPoolExecutor(MAX_KERNELS) as requests:  # a kernel each, no page connects
        assert len(set(requests.map(open_page, [app] * MAX_KERNELS))) == MAX_KERNELS
    loaded = time.monotonic()
    assert len(kernels(app)) == MAX_KERNELS
    code, page, headers = get(app)
    assert code == 503 and headers["Retry-After"] == "15"
    assert "The app is full" in page and f"running its {MAX_KERNELS} kernels" in page
    assert f"freed about {CULL_IDLE + CULL_INTERVAL} seconds later" in page
    assert "Traceback" not in page and len(kernels(app)) == MAX_KERNELS
    # idle past CULL_IDLE, but their pages may still be loading on a busy machine: kept
    time.sleep(max(0.0, loaded + CULL_IDLE + CULL_INTERVAL + 1 - time.monotonic()))
    assert len(kernels(app)) == MAX_KERNELS, "culled before a page could connect"
    wait_until(lambda: not kernels(app), "the kernels of pages never opened freed", FREED_WITHIN)
    freed = time.monotonic() - asked
    print(f"pages loaded in {loaded - asked:.1f} s; their kernels freed {freed:.1f} s after")
    assert GRACE <= freed <= loaded - asked + FREED_WITHIN  # and with them the room for two


def test_without_the_token_or_from_another_host_nothing_answers_and_nothing_is_written(
    app: str, user_folder: Path, teacher: tuple[str, WidgetClient]
) -> None:
    import websocket

    base, token = app.split("?")
    port = base.rsplit(":", 1)[1].strip("/")
    kernel, page = teacher
    before, repository = _files(user_folder), _repository()

    # the page goes to the login; the API, the websocket and the kernels' shutdown are refused
    assert status(base) == 302
    for path in ("api/kernels", f"api/kernels/{kernel}", f"api/kernels/{kernel}/channels"):
        assert status(f"{base}{path}") == 403, path
    assert status(f"{base}voila/api/shutdown/{kernel}", method="POST") == 403
    assert status(f"{base}api/kernels/{kernel}", method="DELETE") == 403
    # another host is refused, token or not, whatever it asks for (static files too)
    for path in ("", "api/kernels", "login", "voila/static/voila.js", "no-such-page"):
        for query in ("", f"?{token}"):
            assert status(f"{base}{path}{query}", host=f"{FOREIGN}:{port}") == 403, path
    assert status(f"{base}voila/files/tests/golden/render_hexboard.svg?{token}") == 403

    # the websocket: without the token, with a wrong one, and from another host with it
    attempts = {
        "no token": {"query": "x=1"},
        "a wrong token": {"query": "token=0123456789abcdef"},
        "another host": {"host": f"{FOREIGN}:{port}", "origin": f"http://{FOREIGN}:{port}"},
    }
    for what, options in attempts.items():
        with pytest.raises(websocket.WebSocketBadStatusException) as refused:
            WidgetClient(app, kernel, **options).save_as(f"planted-{what.replace(' ', '-')}")
        assert refused.value.status_code == 403, what
    time.sleep(1)
    assert _files(user_folder) == before, "a refused client wrote a file"
    assert kernel in [k["id"] for k in kernels(app)], "the kernel is still there"

    # the same messages with the token do save: the refusal, not the messages, stopped them
    page.save_as("saved-by-the-teacher")
    saved = user_folder / "records" / "saved-by-the-teacher.json"
    wait_until(saved.exists, "the teacher's Save", 60)
    assert _files(user_folder) == sorted({*before, "records", "records/saved-by-the-teacher.json"})
    assert _repository() == repository, "nothing written into the repository"


def test_a_client_of_the_older_websocket_protocol_gets_the_board_and_the_server_answers(
    app: str, teacher: tuple[str, WidgetClient]
) -> None:
    """The board's pictures are binary messages: to a client that asked for no subprotocol
    (as the teacher's here) Voilà alone froze the whole server on the first of them."""
    kernel, page = teacher
    page.click("▶")  # one step on: the board is drawn again
    picture = page.socket.recv()
    while not isinstance(picture, bytes):
        picture = page.socket.recv()
    assert page.message(picture)["msg_type"] == "comm_msg"
    start = time.monotonic()
    assert kernel in [k["id"] for k in kernels(app)]
    assert time.monotonic() - start < 5, "the server answers at once"


# --- make app: the token printed, and the signals that stop it ------------------------------
def _process_group(leader: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "-g", str(leader)], capture_output=True, text=True)
    return [int(pid) for pid in out.stdout.split()]


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True)
    return [int(child) for child in out.stdout.split()]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text()[:64]


def _ignoring_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.skipif(shutil.which("make") is None or shutil.which("ps") is None, reason="no make")
@pytest.mark.parametrize(
    ("stop", "how"),
    [
        (signal.SIGTERM, "to make, as `kill` does"),
        # `make app &` in a script starts it with SIGINT ignored, and Voilà kept ignoring it
        (signal.SIGINT, "to the group, as Ctrl-C does, started as `make app &` in a script"),
    ],
)
def test_make_app_asks_for_its_printed_token_and_stops_on_a_signal(
    tmp_path: Path, stop: signal.Signals, how: str
) -> None:
    port = free_port()
    env = jupyter_env(tmp_path) | {"WORKBENCH_HOME": str(tmp_path / "user")}
    command = ["make", "app", f"APP_PORT={port}", *installed_venv()]
    log = tmp_path / "app.log"
    started = _ignoring_sigint if stop == signal.SIGINT else None
    with log.open("w") as out:
        make = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True, preexec_fn=started,
        )  # fmt: skip
    try:
        app = printed_url(log, port, timeout=120)
        assert status(app.split("?")[0]) == 302, "the page wants the token"
        open_page(app)
        serving = _children(make.pid)
        kernel_processes = [k for s in serving for k in _children(s)]
        assert serving and kernel_processes, "make runs the server, the server a kernel"
        start = time.monotonic()
        if stop == signal.SIGTERM:
            os.kill(make.pid, stop)
        else:
            os.killpg(make.pid, stop)
        deadline = start + 15
        while make.poll() is None or _process_group(make.pid) or any(map(_alive, kernel_processes)):
            if time.monotonic() > deadline:
                pytest.fail(f"{stop.name} {how}: still running after 15 s:\n{log.read_text()}")
            time.sleep(0.1)
        took = time.monotonic() - start
    finally:
        if make.poll() is None:
            os.killpg(make.pid, signal.SIGKILL)
            make.wait(timeout=10)
    print(f"{stop.name} {how}: make, the server and its kernel gone in {took:.1f} s")
    assert took < 10
    assert "Traceback" not in log.read_text()
