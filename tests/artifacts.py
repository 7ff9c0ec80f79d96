"""test-artifacts/browser/: what the browser tests leave for a person to look at (screenshots, the
daemon's log, the figures they measured). The run empties it once, at its start (tests/conftest.py):
under pytest -n a worker starting late would otherwise delete what another had made."""

from __future__ import annotations

from pathlib import Path

BROWSER_ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "browser"


def empty_browser_artifacts() -> None:
    BROWSER_ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in BROWSER_ARTIFACTS.iterdir():
        if old.is_file():
            old.unlink()
