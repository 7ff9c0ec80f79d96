"""Every error the companion raises on purpose is under its package's root, and every root under
the one root, CompanionError, so a caller's `except` can tell an expected failure from a bug
(gpiozero's exc.py is the model): the command line says such a failure in words and exits 2, the
server answers it 503 in words, and anything else is a bug, reported as one."""

from __future__ import annotations

import ast
import builtins
from pathlib import Path
from typing import Any

import pytest
from flask import Blueprint

from companion import cli
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
from companion.rules.errors import CommandError, Rejected
from companion.scriptfile import ScriptError
from companion.simulate.errors import SimulateError
from companion.simulate.play import BotError
from companion.simulate.workers import WorkerError
from companion.voice.errors import VoiceError, VoiceUnavailable
from companion.web.common import BadBody, BadWindow, Unreadable
from companion.web.errors import WebError
from companion.web.front import FrontError
from tests.web_support import Rig

PACKAGE = Path(__file__).resolve().parents[1] / "companion"
ROOTS = [CompiledError, DeviceError, LedgerError, OddsError, CommandError, SimulateError, VoiceError,
         WebError]
UNDER = [
    (ConfigError, CompanionError), (ScriptError, CompanionError),
    (BuildError, CompiledError), (Unavailable, CompiledError), (StaleBuild, CompiledError),
    (ReaderError, DeviceError), (StorageError, LedgerError),
    (RolloutError, OddsError), (Refused, OddsError),
    (BotError, SimulateError), (WorkerError, SimulateError),
    (BadBody, WebError), (Unreadable, WebError), (BadWindow, WebError), (FrontError, WebError),
    (VoiceUnavailable, VoiceError),
]


@pytest.mark.parametrize(("error", "root"), UNDER, ids=[error.__name__ for error, _ in UNDER])
def test_each_error_is_under_its_packages_root_and_no_other(error: type[Exception], root: type) -> None:
    assert issubclass(error, root)
    others = [other for other in ROOTS if other is not root]
    assert not any(issubclass(error, other) for other in others)  # the control: roots do not overlap


def test_every_packages_root_is_under_the_one_root() -> None:
    for root in ROOTS:
        assert root.__bases__ == (CompanionError,)
    assert CompanionError.__bases__ == (Exception,)


def test_no_class_in_the_companion_roots_an_error_of_its_own_on_a_builtin_exception() -> None:
    """Read from the source: a class whose bases are all Python's own exceptions is a new root
    (companion/errors.py's alone may be one); one of ours among its bases puts it under the root."""
    builtin_errors = {name for name, value in vars(builtins).items()
                      if isinstance(value, type) and issubclass(value, BaseException)}
    roots = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.bases:
                names = [b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else ""
                         for b in node.bases]
                if all(name in builtin_errors for name in names):
                    roots.append(f"{path.relative_to(PACKAGE)}: {node.name}")
    assert roots == ["errors.py: CompanionError"]


def failing(error: Exception) -> Any:
    """A sub-command of the command line (or a view of the server) that fails with `error`."""
    def run(*_args: Any) -> int:
        raise error
    return run


def test_the_command_line_says_an_expected_failure_and_exits_2(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    full = LedgerError("the SD card is full: free some space")
    monkeypatch.setattr(cli.doctor_cmd, "cmd_doctor", failing(full))
    assert cli.main(["doctor"]) == 2
    assert capsys.readouterr().err == "companion doctor: the SD card is full: free some space\n"
    monkeypatch.setattr(cli.doctor_cmd, "cmd_doctor", failing(KeyError("a bug")))
    with pytest.raises(KeyError):  # a bug is not worded as a failure: its traceback is shown
        cli.main(["doctor"])


def test_the_server_says_an_expected_failure_503_and_a_refusal_reaching_it_is_a_bug(tmp_path: Path) -> None:
    broken = Blueprint("broken", __name__)
    raised = {"/api/broken/storage": StorageError("the SD card is full: free some space"),
              "/api/broken/rule": Rejected("Ann cannot buy that"), "/api/broken/bug": KeyError("a bug")}
    for path, error in raised.items():
        broken.add_url_rule(path, path, failing(error))
    rig = Rig.make(tmp_path, testing=False, blueprints=(broken,))
    try:
        client = rig.client()
        full = client.get("/api/broken/storage")
        assert (full.status_code, full.json) == (503, {"error": "the SD card is full: free some space"})
        for bug in ("/api/broken/rule", "/api/broken/bug"):
            answer = client.get(bug)
            assert answer.status_code == 500 and set(answer.json) == {"error", "report"}, answer.json
            assert "Ann cannot buy" not in answer.get_data(as_text=True)
    finally:
        rig.close()

