"""Table scripts with their expected outcome: the rule book, game by game.

Each `tests/scripts/<section>/<name>.jsonl` is a game; `<name>.expect.json` beside it says what a
player would see at the end. Expectations are partial: only the keys written are compared, so a
test names exactly the balances, owners and decisions it is about. Lists compare element by element
(and must have the same length); `"rejected"` lists `{"line": N, "reason_contains": "..."}`;
`"exit"` is the exit status `companion replay` must give (default 0, or 1 when lines are rejected).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.replay import ScriptError, replay

SCRIPTS = Path(__file__).parent / "scripts"
CASES = sorted(SCRIPTS.rglob("*.jsonl"))


def _mismatches(expected: Any, actual: Any, path: str = "") -> list[str]:
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path or '.'}: expected an object, got {actual!r}"]
        found = []
        for key, value in expected.items():
            if key not in actual:
                found.append(f"{path}.{key}: missing")
            else:
                found += _mismatches(value, actual[key], f"{path}.{key}")
        return found
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: expected {expected!r}, got {actual!r}"]
        found = []
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            found += _mismatches(e, a, f"{path}[{i}]")
        return found
    if expected != actual:
        return [f"{path}: expected {expected!r}, got {actual!r}"]
    return []


def check_script(script: Path) -> None:
    expect_file = script.with_suffix(".expect.json")
    expect = json.loads(expect_file.read_text(encoding="utf-8"))
    lines = script.read_text(encoding="utf-8").splitlines()
    if expect.get("exit") == 2:
        with pytest.raises(ScriptError) as err:
            replay(lines)
        if "error_contains" in expect:
            assert expect["error_contains"] in str(err.value)
        return
    result = replay(lines)
    shown = result.state()
    problems = _mismatches(expect.get("state", {}), shown)
    wanted = expect.get("rejected", [])
    got = result.rejected
    if len(wanted) != len(got):
        problems.append(f"rejected: expected {len(wanted)} line(s), got {got!r}")
    else:
        for w, g in zip(wanted, got, strict=True):
            if w["line"] != g["line"] or w.get("reason_contains", "") not in g["reason"]:
                problems.append(f"rejected: expected {w!r}, got {g!r}")
    exit_status = 1 if got else 0
    if "exit" in expect and expect["exit"] != exit_status:
        problems.append(f"exit: expected {expect['exit']}, got {exit_status}")
    assert not problems, f"{script.relative_to(SCRIPTS)}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("script", CASES, ids=[str(c.relative_to(SCRIPTS)) for c in CASES])
def test_script(script: Path) -> None:
    check_script(script)


def test_every_script_has_expectations() -> None:
    assert CASES, "no table scripts found"
    missing = [c.name for c in CASES if not c.with_suffix(".expect.json").exists()]
    assert not missing
