"""1,000 continuations from a mid-game position, as `companion odds` plays them. Prints one JSON line.

Run: .venv/bin/python bench/odds_speed.py [--samples 1000] [--rounds 3]
The position is a 4-player game of smart bots (seed 2024) cut halfway through its commands. Each
round runs the real `.venv/bin/companion odds FILE --samples N --json` in a new process, with every
core (`--jobs` default) and then with one (`--jobs 1`); it reports the command's own figure (the
continuations' wall-clock time, from the worker processes having loaded the engine to the last
result in) and the whole command's wall time (start-up, replay, workers, report). Then the same
continuations as the table's odds play them (`estimate` on a pool of niced idle-class workers, as
`companion run` starts them), with the workers giving way every few commands, as the table has
them, and without: what giving way costs. Last, the continuations' CPU time as one worker plays
them (`Continuations.play` on the compiled engine, in a process of its own, 1,000 continuations):
`continuations_per_cpu_second`, the figure a shared machine changes least. Best of the rounds,
rounds listed: the machine may be shared.
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

SEED = 2024


def mid_game(folder: Path) -> tuple[Path, int]:
    from companion.simulate.play import play_game

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


def as_the_table(path: Path, samples: int, rounds: int) -> dict[str, list[float]]:
    """Seconds for the continuations on the table's own pool (nice 19, idle class, every core),
    its workers giving way (as the table has them) and not."""
    from companion.odds.estimate import estimate
    from companion.odds.live import choose_build
    from companion.simulate.workers import Pool, default_jobs

    script = path.read_text(encoding="utf-8").splitlines()
    build = choose_build()
    if build is None:
        raise SystemExit("no compiled engine for this source: run `make compiled` first")
    figures: dict[str, list[float]] = {"giving_way": [], "not_giving_way": []}
    with Pool(default_jobs(), build, nice=19) as pool:
        for _ in range(rounds):
            for key, give_way in (("giving_way", True), ("not_giving_way", False)):
                odds = estimate(script, samples, 7, pool, give_way=give_way)
                assert odds is not None
                figures[key].append(odds.seconds)
    return figures


def one_worker(path: Path, samples: int, rounds: int) -> list[float]:
    """CPU seconds of each round of `samples` continuations as one worker plays them (compiled)."""
    done = subprocess.run([sys.executable, __file__, "--worker", str(path), "--samples", str(samples),
                           "--rounds", str(rounds)], capture_output=True, text=True, check=True)
    seconds: list[float] = json.loads(done.stdout)
    return seconds


def worker(path: Path, samples: int, rounds: int) -> None:
    """In this process, on the compiled engine: what a worker does with one job of the odds."""
    from companion.compiled.choice import choose
    from companion.compiled.loader import install

    build = choose("compiled", say=lambda line: print(line, file=sys.stderr))
    assert build is not None
    install(build)  # before anything imports the engine
    from companion.odds.jobs import Continuations

    script = tuple(path.read_text(encoding="utf-8").splitlines())
    seconds = []
    for _ in range(rounds):
        job = Continuations(script, seed=7)
        job.prepare()  # the position, replayed once per job (as a worker does)
        started = time.process_time()
        job.play((0, samples))
        seconds.append(time.process_time() - started)
    print(json.dumps(seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)  # one_worker's own process
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.samples, args.rounds)
        return
    with tempfile.TemporaryDirectory() as folder:
        path, turns = mid_game(Path(folder))
        figures: dict[str, list[tuple[float, float]]] = {"all_cores": [], "one_core": []}
        report: dict = {}
        for _ in range(args.rounds):
            for key, jobs in (("all_cores", None), ("one_core", 1)):
                seconds, wall, report = run(path, args.samples, jobs)
                figures[key].append((seconds, wall))
        table = as_the_table(path, args.samples, args.rounds)
        cpu = one_worker(path, args.samples, args.rounds)
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
        "table_pool_seconds_giving_way": round(min(table["giving_way"]), 3),
        "table_pool_seconds_not_giving_way": round(min(table["not_giving_way"]), 3),
        "continuations_per_cpu_second": round(args.samples / min(cpu)),
        "cpu_rounds": [round(s, 3) for s in cpu],
        "rounds": {key: [[round(s, 3), round(w, 3)] for s, w in rounds] for key, rounds in figures.items()},
        "table_rounds": {key: [round(s, 3) for s in rounds] for key, rounds in table.items()},
        "target_seconds": 2.0,
    }))


if __name__ == "__main__":
    main()
