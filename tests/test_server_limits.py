"""Issue 11's attacks on the server itself, with real sockets against `companion run`, with each
front (waitress alone, and nginx in front as installed): many open event streams and waiting
pairings, a client that stops reading, half-sent request headers, an oversized body (declared or
chunked). Each time a new request must still be answered while the attack holds on (how fast is
bench/server_load.py's figure, not a test's). (bench/server_load.py measures
the full load; tests/test_front.py holds issue 21's attacks from many addresses.)"""

from __future__ import annotations

import http.client
import socket
from pathlib import Path
from typing import Any

import pytest

from companion.table.waits import STRANGERS as MAX_WAITS
from companion.web.serve import IDLE
from tests.test_daemon import PIN, daemons  # noqa: F401 - the fixture

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

# A generous wait, longer than any honest answer on a busy machine and shorter than the server keeps
# a half-made request (IDLE): an answer within it came while the attack still held its connections.
WAIT = IDLE * 2 / 3


def answered(daemon: Any, path: str = "/api/state") -> bool:
    conn = http.client.HTTPConnection("127.0.0.1", daemon.port, timeout=WAIT)
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status == 200


def raw(daemon: Any, data: bytes, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", daemon.port), timeout=5, source_address=(source, 0))
    sock.sendall(data)
    return sock


def reply(sock: socket.socket) -> bytes:
    sock.settimeout(WAIT)
    chunks = []
    while True:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            break
        if not chunk:
            break
        chunks.append(chunk)
        if b"\r\n\r\n" in b"".join(chunks):
            break
    return b"".join(chunks)


@pytest.fixture(params=["none", "nginx"])
def daemon(request: pytest.FixtureRequest, tmp_path: Path, daemons: Any) -> Any:  # noqa: F811
    if request.param == "nginx":
        from tests.server_support import require_nginx

        require_nginx()
    started = daemons(tmp_path / "data", "--banker-pin", PIN, "--front", request.param)
    started.serving_after()
    status, created = started.post("/api/games", {"players": ["Ann", "Bob"], "seed": 3,
                                                  "tokens": {"Ann": "car", "Bob": "dog"}},
                                   headers={"X-Banker-Pin": PIN})
    assert status == 201, created
    return started


def test_many_streams_and_waiting_pairings_leave_room_for_everyone(daemon: Any) -> None:
    """24 streams, or 24 waiting pairings, used to take every thread: now 60 of each do not."""
    held = []
    for n in range(60):
        held.append(raw(daemon, b"GET /api/events HTTP/1.1\r\nHost: localhost\r\n\r\n",
                        f"127.0.3.{1 + n // 4}"))
    for n in range(60):  # each answered at once: waiting (202), or beyond MAX_WAITS refused (429)
        pairing = raw(daemon, b"POST /api/pair HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
                      b"application/json\r\nContent-Length: 2\r\n\r\n{}", f"127.0.4.{1 + n}")
        expected = b" 202 " if n < MAX_WAITS else b" 429 "
        assert expected in reply(pairing).split(b"\r\n")[0]
        held.append(pairing)
    try:
        assert answered(daemon)
        assert answered(daemon, "/")
        status, stored = daemon.post("/api/commands", {"do": "roll"}, headers={"X-Banker-Pin": PIN})
        assert status == 200 and stored["seq"] == 2
    finally:
        for sock in held:
            sock.close()


def test_half_sent_request_headers_block_no_one(daemon: Any) -> None:
    held = [raw(daemon, b"GET /api/state HTTP/1.1\r\nHost: localhost\r\nX-Half: ", f"127.0.5.{1 + n // 25}")
            for n in range(98)]
    try:
        for _ in range(3):
            assert answered(daemon)
    finally:
        for sock in held:
            sock.close()


def test_a_huge_body_is_refused_from_its_length_before_it_is_sent(daemon: Any) -> None:
    sock = raw(daemon, b"POST /api/commands HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json"
               b"\r\nContent-Length: 104857600\r\n\r\n")  # 100 MB announced, not a byte of it sent
    answer = reply(sock)  # a server that waited for the body would answer nothing before IDLE
    assert answer.startswith(b"HTTP/1.1 413")
    sock.close()
    assert answered(daemon)


def test_a_chunked_body_is_cut_off_at_the_limit(daemon: Any) -> None:
    sock = raw(daemon, b"POST /api/commands HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json"
               b"\r\nTransfer-Encoding: chunked\r\n\r\n")
    chunk = b"4000\r\n" + b" " * 0x4000 + b"\r\n"
    answer = b""
    try:
        for _ in range(200):  # 3 MB offered; the server stops it after the first 16 KB
            sock.sendall(chunk)
    except OSError:  # the server closed the connection once it had answered
        pass
    answer = reply(sock)
    assert answer.startswith(b"HTTP/1.1 413")
    sock.close()
    assert answered(daemon)


def test_a_client_that_stops_reading_is_dropped_and_holds_nothing(daemon: Any) -> None:
    """A stream whose reader stopped: its queue is dropped once it falls behind (the kernel then
    cuts the connection): commands and other streams go on."""
    quiet = socket.create_connection(("127.0.0.1", daemon.port), timeout=5)
    quiet.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    quiet.sendall(b"GET /api/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
    try:
        for _ in range(40):  # each state event is several kB: far more than the quiet one takes
            status, _ = daemon.post("/api/commands", {"do": "roll"}, headers={"X-Banker-Pin": PIN})
            assert status in (200, 422)
            daemon.post("/api/commands", {"do": "decline"}, headers={"X-Banker-Pin": PIN})
            daemon.post("/api/commands", {"do": "end_turn"}, headers={"X-Banker-Pin": PIN})
        assert answered(daemon)
        stream = http.client.HTTPConnection("127.0.0.1", daemon.port, timeout=5)
        stream.request("GET", "/api/events")
        assert stream.getresponse().status == 200
        stream.close()
    finally:
        quiet.close()
