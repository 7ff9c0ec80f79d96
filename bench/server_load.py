"""The server under the table's worst evening (issues 11 and 21): paired phones, the banker and
watching screens, slow and idle connections, a steady stream of commands, and a guest attacking
from 64 addresses at once. Prints its figures, then one JSON line.

Run: .venv/bin/python bench/server_load.py [--seconds 30] [--rate 10] [--front nginx|none]
It starts `companion run --simulate` (with the nginx front unless told otherwise) on a free port
with a fresh data folder, a game of four players, and, all at once:
- the table's own screens, reading every event (their arrival times are the figures): four
  phones paired by their tokens, two tabs each, and the banker's screen, two tabs;
- --streams anonymous streams (watching screens, 3 an address): half read every event, half
  connect, send their request and never read a byte (a phone in a pocket);
- --idle other connections, 10 an address: a third idle (connected, nothing sent), a third
  sending one byte of a request header every 2 s (slowloris), a third that sent half a head;
- the banker's commands, --rate a second, each the next legal move of the game (a new game when
  one ends), each on a connection of its own;
- a new page load every second: the table page, its scripts and styles, then /api/session,
  /api/state and /api/board, six at a time as a browser does;
- the attacker (unless --no-attack): 64 loopback addresses (127.0.100.1-64, each client socket
  bound to one), each keeping 5 event streams and 5 half-open connections open (opening another
  as soon as one is closed), and wrong banker PINs sent from them in turn, --guesses a second
  (100: 8.6 million a day; the attacker runs on the table's own two cores here, so a loop as fast
  as nginx answers would measure the load generator, not the server);
- or, with --read-flood, a read flood (issue 36) instead of or beside it: --flood-addresses
  loopback addresses (60: 127.0.150.1-60) each keeping --flood-in-flight requests (10) on their way
  at every moment, a new one as soon as one is answered (each on a connection of its own), for the
  big paged reads (`/api/feed/ledger`, `/api/feed/log`, `/api/history`, `/api/chart` with
  `limit=2000` and an `after` drawn anew each time, so that no two need be alike) or, with
  `--flood odds`, for `/api/odds` and `/api/voice`; on a game of --entries entries (600), stored
  by the banker as fast as they are answered before anything is measured. The flood runs in a
  process of its own, --flood-nice nicer than the table's (0: on this machine it takes the same
  cores as the table, which on the wifi it would not).
The figures: how many commands were acknowledged, the time from a POST being sent to its state
event reaching each of the table's screens (p50, p99, max: the target is a p99 under 100 ms), the
anonymous streams evicted, the page loads (p50, max), the attacker's connections and PIN
guesses, and the daemon's threads, memory and nginx at the end.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import re
import secrets
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.plain_play import ROLLING_FIRST, children, next_command, nginx_of  # noqa: E402
from tests.ports import free_port  # noqa: E402  (a port no second suite picks too)

PIN = "246813"
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
PIECES = ["car", "dog", "hat", "boot"]
EVENT_ID = re.compile(rb"\nid: (\d+)\n")
ATTACKERS = [f"127.0.100.{n}" for n in range(1, 65)]
HEAVY = ["/api/feed/ledger", "/api/feed/log", "/api/history", "/api/chart"]  # the big paged reads
ODDS = ["/api/odds", "/api/voice"]


def connect(port: int, source: str, timeout: float = 10.0) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def request(port: int, method: str, path: str, body: dict | None = None, source: str = "127.0.0.1",
            cookie: str = "") -> tuple[int, bytes, str]:
    """(status, body, the session cookie it set or "")."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15, source_address=(source, 0))
    headers = {"Content-Type": "application/json"}
    if cookie:
        headers["Cookie"] = cookie
    try:
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = conn.getresponse()
        sessions = [c.split(";", 1)[0] for c in response.headers.get_all("Set-Cookie") or []
                    if c.startswith("session=")]  # (not the table's own pass, own_pass.py)
        return response.status, response.read(), sessions[0] if sessions else ""
    finally:
        conn.close()


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Readers(threading.Thread):
    """Reading streams, all in one selector loop: when each event id (seq) reached each, and
    which were told to poll (evicted)."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.selector = selectors.DefaultSelector()
        self.arrivals: dict[int, list[float]] = {}
        self.buffers: dict[socket.socket, bytes] = {}
        self.closed = 0
        self.evicted = 0
        self.stop = threading.Event()
        self.lock = threading.Lock()

    def add(self, sock: socket.socket) -> None:
        sock.setblocking(False)
        self.buffers[sock] = b""
        self.selector.register(sock, selectors.EVENT_READ)  # epoll: safe while another selects

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
                        self.evicted += buffer.count(b"event: poll\n", 0, cut + 2)
                    buffer = buffer[cut + 2:]
                self.buffers[sock] = buffer  # type: ignore[index]


STREAM = "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n{}\r\n"


def open_stream(port: int, source: str, read: bool = True, cookie: str = "") -> socket.socket:
    sock = connect(port, source)
    if not read:  # a phone in a pocket: takes nothing, so its window closes at once
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.sendall(STREAM.format(f"Cookie: {cookie}\r\n" if cookie else "").encode())
    return sock


def load_page(port: int, source: str, paths: list[str]) -> float:
    """A browser opening the table page: the page, then its files, six connections at a time."""
    started = time.monotonic()

    def get(path: str) -> int:
        return request(port, "GET", path, source=source)[0]

    assert get("/") == 200
    with ThreadPoolExecutor(6) as pool:
        statuses = list(pool.map(get, paths))
    if any(s != 200 for s in statuses):
        raise RuntimeError(f"a page load got {statuses}")
    return time.monotonic() - started


RETAP = 1.5  # seconds: the reader counts the same token laid again within a second as one tap


def pair(port: int, piece: str, source: str) -> str:
    """A phone paired as a player pairs one (issue 36): it asks and shows its code, the player taps
    the token (the virtual table's reader), the phone says its code is offered, the player taps
    again. Its cookie."""
    status, body, cookie = request(port, "POST", "/api/pair", {}, source=source)
    assert status == 202, (status, body)
    asked = json.loads(body)
    assert request(port, "POST", "/api/sim/tap", {"meaning": f"token:{piece}"})[0] == 202
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        record = json.loads(request(port, "GET", f"/api/requests/{asked['request']}", source=source,
                                    cookie=cookie)[1])
        if (record.get("offer") or {}).get("yours"):
            break
        time.sleep(0.05)
    time.sleep(RETAP)
    assert request(port, "POST", "/api/sim/tap", {"meaning": f"token:{piece}"})[0] == 202
    while time.monotonic() < deadline:
        if json.loads(request(port, "GET", "/api/session", source=source, cookie=cookie)[1]).get("player"):
            return cookie
        time.sleep(0.05)
    raise RuntimeError(f"the {piece} did not pair its phone")


class Attacker:
    """64 addresses, each keeping 5 streams and 5 half-open connections open (and so room under
    the front's cap of 12 an address for its PIN guesses), and PIN guesses."""

    def __init__(self, port: int, streams: int = 5, half_open: int = 5, guesses: float = 100) -> None:
        self.port = port
        self.interval = 1.0 / guesses
        self.per_address = {"stream": streams, "half": half_open}
        self.stop = threading.Event()
        self.opened = {"stream": 0, "half": 0}
        self.refused = 0  # connections the server closed or refused at once
        self.guesses: dict[str, int] = {}
        self.selector = selectors.DefaultSelector()
        self.held: dict[socket.socket, tuple[str, str]] = {}  # sock -> (address, kind)

    def _open(self, address: str, kind: str) -> None:
        try:
            sock = connect(self.port, address, timeout=2)
            if kind == "stream":
                sock.sendall(STREAM.format("").encode())
        except OSError:
            self.refused += 1
            return
        sock.setblocking(False)
        self.held[sock] = (address, kind)
        self.selector.register(sock, selectors.EVENT_READ)
        self.opened[kind] += 1

    def keep(self) -> None:
        """Open what is missing, read and drop what comes, open again what is closed."""
        while not self.stop.is_set():
            counts: dict[tuple[str, str], int] = {}
            for address, kind in self.held.values():
                counts[(address, kind)] = counts.get((address, kind), 0) + 1
            for address in ATTACKERS:
                for kind, wanted in self.per_address.items():
                    for _ in range(wanted - counts.get((address, kind), 0)):
                        self._open(address, kind)
            end = time.monotonic() + 0.25
            while (left := end - time.monotonic()) > 0:
                for key, _mask in self.selector.select(timeout=left):
                    sock: socket.socket = key.fileobj  # type: ignore[assignment]
                    try:
                        data = sock.recv(1 << 16)
                    except BlockingIOError:
                        continue
                    except OSError:
                        data = b""
                    if not data:
                        self.selector.unregister(sock)
                        self.held.pop(sock, None)
                        sock.close()
        for sock in self.held:
            sock.close()

    def guess(self) -> None:
        """Wrong PINs, from each address in turn, `guesses` a second."""
        n = 0
        next_at = time.monotonic()
        while not self.stop.is_set():
            n += 1
            next_at += self.interval
            if (wait := next_at - time.monotonic()) > 0:
                time.sleep(wait)
            try:
                status = request(self.port, "POST", "/api/banker/login",
                                 {"pin": f"{secrets.randbelow(10 ** 6):06d}"}, ATTACKERS[n % 64])[0]
                self.guesses[str(status)] = self.guesses.get(str(status), 0) + 1
            except OSError:
                self.guesses["refused"] = self.guesses.get("refused", 0) + 1
                time.sleep(0.01)

    def start(self) -> None:
        threading.Thread(target=self.keep, daemon=True).start()
        threading.Thread(target=self.guess, daemon=True).start()

    def figures(self) -> dict:
        return {"opened": self.opened, "refused": self.refused, "guesses": self.guesses}


def attack(port: int, guesses: float, go: Any, stop: Any, answer: Any) -> None:
    """The attacker's own process (its threads must not share the measuring process's GIL),
    started before any thread of the measuring one: attacks from `go` until `stop`, then sends
    back what it did."""
    if not go.wait(120) or stop.is_set():
        return
    attacker = Attacker(port, guesses=guesses)
    attacker.start()
    stop.wait()
    attacker.stop.set()
    time.sleep(0.3)
    answer.send(attacker.figures())


class Flood:
    """Many addresses each keeping `in_flight` reads on their way, a new one as soon as one is
    answered (a connection each, `Connection: close`: the plainest client), in one selector loop:
    what came back (statuses, bytes) and how fast."""

    def __init__(self, port: int, addresses: list[str], in_flight: int, paths: list[str],
                 entries: int) -> None:
        self.port = port
        self.addresses = addresses
        self.in_flight = in_flight
        self.paths = paths
        self.entries = entries
        self.stop = threading.Event()
        self.selector = selectors.DefaultSelector()
        self.statuses: dict[str, int] = {}
        self.bytes = 0
        self.sent = 0
        self.refused = 0  # connections refused or reset before an answer
        self.n = 0

    def _path(self) -> str:
        self.n += 1
        path = self.paths[self.n % len(self.paths)]
        if path in HEAVY:  # a window of its own each time: no cache answers two alike
            path += f"?after={secrets.randbelow(max(1, self.entries // 2))}&limit=2000"
        return path

    def _open(self, address: str) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind((address, 0))
            sock.setblocking(False)
            sock.connect_ex(("127.0.0.1", self.port))
        except OSError:
            sock.close()
            self.refused += 1
            return
        head = (f"GET {self._path()} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n"
                "Connection: close\r\n\r\n").encode()
        self.selector.register(sock, selectors.EVENT_WRITE, [address, head, b""])

    def run(self) -> None:
        for address in self.addresses:
            for _ in range(self.in_flight):
                self._open(address)
        while not self.stop.is_set():
            for key, mask in self.selector.select(timeout=0.2):
                sock: socket.socket = key.fileobj  # type: ignore[assignment]
                address, head, got = key.data
                try:
                    if mask & selectors.EVENT_WRITE:
                        sock.send(head)  # a short head: the new socket's buffer takes it whole
                        self.sent += 1
                        self.selector.modify(sock, selectors.EVENT_READ, [address, head, b""])
                        continue
                    data = sock.recv(1 << 18)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    data = None
                if data:
                    self.bytes += len(data)
                    if len(got) < 16:
                        key.data[2] = got + data[:16]
                    continue
                self.selector.unregister(sock)
                sock.close()
                status = got[9:12].decode(errors="replace") if got.startswith(b"HTTP/") else "none"
                if data is None or status == "none":
                    self.refused += 1
                else:
                    self.statuses[status] = self.statuses.get(status, 0) + 1
                self._open(address)
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]

    def figures(self, seconds: float) -> dict:
        answered = sum(self.statuses.values())
        return {"sent": self.sent, "answered": answered, "per_second": round(answered / seconds, 1),
                "statuses": dict(sorted(self.statuses.items())), "refused": self.refused,
                "mb": round(self.bytes / 1e6, 1)}


def flood(port: int, addresses: list[str], in_flight: int, paths: list[str], entries: int, nice: int,
          go: Any, stop: Any, answer: Any) -> None:
    """The read flood's own process (as the attacker's): floods from `go` until `stop`, `nice`
    to the table's processes (--flood-nice: on the wifi a flood costs the table's machine none of
    its own CPU, here it shares the same two cores)."""
    os.nice(nice)
    if not go.wait(300) or stop.is_set():
        return
    flooder = Flood(port, addresses, in_flight, paths, entries)
    thread = threading.Thread(target=flooder.run, daemon=True)
    started = time.monotonic()
    thread.start()
    stop.wait()
    flooder.stop.set()
    thread.join(5)
    answer.send(flooder.figures(time.monotonic() - started))


def daemon_figures(pid: int) -> tuple[int, float, list[int]]:
    """The daemon's threads and resident memory, and its child processes (nginx, odds workers)."""
    status = Path(f"/proc/{pid}/status").read_text()
    threads = int(re.search(r"Threads:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
    rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024  # type: ignore[union-attr]
    return threads, rss, children(pid)


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far (user and system)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the commands go on")
    parser.add_argument("--rate", type=float, default=10.0, help="commands a second")
    parser.add_argument("--streams", type=int, default=40, help="anonymous event streams (half reading)")
    parser.add_argument("--idle", type=int, default=300, help="idle, slow and half-sent connections")
    parser.add_argument("--front", choices=("nginx", "none"), default="nginx", help="what listens in front")
    parser.add_argument("--no-attack", action="store_true", help="without the 64-address attacker")
    parser.add_argument("--odds", choices=("on", "off"), default="on", help="the table's odds (on)")
    parser.add_argument("--guesses", type=float, default=100.0, help="the attacker's PIN guesses a second")
    parser.add_argument("--read-flood", action="store_true",
                        help="many addresses keeping heavy reads on their way")
    parser.add_argument("--flood", choices=("reads", "odds"), default="reads",
                        help="what the flood asks for: the big paged reads, or /api/odds and /api/voice")
    parser.add_argument("--flood-addresses", type=int, default=60, help="the flood's addresses")
    parser.add_argument("--flood-in-flight", type=int, default=10, help="requests on their way per address")
    parser.add_argument("--flood-nice", type=int, default=0,
                        help="the flood's process this much nicer than the table's (0: as the table)")
    parser.add_argument("--entries", type=int, default=None,
                        help="entries stored before measuring (600 with --read-flood, else 0)")
    args = parser.parse_args()
    entries = args.entries if args.entries is not None else (600 if args.read_flood else 0)

    port = free_port()
    data = Path(tempfile.mkdtemp(prefix="companion-load-"))
    log = open(data.with_suffix(".log"), "w")  # noqa: SIM115 - closed at the end
    config = data / "config.toml"
    config.write_text(f"[odds]\nenabled = {'true' if args.odds == 'on' else 'false'}\n")
    daemon = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "run", "--simulate", "--host", "127.0.0.1", "--port",
         str(port), "--data", str(data / "data"), "--banker-pin", PIN, "--front", args.front,
         "--config", str(config)],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log,
    )
    held: list[socket.socket] = []
    screens = Readers()  # the paired phones' and the banker's streams
    watching = Readers()  # the anonymous reading streams
    attack_go, attack_stop = multiprocessing.Event(), multiprocessing.Event()
    results, answer = multiprocessing.Pipe(duplex=False)
    attacker = multiprocessing.Process(target=attack, daemon=True,
                                       args=(port, args.guesses, attack_go, attack_stop, answer))
    if not args.no_attack:
        attacker.start()
    attacked: dict = {"opened": {"stream": 0, "half": 0}, "refused": 0, "guesses": {}}
    flood_go, flood_stop = multiprocessing.Event(), multiprocessing.Event()
    flood_results, flood_answer = multiprocessing.Pipe(duplex=False)
    flood_addresses = [f"127.0.150.{n}" for n in range(1, 1 + args.flood_addresses)]
    flooder = multiprocessing.Process(target=flood, daemon=True, args=(
        port, flood_addresses, args.flood_in_flight, HEAVY if args.flood == "reads" else ODDS, entries,
        args.flood_nice, flood_go, flood_stop, flood_answer))
    if args.read_flood:
        flooder.start()
    flooded: dict = {}
    stop = threading.Event()
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if request(port, "GET", "/api/state")[0] == 200:
                    break
            except OSError:
                if time.monotonic() > deadline or daemon.poll() is not None:
                    raise RuntimeError("the daemon did not start") from None
                time.sleep(0.05)
        status, body, banker = request(port, "POST", "/api/banker/login", {"pin": PIN})
        assert status == 200, body
        tokens = dict(zip(PLAYERS, PIECES, strict=True))
        game = {"players": PLAYERS, "seed": 7, "tokens": tokens}
        status, body, _ = request(port, "POST", "/api/games", game, cookie=banker)
        assert status == 201, body

        # The table's own screens: four paired phones (two tabs each) and the banker (two tabs).
        screens.start()
        watching.start()
        own = [(f"127.0.1.{1 + n}", pair(port, piece, f"127.0.1.{1 + n}")) for n, piece in enumerate(PIECES)]
        own.append(("127.0.1.9", banker))
        # Then a long game (the read flood's game of 600 entries), stored as fast as answered.
        while entries:
            now = json.loads(request(port, "GET", "/api/state", cookie=banker)[1])
            if now["seq"] >= entries:
                break
            move = next_command(now, ROLLING_FIRST)
            assert move is not None, "the game ended before its entries were stored"
            status, body, _ = request(port, "POST", "/api/commands", move, cookie=banker)
            assert status == 200, body
        for address, cookie in own:
            for _ in range(2):
                sock = open_stream(port, address, cookie=cookie)
                screens.add(sock)
                held.append(sock)
        reading = 2 * len(own)
        # Watching screens, then the idle, slow and half-sent connections.
        for n in range(args.streams):
            sock = open_stream(port, f"127.0.2.{1 + n // 3}", read=n % 2 == 0)
            if n % 2 == 0:
                watching.add(sock)
            held.append(sock)
        slowloris: list[socket.socket] = []
        for n in range(args.idle):
            sock = connect(port, f"127.0.{10 + n // 10 // 250}.{1 + (n // 10) % 250}")
            if n % 3 == 0:
                sock.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ")
            elif n % 3 == 1:
                sock.sendall(b"GET /api/state HTTP/1.1\r\n")
                slowloris.append(sock)
            held.append(sock)

        def trickle() -> None:
            while not stop.wait(2.0):
                for sock in slowloris:
                    try:
                        sock.send(b"X")
                    except OSError:
                        pass

        threading.Thread(target=trickle, daemon=True).start()
        attack_go.set()
        flood_go.set()
        time.sleep(2.0)  # every stream has had its first events, the attack is under way
        front_pid = next(iter(nginx_of(daemon.pid)), None)
        cpu_before = (cpu_seconds(daemon.pid), cpu_seconds(front_pid) if front_pid else 0.0, time.monotonic())

        # Page loads, one a second, from addresses of their own.
        static = sorted(f"/static/js/{p.name}" for p in (ROOT / "companion/web/site/static/js").glob("*.js"))
        paths = [*static, "/static/css/app.css", "/i18n/en.ftl", "/api/session", "/api/state",
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
        statuses: dict[int | str, int] = {}
        refused: list[str] = []
        acks: list[float] = []
        interval = 1.0 / args.rate
        end = time.monotonic() + args.seconds
        next_at = time.monotonic()
        while time.monotonic() < end:
            try:
                state = json.loads(request(port, "GET", "/api/state", cookie=banker)[1])  # as its page
            except OSError:  # no answer within 15 s (a frozen table): counted, asked again
                statuses["no state"] = statuses.get("no state", 0) + 1
                continue
            command = next_command(state, ROLLING_FIRST)
            if command is None:
                request(port, "POST", "/api/games", {"players": PLAYERS, "tokens": tokens}, cookie=banker)
                continue
            now = time.monotonic()
            if now < next_at:
                time.sleep(next_at - now)
            next_at += interval
            started = time.monotonic()
            try:
                status, body, _ = request(port, "POST", "/api/commands", command, cookie=banker)
            except OSError:  # no answer within 15 s: not acknowledged (its time counts as 15 s)
                status, body = 0, b""
            acks.append(time.monotonic() - started)
            statuses[status] = statuses.get(status, 0) + 1
            if status == 200:
                sent[json.loads(body)["seq"]] = started
            else:
                refused.append(f"{status} {command} {body[:200]!r}")
        time.sleep(1.0)  # the last events reach the streams
        stop.set()
        attack_stop.set()
        if not args.no_attack and results.poll(10):
            attacked = results.recv()
        flood_stop.set()
        if args.read_flood and flood_results.poll(10):
            flooded = flood_results.recv()
        page_thread.join(5)
        threads, rss, spawned = daemon_figures(daemon.pid)
        wall = time.monotonic() - cpu_before[2]
        daemon_cpu = (cpu_seconds(daemon.pid) - cpu_before[0]) / wall
        front_cpu = (cpu_seconds(front_pid) - cpu_before[1]) / wall if front_pid else 0.0
        load = os.getloadavg()[0]

        latencies = []
        missing = 0
        with screens.lock:
            for seq, at in sent.items():
                arrivals = screens.arrivals.get(seq, [])
                missing += max(0, reading - len(arrivals))
                latencies += [(t - at) * 1000 for t in arrivals]
        figures = {
            "front": args.front, "attack": not args.no_attack, "odds": args.odds, "screens_reading": reading,
            "anonymous_streams": args.streams, "other_connections": args.idle,
            "commands_sent": sum(statuses.values()), "acknowledged": statuses.get(200, 0),
            "answers": {str(k): v for k, v in sorted(statuses.items(), key=lambda kv: str(kv[0]))},
            "entries": entries, "read_flood": args.flood if args.read_flood else None,
            "ack_ms_p50": round(percentile([a * 1000 for a in acks], 50), 1),
            "ack_ms_p99": round(percentile([a * 1000 for a in acks], 99), 1),
            "event_ms_p50": round(percentile(latencies, 50), 1),
            "event_ms_p99": round(percentile(latencies, 99), 1),
            "event_ms_max": round(max(latencies), 1) if latencies else None,
            "events_missing": missing, "screens_closed": screens.closed, "screens_evicted": screens.evicted,
            "anonymous_evicted": watching.evicted,
            "attack_streams_opened": attacked["opened"]["stream"],
            "attack_half_open": attacked["opened"]["half"], "attack_refused": attacked["refused"],
            "pin_guesses": attacked["guesses"], "flood": flooded,
            "page_loads": len(pages), "page_s_p50": round(percentile(pages, 50), 3),
            "page_s_max": round(max(pages), 3) if pages else None, "page_errors": len(page_errors),
            "daemon_threads": threads, "daemon_children": len(spawned), "daemon_rss_mb": round(rss, 1),
            "daemon_cpu": round(daemon_cpu, 2), "nginx_cpu": round(front_cpu, 2),
            "load_average": round(load, 1),
        }
        print(f"commands: {figures['acknowledged']} of {figures['commands_sent']} acknowledged "
              f"(answers {figures['answers']}), p50 {figures['ack_ms_p50']} ms, "
              f"p99 {figures['ack_ms_p99']} ms to the answer; a game of {entries} entries before")
        print(f"POST to event on the table's {reading} screens (4 paired phones and the banker, 2 tabs each; "
              f"front {args.front}{', under attack' if not args.no_attack else ''}"
              f"{', under the read flood' if args.read_flood else ''}): "
              f"p50 {figures['event_ms_p50']} ms, p99 {figures['event_ms_p99']} ms, "
              f"max {figures['event_ms_max']} ms; {missing} events missing, {screens.closed} closed")
        print(f"anonymous streams: {args.streams} ({args.streams // 2} reading), {watching.evicted} "
              f"told to poll; {args.idle} idle, slow and half-sent connections")
        if not args.no_attack:
            print(f"attacker, 64 addresses: {attacked['opened']['stream']} streams and "
                  f"{attacked['opened']['half']} half-open connections opened, {attacked['refused']} "
                  f"refused outright; PIN guesses ({args.guesses:g} a second) {attacked['guesses']}")
        if args.read_flood:
            print(f"read flood ({args.flood}), {args.flood_addresses} addresses x {args.flood_in_flight} "
                  f"on their way: {flooded.get('answered')} answered ({flooded.get('per_second')} a second), "
                  f"statuses {flooded.get('statuses')}, {flooded.get('refused')} connections refused, "
                  f"{flooded.get('mb')} MB read")
        print(f"page loads: {len(pages)}, p50 {figures['page_s_p50']} s, max {figures['page_s_max']} s, "
              f"{len(page_errors)} failed")
        print(f"daemon: {threads} threads, {len(spawned)} child processes, "
              f"{figures['daemon_rss_mb']} MB resident; CPU (cores busy): daemon {daemon_cpu:.2f} "
              f"(its odds workers apart), nginx {front_cpu:.2f}; the machine's load average {load:.1f}")
        for line in refused[:5] + page_errors[:5]:
            print("  " + line)
        print(json.dumps(figures))
        return 0
    finally:
        stop.set()
        attack_stop.set()
        flood_stop.set()
        for process in (attacker, flooder):
            if process.is_alive():
                process.join(5)
        screens.stop.set()
        watching.stop.set()
        for sock in held:
            try:
                sock.close()
            except OSError:
                pass
        daemon.terminate()
        try:
            daemon.wait(15)
        except subprocess.TimeoutExpired:
            daemon.kill()
        log.close()
        if os.environ.get("KEEP_LOAD_DATA") is None:
            import shutil

            shutil.rmtree(data, ignore_errors=True)
            data.with_suffix(".log").unlink(missing_ok=True)


if __name__ == "__main__":
    sys.exit(main())
