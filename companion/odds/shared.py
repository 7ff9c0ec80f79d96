"""The table's setting "show the win chances on shared screens" (the Table page, which everyone at
the table sees; a player's own phone always shows them): kept in the data folder, so it outlives a
restart, and set from the Banker page. Some families play without a number telling the table who
is losing; the phones keep them for whoever wants to look."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from ..secretfile import write_private

FILE = "odds-shared.json"


class SharedScreens:
    """Whether shared screens show the chances (yes, until the banker says otherwise)."""

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / FILE
        self._lock = threading.Lock()
        self.shown = self._load()

    def _load(self) -> bool:
        try:
            return bool(json.loads(self.path.read_text(encoding="utf-8")).get("shown", True))
        except (OSError, ValueError, AttributeError):
            return True  # never set (or unreadable): shown, as before the setting existed

    def set(self, shown: bool) -> None:
        """Written whole and synced before it counts (a power cut keeps the old or the new)."""
        with self._lock:
            write_private(self.path, json.dumps({"shown": shown}).encode())
            self.shown = shown
