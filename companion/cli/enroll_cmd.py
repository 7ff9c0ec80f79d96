"""`companion enroll`: teach the table its tags, one deed, token and deck at a time, for one board
(`--edition`: a shipped one, or a family's file in the data folder's editions/); a deed tag of
another board may be this board's deed too."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..config import ConfigError, load_config
from ..editions import table_editions
from ..hardware.enroll import ReaderUids, enroll, enrolment_steps, typed_uids
from ..hardware.reader import make_reader
from ..hardware.tags import TagError, TagRegistry, registry_path
from ..ledger import default_data_dir
from ..rules.edition import DEFAULT_EDITION


def say(text: str) -> None:
    print(text, flush=True)


def fail(text: str, code: int = 2) -> int:
    print(f"companion enroll: {text}", file=sys.stderr)
    return code


def cmd_enroll(args: argparse.Namespace) -> int:
    try:
        config = load_config(Path(args.config) if args.config else None)
    except ConfigError as exc:
        return fail(str(exc))
    data = Path(args.data) if args.data else Path(config.data) if config.data else default_data_dir()
    path = registry_path(config.tags, data)
    known = table_editions(data).get(args.edition)  # shipped, or a file of the data folder's editions/
    if known is None:
        return fail(table_editions(data).why_not(args.edition))
    try:
        registry = TagRegistry.load(path)
    except TagError as exc:
        return fail(str(exc))
    edition = known.edition()
    if args.simulate:
        source = typed_uids(sys.stdin, say)
        close = None
        say("Type each tag's UID in hex (as the reader reports it), one a line; end the input to stop.")
    else:
        if config.reader.driver != "mfrc522":
            return fail(f'the reader in the config is {config.reader.driver!r}: set [reader] driver = '
                        f'"mfrc522", or use --simulate to type the tags\' UIDs')
        reader_uids = ReaderUids(make_reader(config.reader), say)
        source, close = reader_uids, reader_uids.close
        say("Tap each tag on the reader when asked; Ctrl-C stops (what is done is saved).")
    try:
        steps = enrolment_steps(edition, cards=args.cards, banker=args.banker)
        outcome = enroll(registry, steps, source, say, edition)
    except OSError as exc:
        return fail(f"cannot save the tags to {path}: {exc.strerror or exc}", 1)
    finally:
        if close is not None:
            close()
    if outcome.interrupted:
        return 130
    return 0 if outcome.remaining == 0 else 1


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("enroll", help="tap each deed, token (and deck) to record which tag is which",
                       description="Prompts for every deed in board order, then every token piece "
                                   "(and with --cards the two decks). Each tag is saved as soon as it "
                                   "is tapped; run again to carry on where you stopped.")
    p.add_argument("--config", metavar="FILE", help="the config file (TOML): reader settings, tags file")
    p.add_argument("--data", metavar="DIR", help="the data folder (default: the config's, else the "
                                                 "user's data folder)")
    p.add_argument("--cards", action="store_true",
                   help="also enroll a tag for each card deck (tables that draw physical cards)")
    p.add_argument("--banker", action="store_true",
                   help="also enroll the banker's tag (its tap logs a waiting screen in as the banker)")
    p.add_argument("--simulate", action="store_true",
                   help="read UIDs typed on standard input instead of tapping them on the reader")
    p.add_argument("--edition", default=DEFAULT_EDITION,
                   help="the board whose deeds and cards to enroll: a shipped edition or the id of an "
                        "edition file in the data folder's editions/ (default london); tokens are "
                        "every board's")
    p.set_defaults(func=cmd_enroll)
