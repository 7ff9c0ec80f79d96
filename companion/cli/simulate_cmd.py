"""`companion simulate`: bots play many games; speed, outcomes, landings and rule comparisons."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from ..bots.seats import KINDS as BOT_KINDS
from ..compiled.choice import ENGINES, Unavailable, choose
from ..rules import HouseRules, Malformed, load_edition
from ..rules.edition import DEFAULT_EDITION
from ..simulate.compare import Comparison, compare
from ..simulate.play import IN_JAIL, SEAT_NAMES
from ..simulate.run import Summary, first_game_script, simulate
from ..simulate.workers import default_jobs
from .args import count


def parse_rule(text: str) -> tuple[str, Any]:
    """`key=value` with the value read as JSON when it parses (true, 3, 0.5, null), else as text."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise Malformed(f"{text!r} is not key=value (for example free_parking_pot=true)")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key, value


def _rules(pairs: list[str]) -> dict[str, Any]:
    """Several key=value flags as one dict of house rules, checked by the rule engine."""
    rules = dict(parse_rule(text) for text in pairs)
    HouseRules.from_dict(rules)
    return rules


def _shown(rules: dict[str, Any]) -> str:
    return ", ".join(f"{k}={json.dumps(v)}" for k, v in rules.items()) or "standard"


def _percent(share: float | None, signed: bool = False) -> str:
    if share is None:
        return "?"
    return f"{100 * share:+.1f}%" if signed else f"{100 * share:.1f}%"


def _number(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "?"
    return f"{value:+.2f}" if signed else f"{value:.2f}"


def _aligned(rows: list[tuple[str, str]]) -> str:
    width = max(len(label) for label, _ in rows)
    return "\n".join(f"{label.ljust(width)}  {value}".rstrip() for label, value in rows)


def _engine(result: Summary | Comparison) -> str:
    name = "compiled (mypyc)" if result.engine == "compiled" else "pure Python"
    return f"{name}, {result.jobs} process{'es' if result.jobs > 1 else ''}"


def _simulation_report(summary: Summary) -> str:
    """The summary of a run as a few aligned lines a person reads at a glance."""
    length = summary.length
    rows = [
        ("Games", f"{summary.games} ({summary.players} players, seed {summary.seed}, "
                  f"jail: {summary.jail_strategy}, turn cap {summary.turn_cap})"),
        ("House rules", _shown(summary.rules)),
        ("Engine", _engine(summary)),
        ("Seconds", f"{summary.seconds:.2f}"),
        ("Games/s", f"{summary.games_per_second:,.1f}"),
        ("Player-turns", f"{summary.player_turns:,}"),
        ("Player-turns/s", f"{summary.player_turns_per_second:,.0f}"),
        ("Rolls", f"{summary.rolls:,}"),
        ("Length", f"mean {length['mean']:.1f}, median {length['median']:g} player-turns"),
        ("Endings", f"bankruptcy {summary.endings['bankruptcy']}, "
                    f"turn cap {summary.endings['turn_cap']}"),
        ("Wins by seat", ", ".join(
            f"{SEAT_NAMES[seat]} {wins}" for seat, wins in enumerate(summary.wins_by_seat))),
    ]
    if summary.edition != DEFAULT_EDITION:
        rows.insert(1, ("Edition", summary.edition))
    if summary.bots:
        rows.insert(2, ("Bots", ", ".join(f"{SEAT_NAMES[s]} {kind}" for s, kind in enumerate(summary.bots))))
    text = _aligned(rows)
    if summary.landing is not None:
        names = {sq.id: sq.name for sq in load_edition(summary.edition).squares}
        names["jail"] = "Just Visiting"
        names[IN_JAIL] = "In jail"
        top = sorted(summary.landing.items(), key=lambda kv: (-kv[1], kv[0]))[:10]
        if IN_JAIL not in dict(top):
            top.append((IN_JAIL, summary.landing[IN_JAIL]))
        text += "\n\nWhere a roll leaves the token (top 10 squares and in jail):\n"
        text += _aligned([(f"  {names[key]}", f"{_percent(share).rjust(6)}") for key, share in top])
    return text


def _comparison_report(result: Comparison) -> str:
    """Paired means, the difference and its 95 % confidence interval, one metric a row."""
    head = _aligned([
        ("Paired games", f"{result.games} ({result.players} players, seed {result.seed}, "
                         f"jail: {result.jail_strategy}, turn cap {result.turn_cap})"),
        ("House rules", _shown(result.rules)),
        ("Compared with", _shown(result.change)),
        ("Engine", _engine(result)),
        ("Seconds", f"{result.seconds:.2f}"),
    ])
    metrics = result.metrics

    def row(label: str, m: dict[str, Any], shown: Callable[..., str]) -> tuple[str, ...]:
        interval = f"[{shown(m['lower'], True)}, {shown(m['upper'], True)}]"
        return (label, shown(m["without"]), shown(m["with"]), shown(m["difference"], True), interval)

    rows = [
        ("Metric", "without", "with", "difference", "95% CI"),
        row("Length (player-turns)", metrics["length"], _number),
        row("Bankruptcies per game", metrics["bankruptcies"], _number),
        row("Ended by turn cap", metrics["turn_cap_share"], _percent),
    ]
    rows += [row(f"Richest: {m['name']}", m, _percent) for m in metrics["richest"]]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for n, cells in enumerate(rows):
        lines.append("  ".join(
            cell.ljust(w) if i in (0, 4) else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return head + "\n\n" + "\n".join(lines)


class ProgressBar:
    """`[#####.....] 50/100 games` on one terminal line, redrawn at most ten times a second."""

    def __init__(self, stream: TextIO, width: int = 30, interval: float = 0.1) -> None:
        self.stream = stream
        self.width = width
        self.interval = interval
        self.last = -math.inf
        self.drawn = 0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.last < self.interval:
            return
        self.last = now
        filled = self.width * done // total if total else self.width
        line = f"[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} games"
        self.stream.write("\r" + line)
        self.stream.flush()
        self.drawn = len(line)

    def clear(self) -> None:
        if self.drawn:
            self.stream.write("\r" + " " * self.drawn + "\r")
            self.stream.flush()
            self.drawn = 0


def seat_bots(text: str | None, players: int) -> tuple[str, ...]:
    """`--bots smart,simple,...`: one bot per seat (or one for every seat); () when not given."""
    if not text:
        return ()
    kinds = tuple(kind.strip() for kind in text.split(","))
    unknown = [kind for kind in kinds if kind not in BOT_KINDS]
    if unknown:
        raise Malformed(f"unknown bot {unknown[0]!r}; the bots are {', '.join(BOT_KINDS)}")
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise Malformed(f"--bots names {len(kinds)} bots for {players} players; name one, or one a seat")
    return kinds


def _edition(name: str) -> str:
    """`--edition`: an edition the rules know (RULES.md 3a), checked before any game is played."""
    if not name.replace("-", "").isalnum() or not name.isascii():
        raise Malformed(f"there is no edition called {name!r}")
    try:
        load_edition(name)
    except (OSError, ValueError):
        raise Malformed(f"there is no edition called {name!r}") from None
    return name


def cmd_simulate(args: argparse.Namespace) -> int:
    try:
        rules = _rules(args.rule)
        change = _rules(args.compare)
        if change:
            HouseRules.from_dict({**rules, **change})
        bots = seat_bots(args.bots, args.players)
        edition = _edition(args.edition)
    except Malformed as exc:
        print(f"companion simulate: {exc.reason}", file=sys.stderr)
        return 2
    if change and edition != DEFAULT_EDITION:
        print("companion simulate: --compare plays the london edition only", file=sys.stderr)
        return 2
    if bots and change:
        print("companion simulate: --bots cannot be combined with --compare", file=sys.stderr)
        return 2
    if args.record:
        script = first_game_script(args.players, args.seed, rules, args.jail_strategy, args.turn_cap,
                                   bots, edition)
        try:
            with open(args.record, "w", encoding="utf-8") as f:
                f.writelines(json.dumps(command) + "\n" for command in script)
        except OSError as exc:
            print(f"companion simulate: cannot write {args.record}: {exc.strerror}", file=sys.stderr)
            return 2
    def say(line: str) -> None:
        print(f"companion simulate: {line}", file=sys.stderr, flush=True)

    try:
        build = choose(args.engine, say)
    except Unavailable as exc:
        say(str(exc))
        return 2
    jobs = args.jobs or default_jobs()
    bar = ProgressBar(sys.stderr) if sys.stderr.isatty() and not args.json else None
    try:
        if change:
            result: Summary | Comparison = compare(
                args.games, args.players, args.seed, change, rules, args.jail_strategy,
                args.turn_cap, progress=bar, jobs=jobs, build=build,
            )
        else:
            result = simulate(
                args.games, args.players, args.seed, rules, args.jail_strategy, args.landing,
                args.turn_cap, progress=bar, jobs=jobs, build=build, bots=bots, edition=edition,
            )
    except KeyboardInterrupt:
        return 130
    finally:
        if bar is not None:
            bar.clear()
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
    elif isinstance(result, Comparison):
        print(_comparison_report(result))
    else:
        print(_simulation_report(result))
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play many games between bots and report speed and outcomes")
    p.add_argument("--games", type=count(1), default=100, metavar="N", help="games to play (100)")
    p.add_argument("--players", type=count(2, 8), default=4, metavar="K",
                   help="players at the table, 2 to 8 (4)")
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help="the run's seed: the same seed gives the same results (1)")
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                   help="a house rule, e.g. free_parking_pot=true (repeatable)")
    p.add_argument("--jail-strategy", choices=("pay", "stay"), default="pay",
                   help="pay the fine at once, or stay and roll for doubles (pay)")
    p.add_argument("--turn-cap", type=count(1), default=1000, metavar="N",
                   help="player-turns after which a game ends undecided (1000)")
    p.add_argument("--landing", action="store_true",
                   help="report where each roll leaves the token, as frequencies")
    p.add_argument("--record", metavar="FILE",
                   help="write the first game as a table script that `companion replay` reproduces")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a report")
    p.add_argument("--jobs", type=count(1), default=None, metavar="N",
                   help="processes playing games at once (every core); the results do not depend on it")
    p.add_argument("--engine", choices=ENGINES, default="auto",
                   help="auto: the mypyc-compiled engine, built first if needed, else pure Python; "
                        "compiled: fail without it; pure: never compile (auto)")
    p.add_argument("--bots", metavar="KIND,...",
                   help="each seat's bot, in seat order: simple (today's) or smart, e.g. "
                        "smart,simple,simple,simple; one name for every seat (simple)")
    p.add_argument("--edition", default=DEFAULT_EDITION, metavar="NAME",
                   help="the board and decks played: london or us (london)")
    p.add_argument("--compare", action="append", default=[], metavar="KEY=VALUE",
                   help="play paired games without and with this house rule (repeatable)")
    p.set_defaults(func=cmd_simulate)
