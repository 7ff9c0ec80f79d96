"""The live stream: every change the table makes, fanned out to each open dashboard, and what
concerns one screen alone (its session, the outcome of its token wait) to that screen's streams.

Each stream has its own bounded queue; a stream too slow to keep up (a screen that stopped
reading) loses its queue and its connection, and reconnects if it is still there (its browser
catches up from the current state with Last-Event-ID). How many streams may be open is bounded:
per client (its address on the table's wifi: a phone's tabs; opening one more closes its oldest)
and in all; beyond that a screen is told to poll (`GET /api/state?after=<seq>`, see web/API.md).
"""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

KEEPALIVE = 15.0
QUEUE_SIZE = 64  # events a stream may fall behind by before it is dropped (a state is one event)
STREAMS = 256  # open streams in all (each holds one of the server's threads: see serve.py)
PER_CLIENT = 16  # open streams per client address (a browser keeps at most 6 per host)


def sse(event: str, data: Any, event_id: int | None = None) -> str:
    lines = [f"event: {event}"]
    if event_id is not None:
        lines.append(f"id: {event_id}")
    lines.append("data: " + json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    return "\n".join(lines) + "\n\n"


@dataclass(eq=False)
class Stream:
    """One open event stream: whose (session id, address) and its queue of events to send."""

    session: str
    address: str
    queue: queue.Queue[str | None] = field(default_factory=lambda: queue.Queue(QUEUE_SIZE))
    opened: float = field(default_factory=time.monotonic)


class Broker:
    """Listens to the table and keeps the open streams."""

    def __init__(self, streams: int = STREAMS, per_client: int = PER_CLIENT) -> None:
        self.max_streams = streams
        self.per_client = per_client
        self._streams: list[Stream] = []  # oldest first
        self._lock = threading.Lock()
        self.closing = threading.Event()

    @property
    def clients(self) -> int:
        with self._lock:
            return len(self._streams)

    def full(self) -> bool:
        """No room for another stream: the screen should poll instead."""
        with self._lock:
            return len(self._streams) >= self.max_streams

    def sessions(self) -> dict[str, int]:
        """Open streams by session id (for the banker's list of screens)."""
        with self._lock:
            counts: dict[str, int] = {}
            for stream in self._streams:
                counts[stream.session] = counts.get(stream.session, 0) + 1
            return counts

    def rename(self, old: str, new: str, address: str) -> None:
        """A screen's session got a new id (sessions.renew): its open streams from that address
        follow it (a copy of the old id elsewhere keeps its stream, under the old id)."""
        with self._lock:
            for stream in self._streams:
                if stream.session == old and stream.address == address:
                    stream.session = new

    def publish(self, event: dict[str, Any]) -> None:
        """The table's listener: a stored change becomes a `state` event, anything else a `notice`."""
        if event.get("type") == "state":
            text = sse("state", {k: event[k] for k in ("seq", "state", "messages")}, event["seq"])
        elif event.get("type") == "devices":
            text = sse("devices", event["devices"])
        else:
            text = sse("notice", event)
        self.send(text)

    def send(self, text: str, session: str | None = None) -> None:
        """To every stream, or to the streams of one session."""
        with self._lock:
            streams = [s for s in self._streams if session is None or s.session == session]
        for stream in streams:
            try:
                stream.queue.put_nowait(text)
            except queue.Full:
                self._drop(stream)

    def _drop(self, stream: Stream) -> None:
        with self._lock:
            if stream in self._streams:
                self._streams.remove(stream)
        try:
            stream.queue.put_nowait(None)
        except queue.Full:  # the stream's thread ends at its next look (it is no longer listed)
            pass

    def _open(self, stream: Stream) -> None:
        with self._lock:
            own = [s for s in self._streams if s.address == stream.address]
            evicted = own[: max(0, len(own) - self.per_client + 1)]
            self._streams.append(stream)
        for old in evicted:  # the client's oldest: a tab left open, or a page reloaded many times
            self._drop(old)

    def stream(self, first: list[str], session: str = "", address: str = "") -> Iterator[str]:
        """One dashboard's stream: what it missed first, then every event, with keep-alives."""
        stream = Stream(session, address)
        self._open(stream)
        try:
            yield "retry: 2000\n\n"
            yield from first
            while not self.closing.is_set():
                try:
                    text = stream.queue.get(timeout=KEEPALIVE)
                except queue.Empty:
                    with self._lock:
                        if stream not in self._streams:
                            return
                    yield ": keep-alive\n\n"
                    continue
                if text is None:
                    return
                yield text
        finally:
            with self._lock:
                if stream in self._streams:
                    self._streams.remove(stream)

    def close(self) -> None:
        """Shutting down: end every stream so the server's threads come back."""
        self.closing.set()
        with self._lock:
            streams = list(self._streams)
        for stream in streams:
            self._drop(stream)
