"""How long a computer seat takes to decide at a live table: the path companion/table/computer.py
runs for each decision (the committed game read on from the file, the copy it decides on, then
its seat's bot), over the positions of simulated games. Prints one JSON line per level: p50, p99
and max in ms.

Run: .venv/bin/python bench/computer_decision.py [--games 10] [--seed 41]
Each level's games are played by four bots of that level and stored command by command in a data
folder under .build/ (the real disk), as the table stores them; after each, the seat to move
decides as the table's computer does, with its own bot kept for the game (pure Python, as the
daemon runs). Target: p99 at most 250 ms.
"""

from __future__ import annotations

import argparse
import json
import shutil
import time
from pathlib import Path

from companion.bots.player import Bots
from companion.bots.seats import make_bot
from companion.ledger import DataFolder
from companion.simulate.play import play_game
from companion.table.committed_game import CommittedGame, copy_of
from companion.table.computer_moves import bot_answer

TARGET_MS = 250.0
HERE = Path(__file__).resolve().parent.parent / ".build" / "computer_decision"


def positions(level: str, games: int, seed: int) -> list[float]:
    """Seconds each decision took, over every position of every game."""
    took: list[float] = []
    shutil.rmtree(HERE, ignore_errors=True)
    folder = DataFolder(HERE)
    try:
        for n in range(games):
            script = play_game(4, seed + n, record=True, bots=(level,) * 4).script
            assert script is not None
            start = dict(script[0])
            start["computer"] = {name: level for name in start["players"][1:]}  # one person, as at a table
            store = folder.create(start, "script")
            follower = CommittedGame()
            bots: dict[int, Bots] = {}
            for command in script[1:]:
                began = time.perf_counter()
                committed = follower.read(store.path, store.game_id)
                assert committed is not None
                game = committed.game
                if game.over:
                    break
                seat = game.answering()
                bot_answer(bots.setdefault(seat, make_bot(level)), copy_of(game), seat)
                took.append(time.perf_counter() - began)
                store.submit(command, "script")
            folder.close_game(store.game_id)
    finally:
        folder.close()
        shutil.rmtree(HERE, ignore_errors=True)
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=41)
    args = parser.parse_args()
    for level in ("simple", "smart"):
        took = sorted(positions(level, args.games, args.seed))
        ms = [t * 1000 for t in took]
        print(json.dumps({"level": level, "decisions": len(ms), "p50_ms": round(ms[len(ms) // 2], 3),
                          "p99_ms": round(ms[int(len(ms) * 0.99)], 3), "max_ms": round(ms[-1], 3),
                          "target_p99_ms": TARGET_MS}))


if __name__ == "__main__":
    main()
