"""What an open game's store answers about its game: the script that replays it, its history,
its money movements and balances, and a consistent copy of its file.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from .open_game import OpenGame
from .schema import sync_folder


@dataclass
class Entry:
    seq: int
    time: str
    source: str
    kind: str
    line: str


class Reads:
    """Reads an open game's file through the store's own connection (so it sees every commit)."""

    def __init__(self, store: OpenGame) -> None:
        self.store = store

    def script(self) -> list[str]:
        """The effective commands as a table script: `companion replay` gives this game."""
        return [line for line, _seq in self.store.effective]

    def history(self) -> list[Entry]:
        rows = self.store.conn.execute("SELECT seq, time, source, kind, line FROM log ORDER BY seq")
        return [Entry(*row) for row in rows]

    def transfers(self) -> list[tuple[int, str, str, str, int, str]]:
        """(seq, time, from, to, amount, reason), in the order they happened."""
        return self.store.conn.execute(
            "SELECT t.seq, l.time, t.source, t.target, t.amount, t.reason "
            "FROM transfers t JOIN log l ON l.seq = t.seq ORDER BY t.id"
        ).fetchall()

    def balances(self) -> dict[str, int]:
        """Every account's balance from the transfers table alone."""
        totals: dict[str, int] = {}
        for source, target, amount in self.store.conn.execute("SELECT source, target, amount FROM transfers"):
            totals[source] = totals.get(source, 0) - amount
            totals[target] = totals.get(target, 0) + amount
        return totals

    def backup_to(self, target: Path) -> None:
        """A consistent copy of the file (SQLite's online backup), safe while the game runs.

        Written under a temporary name and renamed when whole, so a crash never leaves a
        broken file under a backup's name.
        """
        partial = target.with_name(target.name + ".partial")
        with self.store.lock:
            dest = sqlite3.connect(partial)
            try:
                self.store.conn.backup(dest)
            finally:
                dest.close()
            os.replace(partial, target)
            sync_folder(target.parent)
