"""The kernel websocket connection that sends small messages at once (TCP_NODELAY)."""

from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

from workbench.server import CONNECTION, NoDelayKernelWebsocketConnection


class _Handler(KernelWebsocketHandler):
    """A websocket handler that only records the no-delay flag."""

    def __init__(self) -> None:  # no request, no application: nothing else is used
        self.flags: list[bool] = []

    def set_nodelay(self, value: bool) -> None:
        self.flags.append(value)


def test_connecting_turns_nagle_off_first(monkeypatch) -> None:
    from jupyter_server.services.kernels.connection import channels

    seen = []
    monkeypatch.setattr(
        channels.ZMQChannelsWebsocketConnection, "connect", lambda self: seen.append(self) or "ok"
    )
    handler = _Handler()
    connection = NoDelayKernelWebsocketConnection(websocket_handler=handler)
    assert connection.connect() == "ok" and seen == [connection]
    assert handler.flags == [True]


def test_the_configured_name_finds_the_class() -> None:
    from traitlets.utils.importstring import import_item

    assert import_item(CONNECTION) is NoDelayKernelWebsocketConnection
