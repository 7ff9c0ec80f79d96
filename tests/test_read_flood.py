"""Issue 36's read flood against `companion run --simulate --front nginx`, with real sockets: many
loopback addresses each keep the big paged reads on their way (2,000 entries asked for, a new
request as soon as one is answered) while the banker plays. It used to freeze the table (every
request waited in one first-come queue behind strangers': 2 commands acknowledged in 35 s). What
a player would notice is checked, never how fast: the banker's commands are acknowledged, a
paired phone hears of each, and every stranger gets a bounded answer (a short page, or a refusal
at once with Retry-After). bench/server_load.py --read-flood measures it."""

from __future__ import annotations

import json
import secrets
import selectors
import socket
import threading
from pathlib import Path
from typing import Any

import pytest

from companion.i18n import LANGUAGES
from companion.web.common import STRANGERS_PAGE
from tests.server_support import (
    Streams,
    banker_screen,
    get,
    next_command,
    open_stream,
    paired_phone,
    post,
    start,
)
from tests.test_daemon import daemons  # noqa: F401 - the fixture
from tests.waiting import PATIENCE, wait_for

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

HEAVY = ("/api/feed/ledger", "/api/feed/log", "/api/history", "/api/chart", "/api/log")
ADDRESSES = [f"127.0.41.{n}" for n in range(1, 41)]  # 40 addresses...
IN_FLIGHT = 10  # ... each with 10 reads on their way: 400, far past what strangers may have


class Flood(threading.Thread):
    """The strangers: every answer they got, by status, each parsed whole."""

    def __init__(self, port: int, entries: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.entries = entries
        self.stop = threading.Event()
        self.answers: dict[int, list[tuple[dict[str, str], bytes]]] = {}
        self.lost = 0  # connections refused or cut before an answer
        self.selector = selectors.DefaultSelector()

    def _open(self, address: str) -> None:
        path = f"{HEAVY[secrets.randbelow(len(HEAVY))]}?after={secrets.randbelow(self.entries)}&limit=2000"
        sock = socket.socket()
        try:
            sock.bind((address, 0))
            sock.setblocking(False)
            sock.connect_ex(("127.0.0.1", self.port))
        except OSError:
            sock.close()
            self.lost += 1
            return
        head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()
        self.selector.register(sock, selectors.EVENT_WRITE, [address, head, b""])

    def run(self) -> None:
        for address in ADDRESSES:
            for _ in range(IN_FLIGHT):
                self._open(address)
        while not self.stop.is_set():
            for key, mask in self.selector.select(timeout=0.2):
                sock: socket.socket = key.fileobj  # type: ignore[assignment]
                address, head, got = key.data
                try:
                    if mask & selectors.EVENT_WRITE:
                        sock.send(head)
                        self.selector.modify(sock, selectors.EVENT_READ, key.data)
                        continue
                    data = sock.recv(1 << 16)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    data = b""
                if data:
                    key.data[2] = got + data
                    continue
                self.selector.unregister(sock)
                sock.close()
                self._answered(got)
                self._open(address)
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]

    def _answered(self, raw: bytes) -> None:
        head, _, body = raw.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        if not lines[0].startswith("HTTP/1.1 "):
            self.lost += 1
            return
        headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
        self.answers.setdefault(int(lines[0].split()[1]), []).append((headers, body))


def command(port: int, cookie: str) -> tuple[int, Any]:
    """The banker's screen plays the game's next move: the answer."""
    headers = {"Cookie": cookie}
    state = json.loads(get(port, "/api/state", headers=headers, timeout=PATIENCE)[1])
    status, answer, _headers = post(port, "/api/commands", next_command(state), headers=headers)
    return status, answer


def test_a_flood_of_heavy_reads_from_many_addresses_holds_up_neither_the_banker_nor_a_phone(
        tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = start(daemons, tmp_path / "data", "nginx")
    phone = paired_phone(daemon, "car", source="127.0.40.1")
    banker = banker_screen(daemon, source="127.0.40.2")
    for _ in range(250):  # a game whose pages cost something to read (past a stranger's page)
        assert command(daemon.port, banker)[0] == 200
    streams = Streams()
    flood = Flood(daemon.port, entries=250)
    try:
        mine = streams.add(open_stream(daemon.port, "127.0.40.1", phone))
        assert streams.until(lambda: b"event: session" in streams.received[mine])
        flood.start()
        assert wait_for(lambda: sum(map(len, flood.answers.values())) > 100)  # the flood is on
        stored = []
        for _ in range(20):  # the banker plays on: each command acknowledged, and the phone hears it
            status, answer = command(daemon.port, banker)
            assert status == 200, answer
            stored.append(answer["seq"])
            seen = f"id: {answer['seq']}\n".encode()
            assert streams.until(lambda seen=seen: seen in streams.received[mine]), stored
        assert mine not in streams.closed
        assert flood.is_alive() and not flood.stop.is_set()  # ... all the while under the flood
    finally:
        flood.stop.set()
        flood.join(PATIENCE)
        streams.close()
    # Every stranger got a bounded answer: a short page of its read, or a refusal at once that
    # says when to ask again (the control: both came, so the reads reached the table).
    assert set(flood.answers) <= {200, 429, 503}, {k: v[0] for k, v in flood.answers.items()}
    assert 503 in flood.answers  # more than strangers may have on their way
    pages = [json.loads(body) for _headers, body in flood.answers[200]]
    assert pages and all(page["next"] - page["after"] <= STRANGERS_PAGE for page in pages)
    assert any(page["more"] for page in pages)  # 2,000 asked for, a stranger's page given
    for headers, body in flood.answers[503]:
        said = json.loads(body)
        assert headers["Retry-After"] == "1" and said["retry_after"] == 1
        assert set(said["words"]) == set(LANGUAGES)
