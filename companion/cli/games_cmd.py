"""The stored games: list, export, import, undo and redo, archive and restore, history."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from ..ledger import DataFolder, LedgerError, default_data_dir
from ..ledger.export import export_csv, export_jsonl
from ..rules import Malformed, Rejected
from .args import count


def _folder(args: argparse.Namespace) -> DataFolder:
    return DataFolder(Path(args.data) if args.data else default_data_dir())


def _run(name: str, action: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Turn storage and rules refusals into one line on standard error (exit 1; 2 for bad input)."""

    def run(args: argparse.Namespace) -> int:
        try:
            return action(args)
        except (LedgerError, Rejected) as exc:
            print(f"companion {name}: {exc.reason}", file=sys.stderr)
            return 1
        except Malformed as exc:
            print(f"companion {name}: {exc.reason}", file=sys.stderr)
            return 2

    return run


def cmd_games(args: argparse.Namespace) -> int:
    with _folder(args) as folder:
        games = folder.games(archived=args.archived)
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
    for n, row in enumerate(rows):
        print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    with _folder(args) as folder:
        store = folder.open(args.game)
        text = export_jsonl(store) if args.format == "jsonl" else export_csv(store)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    except OSError as exc:
        print(f"companion import: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    with _folder(args) as folder:
        store, rejected = folder.import_script(text.splitlines())
        print(f"Imported as game {store.game_id} ({len(store.script()) - 1} commands).")
        for r in rejected:
            print(f"  skipped line {r['line']}: {r['reason']}")
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    with _folder(args) as folder:
        store = folder.open(args.game)
        receipt = store.undo(args.count, by=args.by)
        print(f"Undid {args.count} command(s) of game {args.game} (entry {receipt.seq}); "
              f"`companion redo {args.game}` puts the last one back.")
    return 0


def cmd_redo(args: argparse.Namespace) -> int:
    with _folder(args) as folder:
        store = folder.open(args.game)
        receipt = store.redo(by=args.by)
        print(f"Redid {store.script()[-1]} (entry {receipt.seq}).")
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    with _folder(args) as folder:
        store = folder.open(args.game)
        for entry in store.history():
            print(f"{entry.seq:6d}  {entry.time}  {entry.source:7s}  {entry.kind:5s}  {entry.line}")
    return 0


def cmd_archive(args: argparse.Namespace) -> int:
    with _folder(args) as folder:
        if args.restore:
            folder.restore(args.game)
            print(f"Game {args.game} is back among the games.")
        else:
            folder.archive(args.game)
            print(f"Game {args.game} is archived (`companion games --archived` lists it).")
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    data = argparse.ArgumentParser(add_help=False)
    data.add_argument("--data", metavar="DIR",
                      help=f"the data folder (default: {default_data_dir()})")

    p = sub.add_parser("games", parents=[data], help="list the stored games")
    p.add_argument("--archived", action="store_true", help="list the archived games instead")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_run("games", cmd_games))

    p = sub.add_parser("export", parents=[data],
                       help="write a game's table script (jsonl) or its money ledger (csv)")
    p.add_argument("game")
    p.add_argument("--format", choices=("jsonl", "csv"), default="jsonl")
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of standard output")
    p.set_defaults(func=_run("export", cmd_export))

    p = sub.add_parser("import", parents=[data], help="start a stored game from a table script")
    p.add_argument("file", help="a table script, or - for standard input")
    p.set_defaults(func=_run("import", cmd_import))

    p = sub.add_parser("undo", parents=[data], help="banker: take back the last commands of a game")
    p.add_argument("game")
    p.add_argument("--count", type=count(1), default=1, metavar="N", help="how many (1)")
    p.add_argument("--by", default="banker", help="who undoes it, for the history (banker)")
    p.set_defaults(func=_run("undo", cmd_undo))

    p = sub.add_parser("redo", parents=[data], help="banker: put back the last undone command")
    p.add_argument("game")
    p.add_argument("--by", default="banker", help="who redoes it, for the history (banker)")
    p.set_defaults(func=_run("redo", cmd_redo))

    p = sub.add_parser("history", parents=[data], help="every entry of a game's log, undos included")
    p.add_argument("game")
    p.set_defaults(func=_run("history", cmd_history))

    p = sub.add_parser("archive", parents=[data], help="put a game away (or --restore it)")
    p.add_argument("game")
    p.add_argument("--restore", action="store_true", help="bring an archived game back")
    p.set_defaults(func=_run("archive", cmd_archive))
