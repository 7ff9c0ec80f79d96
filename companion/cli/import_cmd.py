"""Files from elsewhere: `companion import` starts a stored game from a table script, `companion
verify` says what an export's signature tells of it. Both tell apart a file signed by this table,
by another table, unsigned, or altered since it was signed (signature.py); an altered script is
imported only with --force, and the game's history says how it came in.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..ledger.errors import SignatureAltered
from ..ledger.signature import SUFFIX, Verdict, check
from ..rules import Malformed
from .stored import data_option, reading, refusals, writing


def _read(args: argparse.Namespace) -> tuple[bytes, bytes | None, str]:
    """The file's bytes, its signature's (None when there is none) and its name."""
    try:
        data = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
        beside = args.signature or (None if args.file == "-" else args.file + SUFFIX)
        signature = None
        if beside and (args.signature or Path(beside).exists()):
            signature = Path(beside).read_bytes()
    except OSError as exc:
        raise Malformed(f"cannot read {exc.filename}: {exc.strerror}") from None  # exit 2
    return data, signature, "standard input" if args.file == "-" else Path(args.file).name


def cmd_import(args: argparse.Namespace) -> int:
    data, signature, name = _read(args)
    with writing(args) as folder:
        checked = check(folder.key, data, signature)
        if checked.verdict is Verdict.ALTERED and not args.force:
            raise SignatureAltered(
                f"{checked.sentence(name)} Not imported (--force imports it anyway, and its history "
                "says so)."
            )
        said = {"file": name, "signature": checked.verdict.value, "table": checked.table}
        if checked.verdict is Verdict.ALTERED:
            said["forced"] = True
        store, rejected = folder.import_script(data.split(b"\n"), said=said)
        forced = " Imported anyway (--force); its history says so." if "forced" in said else ""
        print(checked.sentence(name) + forced)
        print(f"Imported as game {store.game_id} ({len(store.script()) - 1} commands).")
        for r in rejected:
            print(f"  skipped line {r['line']}: {r['reason']}")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    data, signature, name = _read(args)
    with reading(args) as folder:
        checked = check(folder.key, data, signature)
    print(checked.sentence(name))
    return 1 if checked.verdict is Verdict.ALTERED else 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    data = data_option()
    p = sub.add_parser("import", parents=[data], help="start a stored game from a table script")
    p.add_argument("file", help="a table script, or - for standard input")
    p.add_argument("--signature", metavar="SIG", help=f"its signature (default: FILE{SUFFIX}, if there)")
    p.add_argument("--force", action="store_true",
                   help="import it even if it was altered since it was signed (the history says so)")
    p.set_defaults(func=refusals("import", cmd_import))

    p = sub.add_parser("verify", parents=[data],
                       help="say whether an export is signed by this table, another, none, or altered")
    p.add_argument("file", help="an export (jsonl or csv), or - for standard input")
    p.add_argument("--signature", metavar="SIG", help=f"its signature (default: FILE{SUFFIX})")
    p.set_defaults(func=refusals("verify", cmd_verify))
