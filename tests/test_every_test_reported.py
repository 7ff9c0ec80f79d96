"""The run fails when a test it collected never reported (tests/every_test_reported.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.waiting import PATIENCE

HERE = Path(__file__).parent
PLUGIN = (HERE / "every_test_reported.py").read_text()

pytest_plugins = ["pytester"]

TESTS = """
def test_one():
    pass

def test_lost():
    pass

def test_three():
    pass
"""

# What a lost worker amounts to: a test the run collected and nobody ran or reported.
LOSES_ONE = """
pytest_plugins = ["every_test_reported"]

def pytest_runtest_protocol(item, nextitem):
    if item.name == "test_lost":
        return True  # "handled": no setup, no call, no report
"""

REPORTS_ALL = 'pytest_plugins = ["every_test_reported"]\n'


def run(pytester: pytest.Pytester, conftest: str, tests: str = TESTS, *args: str) -> pytest.RunResult:
    """A run of `tests` under the plugin, with `conftest` beside them."""
    pytester.makepyfile(every_test_reported=PLUGIN)
    pytester.makeconftest(conftest)
    pytester.makepyfile(test_some=tests)
    return pytester.runpytest_subprocess("-p", "no:cacheprovider", *args)


def test_a_test_that_never_reported_fails_the_run_and_is_named(pytester: pytest.Pytester) -> None:
    result = run(pytester, LOSES_ONE)
    result.assert_outcomes(passed=2)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*collected but never reported*", "*1 of 3 collected tests*",
                                 "*test_some.py::test_lost"])


def test_a_whole_run_passes_as_before(pytester: pytest.Pytester) -> None:
    result = run(pytester, REPORTS_ALL)
    result.assert_outcomes(passed=3)
    assert result.ret == pytest.ExitCode.OK
    assert "never reported" not in result.stdout.str()


def test_a_run_told_to_stop_at_the_first_failure_is_not_called_lost(pytester: pytest.Pytester) -> None:
    failing_first = TESTS.replace("def test_one():\n    pass", "def test_one():\n    assert 0")
    result = run(pytester, REPORTS_ALL, failing_first, "-x")
    result.assert_outcomes(failed=1)
    assert "never reported" not in result.stdout.str()


# Two tests left with one id, as schemathesis's operations were under pytest 9.
SHARES_AN_ID = """
pytest_plugins = ["every_test_reported"]

def pytest_collection_modifyitems(items):
    first, second = items[0], items[1]
    if hasattr(second, "_id"):
        second._id = first._id
    else:
        second._nodeid = first.nodeid
"""


def test_two_tests_with_one_id_fail_the_run_and_are_named(pytester: pytest.Pytester) -> None:
    result = run(pytester, SHARES_AN_ID)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*tests that share an id*", "*test_some.py::test_one"])


def test_the_suites_schemathesis_operations_each_have_their_own_id() -> None:
    """tests/conftest.py gives each schemathesis operation the id its name says, so pytest -n runs
    every one (it ran the first of 58 when they shared the function's id)."""
    listed = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-o", "addopts=",
                             "-p", "no:cacheprovider", "tests/test_schemathesis.py"],
                            cwd=HERE.parent, capture_output=True, text=True, timeout=PATIENCE * 4)
    assert listed.returncode == 0, listed.stdout[-2000:] + listed.stderr[-2000:]
    operations = [line.strip() for line in listed.stdout.splitlines() if "as_documented[" in line]
    assert len(operations) > 20 and len(set(operations)) == len(operations), operations[:3]
    assert "tests/test_schemathesis.py::test_the_api_answers_only_as_documented[GET /api/state]" in operations
