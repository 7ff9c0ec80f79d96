"""The one root of every error the companion raises on purpose, as gpiozero has `GPIOZeroError`.

Each package's own root is under it: `hardware.errors.DeviceError`, `ledger.errors.LedgerError`,
`web.errors.WebError`, `odds.errors.OddsError`, `simulate.errors.SimulateError`,
`compiled.errors.CompiledError`, `voice.errors.VoiceError` and the pure engine's
`rules.errors.CommandError` (a command the rules refuse, or one malformed), beside the top-level
modules' own (`config.ConfigError`, `scriptfile.ScriptError`). So `except CompanionError` tells an
expected failure, said in words, from a bug; the command line catches it (cli.main), and anything
else is a bug, reported as one.
"""

from __future__ import annotations


class CompanionError(Exception):
    """Something the companion reports in words: what went wrong and, where it can, what to do."""
