"""Shared pieces of the server-limit tests: `companion run --simulate` behind either front (nginx
or none), raw sockets from chosen loopback addresses, a phone paired by its token, event streams
read many at once, and the daemon's processes as the kernel sees them."""

from __future__ import annotations

import http.client
import json
import os
import selectors
import socket
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from tests.plain_play import children, command_line, next_command, nginx_of  # noqa: F401 - shared
from tests.test_daemon import Daemon
from tests.waiting import PATIENCE

PIN = "135790"  # six digits: a PIN any version of the rules takes
BANKER = {"X-Banker-Pin": PIN}
NEW_GAME = {"players": ["Ann", "Bob"], "seed": 3, "tokens": {"Ann": "car", "Bob": "dog"}}
FRONTS = ["none", "nginx"]


def require_nginx() -> None:
    """nginx and its stream module, or a skip (a failure where CI says they must be there)."""
    from companion.web.front import FrontError, nginx_binary, stream_module

    try:
        stream_module(nginx_binary())
    except FrontError as exc:
        if os.environ.get("COMPANION_REQUIRE_NGINX"):
            pytest.fail(f"nginx is needed here (.ci/run installs it): {exc}")
        pytest.skip(str(exc))


def start(daemons: Any, data: Path, front: str = "nginx", *options: str) -> Daemon:
    """A daemon with a game of Ann (the car) and Bob (the dog), served through `front`."""
    if front == "nginx":
        require_nginx()
    daemon = daemons(data, "--banker-pin", PIN, "--front", front, *options)
    daemon.serving_after()
    status, created = daemon.post("/api/games", NEW_GAME, headers=BANKER)
    assert status == 201, created
    return daemon


def connect(port: int, source: str = "127.0.0.1", timeout: float = 5.0) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))


def get(port: int, path: str = "/api/state", source: str = "127.0.0.1",
        headers: dict[str, str] | None = None, timeout: float = 10.0) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        conn.request("GET", path, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def post(port: int, path: str, body: Any, source: str = "127.0.0.1",
         headers: dict[str, str] | None = None) -> tuple[int, Any, dict[str, str]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        conn.request("POST", path, body=json.dumps(body),
                     headers={"Content-Type": "application/json", **(headers or {})})
        answer = conn.getresponse()
        raw = answer.read()
        kind = answer.getheader("Content-Type", "")
        return answer.status, json.loads(raw) if kind.startswith("application/json") else raw, \
            dict(answer.getheaders())
    finally:
        conn.close()


class Screen:
    """One browser at a loopback address of its own: its session cookie, its requests."""

    def __init__(self, port: int, address: str = "127.0.0.1", cookie: str | None = None,
                 host: str | None = None) -> None:
        self.port = port
        self.address = address
        self.cookie = cookie
        self.host = host or f"127.0.0.1:{port}"
        self.last_headers: http.client.HTTPMessage | None = None

    def request(self, method: str, path: str, body: Any = None,
                headers: dict[str, str] | None = None) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=PATIENCE,
                                                source_address=(self.address, 0))
        sent = {"Host": self.host, **(headers or {})}
        if self.cookie:
            sent["Cookie"] = f"session={self.cookie}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        try:
            connection.request(method, path, body=data, headers=sent)
            answer = connection.getresponse()
            raw = answer.read()
        finally:
            connection.close()
        self.last_headers = answer.headers
        for value in answer.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            if name == "session":
                self.cookie = rest.split(";", 1)[0]
        kind = answer.headers.get("Content-Type", "")
        is_json = kind.split(";")[0].strip() == "application/json"
        return answer.status, json.loads(raw) if is_json else raw.decode()

    def get(self, path: str, **kwargs: Any) -> tuple[int, Any]:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, body: Any = None, **kwargs: Any) -> tuple[int, Any]:
        return self.request("POST", path, {} if body is None else body, **kwargs)

    def outcome(self, request_id: str, timeout: float = PATIENCE) -> dict[str, Any]:
        """The record of this screen's wait once done (polled, as a page without a stream does)."""
        deadline = time.monotonic() + timeout
        while True:
            status, record = self.get(f"/api/requests/{request_id}")
            assert status == 200, record
            if record["done"] or time.monotonic() > deadline:
                return record
            time.sleep(0.05)


    def offered(self, request_id: str, margin: float = 2.5, timeout: float = 4 * PATIENCE) -> dict[str, Any]:
        """Wait, as a person does, until this screen says "now": the table offers its own code, the
        moment just after the change has passed (`ready`), and at least `margin` seconds of the
        offer are left (so the act again lands within it): the record."""
        deadline = time.monotonic() + timeout
        while True:
            status, record = self.get(f"/api/requests/{request_id}")
            assert status == 200, record
            offer = record.get("offer") or {}
            if offer.get("yours"):
                until, ready = offer.get("until"), offer.get("ready")
                if (until is None or until / 1000 - time.time() > margin) and (
                        ready is None or ready / 1000 < time.time()):
                    return record  # type: ignore[no-any-return]
            assert not record["done"] and time.monotonic() < deadline, record
            time.sleep(0.05)


def cookie_of(headers: dict[str, str]) -> str:
    return headers["Set-Cookie"].split(";", 1)[0]


RETAP = 1.5  # seconds between two taps of one token: the reader counts one within a second as one


def record_of(daemon: Daemon, request: str, cookie: str, source: str = "127.0.0.1") -> dict[str, Any]:
    """A screen's wait (GET /api/requests/<id>), as that screen reads it."""
    status, body = get(daemon.port, f"/api/requests/{request}", source=source, headers={"Cookie": cookie})
    assert status == 200, body
    return json.loads(body)  # type: ignore[no-any-return]


def offered_to(daemon: Daemon, request: str, cookie: str, source: str = "127.0.0.1") -> dict[str, Any]:
    """Wait until the table offers this waiting screen's own code (a choice at the table)."""
    seen: dict[str, Any] = {}

    def mine() -> bool:
        seen.update(record_of(daemon, request, cookie, source))
        return bool((seen.get("offer") or {}).get("yours"))

    assert daemon.poll(mine), f"the table never offered this screen's code: {seen}"
    return seen


def paired_phone(daemon: Daemon, piece: str = "car", source: str = "127.0.0.1") -> str:
    """A phone that asked to pair, whose player tapped their token and tapped it again when the
    phone said its code was offered: its Cookie header."""
    status, asked, headers = post(daemon.port, "/api/pair", {}, source=source)
    assert status == 202, asked
    cookie = cookie_of(headers)
    assert daemon.post("/api/sim/tap", {"meaning": f"token:{piece}"})[0] == 202
    offered_to(daemon, asked["request"], cookie, source)
    time.sleep(RETAP)
    assert daemon.post("/api/sim/tap", {"meaning": f"token:{piece}"})[0] == 202

    def paired() -> bool:
        _status, body = get(daemon.port, "/api/session", source=source, headers={"Cookie": cookie})
        return json.loads(body).get("player") is not None

    assert daemon.poll(paired), "the token taps did not pair the phone"
    return cookie


def banker_screen(daemon: Daemon, source: str = "127.0.0.1") -> str:
    """A screen logged in as the banker: its Cookie header."""
    status, answer, headers = post(daemon.port, "/api/banker/login", {"pin": PIN}, source=source)
    assert status == 200, answer
    return cookie_of(headers)


STREAM_REQUEST = "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n{}\r\n"


def open_stream(port: int, source: str = "127.0.0.1", cookie: str = "") -> socket.socket:
    sock = connect(port, source)
    sock.sendall(STREAM_REQUEST.format(f"Cookie: {cookie}\r\n" if cookie else "").encode())
    return sock


class Streams:
    """Many raw event streams read together: what each received, and whether it was closed."""

    def __init__(self) -> None:
        self.selector = selectors.DefaultSelector()
        self.received: dict[socket.socket, bytes] = {}
        self.closed: set[socket.socket] = set()

    def add(self, sock: socket.socket) -> socket.socket:
        sock.setblocking(False)
        self.received[sock] = b""
        self.selector.register(sock, selectors.EVENT_READ)
        return sock

    def read(self, seconds: float) -> None:
        """Take whatever arrives for that long (the sockets are kept)."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0 and self.selector.get_map():
            for key, _mask in self.selector.select(timeout=min(left, 0.2)):
                sock: socket.socket = key.fileobj  # type: ignore[assignment]
                try:
                    data = sock.recv(1 << 16)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    self.selector.unregister(sock)
                    self.closed.add(sock)
                else:
                    self.received[sock] += data

    def until(self, predicate: Any, timeout: float = PATIENCE) -> bool:
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                return False
            self.read(0.2)
        return True

    def close(self) -> None:
        for sock in self.received:
            try:
                sock.close()
            except OSError:
                pass
        self.selector.close()


def events_in(data: bytes, name: str) -> list[dict[str, Any]]:
    """The data of every `event: name` in a stream's bytes."""
    found = []
    for block in data.replace(b"\r\n", b"\n").split(b"\n\n"):
        lines = block.decode(errors="replace").split("\n")
        if f"event: {name}" in lines:
            payload = [line[len("data: "):] for line in lines if line.startswith("data: ")]
            if payload:
                found.append(json.loads("\n".join(payload)))
    return found


def state_of(pid: int) -> str:
    """The kernel's one-letter state (R, S, T stopped, Z zombie), or "" once it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    return stat.rsplit(")", 1)[1].split()[0]


def odds_workers(pid: int) -> list[int]:
    return [p for p in children(pid) if "companion.simulate.workers" in command_line(p)]


def dead(pids: Iterable[int]) -> bool:
    return all(state_of(p) in ("", "Z") for p in pids)


def play_turn(daemon: Daemon) -> int:
    """The banker plays the current player's turn to its end: the seq of its end_turn."""
    for _ in range(50):
        state = daemon.get("/api/state")
        command = next_command(state)
        assert command is not None, state
        status, stored = daemon.post("/api/commands", command, headers=BANKER)
        assert status == 200, (command, stored)
        if command["do"] == "end_turn":
            return int(stored["seq"])
    raise AssertionError("the turn did not end within 50 moves")
