"""gamescomputersplay/monopoly on this machine, counted as we count: player-turns per second.

Run: .venv/bin/python bench/peer_speed.py --peer DIR [--games 2000] [--repeat 3]
DIR is a checkout of github.com/gamescomputersplay/monopoly kept outside this repository (never
committed here). Its games are played in one process exactly as its own simulator plays each one
(`monopoly.core.game.monopoly_game((number, seed))`, seeds drawn as its script draws them), with its
per-game event log switched off as its settings allow. A player-turn is a call of its
`Player.make_a_move` for a player still in the game, counted by wrapping that method (one extra
Python call a turn, about 1 % of its time).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--peer", required=True, help="a checkout of gamescomputersplay/monopoly")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    args = parser.parse_args()
    os.chdir(args.peer)
    sys.path.insert(0, os.path.abspath(args.peer))
    from monopoly.core.game import monopoly_game
    from monopoly.core.player import Player
    from monopoly.log_settings import LogSettings

    LogSettings.KEEP_GAME_LOG = False
    LogSettings.init_logs()
    turns = 0
    make_a_move = Player.make_a_move

    def counted(self: Player, *rest: object) -> object:
        nonlocal turns
        if not self.is_bankrupt:
            turns += 1
        return make_a_move(self, *rest)

    Player.make_a_move = counted  # type: ignore[method-assign]
    master = random.Random(0)
    games = [(n + 1, master.getrandbits(32)) for n in range(args.games)]
    best = None
    for _ in range(args.repeat):
        turns = 0
        start = time.perf_counter()
        for game in games:
            monopoly_game(game)
        seconds = time.perf_counter() - start
        if best is None or seconds < best[0]:
            best = (seconds, turns)
    assert best is not None
    seconds, counted_turns = best
    print(json.dumps({
        "simulator": "gamescomputersplay/monopoly, one process",
        "python": sys.version.split()[0],
        "games": args.games,
        "seconds": round(seconds, 3),
        "player_turns": counted_turns,
        "player_turns_per_second": round(counted_turns / seconds),
    }))


if __name__ == "__main__":
    main()
