"""Seconds to replay a recorded 10,000-command table script (read, parse, apply, print state).

Run: .venv/bin/python bench/replay_speed.py --engine compiled|pure [--commands N]
The script is recorded from a long simulated 8-player game, then cut to exactly N commands.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from companion.compiled.choice import choose
from companion.compiled.loader import engine_in_use, install


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--engine", choices=("compiled", "pure"), default="compiled")
    parser.add_argument("--commands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best is reported")
    args = parser.parse_args()
    build = choose(args.engine, say=lambda line: print(line, file=sys.stderr))
    if build is not None:
        install(build)  # before anything imports the engine
    from long_game import long_game

    from companion.replay import replay
    from companion.rules import state

    lines = [json.dumps(c) for c in long_game(args.commands)]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            with open(path, encoding="utf-8") as f:
                result = replay(f)
            json.dumps(state(result.game))
            best = min(best, time.perf_counter() - start)
            assert not result.rejected, result.rejected[:3]
    print(json.dumps({
        "engine": engine_in_use(),
        "python": sys.version.split()[0],
        "commands": len(lines),
        "seconds": round(best, 4),
        "commands_per_second": round(len(lines) / best),
    }))


if __name__ == "__main__":
    main()
