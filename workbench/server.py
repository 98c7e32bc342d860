"""Serving the workbench: a kernel websocket that sends small messages at once.

Jupyter Server (and Voilà, built on it) never turns off Nagle's algorithm on the websocket to
the browser, so after a click the kernel's second small message (the first is its "busy"
status) waits until the browser acknowledges the first, and a browser on Linux delays that
acknowledgement by up to 40 ms: most of the time between a click on the board and the
reach painted was that wait (measured: click to kernel 4 ms, the kernel's work 1 ms, kernel
to browser 44 ms, painting 7 ms). :class:`NoDelayKernelWebsocketConnection` is Jupyter
Server's own connection with ``TCP_NODELAY`` set, chosen by configuration: give
:data:`CONNECTION` as ``--ServerApp.kernel_websocket_connection_class`` to ``jupyter lab``
(``make lab`` does) or as ``--Voila.kernel_websocket_connection_class`` to ``voila``. It
changes no message, only when the packets leave.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

CONNECTION = "workbench.server.NoDelayKernelWebsocketConnection"
"""The dotted name to give ``kernel_websocket_connection_class``."""


class NoDelayKernelWebsocketConnection(ZMQChannelsWebsocketConnection):
    """Jupyter Server's kernel websocket connection, sending each message without waiting
    to coalesce it with the next (``TCP_NODELAY``)."""

    def connect(self) -> Any:
        self.websocket_handler.set_nodelay(True)
        return super().connect()
