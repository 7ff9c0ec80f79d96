"""What opening a long stored game costs in memory: the process's RSS before and after
DataFolder.open, its peak during the open, and what the open store keeps (tracemalloc).

Run: .venv/bin/python bench/open_memory.py [--commands 100000]
The game (8 bots with deep pockets, as bench/long_reads.py) is imported into a data folder under
.build/ in a child process; a fresh process then opens it, so the figures are the open's alone.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def peak_rss_mb() -> float:
    """VmHWM, this process's own peak (getrusage's ru_maxrss keeps the forking parent's)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1000
    raise AssertionError("no VmHWM")


def import_game(data: Path, commands: int) -> str:
    from long_reads import script

    from companion.ledger import DataFolder

    with DataFolder(data) as folder:
        store, _ = folder.import_script(json.dumps(c) for c in script(commands))
        return store.game_id


def open_game(data: Path, game_id: str, traced: bool) -> dict[str, float]:
    from companion.ledger import DataFolder

    before = rss_mb()
    if traced:
        tracemalloc.start()
    start = time.perf_counter()
    folder = DataFolder(data)
    store = folder.open(game_id)
    took = time.perf_counter() - start
    said = {"open_seconds": round(took, 3), "rss_before_mb": round(before, 1),
            "rss_after_mb": round(rss_mb(), 1),
            "peak_rss_mb": round(peak_rss_mb(), 1)}
    if traced:
        kept, peak = tracemalloc.get_traced_memory()
        said |= {"python_kept_mb": round(kept / 1e6, 1), "python_peak_mb": round(peak / 1e6, 1)}
    said["entries"] = store.seq
    folder.close()
    return said


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=100_000)
    parser.add_argument("--child", nargs=3, metavar=("DATA", "GAME", "TRACED"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        data, game_id, traced = args.child
        print(json.dumps(open_game(Path(data), game_id, traced == "1")))
        return
    build = ROOT / ".build"
    build.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="open-memory-", dir=build) as tmp:
        data = Path(tmp) / "data"
        game_id = import_game(data, args.commands)
        out: dict[str, float | str] = {"python": sys.version.split()[0], "commands": args.commands}
        for traced in ("0", "1"):
            child = subprocess.run([sys.executable, __file__, "--child", str(data), game_id, traced],
                                   check=True, capture_output=True, text=True)
            said = json.loads(child.stdout)
            out |= said if traced == "0" else {k: v for k, v in said.items() if k.startswith("python_")}
        print(json.dumps(out))


if __name__ == "__main__":
    main()
