"""Seconds to replay a recorded 10,000-command table script (read, parse, apply, print state).

Run: .venv/bin/python bench/replay_speed.py [--commands N]
The script is recorded from a long simulated 8-player game, then cut to exactly N commands.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from long_game import long_game

import companion.rules.game
from companion.replay import replay
from companion.rules import state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--commands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best is reported")
    args = parser.parse_args()
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
    compiled = not companion.rules.game.__file__.endswith(".py")
    print(json.dumps({
        "engine": "compiled (mypyc)" if compiled else "pure Python",
        "python": sys.version.split()[0],
        "commands": len(lines),
        "seconds": round(best, 4),
        "commands_per_second": round(len(lines) / best),
    }))


if __name__ == "__main__":
    main()
