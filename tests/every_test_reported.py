"""A run fails when a collected test reported nothing.

pytest -n (pytest-xdist) can lose tests without a word: a worker that dies or hangs takes the tests
still queued for it, and the summary counts only what came back (one run here lost 56 of 2,555 and
still said "passed"). This plugin keeps the ids every worker collected (or the session's items, in
one process) and every id a report came back for; at the end any id without a report is named and
the run fails. A run told to stop early (-x, --maxfail, Ctrl-C) is not checked.

Two tests with one id fail the run too: pytest -n's file scheduling keys its work by id, so it runs
one of them and never says the other was there (schemathesis's 58 operations did that: see
tests/conftest.py's `pytest_collection_modifyitems`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest


class EveryTestReported:
    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.collected: set[str] = set()
        self.reported: set[str] = set()
        self.missing: list[str] = []
        self.shared: set[str] = set()  # ids that more than one test has

    def collected_ids(self, ids: Sequence[str]) -> None:
        self.collected.update(ids)
        self.shared.update(nodeid for nodeid, count in Counter(ids).items() if count > 1)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: Sequence[str]) -> None:
        self.collected_ids(ids)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.collected_ids([item.nodeid for item in session.items])

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.reported.add(report.nodeid)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        stopped_early = (session.shouldstop or session.shouldfail or self.config.option.maxfail
                         or exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED))
        if stopped_early or self.config.option.collectonly:
            self.shared = set() if stopped_early else self.shared
            return
        self.missing = sorted(self.collected - self.reported)
        if self.missing or self.shared:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.shared:
            terminalreporter.section("tests that share an id", sep="=", red=True)
            terminalreporter.write_line("pytest -n would run one test of each id and drop the rest:")
            for nodeid in sorted(self.shared):
                terminalreporter.write_line(f"  {nodeid}")
        if self.missing:
            terminalreporter.section("collected but never reported", sep="=", red=True)
            terminalreporter.write_line(f"{len(self.missing)} of {len(self.collected)} collected tests "
                                        "reported nothing (a lost worker?):")
            for nodeid in self.missing:
                terminalreporter.write_line(f"  {nodeid}")


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # a worker runs a share; the run is checked where it is whole
        config.pluginmanager.register(EveryTestReported(config), "every-test-reported")
