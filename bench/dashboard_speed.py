"""The live table's figures: start-up to serving, a simulated tap reaching 6 open dashboards, and the
daemon's memory with them connected. Prints one JSON line.

Run: .venv/bin/python bench/dashboard_speed.py [--taps N] [--odds off|SAMPLES] [--voice off|bids]
It starts `companion run --simulate` on a free port with a fresh data folder, opens 6 event
streams (the most one address may hold: companion/web/events.py's PER_ADDRESS), starts a game,
puts a deed up for auction and then taps the players' tokens in turn on the simulated reader: each
tap is a bid, so each one is a stored change pushed to every screen.
`--odds off` switches the table's odds off ([odds] enabled = false); `--odds N` has them work out
N continuations a position (a large N keeps their worker processes busy through every tap); by
default they run as configured out of the box. `--voice off` switches the table's voice off;
`--voice bids` has it say every bid (each tap an utterance, espeak-ng writing its WAV in simulated
mode: the voice's worst case); `--voice screens` the same with the Pi's speaker off (each bid
planned, worded and sent to the screens, no espeak-ng); by default it says what it says out of the
box (no bids).
`--compare off,bids --rounds 4` runs the two voice settings in turn (off, bids, off, bids, ...:
each round a fresh daemon, everything else the same) and prints each round's median and p95 and
the ratio of the medians (the second setting's over the first's), round by round and pooled, with
the machine's load average at each round's start and end: on a shared machine the rounds' spread
says how much a difference between the settings can mean.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from companion.web.events import PER_ADDRESS  # event streams one address may hold

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.ports import free_port  # noqa: E402  (a port no second suite picks too)

PIN = "246810"
VOICES = ("", "off", "bids", "screens")


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
    """The [voice] section for `--voice off|bids|screens` (none for the default)."""
    if voice == "off":
        return "[voice]\nenabled = false\n"
    if voice in ("bids", "screens"):
        off = "enabled = false\n" if voice == "screens" else ""
        return f'[voice]\n{off}moments = ["turn", "roll", "buy", "rent", "auction", "bid"]\n'
    return ""


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentile(sorted_values: list[float], share: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * share))]


def load_average() -> float:
    return round(os.getloadavg()[0], 2)


def measure(args: argparse.Namespace, voice: str) -> dict[str, Any]:
    """One fresh daemon with `voice` ([voice] as `--voice` says), tapped `args.taps` times."""
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        extra = []
        if args.odds or voice:
            config = Path(data) / "config.toml"
            config.write_text((odds_config(args.odds) if args.odds else "") + voice_config(voice))
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
            load_before = load_average()
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
            load_after = load_average()
            memory = max(memory, rss_mb(daemon.pid))
            said = call(port, "GET", "/api/voice")[1]
            spoken = said["utterances"][-1]["n"] if said.get("utterances") else 0
        finally:
            daemon.terminate()
            daemon.wait(10)
    ms = sorted(1000 * x for x in latencies)
    return {
        "voice": voice or "default",
        "startup_seconds": round(startup, 3),
        "tap_to_dashboards_p50_ms": round(percentile(ms, 0.5), 2),
        "tap_to_dashboards_p95_ms": round(percentile(ms, 0.95), 2),
        "tap_to_dashboards_p99_ms": round(percentile(ms, 0.99), 2),
        "tap_to_dashboards_max_ms": round(ms[-1], 2),
        "rss_mb_with_dashboards": round(memory, 1),
        "utterances": spoken,
        "load_average": [load_before, load_after],
        "_ms": ms,
    }


def compare(args: argparse.Namespace, first: str, second: str) -> dict[str, Any]:
    """Rounds of the two voice settings in turn; the second's median over the first's."""
    rounds = []
    for _ in range(args.rounds):
        for voice in (first, second):
            rounds.append(measure(args, voice))
    ratios = [b["tap_to_dashboards_p50_ms"] / a["tap_to_dashboards_p50_ms"]
              for a, b in zip(rounds[::2], rounds[1::2], strict=True)]  # in the rounds' order
    pooled = {voice: sorted(x for r in rounds if r["voice"] == (voice or "default") for x in r["_ms"])
              for voice in (first, second)}
    return {
        "compare": f"{first or 'default'},{second or 'default'}",
        "rounds": [{k: v for k, v in r.items() if k in ROUND_FIELDS} for r in rounds],
        "ratio_of_medians_by_round": [round(x, 3) for x in ratios],
        "ratio_of_medians_median": round(statistics.median(ratios), 3),
        "ratio_of_medians_min_max": [round(min(ratios), 3), round(max(ratios), 3)],
        "ratio_of_pooled_medians": round(percentile(pooled[second], 0.5) / percentile(pooled[first], 0.5), 3),
        "ratio_of_pooled_p95": round(percentile(pooled[second], 0.95) / percentile(pooled[first], 0.95), 3),
    }


ROUND_FIELDS = ("voice", "tap_to_dashboards_p50_ms", "tap_to_dashboards_p95_ms", "utterances", "load_average")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--taps", type=int, default=200)
    parser.add_argument("--dashboards", type=int, default=PER_ADDRESS,
                        help=f"open event streams, at most {PER_ADDRESS} (one address's share)")
    parser.add_argument("--pause", default="0.25", metavar="S|LO-HI",
                        help="seconds between taps, or a random pause from LO to HI (0.25)")
    parser.add_argument("--seed", type=int, default=1, help="the random pauses' seed")
    parser.add_argument("--odds", default="", metavar="off|SAMPLES",
                        help="the table's odds: off, or continuations per position (default: as shipped)")
    parser.add_argument("--voice", default="", choices=VOICES,
                        help="the table's voice: off, saying every bid, or every bid to the screens only "
                             "(the Pi's speaker off) (default: as shipped)")
    parser.add_argument("--compare", default="", metavar="A,B",
                        help="two --voice settings run in turn, e.g. off,bids (\"\" for the default)")
    parser.add_argument("--rounds", type=int, default=4, help="rounds of each setting with --compare (4)")
    args = parser.parse_args()
    if not 1 <= args.dashboards <= PER_ADDRESS:
        parser.error(f"--dashboards is 1 to {PER_ADDRESS}: the table keeps at most {PER_ADDRESS} streams "
                     "from one address, and a 7th would evict the first (every tap then waits 5 s)")
    common = {"dashboards": args.dashboards, "taps": args.taps, "pause": args.pause,
              "odds": args.odds or "default", "python": sys.version.split()[0], "pid_cpus": os.cpu_count()}
    if args.compare:
        first, _, second = args.compare.partition(",")
        if first not in VOICES or second not in VOICES or first == second or args.rounds < 1:
            parser.error("--compare takes two different --voice settings, e.g. off,bids")
        print(json.dumps(compare(args, first, second) | common))
        return
    figures = measure(args, args.voice)
    figures.pop("_ms")
    print(json.dumps(figures | common))


if __name__ == "__main__":
    main()
