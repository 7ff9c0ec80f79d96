"""`companion odds`: each player's chance of winning from the position a table script reaches."""

from __future__ import annotations

import argparse
import json
import sys

from ..bots.seats import KINDS
from ..compiled.choice import ENGINES, Unavailable, choose
from ..odds.estimate import Odds, estimate, settled
from ..odds.jobs import TURN_CAP
from ..odds.position import replayed
from ..scriptfile import ScriptError, script_lines
from ..simulate.workers import Pool, default_jobs
from .args import count


def report(odds: Odds, commands: int) -> str:
    """The odds as a table a person reads at a glance."""
    rows = [("Player", "Chance", "95 % interval", "Net worth (expected)")]
    for seat, name in enumerate(odds.players):
        if not odds.active[seat]:
            continue
        lo, hi = odds.interval[name]
        rows.append((name, f"{100 * odds.chance(seat):.1f} %", f"{100 * lo:.1f} – {100 * hi:.1f} %",
                     f"{odds.worth[seat]:,.0f}"))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = ["  ".join(c.rjust(w) if i else c.ljust(w)
                       for i, (c, w) in enumerate(zip(r, widths, strict=True))) for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append("")
    if odds.over:
        lines.append("The game is over.")
    else:
        share = 100 * odds.undecided / odds.samples
        lines.append(f"Undecided (turn cap {TURN_CAP} player-turns): {share:.1f} % of the continuations, "
                     "shared equally among the players still in them.")
        engine = "compiled (mypyc)" if odds.engine == "compiled" else "pure Python"
        lines.append(f"{odds.samples:,} continuations after {commands} commands, played by {odds.bot} bots "
                     f"(seed {odds.seed}; {engine}, {odds.jobs} process{'es' if odds.jobs > 1 else ''}, "
                     f"{odds.seconds:.2f} s).")
        lines.append("The chances assume everyone plays on as the bots do; the deck order is not peeked at.")
    return "\n".join(lines)


def cmd_odds(args: argparse.Namespace) -> int:
    try:
        with script_lines(args.file) as read:
            lines = list(read)
        position = replayed(lines)
    except OSError as exc:
        print(f"companion odds: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except ScriptError as exc:
        print(f"companion odds: {exc}", file=sys.stderr)
        return 2
    script = [line.decode("utf-8") if isinstance(line, bytes) else line for line in lines]

    def say(line: str) -> None:
        print(f"companion odds: {line}", file=sys.stderr, flush=True)

    try:
        build = None if position.game.over else choose(args.engine, say)
    except Unavailable as exc:
        say(str(exc))
        return 2
    jobs = args.jobs or default_jobs()
    if position.game.over:
        odds = settled(position.game, args.samples)
    else:
        try:
            with Pool(jobs, build) as pool:
                found = estimate(script, args.samples, args.seed, pool, bot=args.bots)
        except KeyboardInterrupt:
            return 130
        assert found is not None
        odds = found
    if args.json:
        print(json.dumps(odds.to_json(), ensure_ascii=False))
    else:
        print(report(odds, len(script) - 1))
    if position.rejected:
        say(f"{position.rejected} line(s) of the script were refused by the rules and skipped "
            "(`companion replay` lists them)")
        return 1
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("odds", help="each player's chance of winning from a table script's position")
    p.add_argument("file", help="a table script (JSON Lines), or - for standard input")
    p.add_argument("--samples", type=count(1, 1_000_000), default=1000, metavar="N",
                   help="continuations to play (1000)")
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help="dice and deck orders of the continuations: the same seed, the same odds (1)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument("--bots", choices=KINDS, default="smart",
                   help="the bots that play the continuations (smart)")
    p.add_argument("--jobs", type=count(1), default=None, metavar="N",
                   help="processes playing continuations (every core); the odds do not depend on it")
    p.add_argument("--engine", choices=ENGINES, default="auto",
                   help="as for companion simulate: auto, compiled or pure (auto)")
    p.set_defaults(func=cmd_odds)
