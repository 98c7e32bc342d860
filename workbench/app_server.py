"""The teacher app's server (``make app``): Voilà, for the teacher alone, and for a room.

``python -m workbench.app_server NOTEBOOK`` serves a notebook as Voilà does, and:

- **asks for a token**: a new one each start, printed with the URL to open
  (``http://127.0.0.1:8866/?token=…``); a request without it is sent to the login page (the
  page) or refused with 403 (the kernels and their websockets);
- **answers only to this machine**: it listens on 127.0.0.1, and a request whose ``Host`` is
  not ``localhost`` or a loopback address is refused with 403, whatever it asks for (a web page
  reaching the port through DNS rebinding names its own host);
- **frees the kernel of a closed page**: a kernel no page is connected to, idle for
  ``--cull-idle`` seconds (40), is shut down at the next check (every ``--cull-interval``
  seconds, 10): within a minute of its page closing. A kernel with its page open is never
  culled, however long the teacher pauses; a new kernel's page has ``--connect-grace``
  seconds (60) to connect (a busy machine's eighth page connected 44 s after its kernel);
- **runs at most ``--max-kernels`` kernels** (12, one per open page, the warm one included):
  the page past the limit explains, and tries again by itself, instead of starting one more;
- **keeps a warm kernel** (``--pool-size``, 1; 0 for none): a kernel that has already run the
  notebook, so that the next page shows at once (Voilà's preheated kernels, within the limits
  above: :mod:`workbench.app_pool`); refilled ``--refill-delay`` seconds (5) after a page took
  it. Voilà's ``/voila/query/<kernel>`` websocket, which hands a warm kernel its page's request,
  asks for the token as the kernels' websockets do;
- **lists its kernels** at ``/api/kernels`` (with the token): id, last activity, connections;
- **stops on SIGTERM, SIGINT and SIGHUP**, shutting its kernels down; serves no file of its
  folder (Voilà's ``/voila/files/``), takes no template or theme from a page's address, talks
  to its kernels over local sockets (IPC, no TCP port) and sends each kernel message at once
  (:mod:`workbench.server`).

Every option of ``voila`` works too (``--port``, ``--Voila.ip``, ...).
"""

from __future__ import annotations

import html
import ipaddress
import json
import signal
import sys
import time
from pathlib import Path
from typing import Any, ClassVar

import voila.app  # type: ignore[import-untyped]
from jupyter_core.utils import ensure_async
from jupyter_server.auth.decorator import ws_authenticated
from jupyter_server.base.handlers import APIHandler, JupyterHandler
from jupyter_server.services.contents.largefilemanager import LargeFileManager
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from tornado import web
from tornado.httputil import HTTPServerRequest
from tornado.ioloop import IOLoop
from tornado.routing import Matcher, Rule
from tornado.websocket import WebSocketHandler
from traitlets import Bool, Float, Integer, List, Unicode, default
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler  # type: ignore[import-untyped]
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]
from voila.tornado.kernel_websocket_handler import (  # type: ignore[import-untyped]
    VoilaKernelWebsocketHandler,
)

from workbench.app_pool import is_warm_start, pooled_kernel_manager
from workbench.server import CONNECTION

STOP_SIGNALS = tuple(
    getattr(signal, n) for n in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, n)
)
OFFLINE_TEMPLATE = Path(__file__).resolve().parents[1] / "app" / "template"
RETRY_SECONDS = 15  # how often the page shown past the limit tries again
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"


def local_host(host: str, names: list[str] | tuple[str, ...] = ("localhost",)) -> bool:
    """Whether a request's ``Host`` header names this machine: a loopback address or one of
    ``names``, with or without a port.

    >>> [local_host(h) for h in ("127.0.0.1:8866", "localhost", "[::1]:8866", "evil.test:8866")]
    [True, True, True, False]
    """
    name = host.rsplit(":", 1)[0] if host.count(":") == 1 or "]:" in host else host
    name = name.removeprefix("[").removesuffix("]").lower()
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return name in names


class AllKernelsInUse(web.HTTPError):
    """Every kernel the server may run is in use: the page says so (HTTP 503)."""

    def __init__(self, limit: int, freed_within: int) -> None:
        self.limit, self.freed_within = limit, freed_within
        super().__init__(503, f"all {limit} kernels in use", reason="All kernels in use")

    def page(self) -> str:
        """A page a room can read, trying again by itself every RETRY_SECONDS."""
        text = (
            f"The app is running its {self.limit} kernels: each open page of the app has one. "
            f"Close a page you no longer need: its kernel is freed about {self.freed_within} "
            f"seconds later. This page tries again every {RETRY_SECONDS} seconds."
        )
        return (
            "<!DOCTYPE html><html><head><meta charset='utf-8'>"
            f"<meta http-equiv='refresh' content='{RETRY_SECONDS}'>"
            "<title>The app is full</title></head>"
            "<body style='font-family:sans-serif;font-size:20px;max-width:40em;margin:3em auto'>"
            f"<h1 class='workbench-app-full'>The app is full</h1><p>{html.escape(text)}</p>"
            "</body></html>"
        )


class TeacherKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager with a limit on running kernels and the culling of
    idle kernels no page is connected to turned on."""

    max_kernels = Integer(12, help="The most kernels running at once (one per open page).").tag(
        config=True
    )
    connect_grace = Integer(
        60, help="Seconds a new kernel's page has to connect before the kernel may be culled."
    ).tag(config=True)
    refill_delay = Float(
        5.0, help="Seconds after a page took the warm kernel before the next one is started."
    ).tag(config=True)

    @default("cull_idle_timeout")
    def _cull_idle_timeout_default(self) -> int:
        return 40

    @default("cull_interval")
    def _cull_interval_default(self) -> int:
        return 10

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting = 0  # kernels being started, not yet listed

    @property
    def freed_within(self) -> int:
        """Seconds after its page closes by which a kernel is being shut down (a page open
        longer than ``connect_grace``)."""
        return int(self.cull_idle_timeout + self.cull_interval)

    async def start_kernel(  # type: ignore[override]  # async, as Jupyter Server's
        self, *, kernel_id: str | None = None, **kwargs: Any
    ) -> str:
        """Start a kernel, unless ``max_kernels`` are running or starting (AllKernelsInUse),
        warm ones included (a warm kernel with no room is given up: :mod:`workbench.app_pool`)."""
        new = kernel_id is None or kernel_id not in self
        if new and len(self.list_kernel_ids()) + self._starting >= self.max_kernels:
            if is_warm_start(kwargs.get("env")):
                self.log.info("No warm kernel: all %d kernels in use", self.max_kernels)
            else:
                self.log.warning("Refused a kernel: all %d kernels in use", self.max_kernels)
            raise AllKernelsInUse(self.max_kernels, self.freed_within)
        self._starting += 1
        try:
            kernel_id = await super().start_kernel(kernel_id=kernel_id, **kwargs)
        finally:
            self._starting -= 1
        self._kernels[kernel_id].workbench_started = time.monotonic()
        return kernel_id

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Jupyter Server's culling, once the kernel is ``connect_grace`` seconds old."""
        started = getattr(self._kernels.get(kernel_id), "workbench_started", None)
        if started is None or time.monotonic() - started >= self.connect_grace:
            await super().cull_kernel_if_idle(kernel_id)


class AppPageHandler(TornadoVoilaHandler):
    """Voilà's page, showing the page of :class:`AllKernelsInUse` past the limit."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        refused = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(refused, AllKernelsInUse):
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Retry-After", str(RETRY_SECONDS))
            self.finish(refused.page())
            return
        super().write_error(status_code, **kwargs)


class AppKernelWebsocketHandler(VoilaKernelWebsocketHandler):
    """Voilà's kernel websocket, sending a binary message of the older protocol (a widget's
    picture, to a client that asked for no subprotocol) as it is: Voilà reads every binary
    message as the v1 protocol's, to drop ``execute_input`` ones (which carry no buffers),
    takes the older protocol's first bytes for a count near 10**18 and freezes the server
    (measured: no answer to anyone until it was stopped). A refusal is a short page (Jupyter
    Server's page needs static files a Voilà server has not)."""

    def write_message(self, message: bytes | str | dict, binary: bool = False) -> Any:
        if isinstance(message, bytes) and self.selected_subprotocol != V1_PROTOCOL:
            return WebSocketHandler.write_message(self, message, binary)
        return super().write_message(message, binary)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        web.RequestHandler.write_error(self, status_code, **kwargs)


class RequestInfoWebsocketHandler(JupyterHandler, RequestInfoSocketHandler):
    """Voilà's ``/voila/query/<kernel>`` websocket (a warm kernel reads its page's request
    there, the token in it) for the token's holder alone: 403 without it, as the kernels'
    websockets answer."""

    async def prepare(self, **kwargs: Any) -> None:
        await super().prepare(_redirect_to_login=False)  # 403, as a websocket wants

    @ws_authenticated
    async def get(self, *args: Any, **kwargs: Any) -> None:
        upgrading = super().get(*args, **kwargs)
        if upgrading is not None:
            await upgrading

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        web.RequestHandler.write_error(self, status_code, **kwargs)


class KernelListHandler(APIHandler):
    """``GET /api/kernels``: the running kernels, as Jupyter Server lists them."""

    @web.authenticated
    async def get(self) -> None:
        kernels = await ensure_async(self.kernel_manager.list_kernels())
        self.finish(json.dumps(kernels, default=str))


class ForeignHost(Matcher):
    """Matches a request whose Host is not this machine (see :func:`local_host`)."""

    def __init__(self, names: list[str]) -> None:
        self.names = names

    def match(self, request: HTTPServerRequest) -> dict[str, Any] | None:
        return None if local_host(request.host, self.names) else {}


class ForeignHostRefused(web.RequestHandler):
    """403 for every request :class:`ForeignHost` matches, whatever its method and path."""

    def prepare(self) -> None:
        raise web.HTTPError(403, "the Host %s is not this machine", self.request.host)


class AppContentsManager(LargeFileManager):
    """Voilà's contents manager without the notebook's signature check: Voilà runs every cell
    itself and shows only what it outputs now, never an output saved in the file, so trust
    (whether saved outputs may run their scripts) decides nothing here; its warning, "Notebook
    ... is not trusted" on every page, told a teacher nothing."""

    def mark_trusted_cells(self, nb: Any, path: str = "") -> None:
        return None


class TeacherServer(Voila):
    """Voilà as the module docstring says."""

    aliases: ClassVar[dict] = {
        **Voila.aliases,
        "max-kernels": "TeacherKernelManager.max_kernels",
        "cull-idle": "TeacherKernelManager.cull_idle_timeout",
        "cull-interval": "TeacherKernelManager.cull_interval",
        "connect-grace": "TeacherKernelManager.connect_grace",
        "pool-size": "VoilaConfiguration.default_pool_size",
        "refill-delay": "TeacherKernelManager.refill_delay",
    }
    classes: ClassVar[list] = [*Voila.classes, TeacherKernelManager]

    allow_remote_access = Bool(
        False, help="Answer requests naming any Host (only behind a proxy that checks it)."
    ).tag(config=True)
    local_hostnames = List(
        Unicode(), ["localhost"], help="The names (besides loopback addresses) of this machine."
    ).tag(config=True)

    @default("ip")
    def _ip_default(self) -> str:
        return "127.0.0.1"

    @default("open_browser")
    def _open_browser_default(self) -> bool:
        return False

    @default("auto_token")
    def _auto_token_default(self) -> bool:
        return True

    @default("kernel_websocket_connection_class")
    def _connection_default(self) -> str:
        return CONNECTION

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        if self.token == "":
            raise ValueError("Voila.token: expected a token (unset: a new one each start), got ''")
        chosen = self.config.VoilaConfiguration
        if "multi_kernel_manager_class" not in chosen:
            self.voila_configuration.multi_kernel_manager_class = TeacherKernelManager
        if "file_allowlist" not in chosen:
            self.voila_configuration.file_allowlist = []  # no file of the folder is served
        if "default_pool_size" not in chosen:
            self.voila_configuration.default_pool_size = 1
        if (size := self.voila_configuration.default_pool_size) < 0:
            expected = "expected a number of warm kernels (0: none)"
            raise ValueError(f"--pool-size: {expected}, got {size}")
        if "preheat_kernel" not in chosen:
            self.voila_configuration.preheat_kernel = self.voila_configuration.default_pool_size > 0
        for override in ("allow_template_override", "allow_theme_override"):
            if override not in chosen:  # the page is the app's own: no ?voila-template=
                setattr(self.voila_configuration, override, "NO")
        if "transport" not in self.config.KernelManager:  # local sockets, not TCP ports
            self.config.KernelManager.transport = "ipc"

    def setup_template_dirs(self) -> None:
        """Voilà's template folders with the app's own first (``app/template``): Voilà's lab
        page without the stylesheets it fetches from a CDN, so nothing leaves the machine."""
        super().setup_template_dirs()
        self.template_paths.insert(0, str(OFFLINE_TEMPLATE))

    def init_settings(self) -> dict:
        """Voilà's settings, its pool (if any) under :class:`workbench.app_pool.WarmPoolRules`
        and its contents read by :class:`AppContentsManager` (Voilà makes both inside; their
        makers are swapped for the call)."""
        factory = voila.app.voila_kernel_manager_factory
        voila.app.voila_kernel_manager_factory = pooled_kernel_manager(factory)
        voila.app.LargeFileManager = AppContentsManager
        try:
            settings = super().init_settings()
        finally:
            voila.app.voila_kernel_manager_factory = factory
            voila.app.LargeFileManager = LargeFileManager
        settings["allow_remote_access"] = self.allow_remote_access
        settings["local_hostnames"] = list(self.local_hostnames)
        return settings

    def init_handlers(self) -> list:
        """Voilà's handlers with the page of :class:`AppPageHandler` and the kernels' list;
        before them all (Voilà adds them to ``self.app`` next), the refusal of foreign hosts."""
        if not self.allow_remote_access:
            rule = Rule(ForeignHost(list(self.local_hostnames)), ForeignHostRefused)
            self.app.default_router.rules.insert(0, rule)
        ours = {TornadoVoilaHandler: AppPageHandler}
        ours[VoilaKernelWebsocketHandler] = AppKernelWebsocketHandler
        ours[RequestInfoSocketHandler] = RequestInfoWebsocketHandler
        handlers = [(url_path_join(self.server_url, "/api/kernels"), KernelListHandler)]
        for pattern, handler, *rest in super().init_handlers():
            handlers.append((pattern, ours.get(handler, handler), *rest))
        return handlers

    def start(self) -> None:
        loop = IOLoop.current().asyncio_loop  # type: ignore[attr-defined]
        for number in STOP_SIGNALS:
            loop.add_signal_handler(number, self._stop_on_signal, number)
        super().start()

    def _stop_on_signal(self, number: int) -> None:
        self.log.info("%s: stopping", signal.Signals(number).name)
        IOLoop.current().stop()

    def stop(self) -> None:
        """Shut the kernels down; a second signal meanwhile ends the server at once (its
        kernels end with it: each watches its parent)."""
        for number in STOP_SIGNALS:
            signal.signal(number, signal.SIG_DFL)
        kernels = self.kernel_manager.list_kernel_ids()
        self.log.info("Shutting down %d kernels", len(kernels))
        super().stop()


main = TeacherServer.launch_instance

if __name__ == "__main__":
    sys.exit(main())
