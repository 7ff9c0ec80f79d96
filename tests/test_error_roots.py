"""Every error the companion raises on purpose is under its package's root, so a caller's `except`
can tell an expected failure from a bug (gpiozero's exc.py is the model)."""

from __future__ import annotations

import pytest

from companion.compiled.build import BuildError
from companion.compiled.choice import Unavailable
from companion.compiled.errors import CompiledError
from companion.compiled.loader import StaleBuild
from companion.config import ConfigError
from companion.errors import CompanionError
from companion.hardware.errors import DeviceError, ReaderError
from companion.ledger.errors import LedgerError, StorageError
from companion.odds.errors import OddsError
from companion.odds.estimate import Refused
from companion.odds.rollout import RolloutError
from companion.rules.errors import CommandError
from companion.scriptfile import ScriptError
from companion.simulate.errors import SimulateError
from companion.simulate.play import BotError
from companion.simulate.workers import WorkerError
from companion.web.common import BadBody, BadWindow, Unreadable
from companion.web.errors import WebError
from companion.web.front import FrontError

ROOTS = [CompanionError, CompiledError, DeviceError, LedgerError, OddsError, CommandError, SimulateError,
         WebError]
UNDER = [
    (ConfigError, CompanionError), (ScriptError, CompanionError),
    (BuildError, CompiledError), (Unavailable, CompiledError), (StaleBuild, CompiledError),
    (ReaderError, DeviceError), (StorageError, LedgerError),
    (RolloutError, OddsError), (Refused, OddsError),
    (BotError, SimulateError), (WorkerError, SimulateError),
    (BadBody, WebError), (Unreadable, WebError), (BadWindow, WebError), (FrontError, WebError),
]


@pytest.mark.parametrize(("error", "root"), UNDER, ids=[error.__name__ for error, _ in UNDER])
def test_each_error_is_under_its_packages_root_and_no_other(error: type[Exception], root: type) -> None:
    assert issubclass(error, root)
    others = [other for other in ROOTS if other is not root]
    assert not any(issubclass(error, other) for other in others)  # the control: roots do not overlap


def test_the_roots_are_plain_exceptions_apart() -> None:
    for root in ROOTS:
        assert root.__bases__ == (Exception,)
