"""The classroom server's one listener for PostgreSQL's notifications, relayed to the pages'
kernels on the same computer.

Each page of a class is a kernel of its own. Listening from every kernel cost one database
connection per page for as long as it was open: 30 students, a teacher and a projector held
about 35 listening connections besides their queries, and three classes could not fit
PostgreSQL's default ``max_connections`` of 100. ``freight-freedom classroom`` starts one
:class:`Relay` instead: it listens on one connection and passes every notification, as a line of
text, to the kernels connected to it over a socket on 127.0.0.1 (:data:`~.notices.RELAY_ENV`
tells them where). The lines say only which table or class changed (``n CHANNEL ID``) and
whether the relay listens (``+``/``-``): a kernel that hears ``-`` polls until ``+``.
Nothing is read from the kernels.
"""

from __future__ import annotations

import contextlib
import socket
import threading

from .notices import listen_conninfo, listening_connection

SEND_TIMEOUT = 2.0
"""Seconds a kernel may take to take a line before the relay drops it (a kernel that
stopped reading: it connects again)."""


class Relay:
    """Listen on the database at ``url`` and pass what is heard to every connected kernel."""

    def __init__(self, url: str) -> None:
        self._conninfo = listen_conninfo(url)
        self._clients: list[socket.socket] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._server = socket.create_server(("127.0.0.1", 0))
        self.address = f"127.0.0.1:{self._server.getsockname()[1]}"
        self.listening = False
        self._threads = [threading.Thread(target=self._accept, daemon=True, name="relay accept"),
                         threading.Thread(target=self._listen, daemon=True, name="relay listen")]

    def start(self) -> Relay:
        for thread in self._threads:
            thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        with contextlib.suppress(OSError):
            self._server.close()
        with self._lock:
            for client in self._clients:
                with contextlib.suppress(OSError):
                    client.close()
            self._clients.clear()
        for thread in self._threads:
            thread.join(timeout=5)

    @property
    def clients(self) -> int:
        with self._lock:
            return len(self._clients)

    def _accept(self) -> None:
        self._server.settimeout(1.0)
        while not self._stop.is_set():
            try:
                client, _ = self._server.accept()
            except TimeoutError:
                continue
            except OSError:
                return  # closed by stop()
            client.settimeout(SEND_TIMEOUT)
            with self._lock:
                try:
                    client.sendall(b"+\n" if self.listening else b"-\n")
                except OSError:
                    client.close()
                    continue
                self._clients.append(client)

    def _send(self, line: str) -> None:
        data = line.encode("ascii") + b"\n"
        with self._lock:
            for client in list(self._clients):
                try:
                    client.sendall(data)
                except OSError:
                    self._clients.remove(client)
                    client.close()

    def _set_listening(self, now: bool) -> None:
        with self._lock:  # a kernel that connects now gets the state its lines follow
            self.listening = now
        self._send("+" if now else "-")

    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                with listening_connection(self._conninfo, "relay") as conn:
                    self._set_listening(True)
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=1.0):
                            payload = notice.payload.strip()
                            if payload.isdigit():  # ids only: nothing else is sent on
                                self._send(f"n {notice.channel} {payload}")
            except Exception:  # noqa: BLE001 - the database restarting: say so, try again
                pass
            if self.listening:
                self._set_listening(False)
            self._stop.wait(1.0)
