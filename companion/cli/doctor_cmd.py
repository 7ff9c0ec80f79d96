"""`companion doctor`: check the reader, GPIO, dice unit, data folder, tags (per board), clock, service
and the voice's speaker (companion/voice/doctor.py); say the fix."""

from __future__ import annotations

import argparse
import itertools
from pathlib import Path

from ..config import ConfigError, load_config
from ..doctor import Doctor, Finding, report
from ..ledger import default_data_dir


def cmd_doctor(args: argparse.Namespace) -> int:
    path = Path(args.config) if args.config else None
    try:
        config = load_config(path, simulate=args.simulate)
    except ConfigError as exc:
        report(iter([Finding("config", "fail", str(exc), "correct the file (config.toml in systemd/ "
                                                          "lists every setting), or give another --config")]),
               lambda line: print(line, flush=True))
        return 1
    data = Path(args.data) if args.data else Path(config.data) if config.data else default_data_dir()
    doctor = Doctor(config, data, simulate=args.simulate, config_path=path)
    from ..voice.doctor import voice_findings

    voice = voice_findings(config.voice, data, doctor.run, simulate=args.simulate, sound=not args.no_sound)
    fails = report(itertools.chain(doctor.findings(), voice), lambda line: print(line, flush=True))
    return 1 if fails else 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("doctor", help="check the reader, GPIO, dice unit, data folder, clock and service",
                       description="Checks what the config asks for and prints each finding as ok, warn or "
                                   "fail, with the fix in a sentence. Exit status 0 when nothing failed, 1 "
                                   "otherwise. While the service runs, its devices are reported as it sees "
                                   "them.")
    p.add_argument("--config", metavar="FILE", help="the config file (TOML); on the Pi "
                                                    "/etc/companion/config.toml")
    p.add_argument("--data", metavar="DIR", help="the data folder (default: the config's, else "
                                                 f"{default_data_dir()})")
    p.add_argument("--simulate", action="store_true",
                   help="check the simulated devices instead of the config's (runs anywhere)")
    p.add_argument("--no-sound", action="store_true",
                   help="check the voice's speaker without saying the test sentence")
    p.set_defaults(func=cmd_doctor)
