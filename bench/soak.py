"""A long evening at full speed: does the daemon's memory level off? Prints its curve as JSON lines.

Run: .venv/bin/python bench/soak.py [--minutes 20] [--screens 10]
Starts `companion run --simulate` (odds off, no front) with a fresh data folder and plays bots'
recorded 4-player games through the HTTP API as fast as the table acknowledges them, one after
another (each a new game: POST /api/games, then every command as the banker), while `--screens`
Table pages (event streams, their feed read again on each reset) and the Banker, History and
Chart pages (reading what came after their seq after every state) watch. Every 30 s it prints
the daemon's RSS and the commands and games so far; at the end the RSS of each minute, the
growth over the last half, and every answer of 500 the pages got (new games start under them).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from page_readers import PIN, Client, Readers, quiet_daemon, rss_mb

from companion.simulate.play import play_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=20)
    parser.add_argument("--screens", type=int, default=10)
    args = parser.parse_args()
    build = Path(__file__).resolve().parent.parent / ".build"
    build.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=build) as tmp:
        with quiet_daemon(Path(tmp) / "data", Path(tmp)) as (daemon, banker):
            readers = Readers(banker.port, args.screens)
            try:
                soak(banker, daemon.pid, args, readers)
            finally:
                readers.stop.set()


def soak(banker: Client, pid: int, args: argparse.Namespace, readers: Readers) -> None:
    readers.start()
    errors: list[str] = []
    started = time.monotonic()
    end = started + args.minutes * 60
    curve: list[tuple[float, float]] = []
    commands = games = seed = 0
    next_sample = started
    while time.monotonic() < end:
        script = play_game(4, seed, record=True).script
        seed += 1
        assert script is not None
        first = script[0]
        start = {"players": first["players"], "seed": first["seed"], "rules": first["rules"]}
        status, _answer = banker.call("POST", "/api/games", start, {"X-Banker-Pin": PIN})
        if status != 201:
            errors.append(f"new game: {status}")
            continue
        games += 1
        for command in script[1:]:
            status, _answer = banker.call("POST", "/api/commands", command, {"X-Banker-Pin": PIN})
            commands += 1
            if status >= 500:
                errors.append(f"command: {status}")
            now = time.monotonic()
            if now >= next_sample:
                curve.append((round((now - started) / 60, 2), round(rss_mb(pid), 1)))
                if len(curve) % 3 == 1:
                    print(json.dumps({"minute": curve[-1][0], "rss_mb": curve[-1][1],
                                      "commands": commands, "games": games}), flush=True)
                next_sample = now + 10
            if now >= end:
                break
    errors += readers.failures
    per_minute = {}
    for minute, rss in curve:
        per_minute.setdefault(int(minute), rss)
    half = [rss for minute, rss in curve if minute >= args.minutes / 2]
    print(json.dumps({
        "bench": "soak", "minutes": args.minutes, "screens": args.screens, "commands": commands,
        "games": games,
        "rss_mb_by_minute": per_minute, "rss_mb_last": curve[-1][1] if curve else None,
        "second_half_growth_mb": round(max(half) - min(half), 1) if half else None,
        "second_half_mb_per_minute":
            round((half[-1] - half[0]) / (args.minutes / 2), 2) if len(half) > 1 else None,
        "answers_500": errors[:20], "count_500": len(errors),
    }), flush=True)


if __name__ == "__main__":
    main()
