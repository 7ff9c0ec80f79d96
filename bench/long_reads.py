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
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from page_readers import PIN, Readers, quiet_daemon, rss_mb

from companion.simulate.play import play_game

SCREENS = 25
TICK = os.sysconf("SC_CLK_TCK")


def script(length: int) -> list[dict[str, Any]]:
    """The first `length` commands of a long 8-bot game (deep pockets: nobody goes bankrupt)."""
    result = play_game(8, 0, rules={"starting_cash": 10**7}, turn_cap=200_000, record=True)
    assert result.script is not None and len(result.script) >= length
    return result.script[:length]


def cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime


def run(length: int, commands: int, tmp: Path) -> dict[str, Any]:
    lines = script(length + commands)
    data = tmp / f"data-{length}"
    file = tmp / f"game-{length}.jsonl"
    file.write_text("".join(json.dumps(c) + "\n" for c in lines[:length]))
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "companion.cli", "import", str(file), "--data", str(data)],
                   check=True, stdout=subprocess.DEVNULL)
    import_s = time.monotonic() - started
    with quiet_daemon(data, tmp, lambda state: bool(state.get("game"))) as (daemon, banker):
        started = time.monotonic()
        status, first = banker.call("GET", "/api/feed")
        first_feed_s = time.monotonic() - started
        assert status == 200 and first["seq"] >= length, (status, first)
        readers = Readers(banker.port, SCREENS)
        readers.first_load()
        try:
            readers.start()
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
            readers.stop.set()
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
        "page_reads": {p.path: p.reads for p in readers.pages}, "feed_resets": readers.resets,
        "screen_polls": readers.polls, "log_page_kb": round(page_kb, 1), "answers_500": readers.failures[:20],
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
