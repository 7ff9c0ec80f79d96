"""`companion recover GAME`: a game damaged in every record it has goes on as a new game from its
last good entry; what was lost is named."""

from __future__ import annotations

import argparse

from .stored import data_option, refusals, writing


def cmd_recover(args: argparse.Namespace) -> int:
    with writing(args) as folder:
        store, lost, unread = folder.recover(args.game)
        print(f"Game {store.game_id} goes on from game {args.game}: its first {store.seq - 1} entries "
              f"({len(store.script()) - 1} commands in play). Game {args.game} is archived as it was.")
        if lost:
            print(f"Lost: {lost} entr{'y' if lost == 1 else 'ies'} after entry {store.seq - 1}, which no "
                  "record holds intact. Their text as far as it could be read (not trusted; play again "
                  "what really happened):")
            for line in unread:
                print(f"  {line}")
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("recover", parents=[data_option()],
                       help="start a new game from the last good entry of a damaged game",
                       description="For a game damaged in both its database and its journal (`companion "
                                   "doctor` names it): its longest run of entries that still check out "
                                   "becomes a new game, the damaged one is archived as it is, and the "
                                   "entries lost are listed.")
    p.add_argument("game")
    p.set_defaults(func=refusals("recover", cmd_recover))
