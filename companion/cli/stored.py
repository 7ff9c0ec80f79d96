"""What the sub-commands on stored games share: the --data option, the data folder opened to
write or only to read, and refusals said in one line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from ..ledger import DataFolder, LedgerError, default_data_dir
from ..rules import Malformed, Rejected
from ..table.problem_words import reason_of, terminal_lang


def data_option() -> argparse.ArgumentParser:
    """A parent parser adding --data DIR."""
    data = argparse.ArgumentParser(add_help=False)
    data.add_argument("--data", metavar="DIR", help=f"the data folder (default: {default_data_dir()})")
    return data


def writing(args: argparse.Namespace) -> DataFolder:
    """The data folder, held (a second companion is refused) to store games."""
    return DataFolder(Path(args.data) if args.data else default_data_dir())


def reading(args: argparse.Namespace) -> DataFolder:
    """The data folder for a command that only reads: no lock, not a byte written, so a folder
    that cannot be written (a failing SD card) or that a running companion holds is readable."""
    return DataFolder(Path(args.data) if args.data else default_data_dir(), read_only=True)


def refusals(name: str, action: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Turn storage and rules refusals into one line on standard error (exit 1; 2 for bad input)."""

    def run(args: argparse.Namespace) -> int:
        try:
            return action(args)
        except (LedgerError, Rejected) as exc:
            print(f"companion {name}: {reason_of(exc, terminal_lang())}", file=sys.stderr)
            return 1
        except Malformed as exc:
            print(f"companion {name}: {exc.reason}", file=sys.stderr)
            return 2

    return run
