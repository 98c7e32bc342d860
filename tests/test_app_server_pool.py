"""The teacher app's warm kernel (``make app`` keeps one: :mod:`workbench.app_pool`), without a
browser: the websocket Voilà adds for it refuses a client without the token or naming another
host, as the kernels' websockets do; the warm kernel counts against the limit (a limit of 2
means at most 2 kernels alive, the warm one included), is not culled while it waits, and is
refilled when room frees; each page request gets a kernel of its own (that test starts and
culls kernels for 15-20 s: it runs in ``make soak``)."""

from __future__ import annotations

import threading
import time

import pytest
from browser_support import (
    ROOT,
    app_server,
    free_port,
    jupyter_env,
    kernels,
    room_options,
    wait_until,
)
from test_app_server import FOREIGN, WidgetClient, get, open_page, status

MAX_KERNELS = 2
CULL_IDLE, CULL_INTERVAL, GRACE = 1, 1, 2  # seconds: short, to see a waiting kernel kept
REFILL = 0.5  # seconds after a page took the warm kernel before the next one starts
READY = 90  # seconds for a kernel to start and run the notebook on a busy machine


@pytest.fixture(scope="module")
def warm_server(tmp_path_factory):
    """The teacher app with one warm kernel, a limit of 2 and quick culling: its URL and log."""
    home = tmp_path_factory.mktemp("app-pool-home")
    env = jupyter_env(home) | {"WORKBENCH_HOME": str(home / "user")}
    port = free_port()
    options = [*room_options(MAX_KERNELS, CULL_IDLE, CULL_INTERVAL, GRACE, pool_size=1)]
    log = home / "app.log"
    with app_server(
        "app/teacher.ipynb", ROOT, env, port, log, *options, f"--refill-delay={REFILL}"
    ) as url:
        yield url, log


@pytest.fixture
def warm_app(warm_server) -> str:
    return warm_server[0]


class Counting:
    """Polls /api/kernels in a thread: the most kernels ever seen alive at once."""

    def __init__(self, app: str) -> None:
        self.app, self.most, self.running = app, 0, True
        self.when: list[dict] = []  # the kernels listed when the most were seen
        self.thread = threading.Thread(target=self._poll, daemon=True)
        self.thread.start()

    def _poll(self) -> None:
        while self.running:
            try:
                listed = kernels(self.app)
            except OSError:  # the server stopped (a failed test): nothing more to count
                return
            if len(listed) > self.most:
                self.most, self.when = len(listed), listed
            time.sleep(0.1)

    def stop(self) -> int:
        self.running = False
        self.thread.join(timeout=10)
        return self.most


def test_the_warm_kernels_websocket_asks_for_the_token_and_this_host(warm_server) -> None:
    import websocket

    warm_app, log = warm_server
    base, token = warm_app.split("?")
    port = base.rsplit(":", 1)[1].strip("/")
    kernel = open_page(warm_app)  # asked for at once: it waits for the warm kernel
    assert f"Using pre-heated kernel: {kernel}" in log.read_text(), "no kernel beside it"
    query = f"{base.replace('http', 'ws', 1)}voila/query/{kernel}"
    assert status(f"{base}voila/query/{kernel}") == 403  # a plain request, no token
    assert status(f"{base}voila/query/{kernel}?{token}", host=f"{FOREIGN}:{port}") == 403
    attempts = {
        "no token": {"url": query},
        "a wrong token": {"url": f"{query}?token=0123456789abcdef"},
        "another host": {"url": f"{query}?{token}", "host": f"{FOREIGN}:{port}"},
    }
    for what, options in attempts.items():
        with pytest.raises(websocket.WebSocketBadStatusException) as refused:
            websocket.create_connection(timeout=30, **options)
        assert refused.value.status_code == 403, what
    # with the token, the page's request is there to read: the refusal stopped the others
    reader = websocket.create_connection(f"{query}?{token}", timeout=30)
    try:
        assert "SCRIPT_NAME" in reader.recv()
    finally:
        reader.close()


@pytest.mark.soak  # 15-20 s of kernels starting and culled: over the fast suite's budget
def test_the_warm_kernel_counts_against_the_limit_waits_unculled_and_is_refilled(
    warm_app: str,
) -> None:
    # the earlier test's page freed: the warm kernel alone
    wait_until(lambda: len(kernels(warm_app)) == 1, "the warm kernel alone", READY)
    counting = Counting(warm_app)
    (warm,) = (k["id"] for k in kernels(warm_app))
    # idle, with no page, past the grace and the culling: kept while it waits
    time.sleep(GRACE + CULL_IDLE + 2 * CULL_INTERVAL)
    assert [k["id"] for k in kernels(warm_app)] == [warm], "the waiting warm kernel was culled"

    first = open_page(warm_app)  # the warm kernel, its grace starting now
    held = [WidgetClient(warm_app, first)]
    second = open_page(warm_app)  # the refill, started for it
    held.append(WidgetClient(warm_app, second))
    assert first == warm and second not in (warm, first), "each page its own kernel"
    time.sleep(REFILL + 2)  # no room for a third: the refill is given up
    assert sorted(k["id"] for k in kernels(warm_app)) == sorted([first, second])
    code, page, _ = get(warm_app)
    assert code == 503 and "The app is full" in page

    held.pop(0).close()  # the first page closes: its kernel freed, a warm one in its room
    wait_until(
        lambda: len(ids := [k["id"] for k in kernels(warm_app)]) == 2 and first not in ids,
        "the closed page's kernel freed and the warm kernel refilled",
        READY,
    )
    refilled = {k["id"] for k in kernels(warm_app)} - {second}
    assert len(refilled) == 1 and refilled.isdisjoint({warm, first})
    held.pop().close()
    assert counting.stop() <= MAX_KERNELS, f"more kernels alive than the limit: {counting.when}"


def test_the_pool_size_is_one_by_default_none_on_request_and_never_negative(
    tmp_path, monkeypatch
) -> None:
    """``make app`` keeps one warm kernel; ``--pool-size=0`` none (and no warm kernels'
    websocket at all); a negative size is refused, naming the option."""
    from workbench.app_server import TeacherServer

    monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(tmp_path))
    notebook = str(ROOT / "app" / "teacher.ipynb")
    for options, warm in (([], 1), (["--pool-size=0"], 0)):
        server = TeacherServer()
        server.initialize([notebook, *options])
        chosen = server.voila_configuration
        assert (chosen.default_pool_size, chosen.preheat_kernel) == (warm, warm > 0)
    with pytest.raises(ValueError, match=r"--pool-size: expected a number of warm kernels"):
        TeacherServer().initialize([notebook, "--pool-size=-1"])
