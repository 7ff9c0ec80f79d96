"""A long game's cost to the table: acknowledgement p99, daemon CPU per command and RSS with 25
screens and the Banker, History and Chart pages open. Prints one JSON line per game length.

Run: .venv/bin/python bench/long_reads.py [--lengths 1000,10000,100000] [--commands 300]
For each length N it builds an N-command game (8 bots with deep pockets, `companion import` of
the recorded script: its time is printed too), starts `companion run --simulate` on it (odds
off, no front: the daemon alone), times the first `GET /api/feed` after the start, opens 25
screens (event streams, reading /api/feed again on a reset, as the Table page does) and the
Banker, History and Chart pages (each a stream that, after every state, asks for what came after
the seq it has: /api/feed/log, /api/feed/ledger, /api/chart), then stores the game's next
`--commands` commands one at a time as the banker and measures each POST's acknowledgement.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from companion.simulate.play import play_game

PIN = "246810"
SCREENS = 25
TICK = os.sysconf("SC_CLK_TCK")


def script(length: int) -> list[dict[str, Any]]:
    """The first `length` commands of a long 8-bot game (deep pockets: nobody goes bankrupt)."""
    result = play_game(8, 0, rules={"starting_cash": 10**7}, turn_cap=200_000, record=True)
    assert result.script is not None and len(result.script) >= length
    return result.script[:length]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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
                self.read()


def cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024
    return 0.0


def run(length: int, commands: int, tmp: Path) -> dict[str, Any]:
    lines = script(length + commands)
    data = tmp / f"data-{length}"
    file = tmp / f"game-{length}.jsonl"
    file.write_text("".join(json.dumps(c) + "\n" for c in lines[:length]))
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "companion.cli", "import", str(file), "--data", str(data)],
                   check=True, stdout=subprocess.DEVNULL)
    import_s = time.monotonic() - started
    config = tmp / "companion.toml"
    config.write_text("[odds]\nenabled = false\n")
    port = free_port()
    daemon = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "run", "--simulate", "--front", "none", "--port", str(port),
         "--data", str(data), "--config", str(config), "--banker-pin", PIN],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stop = threading.Event()
    threads: list[threading.Thread] = []
    try:
        banker = Client(port)
        deadline = time.monotonic() + 120
        while True:
            try:
                status, state = banker.call("GET", "/api/state")
                if status == 200 and state.get("game"):
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("the daemon did not start")
            time.sleep(0.05)
        started = time.monotonic()
        status, first = banker.call("GET", "/api/feed")
        first_feed_s = time.monotonic() - started
        assert status == 200 and first["seq"] >= length, (status, first)

        resets = [0]
        polls = [0]

        def screen_run(screen: Client) -> None:
            """The Table page: its stream; evicted from a full pool, it polls as the page does."""
            def on_screen(seq: Any, _data: Any) -> None:
                if seq is None:  # a reset: the Table page reads its feed again
                    resets[0] += 1
                    screen.call("GET", "/api/feed?limit=60")
            stream(port, screen.address, on_screen, stop)
            while not stop.wait(2):
                polls[0] += 1
                screen.call("GET", "/api/state?after=0")

        for n in range(SCREENS):
            threads.append(threading.Thread(target=screen_run, args=(Client(port, f"127.0.1.{n + 1}"),),
                                            daemon=True))
        pages = [Page(port, "127.0.0.2", "/api/feed/log", "entries"),
                 Page(port, "127.0.0.3", "/api/feed/ledger", "transfers"),
                 Page(port, "127.0.0.4", "/api/chart", "points")]
        for page in pages:
            page.read()  # the page's first load: the whole game, a page at a time

            def woken(seq: Any, _data: Any, page: Page = page) -> None:
                page.wake.set()
            threads.append(threading.Thread(target=stream, args=(port, page.client.address, woken, stop),
                                            daemon=True))
            threads.append(threading.Thread(target=page.run, args=(stop,), daemon=True))
        for thread in threads:
            thread.start()
            time.sleep(0.02)  # in order: the pages' streams last (a full pool evicts the oldest)
        time.sleep(2)  # the streams open
        rss_before = rss_mb(daemon.pid)
        ticks = cpu_ticks(daemon.pid)
        acks: list[float] = []
        refused = 0
        for command in lines[length:length + commands]:
            started = time.monotonic()
            status, _answer = banker.call("POST", "/api/commands", command, {"X-Banker-Pin": PIN})
            acks.append((time.monotonic() - started) * 1000)
            refused += status != 200
        time.sleep(1)  # the pages catch up
        cpu_ms = (cpu_ticks(daemon.pid) - ticks) * 1000 / TICK / commands
        rss = rss_mb(daemon.pid)
        _s, log_page = banker.call("GET", "/api/feed/log?after=0&limit=1000")
        page_kb = len(json.dumps(log_page)) / 1024
    finally:
        stop.set()
        daemon.terminate()
        try:
            daemon.wait(20)
        except subprocess.TimeoutExpired:
            daemon.kill()
    acks.sort()
    return {
        "bench": "long_reads", "commands_in_game": length, "screens": SCREENS,
        "pages": ["banker log", "history", "chart"], "commands_timed": commands, "refused": refused,
        "import_s": round(import_s, 2), "import_ms_per_command": round(import_s * 1000 / length, 3),
        "first_feed_s": round(first_feed_s, 3),
        "ack_p50_ms": round(statistics.median(acks), 1),
        "ack_p99_ms": round(acks[int(len(acks) * 0.99) - 1], 1),
        "ack_max_ms": round(acks[-1], 1), "cpu_ms_per_command": round(cpu_ms, 2),
        "rss_mb_before": round(rss_before, 1), "rss_mb": round(rss, 1),
        "page_reads": {p.path: p.reads for p in pages}, "feed_resets": resets[0], "screen_polls": polls[0],
        "log_page_kb": round(page_kb, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", default="1000,10000,100000")
    parser.add_argument("--commands", type=int, default=300)
    args = parser.parse_args()
    build = Path(__file__).resolve().parent.parent / ".build"  # the real disk, not a tmpfs
    build.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=build) as tmp:
        for length in (int(n) for n in args.lengths.split(",")):
            print(json.dumps(run(length, args.commands, Path(tmp))), flush=True)


if __name__ == "__main__":
    main()
