"""The live table's figures: start-up to serving, a simulated tap reaching 8 open dashboards, and the
daemon's memory with them connected. Prints one JSON line.

Run: .venv/bin/python bench/dashboard_speed.py [--taps N] [--odds off|SAMPLES]
It starts `companion run --simulate` on a free port with a fresh data folder, opens 8 event
streams, starts a game, puts a deed up for auction and then taps the players' tokens in turn on
the simulated reader: each tap is a bid, so each one is a stored change pushed to every screen.
`--odds off` switches the table's odds off ([odds] enabled = false); `--odds N` has them work out
N continuations a position (a large N keeps their worker processes busy through every tap); by
default they run as configured out of the box. `--voice off` switches the table's voice off;
`--voice bids` has it say every bid (each tap an utterance, espeak-ng writing its WAV in simulated
mode: the voice's worst case); by default it says what it says out of the box (no bids).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

PIN = "246810"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(port: int, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json", "X-Banker-Pin": PIN}
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, (json.loads(data) if data else {})


class Dashboard(threading.Thread):
    """One open event stream; notes when each seq arrives."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.arrivals: dict[int, float] = {}
        self.ready = threading.Event()

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        conn.request("GET", "/api/events")
        response = conn.getresponse()
        self.ready.set()
        event, seq = "", None
        while True:
            line = response.readline()
            if not line:
                return
            text = line.decode().rstrip("\n")
            if text.startswith("event: "):
                event = text[7:]
            elif text.startswith("id: "):
                seq = int(text[4:])
            elif text == "" and event == "state" and seq is not None:
                self.arrivals.setdefault(seq, time.perf_counter())
                event, seq = "", None


def odds_config(odds: str) -> str:
    """The [odds] section of a config for `--odds off|SAMPLES[:JOBS]`."""
    if odds == "off":
        return "[odds]\nenabled = false\n"
    samples, _, jobs = odds.partition(":")
    return f"[odds]\nsamples = {int(samples)}\n" + (f"jobs = {int(jobs)}\n" if jobs else "")


def voice_config(voice: str) -> str:
    """The [voice] section for `--voice off|bids` (none for the default)."""
    if voice == "off":
        return "[voice]\nenabled = false\n"
    if voice == "bids":
        return '[voice]\nmoments = ["turn", "roll", "buy", "rent", "auction", "bid"]\n'
    return ""


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--taps", type=int, default=200)
    parser.add_argument("--dashboards", type=int, default=8)
    parser.add_argument("--pause", default="0.25", metavar="S|LO-HI",
                        help="seconds between taps, or a random pause from LO to HI (0.25)")
    parser.add_argument("--seed", type=int, default=1, help="the random pauses' seed")
    parser.add_argument("--odds", default="", metavar="off|SAMPLES",
                        help="the table's odds: off, or continuations per position (default: as shipped)")
    parser.add_argument("--voice", default="", choices=["", "off", "bids"],
                        help="the table's voice: off, or saying every bid (default: as shipped)")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        extra = []
        if args.odds or args.voice:
            config = Path(data) / "config.toml"
            config.write_text((odds_config(args.odds) if args.odds else "") + voice_config(args.voice))
            extra = ["--config", str(config)]
        started = time.perf_counter()
        daemon = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "run", "--simulate", "--port", str(port),
             "--host", "127.0.0.1", "--data", data, "--banker-pin", PIN, *extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            while True:
                try:
                    if call(port, "GET", "/api/state")[0] == 200:
                        break
                except OSError:
                    time.sleep(0.01)
            startup = time.perf_counter() - started
            status, game = call(port, "POST", "/api/games", {
                "players": ["Ann", "Bob"], "tokens": {"Ann": "car", "Bob": "dog"},
                "rules": {"shuffle": False, "starting_cash": 100000}, "seed": 1})
            assert status == 201, game
            tags = {t["meaning"]: t["uid"] for t in call(port, "GET", "/api/sim/tags")[1]["tags"]}
            call(port, "POST", "/api/commands", {"do": "roll", "dice": [1, 2]})
            call(port, "POST", "/api/commands", {"do": "decline"})
            screens = [Dashboard(port) for _ in range(args.dashboards)]
            for screen in screens:
                screen.start()
                screen.ready.wait(5)
            time.sleep(0.3)
            memory = rss_mb(daemon.pid)
            latencies = []
            low, _, high = args.pause.partition("-")
            low, high = float(low), float(high or low)
            jitter = random.Random(args.seed)
            seq = call(port, "GET", "/api/state")[1]["seq"]
            for n in range(args.taps):
                uid = tags["token:car"] if n % 2 else tags["token:dog"]
                sent = time.perf_counter()
                call(port, "POST", "/api/sim/tap", {"uid": uid})
                seq += 1
                deadline = time.monotonic() + 5
                while not all(seq in s.arrivals for s in screens) and time.monotonic() < deadline:
                    time.sleep(0.0005)
                latencies += [s.arrivals.get(seq, float("inf")) - sent for s in screens]
                # The same card within 1 s of its removal is one tap: let it go (the reader, simulated,
                # takes a tap of the other token at once). Longer pauses let the odds' workers run.
                time.sleep(jitter.uniform(low, high))
            memory = max(memory, rss_mb(daemon.pid))
            said = call(port, "GET", "/api/voice")[1]
            spoken = said["utterances"][-1]["n"] if said.get("utterances") else 0
        finally:
            daemon.terminate()
            daemon.wait(10)
    latencies.sort()
    ms = [1000 * x for x in latencies]
    print(json.dumps({
        "startup_seconds": round(startup, 3),
        "dashboards": args.dashboards,
        "taps": args.taps,
        "tap_to_dashboards_p50_ms": round(ms[len(ms) // 2], 2),
        "tap_to_dashboards_p99_ms": round(ms[int(len(ms) * 0.99)], 2),
        "tap_to_dashboards_max_ms": round(ms[-1], 2),
        "rss_mb_with_dashboards": round(memory, 1),
        "odds": args.odds or "default",
        "voice": args.voice or "default",
        "utterances": spoken,
        "pause": args.pause,
        "python": sys.version.split()[0],
        "pid_cpus": os.cpu_count(),
    }))


if __name__ == "__main__":
    main()
