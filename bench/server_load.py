"""The server under the table's worst evening (issue 11): many screens, slow and idle connections,
half-sent requests, and a steady stream of commands. Prints its figures, then one JSON line.

Run: .venv/bin/python bench/server_load.py [--seconds 30] [--rate 10]
It starts `companion run --simulate` on a free port with a fresh data folder and, all at once:
- 200 event streams: 100 read every event (their arrival times are the figures), 100 connect,
  send their request and never read a byte (a phone in a pocket);
- 500 other connections: 250 idle (connected, nothing sent), 152 sending one byte of a request
  header every 2 s (slowloris), 98 that sent half a request header and stopped;
- the banker's commands, --rate a second, each the next legal move of the game (a new game when
  one ends), each on a connection of its own;
- a new page load every second: the table page, its scripts and styles, then /api/session,
  /api/state and /api/board, six at a time as a browser does.
The clients come from many loopback addresses (127.0.x.y), as phones on the table's wifi would:
no more than 4 streams and 25 other connections from any one. The figures: how many commands
were acknowledged (200) and refused, the time from a POST being sent to its state event reaching
each reading stream (p50, p99, max over every command and stream), the page loads (p50, max), and
the daemon's threads and memory at the end.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PIN = "246810"
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
EVENT_ID = re.compile(rb"\nid: (\d+)\n")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def connect(port: int, source: str, timeout: float = 10.0) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def request(port: int, method: str, path: str, body: dict | None = None, source: str = "127.0.0.1",
            banker: bool = True) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15, source_address=(source, 0))
    headers = {"Content-Type": "application/json"}
    if banker:
        headers["X-Banker-Pin"] = PIN
    try:
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Readers(threading.Thread):
    """The reading streams, all in one selector loop: when each event id (seq) reached each."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.selector = selectors.DefaultSelector()
        self.arrivals: dict[int, list[float]] = {}
        self.buffers: dict[socket.socket, bytes] = {}
        self.closed = 0
        self.stop = threading.Event()
        self.lock = threading.Lock()

    def add(self, sock: socket.socket) -> None:
        sock.setblocking(False)
        self.buffers[sock] = b""
        self.selector.register(sock, selectors.EVENT_READ)

    def run(self) -> None:
        while not self.stop.is_set():
            for key, _mask in self.selector.select(timeout=0.2):
                sock = key.fileobj
                now = time.monotonic()
                try:
                    data = sock.recv(1 << 16)  # type: ignore[union-attr]
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    data = b""
                if not data:
                    self.selector.unregister(sock)
                    self.closed += 1
                    continue
                buffer = self.buffers[sock] + data  # type: ignore[index]
                cut = buffer.rfind(b"\n\n")
                if cut >= 0:
                    with self.lock:
                        for match in EVENT_ID.finditer(buffer, 0, cut + 2):
                            self.arrivals.setdefault(int(match.group(1)), []).append(now)
                    buffer = buffer[cut + 2:]
                self.buffers[sock] = buffer  # type: ignore[index]


def open_stream(port: int, source: str, read: bool) -> socket.socket:
    sock = connect(port, source)
    if not read:  # a phone in a pocket: takes nothing, so its window closes at once
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.sendall(b"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    return sock


def next_command(state: dict) -> dict | None:
    """The game's next legal move, played as plainly as possible (nothing bought, nothing bid)."""
    decision = state.get("decision")
    if decision is None:
        return None
    kind, players, options = decision["kind"], decision.get("players") or [], decision.get("options") or []
    player = players[0] if players else None
    pending = state.get("pending") or {}
    if kind == "choice":
        return {"do": "choose", "option": pending.get("options", ["pay"])[0]}
    if kind == "debt":
        return {"do": "bankrupt", "player": player}
    if kind == "trade":
        return {"do": "reject", "player": player}
    for wanted in ("roll", "end_turn", "decline", "pass", "pay_jail_fine"):
        if wanted in options:
            command = {"do": wanted}
            if wanted == "pass":
                command["player"] = player
            return command
    return {"do": options[0], "player": player} if options else None


def load_page(port: int, source: str, paths: list[str]) -> float:
    """A browser opening the table page: the page, then its files, six connections at a time."""
    started = time.monotonic()

    def get(path: str) -> int:
        status, _body = request(port, "GET", path, source=source, banker=False)
        return status

    assert get("/") == 200
    with ThreadPoolExecutor(6) as pool:
        statuses = list(pool.map(get, paths))
    if any(s != 200 for s in statuses):
        raise RuntimeError(f"a page load got {statuses}")
    return time.monotonic() - started


def daemon_figures(pid: int) -> tuple[int, float]:
    status = Path(f"/proc/{pid}/status").read_text()
    threads = int(re.search(r"Threads:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
    rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024  # type: ignore[union-attr]
    return threads, rss


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the commands go on")
    parser.add_argument("--rate", type=float, default=10.0, help="commands a second")
    parser.add_argument("--streams", type=int, default=200, help="event streams (half of them reading)")
    parser.add_argument("--idle", type=int, default=500, help="idle, slow and half-sent connections")
    args = parser.parse_args()

    port = free_port()
    data = Path(tempfile.mkdtemp(prefix="companion-load-"))
    log = open(data.with_suffix(".log"), "w")  # noqa: SIM115 - closed at the end
    daemon = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "run", "--simulate", "--host", "127.0.0.1", "--port",
         str(port), "--data", str(data / "data"), "--banker-pin", PIN],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log,
    )
    held: list[socket.socket] = []
    readers = Readers()
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                if request(port, "GET", "/api/state")[0] == 200:
                    break
            except OSError:
                if time.monotonic() > deadline or daemon.poll() is not None:
                    raise RuntimeError("the daemon did not start") from None
                time.sleep(0.05)
        status, _ = request(port, "POST", "/api/games", {"players": PLAYERS, "seed": 7})
        assert status == 201, status

        # The load: streams from phones (4 each), then the idle, slow and half-sent connections.
        readers.start()
        for n in range(args.streams):
            phone = f"127.0.{1 + n // 4 // 250}.{1 + (n // 4) % 250}"
            sock = open_stream(port, phone, read=n % 2 == 0)
            if n % 2 == 0:
                readers.add(sock)
            held.append(sock)
        slowloris: list[socket.socket] = []
        for n in range(args.idle):
            source = f"127.0.{10 + n // 25 // 250}.{1 + (n // 25) % 250}"
            sock = connect(port, source)
            if n < 98:
                sock.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ")
            elif n < 250:
                sock.sendall(b"GET /api/state HTTP/1.1\r\n")
                slowloris.append(sock)
            held.append(sock)
        stop = threading.Event()

        def trickle() -> None:
            while not stop.wait(2.0):
                for sock in slowloris:
                    try:
                        sock.send(b"X")
                    except OSError:
                        pass

        threading.Thread(target=trickle, daemon=True).start()
        time.sleep(1.0)  # every stream has had its first events

        # Page loads, one a second, from addresses of their own.
        static = sorted(f"/static/js/{p.name}" for p in (ROOT / "web/static/js").glob("*.js"))
        paths = [*static, "/static/css/app.css", "/static/i18n/en.json", "/api/session", "/api/state",
                 "/api/board"]
        pages: list[float] = []
        page_errors: list[str] = []

        def pages_loop() -> None:
            n = 0
            while not stop.wait(1.0):
                n += 1
                try:
                    pages.append(load_page(port, f"127.0.200.{1 + n % 250}", paths))
                except Exception as exc:  # noqa: BLE001 - counted and shown
                    page_errors.append(repr(exc))

        page_thread = threading.Thread(target=pages_loop, daemon=True)
        page_thread.start()

        # The commands: the next legal move, --rate a second, each on a connection of its own.
        sent: dict[int, float] = {}
        statuses: dict[int, int] = {}
        refused: list[str] = []
        slow_acks: list[float] = []
        interval = 1.0 / args.rate
        end = time.monotonic() + args.seconds
        next_at = time.monotonic()
        while time.monotonic() < end:
            state = json.loads(request(port, "GET", "/api/state")[1])
            command = next_command(state)
            if command is None:
                request(port, "POST", "/api/games", {"players": PLAYERS})
                continue
            now = time.monotonic()
            if now < next_at:
                time.sleep(next_at - now)
            next_at += interval
            started = time.monotonic()
            status, body = request(port, "POST", "/api/commands", command)
            slow_acks.append(time.monotonic() - started)
            statuses[status] = statuses.get(status, 0) + 1
            if status == 200:
                sent[json.loads(body)["seq"]] = started
            else:
                refused.append(f"{status} {command} {body[:200]!r}")
        time.sleep(1.0)  # the last events reach the streams
        stop.set()
        page_thread.join(5)
        threads, rss = daemon_figures(daemon.pid)

        latencies = []
        missing = 0
        with readers.lock:
            for seq, at in sent.items():
                arrivals = readers.arrivals.get(seq, [])
                missing += max(0, args.streams // 2 - len(arrivals))
                latencies += [(t - at) * 1000 for t in arrivals]
        figures = {
            "streams": args.streams, "reading": args.streams // 2, "other_connections": args.idle,
            "commands_sent": sum(statuses.values()), "acknowledged": statuses.get(200, 0),
            "answers": {str(k): v for k, v in sorted(statuses.items())},
            "ack_ms_p99": round(percentile([a * 1000 for a in slow_acks], 99), 1),
            "event_ms_p50": round(percentile(latencies, 50), 1),
            "event_ms_p99": round(percentile(latencies, 99), 1),
            "event_ms_max": round(max(latencies), 1) if latencies else None,
            "events_missing": missing, "reading_streams_closed": readers.closed,
            "page_loads": len(pages), "page_s_p50": round(percentile(pages, 50), 3),
            "page_s_max": round(max(pages), 3) if pages else None, "page_errors": len(page_errors),
            "daemon_threads": threads, "daemon_rss_mb": round(rss, 1),
        }
        print(f"commands: {figures['acknowledged']} of {figures['commands_sent']} acknowledged "
              f"(answers {figures['answers']}), p99 {figures['ack_ms_p99']} ms to the answer")
        print(f"POST to event on {args.streams // 2} reading streams (of {args.streams}, with "
              f"{args.idle} idle, slow and half-sent connections): p50 {figures['event_ms_p50']} ms, "
              f"p99 {figures['event_ms_p99']} ms, max {figures['event_ms_max']} ms; "
              f"{missing} events missing")
        print(f"page loads: {len(pages)}, p50 {figures['page_s_p50']} s, max {figures['page_s_max']} s, "
              f"{len(page_errors)} failed")
        print(f"daemon: {threads} threads, {figures['daemon_rss_mb']} MB resident")
        for line in refused[:5] + page_errors[:5]:
            print("  " + line)
        print(json.dumps(figures))
        return 0
    finally:
        readers.stop.set()
        for sock in held:
            try:
                sock.close()
            except OSError:
                pass
        daemon.terminate()
        try:
            daemon.wait(10)
        except subprocess.TimeoutExpired:
            daemon.kill()
        log.close()
        if os.environ.get("KEEP_LOAD_DATA") is None:
            import shutil

            shutil.rmtree(data, ignore_errors=True)
            data.with_suffix(".log").unlink(missing_ok=True)


if __name__ == "__main__":
    sys.exit(main())
