"""`companion import` of a long table script: its time per command and the journal syncs it costs.

Run: .venv/bin/python bench/import_speed.py [--commands 100000] [--repeat 3]
The first N commands of a long 8-bot game (deep pockets: nobody goes bankrupt) are written as a
table script under .build/ (this machine's disk, not /tmp) and imported into a fresh data folder
with DataFolder.import_script, as `companion import` does (1,000 commands a batch). Printed: the
best of --repeat imports (seconds, ms per command) and the os.fdatasync calls made on the game's
journal during the import (one per batch since the journal's lines of a batch are synced once).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from long_reads import script

from companion.ledger import DataFolder

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3, help="imports; the best is reported")
    args = parser.parse_args()
    build = ROOT / ".build"
    build.mkdir(exist_ok=True)
    commands = script(args.commands)
    synced = [0]
    real = os.fdatasync

    def counting(fd: int) -> None:
        if os.readlink(f"/proc/self/fd/{fd}").endswith(".journal"):
            synced[0] += 1
        real(fd)

    os.fdatasync = counting  # type: ignore[assignment]
    best, syncs = float("inf"), 0
    with tempfile.TemporaryDirectory(prefix="import-bench-", dir=build) as tmp:
        lines = Path(tmp) / "game.jsonl"
        lines.write_text("".join(json.dumps(c) + "\n" for c in commands), encoding="utf-8")
        for attempt in range(args.repeat):
            with DataFolder(Path(tmp) / f"data{attempt}") as folder, open(lines, "rb") as f:
                synced[0] = 0
                start = time.perf_counter()
                store, rejected = folder.import_script(f)
                took = time.perf_counter() - start
                assert not rejected and len(store.effective) == len(commands)
                if took < best:
                    best, syncs = took, synced[0]
    print(json.dumps({
        "python": sys.version.split()[0],
        "commands": len(commands),
        "load_average": os.getloadavg()[0],
        "import_seconds": round(best, 2),
        "ms_per_command": round(best / len(commands) * 1000, 3),
        "journal_syncs": syncs,
    }))


if __name__ == "__main__":
    main()
