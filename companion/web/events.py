"""The live stream: every change the table makes, fanned out to each open dashboard.

Each client gets its own bounded queue; a client too slow to keep up loses its queue and
reconnects (its browser catches up from the current state with Last-Event-ID).
"""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Iterator
from typing import Any

KEEPALIVE = 15.0
QUEUE_SIZE = 256


def sse(event: str, data: Any, event_id: int | None = None) -> str:
    lines = [f"event: {event}"]
    if event_id is not None:
        lines.append(f"id: {event_id}")
    lines.append("data: " + json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    return "\n".join(lines) + "\n\n"


class Broker:
    """Listens to the table and keeps one queue per connected dashboard."""

    def __init__(self) -> None:
        self._clients: set[queue.Queue[str | None]] = set()
        self._lock = threading.Lock()
        self.closing = threading.Event()

    @property
    def clients(self) -> int:
        with self._lock:
            return len(self._clients)

    def publish(self, event: dict[str, Any]) -> None:
        """The table's listener: a stored change becomes a `state` event, anything else a `notice`."""
        if event.get("type") == "state":
            text = sse("state", {k: event[k] for k in ("seq", "state", "messages")}, event["seq"])
        elif event.get("type") == "devices":
            text = sse("devices", event["devices"])
        else:
            text = sse("notice", event)
        self.send(text)

    def send(self, text: str) -> None:
        with self._lock:
            clients = list(self._clients)
        for client in clients:
            try:
                client.put_nowait(text)
            except queue.Full:
                self._drop(client)

    def _drop(self, client: queue.Queue[str | None]) -> None:
        with self._lock:
            self._clients.discard(client)
        try:
            client.put_nowait(None)
        except queue.Full:
            pass

    def stream(self, first: list[str]) -> Iterator[str]:
        """One dashboard's stream: what it missed first, then every event, with keep-alives."""
        client: queue.Queue[str | None] = queue.Queue(QUEUE_SIZE)
        with self._lock:
            self._clients.add(client)
        try:
            yield "retry: 2000\n\n"
            yield from first
            while not self.closing.is_set():
                try:
                    text = client.get(timeout=KEEPALIVE)
                except queue.Empty:
                    yield ": keep-alive\n\n"
                    continue
                if text is None:
                    return
                yield text
        finally:
            with self._lock:
                self._clients.discard(client)

    def close(self) -> None:
        """Shutting down: end every stream so the server's threads come back."""
        self.closing.set()
        with self._lock:
            clients = list(self._clients)
        for client in clients:
            self._drop(client)
