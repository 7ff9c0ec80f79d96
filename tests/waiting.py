"""How long a test waits for what should happen, and the one way it waits for it.

A test waits for a condition, never for a set time: it goes on the moment the condition holds, so
a generous limit costs a quick machine nothing and keeps a busy one from failing (two suites side
by side on CI's two cores run at a load of 20 and more). How fast things happen is the benches'
to measure (bench/), not a test's.
"""

from __future__ import annotations

import time
from collections.abc import Callable

PATIENCE = 30.0  # seconds: what a test waits for something that should happen
PATIENCE_MS = int(PATIENCE * 1000)  # the same, for Playwright's timeouts


def wait_for(condition: Callable[[], object], timeout: float = PATIENCE, every: float = 0.005) -> bool:
    """True as soon as condition() holds; False if it still does not after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(every)
    return bool(condition())
