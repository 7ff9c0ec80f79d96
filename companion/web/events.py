"""The live stream: every change the table makes, fanned out to each open dashboard, and what
concerns one screen alone (its session, the outcome of its token wait) to that screen's streams.

Each stream has its own bounded queue; a stream too slow to keep up (a screen that stopped
reading) loses its queue and its connection, and reconnects if it is still there (its browser
catches up from the current state with Last-Event-ID).

Each open stream holds one of the server's threads (serve.py), so they are bounded, in two pools
that nobody is ever refused from:
- the streams of screens that hold something (paired with a player, or logged in as the banker:
  what the session store says of their session, never their address): HOLDER_STREAMS in all,
  PER_HOLDER per session (a phone's tabs);
- everyone else's (watching screens, and any stranger's): ANONYMOUS_STREAMS in all, PER_ADDRESS
  per client address.
A new stream always opens; when its pool (or its session's or address's share) is full, the
oldest stream there is evicted: it is sent `event: poll` and closed, and its page polls
`GET /api/state?after=<seq>` instead of reconnecting (see web/API.md). So a guest's hundreds of
streams cost every other anonymous screen its stream (they poll), never a paired screen's.
"""

from __future__ import annotations

import json
import queue
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .. import i18n

KEEPALIVE = 15.0
QUEUE_SIZE = 64  # events a stream may fall behind by before it is dropped (a state is one event)
HOLDER_STREAMS = 24  # streams of paired screens and the banker's, in all
PER_HOLDER = 3  # ... per session (a phone's tabs; a browser keeps at most 6 connections per host)
ANONYMOUS_STREAMS = 24  # everyone else's streams, in all
PER_ADDRESS = 6  # ... per client address (a browser opens at most 6 connections to a host)
STREAMS = HOLDER_STREAMS + ANONYMOUS_STREAMS  # each holds one of the server's threads
POLL_AFTER = 2  # seconds an evicted screen waits between polls of /api/state?after=
STREAM_AFTER = 300  # seconds before an evicted screen tries a stream again (at once once paired)


def sse(event: str, data: Any, event_id: int | None = None) -> str:
    lines = [f"event: {event}"]
    if event_id is not None:
        lines.append(f"id: {event_id}")
    lines.append("data: " + json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    return "\n".join(lines) + "\n\n"


@cache
def told_to_poll() -> str:
    """The event that sends a stream's screen to polling, worded when first needed."""
    words = i18n.say_all("server-streams_full")
    return sse("poll", {"poll_after": POLL_AFTER, "stream_after": STREAM_AFTER, "reason": words["en"],
                        "words": words})


def without_uid(event: dict[str, Any], uid: str) -> dict[str, Any]:
    """A notice as screens other than the banker's hear it: no "uid", and "…" for the UID in its
    sentences ("The tag … is not known at this table"). A tag's UID is the banker's to know: a
    blank tag written with it taps as that tag (Ann's token, a deed)."""
    written = re.compile(re.escape(uid), re.IGNORECASE)

    def hidden(value: Any) -> Any:
        if isinstance(value, str):
            return written.sub("…", value)
        if isinstance(value, dict):
            return {k: hidden(v) for k, v in value.items()}
        if isinstance(value, list):
            return [hidden(v) for v in value]
        return value

    return {key: hidden(value) for key, value in event.items() if key != "uid"}


@dataclass(eq=False)
class Stream:
    """One open event stream: whose (session id, address) and its queue of events to send."""

    session: str
    address: str
    queue: queue.Queue[str | None] = field(default_factory=lambda: queue.Queue(QUEUE_SIZE))
    opened: float = field(default_factory=time.monotonic)


class Broker:
    """Listens to the table and keeps the open streams."""

    def __init__(self, holder_streams: int = HOLDER_STREAMS, anonymous_streams: int = ANONYMOUS_STREAMS,
                 per_holder: int = PER_HOLDER, per_address: int = PER_ADDRESS) -> None:
        self.holder_streams = holder_streams
        self.anonymous_streams = anonymous_streams
        self.per_holder = per_holder
        self.per_address = per_address
        # Does this session hold something (a player, the banker)? Set by the web's Context to
        # ask its session store; asked whenever a stream opens, so a screen paired meanwhile
        # counts as paired from then on.
        self.holds: Callable[[str], bool] = lambda _session: False
        # Is this session the banker's? (The web's Context asks its session store.) Only the
        # banker's streams hear a tag's UID (a notice's "uid": the unknown tag the banker enrols).
        self.banker: Callable[[str], bool] = lambda _session: False
        self._streams: list[Stream] = []  # oldest first
        self._lock = threading.Lock()
        # One stream opens at a time: an opening reads whose streams are listed (asking the
        # session store, outside _lock) and evicts by that; two at once each missed the other,
        # and under load dozens at once left a pool far beyond its bound, holding the server's
        # stream threads that a paired screen's stream needs.
        self._opening = threading.Lock()
        self.closing = threading.Event()
        self.evicted = 0  # streams told to poll so far (for the tests and the bench)

    @property
    def clients(self) -> int:
        with self._lock:
            return len(self._streams)

    def full(self) -> bool:
        """No stream can open: only while the daemon is stopping (a full pool evicts its oldest)."""
        return self.closing.is_set()

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
        """The table's listener: a stored change becomes a `state` event, anything else a `notice`
        (one naming a tag's UID: the UID to the banker's streams alone, see without_uid)."""
        if event.get("type") == "state":
            text = sse("state", {k: event[k] for k in ("seq", "state", "messages")}, event["seq"])
        elif event.get("type") == "devices":
            text = sse("devices", event["devices"])
        elif isinstance(event.get("uid"), str) and event["uid"]:
            told, hidden = sse("notice", event), sse("notice", without_uid(event, event["uid"]))
            self._deliver(lambda stream: told if stream.session and self.banker(stream.session) else hidden)
            return
        else:
            text = sse("notice", event)
        self.send(text)

    def send(self, text: str, session: str | None = None) -> None:
        """To every stream, or to the streams of one session."""
        self.send_where(text, None if session is None else (lambda sid: sid == session))

    def send_where(self, text: str, whose: Callable[[str], bool] | None) -> None:
        """To the streams whose session `whose` says yes to (every stream: None), asked once a
        session."""
        if whose is None:
            self._deliver(lambda _stream: text)
            return
        asked: dict[str, bool] = {}

        def text_for(stream: Stream) -> str | None:
            if stream.session not in asked:
                asked[stream.session] = bool(stream.session) and whose(stream.session)
            return text if asked[stream.session] else None
        self._deliver(text_for)

    def _deliver(self, text_for: Callable[[Stream], str | None]) -> None:
        """To each stream what text_for(stream) gives it (None: nothing)."""
        with self._lock:
            streams = list(self._streams)
        for stream in streams:
            text = text_for(stream)
            if text is None:
                continue
            try:
                stream.queue.put_nowait(text)
            except queue.Full:
                self._drop(stream)

    def _drop(self, stream: Stream, last: str | None = None) -> None:
        """Close a stream: its thread sends `last` (if there is room for it) and returns."""
        with self._lock:
            if stream in self._streams:
                self._streams.remove(stream)
        try:
            if last is not None:
                stream.queue.put_nowait(last)
            stream.queue.put_nowait(None)
        except queue.Full:  # the stream's thread ends at its next look (it is no longer listed)
            pass

    def _open(self, stream: Stream) -> None:
        """List a new stream, evicting the oldest of its pool, session or address if full."""
        with self._opening:
            self._open_alone(stream)

    def _open_alone(self, stream: Stream) -> None:
        holder = bool(stream.session) and self.holds(stream.session)
        with self._lock:
            listed = list(self._streams)
        kinds = {s: bool(s.session) and self.holds(s.session) for s in listed}  # outside the lock
        with self._lock:  # (every listed stream was seen: only an opening adds one)
            pool = [s for s in self._streams if kinds.get(s, False) == holder and s in kinds]
            if holder:
                own = [s for s in pool if s.session == stream.session]
                limit, share = self.holder_streams, self.per_holder
            else:
                own = [s for s in pool if s.address == stream.address]
                limit, share = self.anonymous_streams, self.per_address
            evicted = own[: max(0, len(own) - share + 1)]
            rest = [s for s in pool if s not in evicted]
            evicted += rest[: max(0, len(rest) - limit + 1)]
            self._streams.append(stream)
            self.evicted += len(evicted)
        for old in evicted:  # the oldest: a tab left open, a page reloaded, or a stranger's
            self._drop(old, told_to_poll())

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
