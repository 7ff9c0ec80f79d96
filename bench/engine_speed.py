"""Player-turns per second: bots playing 4-player games under the full rules, in one process.

Run: .venv/bin/python bench/engine_speed.py [--games N]   (pure Python)
     PYTHONPATH=.build/compiled .venv/bin/python bench/engine_speed.py   (after bench/compile.sh)
It prints the figures and a fingerprint of the games played, so two builds can be compared.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time

import companion.rules.game
from companion.simulate.play import play_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    args = parser.parse_args()
    compiled = not companion.rules.game.__file__.endswith(".py")
    best = None
    for _ in range(args.repeat):
        turns = rolls = 0
        digest = hashlib.sha256()
        start = time.perf_counter()
        for seed in range(args.games):
            result = play_game(args.players, seed)
            turns += result.player_turns
            rolls += result.rolls
            digest.update(f"{result.winner},{result.player_turns},{result.net_worth};".encode())
        seconds = time.perf_counter() - start
        if best is None or seconds < best[0]:
            best = (seconds, turns, rolls, digest.hexdigest()[:16])
    assert best is not None
    seconds, turns, rolls, fingerprint = best
    print(json.dumps({
        "engine": "compiled (mypyc)" if compiled else "pure Python",
        "python": sys.version.split()[0],
        "games": args.games,
        "players": args.players,
        "seconds": round(seconds, 3),
        "player_turns": turns,
        "player_turns_per_second": round(turns / seconds),
        "games_per_second": round(args.games / seconds, 1),
        "rolls": rolls,
        "fingerprint": fingerprint,
    }))


if __name__ == "__main__":
    main()
