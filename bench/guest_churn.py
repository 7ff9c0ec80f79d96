"""Guests coming and going for a long while: does the daemon's memory level off? Prints JSON lines.

Run: .venv/bin/python bench/guest_churn.py [--minutes 30] [--guests 12] [--trace] [--banker-every 2]
Starts `companion run --simulate` (odds off, no front) with a fresh data folder and a game that
the banker plays on slowly (a command every 2 s; `--banker-every 0`: it stands still, so what
grows is the guests' alone), while `--guests` threads act as a wifi full of strangers, each
visit from the next of 1,024 loopback addresses and with no cookie (a new session every time):
the Table page and its files, `/api/session`, `/api/state`, `/api/feed`, `/api/taps`,
`/api/board`, `/api/devices`, `POST /api/clock` (as every page does on load), an event stream
opened, read and closed, and in turn a pairing wait (cancelled, or left to run out), a wait for
the banker's step (left to run out), a poll of its request, a wrong PIN.
Every `--every` seconds it prints the daemon's RSS, where it is (the main heap, anonymous
mappings, files) and what the allocators hold (pymalloc's arenas and bytes in use; malloc's bytes
in use and free), asked of a thread in the daemon (PROBE). With `--trace` the daemon runs under
tracemalloc (`-X tracemalloc=8`: much slower, so fewer visits) and each sample also gives what
Python holds; at the end, the allocation sites that grew most between the first sample after the
warm-up and the last (by file and line). At the end too: the RSS curve's growth over its second
half, the RSS 10 s after the guests stopped, and after malloc_trim(0) (what malloc held free).
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from page_readers import PIN, Client, quiet_daemon, rss_mb  # noqa: E402

# Run inside the daemon's process (python -c), before the daemon itself (as `companion`): a thread
# that answers the bench through files in <folder>. probe-N: what Python's allocator (pymalloc) and
# C's (glibc malloc, mallinfo2) hold, as probe-N.json; trim-N: gc, then malloc_trim(0) (memory
# malloc holds free goes back to the system), answered by trimmed-N; take-N, under -X tracemalloc:
# a snapshot, snap-N.
PROBE = r"""
import ctypes, gc, json, os, re, runpy, sys, tempfile, threading, time, tracemalloc
from pathlib import Path
folder = Path(sys.argv[1]); sys.argv = ["companion", *sys.argv[2:]]
libc = ctypes.CDLL("libc.so.6")
class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
                 "fordblks", "keepcost")]
libc.mallinfo2.restype = MallInfo2
def pymalloc():
    with tempfile.TemporaryFile() as out:
        saved = os.dup(2)
        os.dup2(out.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        text = out.read().decode(errors="replace")
    def figure(label):
        found = re.search(re.escape(label) + r"\s*=\s*([\d,]+)", text)
        return int(found.group(1).replace(",", "")) if found else None
    return {"arenas": figure("# arenas allocated current"), "in_blocks": figure("bytes in allocated blocks")}
def answer():
    n = {"probe": 0, "trim": 0, "take": 0}
    while True:
        for kind in n:
            asked = folder / f"{kind}-{n[kind]}"
            if not asked.exists():
                continue
            if kind == "probe":
                m = libc.mallinfo2()
                said = {"pymalloc": pymalloc(), "malloc": {"in_use": m.uordblks, "free": m.fordblks,
                        "main_arena": m.arena, "mmapped": m.hblkhd}}
                (folder / f"probe-{n[kind]}.part").write_text(json.dumps(said))
                (folder / f"probe-{n[kind]}.part").rename(folder / f"probe-{n[kind]}.json")
            elif kind == "trim":
                gc.collect()
                libc.malloc_trim(0)
                (folder / f"trimmed-{n[kind]}").touch()
            elif tracemalloc.is_tracing():
                tracemalloc.take_snapshot().dump(str(folder / f"snap-{n[kind]}.part"))
                (folder / f"snap-{n[kind]}.part").rename(folder / f"snap-{n[kind]}")
            n[kind] += 1
        time.sleep(0.2)
threading.Thread(target=answer, daemon=True).start()
runpy.run_module("companion.cli", run_name="__main__")
"""
FILES = ("/", "/static/css/app.css", "/static/css/seat.css", "/static/css/odds.css", "/static/js/table.js",
         "/static/js/odds.js", "/i18n/en.ftl")
READS = ("/api/session", "/api/state", "/api/feed?limit=80", "/api/taps", "/api/board", "/api/devices")
NEW_GAME = {"players": ["Ann", "Bob", "Cat"], "tokens": {"Ann": "car", "Bob": "dog", "Cat": "hat"}}
ADDRESSES = [f"127.0.{2 + n // 250}.{1 + n % 250}" for n in range(1024)]


def request(port: int, address: str, method: str, path: str, body: Any = None,
            cookie: str | None = None) -> tuple[int, Any, str | None]:
    """One request on a connection of its own: (status, the body, the session cookie set)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(address, 0))
    headers = {"Host": f"127.0.0.1:{port}"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    if cookie:
        headers["Cookie"] = f"session={cookie}"
    try:
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        answer = conn.getresponse()
        raw = answer.read()
        set_cookie = None
        for value in answer.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            if name == "session":
                set_cookie = rest.split(";", 1)[0]
        is_json = answer.headers.get("Content-Type", "").startswith("application/json")
        return answer.status, json.loads(raw) if is_json and raw else None, set_cookie
    finally:
        conn.close()


def open_stream(port: int, address: str, cookie: str | None) -> socket.socket:
    """An event stream, its first events read (the state, the devices, the session)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(address, 0))
    sock.sendall((f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n"
                  + (f"Cookie: session={cookie}\r\n" if cookie else "") + "\r\n").encode())
    seen = b""
    while b"event: session" not in seen:
        chunk = sock.recv(65536)
        if not chunk:
            break
        seen += chunk
    return sock


class Guests:
    """The strangers: each visit a new address and a new session."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.stop = threading.Event()
        self.visits = 0
        self.requests = 0
        self.statuses: dict[str, int] = {}  # "POST /api/pair 202": how many
        self.errors: list[str] = []
        self._lock = threading.Lock()
        self._next = 0

    def address(self) -> str:
        with self._lock:
            self._next += 1
            return ADDRESSES[self._next % len(ADDRESSES)]

    def call(self, address: str, method: str, path: str, body: Any = None,
             cookie: str | None = None) -> tuple[int, Any, str | None]:
        answer = request(self.port, address, method, path, body, cookie)
        with self._lock:
            self.requests += 1
            route = "/api/requests" if path.startswith("/api/requests/") else path.split("?")[0]
            key = f"{method} {route} {answer[0]}"
            self.statuses[key] = self.statuses.get(key, 0) + 1
            if answer[0] >= 500:
                self.errors.append(f"{method} {path}: {answer[0]} {answer[1]}")
        return answer

    def visit(self, n: int, rng: random.Random) -> None:
        address = self.address()
        _status, _page, cookie = self.call(address, "GET", "/")
        for path in FILES[1:]:
            self.call(address, "GET", path, cookie=cookie)
        for path in READS:
            self.call(address, "GET", path, cookie=cookie)
        self.call(address, "POST", "/api/clock", {"time": int(time.time() * 1000) + rng.randint(-5, 5)},
                  cookie=cookie)
        stream = open_stream(self.port, address, cookie)
        try:
            kind = n % 4
            if kind == 0:  # waits to pair, gives up
                _s, asked, _c = self.call(address, "POST", "/api/pair", {}, cookie=cookie)
                if isinstance(asked, dict) and "request" in asked:
                    self.call(address, "GET", f"/api/requests/{asked['request']}", cookie=cookie)
                    self.call(address, "POST", f"/api/requests/{asked['request']}/cancel", {}, cookie=cookie)
            elif kind == 1:  # waits to pair, and leaves the wait to run out
                _s, asked, _c = self.call(address, "POST", "/api/pair", {}, cookie=cookie)
            elif kind == 2:  # waits for the banker's step (a new session id), leaves
                _s, asked, renewed = self.call(address, "POST", "/api/banker/presence", {}, cookie=cookie)
                if isinstance(asked, dict) and "request" in asked:
                    self.call(address, "GET", f"/api/requests/{asked['request']}", cookie=renewed or cookie)
            else:  # guesses the PIN
                self.call(address, "POST", "/api/banker/login", {"pin": f"{rng.randrange(10**6):06d}"},
                          cookie=cookie)
            time.sleep(rng.uniform(0.0, 0.3))
        finally:
            stream.close()
        with self._lock:
            self.visits += 1

    def run(self, seed: int) -> None:
        rng = random.Random(seed)
        n = seed
        while not self.stop.is_set():
            try:
                self.visit(n, rng)
            except OSError as exc:
                if self.stop.is_set():
                    return
                with self._lock:
                    self.errors.append(f"{type(exc).__name__}: {exc}")
                time.sleep(0.5)
            n += 1


def banker_plays(banker: Client, header: dict[str, str], stop: threading.Event, every: float,
                 told: dict[str, int]) -> None:
    """The banker's game goes on: its next move every `every` seconds, bought or declined at
    random (a new game when it is over); with 0, the game is started and then stands still. The
    banker's screen is logged in (header: its cookie): the guests' wrong PINs soon stop the table
    checking any PIN, X-Banker-Pin's too. `told`: the banker's answers, by status."""
    rng = random.Random(7)
    started = False
    while not stop.wait(every or 1):
        if every == 0 and started:
            continue
        started = True
        status, state = banker.call("GET", "/api/state")
        decision = (state or {}).get("decision") if status == 200 else None
        if decision is None:
            status, _ = banker.call("POST", "/api/games", NEW_GAME, header)
            told[f"new game {status}"] = told.get(f"new game {status}", 0) + 1
            continue
        options, player = decision.get("options") or [], (decision.get("players") or [None])[0]
        if decision["kind"] == "debt":
            command = {"do": "bankrupt", "player": player}
        elif decision["kind"] == "choice":
            command = {"do": "choose", "option": ((state.get("pending") or {}).get("options") or ["pay"])[0]}
        else:
            wanted = [o for o in ("buy", "roll", "end_turn", "decline", "pass", "pay_jail_fine")
                      if o in options]
            if "buy" in wanted and rng.random() < 0.5:
                wanted.remove("buy")
            do = wanted[0] if wanted else (options[0] if options else "end_turn")
            command = {"do": do, "player": player} if do == "pass" else {"do": do}
        status, _ = banker.call("POST", "/api/commands", command, header)
        told[f"command {status}"] = told.get(f"command {status}", 0) + 1


def memory_map(pid: int) -> dict[str, float]:
    """Where the daemon's resident memory is (MB): the main heap ([heap], brk), anonymous mappings
    (malloc's other arenas, Python's object arenas, thread stacks) and files (code, SQLite's maps)."""
    totals = {"heap_mb": 0.0, "anon_mb": 0.0, "file_mb": 0.0}
    kind = "anon_mb"
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        head = line.split()
        if head and "-" in head[0] and len(head) >= 5:  # a mapping's first line
            name = head[5] if len(head) > 5 else ""
            kind = "heap_mb" if name == "[heap]" else ("file_mb" if name.startswith("/") else "anon_mb")
        elif head and head[0] == "Rss:":
            totals[kind] += int(head[1]) / 1024
    return {key: round(value, 1) for key, value in totals.items()}


def ask(folder: Path, asked: str, answer: str) -> Path:
    """Ask the daemon's probe thread (see PROBE) and wait for its answer."""
    (folder / asked).touch()
    answered = folder / answer
    deadline = time.monotonic() + 600
    while not answered.exists():
        if time.monotonic() > deadline:
            raise SystemExit(f"no {answer} from the daemon")
        time.sleep(0.1)
    return answered


def probe(folder: Path, n: int) -> dict[str, Any]:
    """What the allocators hold (MB): pymalloc's arenas and the bytes in use in them, malloc's
    bytes in use and free (held, not given back)."""
    said = json.loads(ask(folder, f"probe-{n}", f"probe-{n}.json").read_text())
    py, c = said["pymalloc"], said["malloc"]
    mb = 1 / 2**20
    return {"py_arenas": py["arenas"], "py_in_use_mb": round((py["in_blocks"] or 0) * mb, 1),
            "malloc_in_use_mb": round(c["in_use"] * mb, 1), "malloc_free_mb": round(c["free"] * mb, 1)}


def growth(first: Path, last: Path, top: int) -> list[dict[str, Any]]:
    """The allocation sites that grew most from one snapshot to the other."""
    keep = tracemalloc.Filter(False, tracemalloc.__file__)
    before = tracemalloc.Snapshot.load(str(first)).filter_traces([keep])
    after = tracemalloc.Snapshot.load(str(last)).filter_traces([keep])
    stats = after.compare_to(before, "lineno")
    stats.sort(key=lambda s: s.size_diff, reverse=True)
    return [{"kb": round(s.size_diff / 1024, 1), "blocks": s.count_diff,
             "at": f"{s.traceback[0].filename.replace(str(ROOT) + '/', '')}:{s.traceback[0].lineno}"}
            for s in stats[:top]]


def traced_total(snap: Path) -> float:
    return sum(stat.size for stat in tracemalloc.Snapshot.load(str(snap)).statistics("filename")) / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--guests", type=int, default=12)
    parser.add_argument("--every", type=float, default=60, help="seconds between samples")
    parser.add_argument("--warmup", type=float, default=2, help="minutes before the first compared sample")
    parser.add_argument("--trace", action="store_true", help="tracemalloc snapshots (slower)")
    parser.add_argument("--banker-every", type=float, default=2,
                        help="seconds between the banker's moves (0: the game stands still, so all "
                             "that grows is the guests')")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    build = ROOT / ".build"
    build.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=build) as tmp:
        folder = Path(tmp)
        traced = ["-X", "tracemalloc=8"] if args.trace else []
        probed = (*traced, "-c", PROBE, str(folder))
        with quiet_daemon(folder / "data", folder, launcher=probed) as (daemon, banker):
            churn(daemon, banker, folder, args)


def churn(daemon: subprocess.Popen[bytes], banker: Client, folder: Path, args: argparse.Namespace) -> None:
    port = banker.port
    status, _answer, cookie = request(port, "127.0.0.1", "POST", "/api/banker/login", {"pin": PIN})
    assert status == 200 and cookie, status
    guests = Guests(port)
    told: dict[str, int] = {}
    banker_screen = {"Cookie": f"session={cookie}"}
    threads = [threading.Thread(target=banker_plays, daemon=True,
                                args=(banker, banker_screen, guests.stop, args.banker_every, told))]
    threads += [threading.Thread(target=guests.run, args=(n,), daemon=True) for n in range(args.guests)]
    for thread in threads:
        thread.start()
    started = time.monotonic()
    end = started + args.minutes * 60
    curve: list[dict[str, Any]] = []
    snaps: list[tuple[float, Path]] = []
    n = 0
    try:
        while time.monotonic() < end:
            time.sleep(max(0.0, min(args.every, end - time.monotonic())))
            minute = round((time.monotonic() - started) / 60, 2)
            point: dict[str, Any] = {"minute": minute, "rss_mb": round(rss_mb(daemon.pid), 1),
                                     **memory_map(daemon.pid), **probe(folder, n),
                                     "visits": guests.visits, "requests": guests.requests}
            if args.trace:
                snap = ask(folder, f"take-{n}", f"snap-{n}")
                point["traced_mb"] = round(traced_total(snap), 2)
                snaps.append((minute, snap))
            n += 1
            curve.append(point)
            print(json.dumps(point), flush=True)
    finally:
        guests.stop.set()
    # The guests gone: what stays, and what of it malloc holds free (given back by malloc_trim).
    time.sleep(10)
    quiet = rss_mb(daemon.pid)
    ask(folder, "trim-0", "trimmed-0")
    trimmed = rss_mb(daemon.pid)
    half = [p["rss_mb"] for p in curve if p["minute"] >= args.minutes / 2]
    report: dict[str, Any] = {
        "bench": "guest_churn", "minutes": args.minutes, "guests": args.guests, "traced": args.trace,
        "visits": guests.visits, "requests": guests.requests, "banker": told, "statuses": guests.statuses,
        "rss_mb_first": curve[0]["rss_mb"] if curve else None,
        "rss_mb_last": curve[-1]["rss_mb"] if curve else None,
        "rss_mb_quiet": round(quiet, 1), "rss_mb_after_malloc_trim": round(trimmed, 1),
        "second_half_mb_per_minute": (round((half[-1] - half[0]) / (args.minutes / 2), 3)
                                      if len(half) > 1 else None),
        "errors": guests.errors[:10], "error_count": len(guests.errors),
    }
    compared = [(minute, snap) for minute, snap in snaps if minute >= args.warmup]
    if len(compared) > 1:
        report["grew_from_minute"] = compared[0][0]
        report["grew_most"] = growth(compared[0][1], compared[-1][1], args.top)
        mid = compared[len(compared) // 2]
        report["grew_most_second_half"] = growth(mid[1], compared[-1][1], args.top)
    print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main()
