"""The durable ledger's speed: opening a stored game of 10,000 commands, and acknowledging one command.

Run: .venv/bin/python bench/ledger_speed.py [--commands N]
A long simulated 8-player game is recorded, cut to N commands and stored command by command into a
data folder under .build/ (this machine's disk, not /tmp), with the default snapshot interval.
- ack_*_ms: the latency of GameStore.submit over those commands, commit (a full sync) included,
  and the journal's own fsynced append before it (--without journal: the cost of that second
  record), and the rolling backup every 50 entries (--without rolling: without it).
- open_seconds: DataFolder(path).open(game_id), the best of 5 fresh opens (closed between), which
  verifies the file, the hash chain and the snapshots and rebuilds the game.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
import time
from pathlib import Path

from long_game import long_game

import companion.ledger.backups
import companion.rules.game
from companion.ledger import DataFolder

ROOT = Path(__file__).resolve().parent.parent


def percentile(sorted_values: list[float], p: float) -> float:
    """Nearest-rank percentile of an ascending list."""
    return sorted_values[max(0, math.ceil(p / 100 * len(sorted_values)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--commands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5, help="fresh opens; the best is reported")
    parser.add_argument("--without", choices=("journal", "rolling"), action="append", default=[],
                        help="leave out the journal's append, or the rolling backups (to measure them)")
    args = parser.parse_args()
    script = long_game(args.commands)
    build = ROOT / ".build"
    build.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ledger-bench-", dir=build) as tmp:
        data = Path(tmp) / "data"
        latencies = []
        with DataFolder(data) as folder:
            store = folder.create(script[0])
            game_id = store.game_id
            if "journal" in args.without:
                store.journal = None
            if "rolling" in args.without:
                companion.ledger.backups.ROLLING_EVERY = 10**9
            for command in script[1:]:
                start = time.perf_counter()
                store.submit(command)
                latencies.append(time.perf_counter() - start)
            stored = len(store.script())
        assert stored == len(script), (stored, len(script))
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            folder = DataFolder(data)
            store = folder.open(game_id)
            best = min(best, time.perf_counter() - start)
            assert len(store.script()) == len(script)
            folder.close()
    latencies.sort()
    compiled = not companion.rules.game.__file__.endswith(".py")
    print(json.dumps({
        "engine": "compiled (mypyc)" if compiled else "pure Python",
        "python": sys.version.split()[0],
        "commands": len(script),
        "without": args.without,
        "open_seconds": round(best, 4),
        "acks": len(latencies),
        "ack_p50_ms": round(percentile(latencies, 50) * 1000, 3),
        "ack_p99_ms": round(percentile(latencies, 99) * 1000, 3),
        "ack_max_ms": round(latencies[-1] * 1000, 3),
    }))


if __name__ == "__main__":
    main()
