"""Files from elsewhere: `companion import` starts a stored game from a table script, `companion
verify` says what an export's signature tells of it. Both tell apart a file signed by this table,
by another table, unsigned, or altered since it was signed (signature.py); an altered script is
imported only with --force, and the game's history says how it came in.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from ..ledger.errors import SignatureAltered
from ..ledger.signature import SUFFIX, Verdict, check
from ..rules import Malformed
from ..scriptfile import read_lines
from .stored import data_option, reading, refusals, writing

CHUNK = 1 << 16


@contextmanager
def _opened(args: argparse.Namespace) -> Iterator[tuple[IO[bytes], bytes | None, str]]:
    """The file (rewindable: standard input is spooled to a temporary file, not to memory), its
    signature's bytes (None when there is none) and its name."""
    try:
        beside = args.signature or (None if args.file == "-" else args.file + SUFFIX)
        signature = None
        if beside and (args.signature or Path(beside).exists()):
            signature = Path(beside).read_bytes()
        if args.file == "-":
            with tempfile.TemporaryFile() as spool:
                shutil.copyfileobj(sys.stdin.buffer, spool, CHUNK)
                spool.seek(0)
                yield spool, signature, "standard input"
        else:
            with open(args.file, "rb") as f:
                yield f, signature, Path(args.file).name
    except OSError as exc:
        raise Malformed(f"cannot read {exc.filename}: {exc.strerror}") from None  # exit 2


def _chunks(f: IO[bytes]) -> Iterator[bytes]:
    f.seek(0)
    while chunk := f.read(CHUNK):
        yield chunk


def cmd_import(args: argparse.Namespace) -> int:
    with _opened(args) as (f, signature, name), writing(args) as folder:
        checked = check(folder.key, _chunks(f), signature)
        if checked.verdict is Verdict.ALTERED and not args.force:
            raise SignatureAltered(
                f"{checked.sentence(name)} Not imported (--force imports it anyway, and its history "
                "says so)."
            )
        said: dict[str, str | bool | None] = {"file": name, "signature": checked.verdict.value,
                                              "table": checked.table}
        if checked.verdict is Verdict.ALTERED:
            said["forced"] = True
        f.seek(0)
        store, rejected = folder.import_script(read_lines(f), said=said)
        forced = " Imported anyway (--force); its history says so." if "forced" in said else ""
        print(checked.sentence(name) + forced)
        print(f"Imported as game {store.game_id} ({len(store.effective) - 1} commands).")
        for r in rejected:
            print(f"  skipped line {r['line']}: {r['reason']}")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    with _opened(args) as (f, signature, name), reading(args) as folder:
        checked = check(folder.key, _chunks(f), signature)
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
