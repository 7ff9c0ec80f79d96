"""The smart bot against three of today's bots: 4-player games, its seat rotated. Prints one JSON line.

Run: .venv/bin/python bench/smart_bot.py [--games 2000] [--seed 11]
It runs the real `companion simulate --bots ...` (compiled engine, every core) once per seat of the
smart bot, a quarter of the games each, and adds up its wins; 25 % is parity, the target 40 %.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    wins = games = capped = 0
    by_seat = []
    for seat in range(4):
        kinds = ["simple"] * 4
        kinds[seat] = "smart"
        done = subprocess.run(
            [sys.executable, "-m", "companion.cli", "simulate", "--games", str(args.games // 4),
             "--seed", str(args.seed + seat), "--bots", ",".join(kinds), "--json"],
            capture_output=True, text=True, check=True)
        report = json.loads(done.stdout)
        by_seat.append(report["wins_by_seat"][seat])
        wins += report["wins_by_seat"][seat]
        games += report["games"]
        capped += report["endings"]["turn_cap"]
    share = wins / games
    half = 1.96 * math.sqrt(share * (1 - share) / games)
    print(json.dumps({"games": games, "smart_wins": wins, "smart_share": round(share, 4),
                      "ci95": [round(share - half, 4), round(share + half, 4)],
                      "smart_wins_by_seat": by_seat, "turn_capped": capped, "parity": 0.25,
                      "target": 0.40}))


if __name__ == "__main__":
    main()
