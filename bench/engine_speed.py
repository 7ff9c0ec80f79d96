"""Player-turns per second: bots playing 4-player games under the full rules, in one process.

Run: .venv/bin/python bench/engine_speed.py --engine compiled   (the build `companion simulate` uses)
     .venv/bin/python bench/engine_speed.py --engine pure
It prints the figures and a fingerprint of the games played, so two builds can be compared: the
games' wall-clock time and their CPU time (this process's, which other jobs on a shared machine
change far less), each the best of the runs. `--run-seed S` plays the very games of
`companion simulate --seed S` (else seeds 0, 1, 2, ...).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time

from companion.compiled.choice import choose
from companion.compiled.loader import engine_in_use, install


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--engine", choices=("compiled", "pure"), default="compiled")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    parser.add_argument("--run-seed", type=int, default=None, metavar="S")
    parser.add_argument("--edition", default="london", help="the board and decks played (london)")
    args = parser.parse_args()
    build = choose(args.engine, say=lambda line: print(line, file=sys.stderr))
    if build is not None:
        install(build)  # before anything imports the engine
    from companion.simulate.play import play_game
    from companion.simulate.run import game_seeds

    seeds = range(args.games) if args.run_seed is None else game_seeds(args.run_seed, args.games)
    best = None
    cpu_seconds = float("inf")
    for _ in range(args.repeat):
        turns = rolls = 0
        digest = hashlib.sha256()
        start, cpu_start = time.perf_counter(), time.process_time()
        for seed in seeds:
            result = play_game(args.players, seed, edition=args.edition)
            turns += result.player_turns
            rolls += result.rolls
            digest.update(f"{result.winner},{result.player_turns},{result.net_worth};".encode())
        seconds = time.perf_counter() - start
        cpu_seconds = min(cpu_seconds, time.process_time() - cpu_start)
        if best is None or seconds < best[0]:
            best = (seconds, turns, rolls, digest.hexdigest()[:16])
    assert best is not None
    seconds, turns, rolls, fingerprint = best
    edition = {"edition": args.edition} if args.edition != "london" else {}  # London's line as it was
    print(json.dumps({
        **edition,
        "engine": engine_in_use(),
        "python": sys.version.split()[0],
        "games": args.games,
        "players": args.players,
        "seconds": round(seconds, 3),
        "player_turns": turns,
        "player_turns_per_second": round(turns / seconds),
        "cpu_seconds": round(cpu_seconds, 4),
        "player_turns_per_cpu_second": round(turns / cpu_seconds),
        "games_per_second": round(args.games / seconds, 1),
        "rolls": rolls,
        "fingerprint": fingerprint,
    }))


if __name__ == "__main__":
    main()
