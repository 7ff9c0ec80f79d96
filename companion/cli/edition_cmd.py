"""`companion edition show ID` and `companion edition check FILE`: a family's own board as an
edition file (docs/editions.md), started from a shipped one and checked before the table sees it.

The check is the table's own (companion/editions.py reads the data folder's files the same way),
so a file `check` passes is a file the Banker page offers.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..editions import file_problems
from ..rules.edition import edition_json, shipped_editions


def cmd_show(args: argparse.Namespace) -> int:
    try:
        raw = edition_json(args.edition)
    except FileNotFoundError:
        print(f"companion edition show: there is no shipped edition called {args.edition!r} "
              f"(shipped: {', '.join(shipped_editions())})", file=sys.stderr)
        return 2
    print(json.dumps(raw, indent=2, ensure_ascii=False))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    path = Path(args.file)
    raw, problems = file_problems(path)
    if raw is None:
        print(f"{path}: refused, {len(problems)} problem{'s' if len(problems) != 1 else ''}:")
        for what in problems:
            print(f"  {what}")
        return 1
    if raw["id"] in shipped_editions():
        print(f"{path}: the id {raw['id']!r} is a shipped edition's: the table refuses the file "
              "until it has its own id")
        return 1
    decks = " + ".join(f"{len(deck['cards'])} {name} cards" for name, deck in raw["decks"].items())
    deeds = sum(1 for sq in raw["squares"] if sq["kind"] in ("lot", "station", "utility"))
    print(f"ok: {raw['name']['en']} (id {raw['id']}): 40 squares, {deeds} deeds, {decks}, "
          f"money {raw['money']['sign']}, languages {', '.join(raw['name'])}")
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("edition", help="a family's own board: print a shipped edition, check an edition file",
                       description="An edition file is a board, its money, pieces and decks as JSON "
                                   "(docs/editions.md). Start from a shipped one, change it, check it, "
                                   "and put it in the data folder's editions/ folder.")
    actions = p.add_subparsers(dest="action", required=True)
    show = actions.add_parser("show", help="print a shipped edition as an edition file (to start from)")
    show.add_argument("edition", metavar="ID", help=f"a shipped edition: {', '.join(shipped_editions())}")
    show.set_defaults(func=cmd_show)
    check = actions.add_parser("check", help="is this file a playable classic board? (exit 0: yes, 1: no)",
                               description="Prints \"ok: NAME ...\" and exits 0, or each problem as the "
                                           "place in the file (a JSON path) and what is wrong, and exits 1.")
    check.add_argument("file", metavar="FILE")
    check.set_defaults(func=cmd_check)
