"""The screenshots a run leaves (test-artifacts/browser/) are emptied only by a run of browser tests:
the suite's runs of a few modules inside it (tests/compiled_suite.py, a collection of the schemathesis
module) emptied them while the suite ran, and a person looking after a green run found none."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.artifacts import runs_browser_tests

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("args", "browser"), [
    (["tests"], True),  # `make test`: testpaths
    (["."], True),
    (["tests/browser"], True),
    (["tests/browser/test_game.py::test_a_game"], True),
    (["tests/test_scripts.py"], False),  # the compiled build's runs
    (["tests/test_invariants.py", "tests/test_legal.py"], False),
    (["tests/test_schemathesis.py"], False),
])
def test_only_a_run_of_browser_tests_empties_their_screenshots(args: list[str], browser: bool) -> None:
    assert runs_browser_tests(args, ROOT) is browser


def test_a_run_that_names_no_path_is_one() -> None:
    """`make test` names no path: pytest runs pyproject.toml's testpaths, which hold the browser tests."""
    pytest_options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert runs_browser_tests(pytest_options["testpaths"], ROOT)
