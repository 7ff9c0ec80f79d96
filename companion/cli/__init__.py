"""The `companion` command: the front door to everything the companion does.

Each module adds its sub-commands' parsers and functions: one module a sub-command, but
`games_cmd` (games, export, undo, redo, history, archive) and `import_cmd` (import, verify).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..errors import CompanionError
from . import (
    doctor_cmd,
    edition_cmd,
    enroll_cmd,
    games_cmd,
    import_cmd,
    odds_cmd,
    recover_cmd,
    replay_cmd,
    run_cmd,
    simulate_cmd,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    replay_cmd.add_parser(sub)
    simulate_cmd.add_parser(sub)
    odds_cmd.add_parser(sub)
    games_cmd.add_parsers(sub)
    import_cmd.add_parsers(sub)
    run_cmd.add_parser(sub)
    enroll_cmd.add_parser(sub)
    doctor_cmd.add_parser(sub)
    recover_cmd.add_parser(sub)
    edition_cmd.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "compare", None) and args.landing:
        parser.error("--landing cannot be combined with --compare")
    try:
        return args.func(args)
    except CompanionError as exc:  # expected, and said in words; anything else is a bug: its traceback
        print(f"companion {args.command}: {exc}", file=sys.stderr)
        return 2


__all__ = ["build_parser", "main"]


if __name__ == "__main__":
    sys.exit(main())
