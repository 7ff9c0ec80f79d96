"""test-artifacts/browser/: what the browser tests leave for a person to look at (screenshots, the
daemon's log, the figures they measured). A run that runs browser tests empties it once, at its
start (tests/conftest.py): under pytest -n a worker starting late would otherwise delete what another
had made, and a run of other tests inside the suite (tests/compiled_suite.py, a collection of
tests/test_schemathesis.py) emptied the suite's screenshots while it ran."""

from __future__ import annotations

from pathlib import Path

BROWSER_ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "browser"


def runs_browser_tests(args: list[str], rootdir: Path) -> bool:
    """Whether a run of these paths (pytest's arguments, testpaths already put in) reaches
    tests/browser/: a path above it, in it, or it."""
    browser = BROWSER_ARTIFACTS.parents[1] / "tests" / "browser"
    for arg in args:
        path = (rootdir / arg.split("::", 1)[0]).resolve()
        if path == browser or browser in path.parents or path in browser.parents:
            return True
    return False


def empty_browser_artifacts() -> None:
    BROWSER_ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in BROWSER_ARTIFACTS.iterdir():
        if old.is_file():
            old.unlink()
