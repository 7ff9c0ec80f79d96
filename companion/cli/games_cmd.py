"""The stored games: list, export, undo and redo, archive and restore, history.

Listing, history and export only read: they open the data folder read-only (no lock, not a
byte written), so they work on a folder that cannot be written and beside a running companion.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..ledger.export import export_csv, export_jsonl, signature_of
from ..ledger.recovery import diagnose
from ..ledger.signature import SUFFIX
from ..table.problem_words import problem_text, terminal_lang
from .args import count
from .stored import data_option, reading, refusals, writing


def cmd_games(args: argparse.Namespace) -> int:
    with reading(args) as folder:
        games = folder.games(archived=args.archived)
        if args.check and folder.key is not None:  # each game's records read whole, as the doctor does
            for info in games:
                path = folder.path / ("archive" if info.archived else "games") / f"{info.id}.sqlite"
                found = diagnose(path, folder.key.chain, folder.key.table_id)
                if found is not None:
                    info.condition = info.condition or ("damaged" if found[0] == "fail" else "repairable")
                    info.problems.append(found[1].as_json())
    if args.json:
        print(json.dumps([g.__dict__ for g in games], ensure_ascii=False))
        return 0
    if not games:
        print("No archived games." if args.archived else "No games yet.")
        return 0
    rows = [("Game", "Players", "Started", "Last move", "Status")]
    rows += [(g.id, ", ".join(g.players), g.started[:16].replace("T", " "),
              g.last_move[:16].replace("T", " "), g.status) for g in games]
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    lang = terminal_lang()
    for n, row in enumerate(rows):
        print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))
        else:  # what opening it found, put right or not, under its row
            for said in games[n - 1].problems:
                print(f"    {problem_text(said, lang)}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    with reading(args) as folder:
        store = folder.open(args.game)
        text = export_jsonl(store) if args.format == "jsonl" else export_csv(store)
        signature = signature_of(store, folder.key, text, args.format)
    beside = args.signature or (args.output + SUFFIX if args.output else None)
    try:
        if args.output:
            Path(args.output).write_bytes(text.encode())
        else:
            sys.stdout.write(text)
        if beside and signature is not None:
            Path(beside).write_text(signature, encoding="utf-8")
        elif beside:
            Path(beside).unlink(missing_ok=True)  # an earlier export's signature would not match
    except OSError as exc:
        print(f"companion export: cannot write {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 1
    if signature is None:
        print(f"companion export: game {args.game} carries no key of this table, so its export is "
              "not signed.", file=sys.stderr)
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    with writing(args) as folder:
        store = folder.open(args.game)
        receipt = store.undo(args.count, by=args.by)
        print(f"Undid {args.count} command(s) of game {args.game} (entry {receipt.seq}); "
              f"`companion redo {args.game}` puts the last one back.")
    return 0


def cmd_redo(args: argparse.Namespace) -> int:
    with writing(args) as folder:
        store = folder.open(args.game)
        receipt = store.redo(by=args.by)
        print(f"Redid {store.script()[-1]} (entry {receipt.seq}).")
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    with reading(args) as folder:
        store = folder.open(args.game)
        for entry in store.history():
            print(f"{entry.seq:6d}  {entry.time}  {entry.source:7s}  {entry.kind:6s}  {entry.line}")
    return 0


def cmd_archive(args: argparse.Namespace) -> int:
    with writing(args) as folder:
        if args.restore:
            folder.restore(args.game)
            print(f"Game {args.game} is back among the games.")
        else:
            folder.archive(args.game)
            print(f"Game {args.game} is archived (`companion games --archived` lists it).")
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    data = data_option()

    p = sub.add_parser("games", parents=[data], help="list the stored games")
    p.add_argument("--archived", action="store_true", help="list the archived games instead")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--check", action="store_true",
                   help="also check each game's chain and journal (reads them whole) and say what is wrong")
    p.set_defaults(func=refusals("games", cmd_games))

    p = sub.add_parser("export", parents=[data],
                       help="write a game's table script (jsonl) or its money ledger (csv), signed")
    p.add_argument("game")
    p.add_argument("--format", choices=("jsonl", "csv"), default="jsonl")
    p.add_argument("-o", "--output", metavar="FILE",
                   help=f"write here (and the signature to FILE{SUFFIX}) instead of standard output")
    p.add_argument("--signature", metavar="SIG", help=f"write the signature here (default: FILE{SUFFIX})")
    p.set_defaults(func=refusals("export", cmd_export))

    p = sub.add_parser("undo", parents=[data], help="banker: take back the last commands of a game")
    p.add_argument("game")
    p.add_argument("--count", type=count(1), default=1, metavar="N", help="how many (1)")
    p.add_argument("--by", default="banker", help="who undoes it, for the history (banker)")
    p.set_defaults(func=refusals("undo", cmd_undo))

    p = sub.add_parser("redo", parents=[data], help="banker: put back the last undone command")
    p.add_argument("game")
    p.add_argument("--by", default="banker", help="who redoes it, for the history (banker)")
    p.set_defaults(func=refusals("redo", cmd_redo))

    p = sub.add_parser("history", parents=[data], help="every entry of a game's log, undos included")
    p.add_argument("game")
    p.set_defaults(func=refusals("history", cmd_history))

    p = sub.add_parser("archive", parents=[data], help="put a game away (or --restore it)")
    p.add_argument("game")
    p.add_argument("--restore", action="store_true", help="bring an archived game back")
    p.set_defaults(func=refusals("archive", cmd_archive))
