"""The root of the errors the companion's top-level modules raise on purpose (the config file, the
table script); each package has its own root beside it (`hardware.errors.DeviceError`,
`ledger.errors.LedgerError`, `web.errors.WebError`, `odds.errors.OddsError`,
`simulate.errors.SimulateError`, `compiled.errors.CompiledError`, and the pure engine's own
`rules.errors.CommandError`), so `except` can tell an expected failure from a bug."""

from __future__ import annotations


class CompanionError(Exception):
    """Something the companion's own top-level modules report in words (a config, a script)."""
