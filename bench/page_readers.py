"""The table's watchers, for the benches that load a daemon (long_reads.py, soak.py): a screen's
keep-alive connection from an address of its own, an event stream, a page reading what came after
its seq, and `Readers`, the Table pages and the Banker, History and Chart pages all at once, each
on threads of its own; and the daemon they watch (`companion run --simulate`, odds off, no front)."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.ports import free_port  # noqa: E402  (a port no second suite picks too)

PIN = "246810"
PAGES = (("/api/feed/log", "entries"), ("/api/feed/ledger", "transfers"), ("/api/chart", "points"))


@contextmanager
def quiet_daemon(
    data: Path, folder: Path, ready: Callable[[Any], bool] = bool,
    launcher: Sequence[str] = ("-m", "companion.cli"),
) -> Iterator[tuple[subprocess.Popen[bytes], Client]]:
    """`companion run --simulate` on `data` (odds off, no front: the daemon alone), once its
    /api/state is ready(state); the banker's client with it. Stopped (SIGTERM, then a kill) at
    the end. `launcher`: what the interpreter runs before the companion's own arguments
    (guest_churn.py's probe runs the command line itself, under tracemalloc if asked)."""
    config = folder / "companion.toml"
    config.write_text("[odds]\nenabled = false\n")
    port = free_port()
    daemon = subprocess.Popen(
        [sys.executable, *launcher, "run", "--simulate", "--front", "none", "--port", str(port),
         "--data", str(data), "--config", str(config), "--banker-pin", PIN],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        banker = Client(port)
        deadline = time.monotonic() + 120
        while True:
            try:
                status, state = banker.call("GET", "/api/state")
                if status == 200 and ready(state):
                    break
            except OSError:
                pass
            if daemon.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the daemon did not start")
            time.sleep(0.05)
        yield daemon, banker
    finally:
        daemon.terminate()
        try:
            daemon.wait(20)
        except subprocess.TimeoutExpired:
            daemon.kill()


class Client:
    """One screen's keep-alive connection, from an address of its own."""

    def __init__(self, port: int, address: str = "127.0.0.1") -> None:
        self.port, self.address = port, address
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(address, 0))

    def call(self, method: str, path: str, body: Any = None, headers: dict | None = None) -> tuple[int, Any]:
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=json.dumps(body) if body is not None else None,
                                  headers={"Content-Type": "application/json", **(headers or {})})
                response = self.conn.getresponse()
                data = response.read()
                return response.status, (json.loads(data) if data else None)
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60,
                                                       source_address=(self.address, 0))
                if attempt:
                    raise
        raise AssertionError


def stream(port: int, address: str, on_state: Any, stop: threading.Event) -> None:
    """An event stream: `on_state(seq, data)` after every state event, `on_state(None, data)` for
    a feed reset."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=60, source_address=(address, 0))
    sock.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                 "Accept: text/event-stream\r\n\r\n".encode())
    f = sock.makefile("rb")
    name = ""
    try:
        while not stop.is_set():
            line = f.readline()
            if not line:
                return
            text = line.decode().rstrip("\r\n")
            if text.startswith("event:"):
                name = text[6:].strip()
            elif text.startswith("data:") and name in ("state", "feed"):
                try:
                    data = json.loads(text[5:])
                except ValueError:
                    continue
                if name == "state":
                    on_state(data.get("seq"), data)
                elif data.get("reset"):
                    on_state(None, data)
    except OSError:
        return
    finally:
        sock.close()


class Page:
    """A page reading incrementally after every state: it keeps the seq it has (as paged.js)."""

    def __init__(self, port: int, address: str, path: str, key: str) -> None:
        self.client = Client(port, address)
        self.path, self.key = path, key
        self.game: str | None = None
        self.seq = 0
        self.rows = 0
        self.reads = 0
        self.bytes = 0
        self.wake = threading.Event()
        self.failures: list[str] = []  # every answer of 500 or more

    def read(self) -> None:
        sep = "&" if "?" in self.path else "?"
        while True:
            status, answer = self.client.call("GET", f"{self.path}{sep}after={self.seq}&limit=1000")
            self.reads += 1
            if status >= 500:
                self.failures.append(f"{self.path}: {status} {answer}")
            if status != 200:
                return
            if answer["game"] != self.game:
                self.game, self.seq, self.rows = answer["game"], 0, 0
                if answer["after"]:
                    continue
            self.rows += len(answer[self.key])
            self.seq = max(self.seq, answer["next"])
            if not answer["more"]:
                return

    def run(self, stop: threading.Event) -> None:
        while not stop.is_set():
            if self.wake.wait(0.5):
                self.wake.clear()
                try:
                    self.read()
                except OSError:
                    if stop.is_set():  # the daemon stopped under a read at the end
                        return
                    raise


class Readers:
    """`screens` Table pages (an event stream each, reading /api/feed again on a reset; once a
    full pool closed their stream, polling /api/state every 2 s, as the page does) and the Banker
    log, History and Chart pages (each a stream that wakes it to read what came after its seq),
    from addresses of their own. `failures`: every answer of 500 or more any of them got."""

    def __init__(self, port: int, screens: int) -> None:
        self.port = port
        self.stop = threading.Event()
        self.screens = [Client(port, f"127.0.1.{n + 1}") for n in range(screens)]
        self.pages = [Page(port, f"127.0.0.{n + 2}", path, key) for n, (path, key) in enumerate(PAGES)]
        self.resets = 0
        self.polls = 0
        self._failures: list[str] = []

    def first_load(self) -> None:
        """Each page's first load: the whole game, a page at a time."""
        for page in self.pages:
            page.read()

    def start(self) -> None:
        """Every reader's threads, in order: the pages' streams last (a full pool evicts the oldest)."""
        threads = [threading.Thread(target=self._screen, args=(screen,), daemon=True)
                   for screen in self.screens]
        for page in self.pages:
            threads.append(threading.Thread(target=stream, args=(self.port, page.client.address,
                                                                 self._waker(page), self.stop), daemon=True))
            threads.append(threading.Thread(target=page.run, args=(self.stop,), daemon=True))
        for thread in threads:
            thread.start()
            time.sleep(0.02)

    @property
    def failures(self) -> list[str]:
        return self._failures + [failure for page in self.pages for failure in page.failures]

    def _screen(self, screen: Client) -> None:
        def on_state(seq: Any, _data: Any) -> None:
            if seq is None:  # a reset: the Table page reads its feed again
                self.resets += 1
                self._answered(screen.call("GET", "/api/feed?limit=60"), "/api/feed")
        stream(self.port, screen.address, on_state, self.stop)
        while not self.stop.wait(2):
            self.polls += 1
            try:
                self._answered(screen.call("GET", "/api/state?after=0"), "/api/state")
            except OSError:
                if self.stop.is_set():  # the daemon stopped under a poll at the end
                    return
                raise

    def _answered(self, answer: tuple[int, Any], path: str) -> None:
        if answer[0] >= 500:
            self._failures.append(f"{path}: {answer[0]} {answer[1]}")

    @staticmethod
    def _waker(page: Page) -> Any:
        def woken(_seq: Any, _data: Any) -> None:
            page.wake.set()
        return woken


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024
    return 0.0


