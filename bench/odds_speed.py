"""1,000 continuations from a mid-game position, as `companion odds` plays them. Prints one JSON line.

Run: .venv/bin/python bench/odds_speed.py [--samples 1000] [--rounds 3]
The position is a 4-player game of smart bots (seed 2024) cut halfway through its commands. Each
round runs the real `.venv/bin/companion odds FILE --samples N --json` in a new process, with every
core (`--jobs` default) and then with one (`--jobs 1`); it reports the command's own figure (the
continuations' wall-clock time, from the worker processes having loaded the engine to the last
result in) and the whole command's wall time (start-up, replay, workers, report). Best of the
rounds, rounds listed: the machine may be shared.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.simulate.play import play_game  # noqa: E402

SEED = 2024


def mid_game(folder: Path) -> tuple[Path, int]:
    script = play_game(4, SEED, record=True, bots=("smart",) * 4).script
    assert script is not None
    cut = script[: len(script) // 2]
    path = folder / "mid-game.jsonl"
    path.write_text("".join(json.dumps(c) + "\n" for c in cut), encoding="utf-8")
    return path, sum(1 for c in cut if c["do"] == "end_turn")


def run(path: Path, samples: int, jobs: int | None) -> tuple[float, float, dict]:
    command = [sys.executable, "-m", "companion.cli", "odds", str(path), "--samples", str(samples), "--json",
               "--engine", "compiled"]
    if jobs:
        command += ["--jobs", str(jobs)]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    report = json.loads(done.stdout)
    return report["seconds"], wall, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path, turns = mid_game(Path(folder))
        figures: dict[str, list[tuple[float, float]]] = {"all_cores": [], "one_core": []}
        report: dict = {}
        for _ in range(args.rounds):
            for key, jobs in (("all_cores", None), ("one_core", 1)):
                seconds, wall, report = run(path, args.samples, jobs)
                figures[key].append((seconds, wall))
    best = {key: min(rounds) for key, rounds in figures.items()}
    print(json.dumps({
        "position": f"4 smart bots, seed {SEED}, cut after {turns} player-turns",
        "samples": args.samples,
        "chances": report["chances"],
        "undecided": report["undecided"],
        "continuations_seconds_all_cores": round(best["all_cores"][0], 3),
        "command_seconds_all_cores": round(best["all_cores"][1], 3),
        "continuations_seconds_one_core": round(best["one_core"][0], 3),
        "command_seconds_one_core": round(best["one_core"][1], 3),
        "continuations_per_second_one_core": round(args.samples / best["one_core"][0]),
        "rounds": {key: [[round(s, 3), round(w, 3)] for s, w in rounds] for key, rounds in figures.items()},
        "target_seconds": 2.0,
    }))


if __name__ == "__main__":
    main()
