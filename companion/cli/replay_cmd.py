"""`companion replay`: a table script in, the final state out (TABLE-SCRIPT.md's contract)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..editions import table_editions
from ..replay import Replay, ScriptError, replay
from ..rules import state
from ..scriptfile import script_lines


def _summary(result: Replay) -> str:
    """The final balances as a table a person reads at a glance."""
    game = result.game
    shown = result.state()
    rows = [("Player", "Cash", "Net worth", "Deeds", "Square", "")]
    for seat, p in enumerate(shown["players"]):
        deeds = len(game.owned(seat))
        status = "bankrupt" if p["bankrupt"] else ("in jail" if p["in_jail"] else "")
        square = game.squares[p["position"]].name
        rows.append((p["name"], str(p["cash"]), str(p["net_worth"]), str(deeds), square, status))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        cells = [
            cell.rjust(width) if 1 <= i <= 3 else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths).rstrip())
    bank = shown["bank"]
    lines.append("")
    lines.append(f"Bank: {bank['houses']} houses, {bank['hotels']} hotels; Free Parking pot {bank['pot']}")
    if shown["winner"]:
        lines.append(f"Winner: {shown['winner']}")
    else:
        lines.append(f"Turn: {shown['turn']}")
    if result.rejected:
        lines.append(f"{len(result.rejected)} line(s) rejected:")
        lines.extend(f"  line {r['line']}: {r['reason']}" for r in result.rejected)
    return "\n".join(lines)


def _print_state(result: Replay) -> None:
    """The final state as json.dumps(indent=2) prints it, the rejected lines written one by one
    (a script of a million refused lines is printed without being held twice)."""
    shown = state(result.game)
    text = json.dumps({**shown, "rejected": []}, indent=2, ensure_ascii=False)
    if not result.lines:
        print(text)
        return
    out = sys.stdout
    out.write(text[: text.rindex('"rejected": []')] + '"rejected": [')
    for n, (line, reason) in enumerate(result.refusals):
        reason_json = json.dumps(reason, ensure_ascii=False)
        out.write(f'{"," if n else ""}\n    {{\n      "line": {line},\n      "reason": {reason_json}\n    }}')
    out.write("\n  ]\n}\n")


def cmd_replay(args: argparse.Namespace) -> int:
    editions = table_editions(Path(args.data)) if args.data else None  # its editions/ files
    try:
        with script_lines(args.file) as lines:
            result = replay(lines, editions)
    except OSError as exc:
        print(f"companion replay: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except ScriptError as exc:
        print(f"companion replay: {exc}", file=sys.stderr)
        return 2
    if args.summary:
        print(_summary(result))
    else:
        _print_state(result)
    return 1 if result.lines else 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="apply a table script and print the final state")
    p.add_argument("file", help="a table script (JSON Lines), or - for standard input")
    p.add_argument("--data", metavar="DIR",
                   help="a data folder whose editions/ files a first line may name by id alone "
                        "(\"edition\": \"springfield\" without its \"board\")")
    p.add_argument("--summary", action="store_true",
                   help="print the final balances as a readable table instead of JSON")
    p.set_defaults(func=cmd_replay)
