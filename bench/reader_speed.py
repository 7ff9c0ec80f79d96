"""A tap on the real reader's poll path reaching 6 open dashboards. Prints one JSON line.

Run: .venv/bin/python bench/reader_speed.py [--taps N] [--poll-interval S] [--odds off|SAMPLES]
It starts `companion run` (bench/emulated_pi.py) with `[reader] driver = "mfrc522"`: the real reader
driver and the real `mfrc522` library poll an MFRC522 emulated with the datasheet's timings on the
machine's own clock (a poll with no card waits out the chip's timer). It opens 6 event streams (the
most one address may hold: companion/web/events.py's PER_ADDRESS), puts a deed up for auction and
then lays the players' token stickers on the reader in turn, each at a random moment of the poll
cycle: each tap is a bid, a stored change pushed to every screen. The time is from the card entering
the field to the screen receiving the new state.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.dashboard_speed import PIN, Dashboard, call, free_port, odds_config  # noqa: E402
from companion.config import ReaderConfig  # noqa: E402
from companion.hardware.tags import TagRegistry  # noqa: E402
from companion.web.events import PER_ADDRESS  # noqa: E402 - event streams one address may hold

HERE = Path(__file__).resolve().parent
CAR, DOG = "04a1b2c3d4e5f6", "04c0ffee123456"  # 7-byte NTAG stickers: a whole cascade to read


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--taps", type=int, default=200)
    parser.add_argument("--dashboards", type=int, default=PER_ADDRESS,
                        help=f"open event streams, at most {PER_ADDRESS} (one address's share)")
    parser.add_argument("--poll-interval", type=float, default=ReaderConfig().poll_interval,
                        help="[reader] poll_interval (default: the config's default)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--odds", default="", metavar="off|SAMPLES",
                        help="the table's odds: off, or continuations per position (default: as shipped)")
    args = parser.parse_args()
    if not 1 <= args.dashboards <= PER_ADDRESS:
        parser.error(f"--dashboards is 1 to {PER_ADDRESS}: the table keeps at most {PER_ADDRESS} streams "
                     "from one address, and a stream more would evict the first")
    jitter = random.Random(args.seed)
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        data.mkdir()
        tags = TagRegistry.load(data / "tags.toml")
        tags.add(CAR, "token:car")
        tags.add(DOG, "token:dog")
        tags.save()
        config = Path(folder) / "config.toml"
        config.write_text(f'[reader]\ndriver = "mfrc522"\npoll_interval = {args.poll_interval}\n'
                          '[button]\ndriver = "none"\n[feedback]\ndriver = "simulated"\n'
                          '[dice_unit]\ndriver = "none"\n' + (odds_config(args.odds) if args.odds else ""))
        with open(Path(folder) / "daemon.log", "wb") as log:
            daemon = subprocess.Popen([sys.executable, str(HERE / "emulated_pi.py"), str(config), str(data),
                                       str(port), PIN], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=log, text=True, bufsize=1)
        assert daemon.stdin is not None and daemon.stdout is not None
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    if call(port, "GET", "/api/state")[0] == 200:
                        break
                except OSError:
                    if daemon.poll() is not None or time.monotonic() > deadline:
                        said = (Path(folder) / "daemon.log").read_text()
                        raise SystemExit(f"the daemon did not start:\n{said}") from None
                    time.sleep(0.05)
            status, game = call(port, "POST", "/api/games", {
                "players": ["Ann", "Bob"], "tokens": {"Ann": "car", "Bob": "dog"},
                "rules": {"shuffle": False, "starting_cash": 100000}, "seed": 1})
            assert status == 201, game
            call(port, "POST", "/api/commands", {"do": "roll", "dice": [1, 2]})
            call(port, "POST", "/api/commands", {"do": "decline"})
            screens = [Dashboard(port) for _ in range(args.dashboards)]
            for screen in screens:
                screen.start()
                screen.ready.wait(5)
            time.sleep(0.3)
            latencies: list[float] = []
            missed = 0
            seq = call(port, "GET", "/api/state")[1]["seq"]
            for n in range(args.taps):
                time.sleep(jitter.uniform(0.15, 0.45))  # any moment of the poll cycle
                daemon.stdin.write(f"place {CAR if n % 2 else DOG}\n")
                daemon.stdin.flush()
                placed = float(daemon.stdout.readline().split()[1])
                seq += 1
                deadline = time.monotonic() + 5
                while not all(seq in s.arrivals for s in screens) and time.monotonic() < deadline:
                    time.sleep(0.0005)
                if not all(seq in s.arrivals for s in screens):
                    missed += 1
                    seq = call(port, "GET", "/api/state")[1]["seq"]
                latencies += [s.arrivals.get(seq, float("inf")) - placed for s in screens]
                daemon.stdin.write("remove\n")
                daemon.stdin.flush()
        finally:
            daemon.terminate()
            daemon.wait(10)
    latencies.sort()
    ms = [1000 * x for x in latencies]
    print(json.dumps({
        "poll_interval": args.poll_interval,
        "dashboards": args.dashboards,
        "taps": args.taps,
        "missed": missed,
        "odds": args.odds or "default",
        "tap_to_dashboards_p50_ms": round(ms[len(ms) // 2], 1),
        "tap_to_dashboards_p99_ms": round(ms[int(len(ms) * 0.99)], 1),
        "tap_to_dashboards_max_ms": round(ms[-1], 1),
        "python": sys.version.split()[0],
        "cpus": os.cpu_count(),
    }))


if __name__ == "__main__":
    main()
