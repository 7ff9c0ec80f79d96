"""`companion simulate` as a user runs it: the real command, after the set-up, in a new process.

Run: .venv/bin/python bench/simulate_speed.py [--rounds 3] [--peer DIR]
Figures, one JSON line each, best of the rounds with every round listed:
- `companion simulate --games 2000` with the default --jobs (every core), and with --jobs 1:
  player-turns per second as the command reports them (its games' wall-clock time, from the worker
  processes having loaded the engine to the last game in), and the whole command's wall time;
- `companion simulate --games 10000`: the whole command's wall time, start-up and report included;
- with --peer, gamescomputersplay/monopoly in one process (bench/peer_speed.py).
The rounds take turns (default jobs, one job, 10,000 games, the peer), so a busy machine slows every
figure alike.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

COMMAND = Path(sys.executable).with_name("companion")  # the console script the set-up installed
HERE = Path(__file__).resolve().parent


def simulate(*args: str) -> dict[str, Any]:
    started = time.perf_counter()
    done = subprocess.run([str(COMMAND), "simulate", "--json", *args], capture_output=True,
                          text=True, check=True)
    report: dict[str, Any] = json.loads(done.stdout)
    report["wall_seconds"] = time.perf_counter() - started
    if done.stderr:
        print(done.stderr, end="", file=sys.stderr)
    return report


def peer(folder: str, games: int) -> dict[str, Any]:
    done = subprocess.run([sys.executable, str(HERE / "peer_speed.py"), "--peer", folder, "--games",
                           str(games), "--repeat", "1"], capture_output=True, text=True, check=True)
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--peer", help="a checkout of gamescomputersplay/monopoly, outside this repo")
    args = parser.parse_args()
    rounds: dict[str, list[dict[str, Any]]] = {"default": [], "one": [], "many": [], "peer": []}
    for _ in range(args.rounds):
        rounds["default"].append(simulate("--games", str(args.games)))
        rounds["one"].append(simulate("--games", str(args.games), "--jobs", "1"))
        rounds["many"].append(simulate("--games", "10000"))
        if args.peer:
            rounds["peer"].append(peer(args.peer, args.games))
    for name, label in (("default", f"companion simulate --games {args.games}"),
                        ("one", f"companion simulate --games {args.games} --jobs 1")):
        runs = rounds[name]
        best = max(runs, key=lambda r: r["player_turns_per_second"])
        print(json.dumps({
            "command": label, "engine": best["engine"], "jobs": best["jobs"],
            "player_turns_per_second": round(best["player_turns_per_second"]),
            "rounds": [round(r["player_turns_per_second"]) for r in runs],
            "wall_seconds": round(min(r["wall_seconds"] for r in runs), 3),
            "player_turns": best["player_turns"],
        }))
    runs = rounds["many"]
    print(json.dumps({
        "command": "companion simulate --games 10000", "engine": runs[0]["engine"],
        "jobs": runs[0]["jobs"], "players": runs[0]["players"],
        "wall_seconds": round(min(r["wall_seconds"] for r in runs), 3),
        "rounds": [round(r["wall_seconds"], 3) for r in runs],
        "reported_seconds": round(min(r["seconds"] for r in runs), 3),
        "player_turns_per_second": round(max(r["player_turns_per_second"] for r in runs)),
    }))
    if rounds["peer"]:
        runs = rounds["peer"]
        best = max(runs, key=lambda r: r["player_turns_per_second"])
        print(json.dumps({**best, "rounds": [r["player_turns_per_second"] for r in runs]}))


if __name__ == "__main__":
    main()
