"""The dashboard's server: waitress, set up so that the table's own wifi cannot exhaust it
(bench/server_load.py measures it; docs/server.md, has the figures).

- Waiting never holds a request: a token tap is waited for by the table, not by a request (202
  at once, the outcome through the event stream), so a thread serves a request for milliseconds;
  a command waits for the table's writer at most 10 s and is withdrawn if its client goes.
- Event streams are the only long requests: each holds a thread, so there are threads for every
  stream the broker keeps (events.STREAMS: paired screens' and the banker's, and a pool for
  everyone else whose oldest is evicted and polls) and a few spare, plus WORKERS for everything
  else: 64 threads, which with the daemon's own and its odds workers fit the unit's TasksMax=128
  with room to spare (tests/test_service_limits.py).
- The table's own screens come first (issue 36): waitress's one first-come queue is replaced by
  lanes (lanes.py): the table's own requests before strangers', strangers' served by a few
  workers at most and bounded on their way, per address and in all, the streams on threads of
  their own.
- On the Pi, nginx stands in front (front.py): it caps connections per address and gives request
  heads a deadline, which waitress cannot; waitress then listens on a socket in the data folder
  and takes the client's address from nginx's X-Forwarded-For, from nginx alone.
- Connections cost no thread until a whole request has arrived (waitress reads in its one event
  loop, with poll(), so there is no limit of 1024 descriptors): idle, slow and half-sent requests
  wait there, bounded by the descriptors the process may open; an idle one is closed after
  IDLE seconds.
- Bodies are refused from their Content-Length before they are read, and a chunked body is cut
  off at the limit (413); request headers are bounded too.
- A client that stops reading is cut off by the kernel (TCP_USER_TIMEOUT) once nothing it was
  sent has been taken for STALLED seconds, and what waits for it in the server is bounded
  (OUTBUF): it cannot hold a thread, nor memory, for long.
"""

from __future__ import annotations

import logging
import resource
import socket
import threading
from pathlib import Path
from typing import Any

from .app import MAX_BODY
from .events import STREAMS
from .lanes import SPARE, WORKERS, Lanes
from .priority import own_cookie

log = logging.getLogger(__name__)

IDLE = 30  # seconds an idle connection (no request, or half a request) is kept
STALLED = 30  # seconds a peer may take nothing of what it was sent before the kernel drops it
OUTBUF = 256 * 1024  # bytes waiting for one client before its thread waits (not more memory)
SEND_BUFFER = 64 * 1024  # the kernel's send buffer per connection (no autotuning to megabytes)
HEADERS = 32 * 1024  # the request line and headers, at most
DESCRIPTORS = 16384  # asked of the system (within its hard limit): nginx inherits it (LimitNOFILE)
RESERVED = 96  # descriptors kept for the games' files, the devices, pipes


def open_files() -> int:
    """Raise this process's limit of open files (the soft limit) as far as wanted and allowed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = DESCRIPTORS if hard == resource.RLIM_INFINITY else min(DESCRIPTORS, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            log.warning("could not raise the limit of open files from %s", soft)
    return DESCRIPTORS if soft == resource.RLIM_INFINITY else int(soft)


def socket_options() -> list[tuple[int, int, int]]:
    """Options of the listening socket, which the connections it accepts inherit."""
    options = [(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1),
               (socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),
               (socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)]
    user_timeout = getattr(socket, "TCP_USER_TIMEOUT", None)  # Linux
    if user_timeout is not None:
        options.append((socket.IPPROTO_TCP, user_timeout, STALLED * 1000))
    return options


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, with the options its connections inherit (OSError: cannot listen)."""
    family, kind, proto, _name, address = socket.getaddrinfo(
        host, port, socket.AF_UNSPEC, socket.SOCK_STREAM, 0, socket.AI_PASSIVE)[0]
    sock = socket.socket(family, kind, proto)
    try:
        for level, name, value in socket_options():
            sock.setsockopt(level, name, value)
        sock.bind(address)
    except OSError:
        sock.close()
        raise
    return sock


def listen_unix(path: Path) -> socket.socket:
    """A listening socket in the data folder, for the front alone (mode 0600, its owner's)."""
    path.unlink(missing_ok=True)  # one left by a daemon that was killed (the folder is locked)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.bind(str(path))
        path.chmod(0o600)
    except OSError:
        sock.close()
        raise
    return sock


def settings(streams: int = STREAMS, proxied: bool = False) -> dict[str, Any]:
    """waitress's options (each documented in waitress's Adjustments)."""
    files = open_files()
    behind: dict[str, Any] = {}
    if proxied:  # the client's address from the front's header, trusted from the front alone
        behind = {"trusted_proxy": "localhost",  # what waitress calls a unix socket's peer
                  "trusted_proxy_count": 1,
                  "trusted_proxy_headers": {"x-forwarded-for"},
                  "clear_untrusted_proxy_headers": True}
    return {
        **behind,
        "threads": streams + SPARE + WORKERS,  # (the lanes' own: see create_server)
        "connection_limit": max(100, files - RESERVED),
        "asyncore_use_poll": True,  # select() cannot watch descriptors above 1023
        "channel_timeout": IDLE,
        "cleanup_interval": 5,  # how often idle connections are looked for
        "max_request_header_size": HEADERS,
        "max_request_body_size": MAX_BODY + 1,  # waitress refuses a body of this size or more
        "inbuf_overflow": 4 * MAX_BODY,  # a body is never spooled to disk
        "outbuf_high_watermark": OUTBUF,
        "channel_request_lookahead": 1,  # so that a request can tell its client has gone
        "ident": "companion",
        "expose_tracebacks": False,
    }


def create_server(app: Any, host: str = "", port: int = 0, streams: int = STREAMS,
                  unix: Path | None = None) -> Any:
    """waitress on host:port, or (behind the front) on the unix socket `unix`."""
    from waitress import create_server as waitress_server  # type: ignore[import-untyped]

    # Each stream's thread mostly waits: a small stack is plenty, and keeps a 32-bit Pi's
    # address space small (8 MB each by default).
    sock = listen_unix(unix) if unix is not None else listen(host, port)
    previous = threading.stack_size(1024 * 1024)
    interface = app.session_interface  # sessions.ServerSessions: whose cookie is the table's own
    lanes = Lanes(lambda cookie: own_cookie(interface, cookie), proxied=unix is not None, streams=streams)
    try:
        lanes.start()
        # waitress takes a dispatcher of ours through create_server's `_dispatcher` (the one way
        # it has; its own tests use it): channels hand it their requests, and it stops it.
        return waitress_server(app, sockets=[sock], _dispatcher=lanes,
                               **settings(streams, proxied=unix is not None))
    except BaseException:
        lanes.shutdown(timeout=1)
        sock.close()
        raise
    finally:
        threading.stack_size(previous)
