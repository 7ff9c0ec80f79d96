"""`companion run`: the table's daemon (devices, the single writer, the ledger, the dashboard)."""

from __future__ import annotations

import argparse
import logging
import sys
from dataclasses import replace
from pathlib import Path

from ..config import FRONTS, ConfigError, load_config
from ..ledger import default_data_dir

LOOPBACK = "127.0.0.1"  # where --simulate listens unless --host says otherwise


def cmd_run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s",
                        stream=sys.stderr)
    try:
        config = load_config(Path(args.config) if args.config else None, simulate=args.simulate)
    except ConfigError as exc:
        print(f"companion run: {exc}", file=sys.stderr)
        return 2
    from ..web.auth import MAX_DIGITS, MIN_DIGITS, BankerPin  # here: the other commands need no Flask

    if args.banker_pin is not None and not BankerPin.valid(args.banker_pin):
        print(f"companion run: --banker-pin must be {MIN_DIGITS} to {MAX_DIGITS} digits", file=sys.stderr)
        return 2
    if args.port is not None:
        config = replace(config, port=args.port)
    if args.host is not None:
        config = replace(config, host=args.host)
    elif args.simulate:  # the virtual table taps for anyone who can reach it: this machine only
        config = replace(config, host=LOOPBACK)
    if args.front is not None:
        config = replace(config, server=replace(config.server, front=args.front))
    data = Path(args.data or config.data or default_data_dir())
    from ..daemon import Daemon

    return Daemon(config, data, simulate=args.simulate, dice_port=args.dice_port,
                  banker_pin=args.banker_pin, open_browser=args.open).run()


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("run", help="run the table: devices, ledger and the dashboard")
    p.add_argument("--simulate", action="store_true", help="simulate every device (no Pi needed)")
    p.add_argument("--port", type=int, help="the dashboard's port (8080)")
    p.add_argument("--host", help="the address to listen on (the config's, 0.0.0.0 for every "
                                  f"network; with --simulate {LOOPBACK} unless given)")
    p.add_argument("--front", choices=FRONTS,
                   help="what listens in front of the server (the config's [server] front)")
    p.add_argument("--data", metavar="DIR", help=f"the data folder (default: {default_data_dir()})")
    p.add_argument("--config", metavar="FILE", help="the config file (TOML)")
    p.add_argument("--banker-pin", metavar="PIN",
                   help="set the banker PIN, 6 to 12 digits (else set it on the Banker page, confirmed "
                        "by the banker's step at the table)")
    p.add_argument("--dice-port", metavar="PATH",
                   help="the dice unit's serial port (works with --simulate: a unit on a pty)")
    p.add_argument("--open", action="store_true", help="open the dashboard in a browser")
    p.set_defaults(func=cmd_run)
