"""How many hypothesis examples a property test runs: its own number, or a share of it when the
same test runs again on the compiled build (tests/test_compiled.py sets COMPANION_EXAMPLES_SHARE),
where a representative few examples say the build plays the same rules."""

from __future__ import annotations

import os

SHARE = float(os.environ.get("COMPANION_EXAMPLES_SHARE", "1"))


def examples(full: int) -> int:
    """`full` examples, or the share asked for (at least 2, so a rerun still varies its games)."""
    return max(2, round(full * SHARE))
