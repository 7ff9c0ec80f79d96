"""Issue 21's attacks on the server from many addresses, against `companion run` itself: a guest
filling every stream from 16 addresses, thousands of half-open connections from one address, a
request head trickled a byte at a time; and what the nginx front must keep doing while it holds
them (the client's own address, the Host as sent, the event stream unbuffered, no writable and
executable memory). Each attack test has its positive control: the attack's path was exercised
(its connections reached the server, were counted, were evicted)."""

from __future__ import annotations

import http.client
import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from companion.web.events import ANONYMOUS_STREAMS
from companion.web.front import HEADER_DEADLINE, PER_ADDRESS, STREAM_BURST
from tests.server_support import (
    BANKER,
    FRONTS,
    PIN,
    Streams,
    banker_screen,
    connect,
    cookie_of,
    events_in,
    get,
    open_stream,
    paired_phone,
    post,
    require_nginx,
    start,
)
from tests.test_daemon import daemons  # noqa: F401 - the fixture
from tests.test_systemd import MDWE, ROOT, mdwe_supported
from tests.waiting import PATIENCE

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow


@pytest.mark.parametrize("front", FRONTS)
def test_sixteen_addresses_of_sixteen_streams_leave_every_screen_served(
        front: str, tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    """The attack of issue 21: 256 streams from 16 addresses used to take every slot, and every
    real screen showed "connection lost". Now a paired phone and the banker keep their streams,
    a new anonymous screen gets one too, and the guest's oldest are evicted and told to poll."""
    daemon = start(daemons, tmp_path / "data", front)
    phone = paired_phone(daemon, "car", source="127.0.20.1")
    banker = banker_screen(daemon, source="127.0.20.2")
    streams = Streams()
    try:
        mine = streams.add(open_stream(daemon.port, "127.0.20.1", phone))
        banks = streams.add(open_stream(daemon.port, "127.0.20.2", banker))
        assert streams.until(lambda: all(b"event: session" in streams.received[s] for s in (mine, banks)))
        guest = [streams.add(open_stream(daemon.port, f"127.0.21.{1 + n // 16}")) for n in range(256)]
        # Each of the guest's streams is answered (opened, refused, or its connection closed by
        # nginx) before the newcomer asks: a stream that opens later is newer than it, and evicts
        # the oldest anonymous one as the 25th after it would (nginx and waitress need not hand
        # them on in the order they were sent).
        assert streams.until(lambda: all(streams.received[s] or s in streams.closed for s in guest),
                             timeout=3 * PATIENCE)
        newcomer = streams.add(open_stream(daemon.port, "127.0.22.1"))
        assert streams.until(lambda: b"event: devices" in streams.received[newcomer])
        status, stored = daemon.post("/api/commands", {"do": "roll"}, headers=BANKER)
        assert status == 200, stored
        seq = f"id: {stored['seq']}".encode()
        for screen in (mine, banks, newcomer):
            assert streams.until(lambda s=screen: seq in streams.received[s]), streams.received[screen][-500:]
        assert not {mine, banks, newcomer} & streams.closed
        # The control: the guest's streams reached the table and were evicted, told to poll
        # (behind nginx, only so many of each address's 16 got through at all: its connections
        # are capped, and so is how fast it opens streams).
        reached = 16 * min(16, PER_ADDRESS, STREAM_BURST) if front == "nginx" else 256

        def told() -> list[Any]:
            return [s for s in guest if b"event: poll" in streams.received[s]]

        # (the streams are taken up one by one, each evicting the oldest in turn: beside a second
        # suite, 226 of the 232 had been told after 30 s)
        enough = reached - ANONYMOUS_STREAMS
        assert streams.until(lambda: len(told()) >= enough, timeout=3 * PATIENCE), len(told())
        assert events_in(streams.received[told()[0]], "poll")[0]["poll_after"] > 0
        # An evicted page polls: answered at once, 204 while nothing changed (once the guest lets
        # go of its address's connections, which nginx counts).
        for sock in guest[:16]:
            sock.close()

        def polled() -> int:
            try:
                return get(daemon.port, f"/api/state?after={stored['seq']}", "127.0.21.1")[0]
            except OSError:
                return 0

        assert daemon.poll(polled) == 204
    finally:
        streams.close()


def test_thousands_of_half_open_connections_from_one_address_starve_no_one(
        tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    """The attack: ~4,000 connections from one address, sending nothing, left no answer for any
    screen. Behind nginx an address has at most PER_ADDRESS open; the rest are closed at once."""
    daemon = start(daemons, tmp_path / "data", "nginx")
    held: list[socket.socket] = []
    try:
        for _ in range(400):
            try:
                held.append(connect(daemon.port, "127.0.30.1"))
            except OSError:  # refused outright: the cap too
                pass
        assert get(daemon.port, "/api/state", "127.0.30.2")[0] == 200
        assert post(daemon.port, "/api/commands", {"do": "roll"}, "127.0.30.3", BANKER)[0] == 200
        # The control: every connection reached nginx, and all but PER_ADDRESS were closed by it
        # (a closed one is readable: its end; the kept ones have nothing to read).
        time.sleep(1.0)
        poller = select.poll()
        for sock in held:
            poller.register(sock, select.POLLIN)
        kept = len(held) - len(poller.poll(0))
        assert kept == PER_ADDRESS
        with pytest.raises(OSError):  # and the flooding address itself gets no more
            get(daemon.port, "/api/state", "127.0.30.1")
    finally:
        for sock in held:
            sock.close()


def test_a_request_head_trickled_a_byte_at_a_time_is_cut_at_its_deadline(
        tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    """slowloris: one byte every 2 s kept a connection (and, by thousands, the server) forever;
    the whole head must now come within HEADER_DEADLINE seconds of connecting."""
    daemon = start(daemons, tmp_path / "data", "nginx")
    slow = connect(daemon.port, "127.0.31.1")
    slow.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    sent = 0
    cut = False
    for _ in range(4 * HEADER_DEADLINE):  # a head that would take 8 times the deadline to arrive
        time.sleep(2)
        try:
            slow.sendall(b"X")
            sent += 1
            slow.settimeout(0.01)
            cut = slow.recv(1024) == b""
        except TimeoutError:
            continue
        except OSError:  # reset: nginx drops a timed-out connection outright
            cut = True
        if cut:
            break
    slow.close()
    assert cut, "the trickled head was never cut"
    assert sent >= 2  # the control: it was open, trickling, for a while first
    # The control: a head that comes in pieces within the deadline is answered.
    ok = connect(daemon.port, "127.0.31.1", timeout=10)
    ok.sendall(b"GET /api/state HTTP/1.1\r\n")
    time.sleep(2)
    ok.sendall(b"Host: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert ok.recv(64).startswith(b"HTTP/1.1 200")
    ok.close()


def test_behind_nginx_the_table_sees_each_client_and_its_host_and_streams_unbuffered(
        tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = start(daemons, tmp_path / "data", "nginx")
    # The client's address is nginx's word, never the client's own X-Forwarded-For.
    cookie = banker_screen(daemon, source="127.0.32.7")
    status, body = get(daemon.port, "/api/banker/screens", "127.0.32.7",
                       {"Cookie": cookie, "X-Forwarded-For": "10.9.9.9"})
    assert status == 200
    mine = next(s for s in json.loads(body)["screens"] if s["this"])
    assert mine["address"] == "127.0.32.7"
    # The Host as the client sent it: the table's own name is taken, another site's refused;
    # and the stored command's event reaches a stream at once, not when a buffer fills.
    streams = Streams()
    try:
        sock = streams.add(open_stream(daemon.port, "127.0.32.8"))
        assert streams.until(lambda: b"event: devices" in streams.received[sock])
        origin = {"Origin": f"http://127.0.0.1:{daemon.port}"}
        status, stored, _headers = post(daemon.port, "/api/commands", {"do": "roll"},
                                        headers={**BANKER, **origin})
        assert status == 200, stored
        assert streams.until(lambda: f"id: {stored['seq']}".encode() in streams.received[sock], PATIENCE)
    finally:
        streams.close()
    status, _body, _headers = post(daemon.port, "/api/commands", {"do": "end_turn"},
                                   headers={**BANKER, "Host": f"evil.example:{daemon.port}"})
    assert status == 403
    # A body over the limit is refused by nginx, in JSON, before waitress sees it.
    status, answer, _headers = post(daemon.port, "/api/commands", {"pad": "x" * 40_000}, headers=BANKER)
    assert status == 413 and "too large" in answer["error"] and answer["words"]["ru"]


@pytest.mark.skipif(not sys.platform.startswith("linux") or not mdwe_supported(),
                    reason="the kernel has no PR_SET_MDWE (Linux 6.3 and later)")
def test_the_nginx_front_runs_without_writable_executable_memory(tmp_path: Path) -> None:
    """MemoryDenyWriteExecute reaches nginx too (its PCRE JIT would need such memory)."""
    require_nginx()
    from tests.ports import free_port

    port = free_port()
    with open(tmp_path / "err", "w") as err:
        proc = subprocess.Popen([sys.executable, "-c", MDWE, "-m", "companion.cli", "run", "--simulate",
                                 "--front", "nginx", "--port", str(port), "--data", str(tmp_path / "data"),
                                 "--banker-pin", PIN], stdout=subprocess.DEVNULL, stderr=err, cwd=ROOT)
    try:
        deadline = time.monotonic() + 20
        status = 0
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                status = get(port, "/api/state", timeout=2)[0]
                break
            except OSError:
                time.sleep(0.1)
        assert status == 200, (tmp_path / "err").read_text()
        assert post(port, "/api/games", {"players": ["Ann", "Bob"]}, headers=BANKER)[0] == 201
        assert "nginx in front" in (tmp_path / "err").read_text()
    finally:
        proc.terminate()
        proc.wait(20)


def test_a_flood_of_requests_or_pin_guesses_from_one_address_is_answered_by_nginx(
        tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    """PIN guesses as fast as they are answered, and any /api/ flood, used to cost the table's
    Python a request each; beyond PIN_RATE an address now gets nginx's 429, and beyond RATE its
    requests are held by nginx and go on at RATE a second (a refusal was asked again at once)."""
    from companion.web.front import BURST, PIN_BURST, RATE

    daemon = start(daemons, tmp_path / "data", "nginx")
    guesses = [post(daemon.port, "/api/banker/login", {"pin": "000000"}, "127.0.33.1")
               for _ in range(PIN_BURST + 5)]
    statuses = [status for status, _answer, _headers in guesses]
    assert 401 in statuses[:PIN_BURST]  # the control: the first guesses reached the table
    limited = guesses[-1]
    assert limited[0] == 429 and limited[1]["retry_after"] == 1 and limited[2]["Retry-After"] == "1"
    assert limited[1]["words"]["ru"] and limited[1]["words"]["en"] == limited[1]["error"]
    assert limited[2]["Server"] == "nginx"
    paced = 2 * RATE  # requests beyond the burst: they take at least (paced - 1) / RATE seconds
    began = time.monotonic()
    flood = [get(daemon.port, "/api/state", "127.0.33.2")[0] for _ in range(1 + BURST + paced)]
    assert set(flood) == {200}  # paced, none refused
    assert time.monotonic() - began >= (paced - 1) / RATE
    assert get(daemon.port, "/api/state", "127.0.33.3")[0] == 200  # another address keeps its own pace


def test_nginx_goes_with_the_daemon_and_the_daemon_with_nginx(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    """SIGTERM stops both (status 0); nginx gone, nobody can reach the table, so the daemon stops
    with a failure (and systemd starts it again, Restart=on-failure)."""
    from tests.server_support import dead, nginx_of

    daemon = start(daemons, tmp_path / "one", "nginx")
    front = nginx_of(daemon.proc.pid)
    assert len(front) == 1
    status, _seconds = daemon.stop(timeout=20)
    assert status == 0 and dead(front), daemon.stderr
    daemon = start(daemons, tmp_path / "two", "nginx")
    front = nginx_of(daemon.proc.pid)
    os.kill(front[0], signal.SIGKILL)
    assert daemon.wait(20) == 1
    assert "the nginx front stopped" in daemon.stderr


def cookies_of(port: int, source: str, cookie: str) -> dict[str, str]:
    """Every cookie an answer to this screen sets (the session's and the table's own pass)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        conn.request("GET", "/api/session", headers={"Cookie": cookie})
        answer = conn.getresponse()
        answer.read()
        pairs = (c.split(";", 1)[0].split("=", 1) for c in answer.headers.get_all("Set-Cookie") or [])
        return dict(pairs)
    finally:
        conn.close()


def held_request(port: int, source: str) -> socket.socket:
    """A stranger's request that nginx has counted and not finished: its head sent, its body not."""
    sock = connect(port, source)
    sock.sendall(b"POST /api/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 40\r\n\r\n{")
    return sock


def test_strangers_beyond_their_count_are_shed_by_nginx_and_the_tables_own_pass_through(
        tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    """Issue 36's read flood from any number of addresses: nginx counts strangers' requests on
    their way (at most STRANGERS in all, PER_ADDRESS from one address, as the lanes do) and answers
    503 beyond, so a flood costs waitress's Python nothing; the table's own screens carry a pass
    the server gave them (own_pass.py), which nginx checks and never counts. A made-up pass, or the
    banker's pass with another session, is a stranger's."""
    from companion.web.lanes import PER_ADDRESS as STRANGER_PER_ADDRESS
    from companion.web.lanes import STRANGERS

    daemon = start(daemons, tmp_path / "data", "nginx")
    banker = banker_screen(daemon, source="127.0.36.1")
    own = cookies_of(daemon.port, "127.0.36.1", banker)
    assert set(own) == {"companion_own", "companion_own_until"}  # the banker's screen gets a pass
    shown = f"companion_own={own['companion_own']}; companion_own_until={own['companion_own_until']}"
    with_pass = f"{banker}; {shown}"
    assert "companion_own" not in cookies_of(daemon.port, "127.0.36.1", with_pass)  # kept, not renewed
    guest = cookie_of(post(daemon.port, "/api/clock", {"time": 0}, "127.0.36.2")[2])
    assert cookies_of(daemon.port, "127.0.36.2", guest) == {}  # a stranger gets none
    forged = f"{guest}; companion_own=AAAAAAAAAAAAAAAAAAAAAA; companion_own_until=4102444800"
    borrowed = f"{guest}; {shown}"

    held: list[socket.socket] = []
    try:
        addresses = [f"127.0.37.{n}" for n in range(1, STRANGERS // STRANGER_PER_ADDRESS + 2)]
        for address in addresses:  # 40 strangers' requests held from 5 addresses: 32 counted
            for _ in range(STRANGER_PER_ADDRESS):
                held.append(held_request(daemon.port, address))
        deadline = time.monotonic() + PATIENCE  # until nginx has read every head (a busy machine)
        status, body = get(daemon.port, "/api/state", "127.0.36.3")
        while status != 503 and time.monotonic() < deadline:
            time.sleep(0.1)
            status, body = get(daemon.port, "/api/state", "127.0.36.3")
        assert status == 503, body  # a stranger from a new address, beyond the count in all
        refusal = json.loads(body)
        assert refusal["retry_after"] == 1 and refusal["words"]["en"] == refusal["error"]
        assert refusal["words"]["ru"]
        for cookie in (forged, borrowed):
            assert get(daemon.port, "/api/state", "127.0.36.2", {"Cookie": cookie})[0] == 503
        assert get(daemon.port, "/api/state", "127.0.36.1", {"Cookie": with_pass})[0] == 200  # the banker's
        # The control: the held requests were counted, not refused (none has an answer yet).
        def answered() -> list[socket.socket]:
            return [sock for sock in held if select.select([sock], [], [], 0)[0]]
        while len(answered()) < len(held) - STRANGERS and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(answered()) == len(held) - STRANGERS, len(answered())
    finally:
        for sock in held:
            sock.close()
    deadline = time.monotonic() + PATIENCE
    while get(daemon.port, "/api/state", "127.0.36.3")[0] != 200:  # their count goes with them
        assert time.monotonic() < deadline
        time.sleep(0.1)
