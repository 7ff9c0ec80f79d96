"""A stored game: commands are applied, written and committed before anyone hears of them.

The log is append-only and hash-chained. The game is what the *effective* commands make of it:
every played command, less those a banker undid (and not redid). Undo and redo are entries of
the log like any other, so history shows what was undone, when and by whom; their money effect
is posted as reversing transfers, so the transfers alone always add up to every balance.

`GameStore` is the face the table, the web and the command line use; each job is its own class:
writing.py stores entries, undoing.py takes them back, reads.py answers, opening.py makes and
opens the file, open_game.py is what they share.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from . import opening
from .clock import Clock
from .key import TableKey
from .open_game import OpenGame
from .reads import Entry, Reads
from .undoing import Undoing
from .writing import SOURCES, Prepare, Receipt, Writing

__all__ = ["SOURCES", "Entry", "GameStore", "Prepare", "Receipt"]


class GameStore(OpenGame):
    """One game's file. Use `create` or `open`; one writer at a time (calls are serialised)."""

    def __init__(
        self, path: Path, conn: sqlite3.Connection, clock: Clock, chain_key: bytes | None = None
    ) -> None:
        super().__init__(path, conn, clock, chain_key)
        self.writing = Writing(self)
        self.undoing = Undoing(self, self.writing)
        self.reads = Reads(self)

    @classmethod
    def create(
        cls, path: Path, start: dict[str, Any], clock: Clock, source: str = "banker", *, key: TableKey
    ) -> GameStore:
        """A new game file from a new_game command (raises Malformed for a bad one), sealed with
        this table's key."""
        return opening.create(cls, path, start, clock, source, key)

    @classmethod
    def open(
        cls, path: Path, clock: Clock, key: TableKey | None = None, *, writable: bool = True
    ) -> GameStore:
        """Open a stored game, verifying it first and, to be played, bringing its two records
        into agreement (opening.py)."""
        return opening.open_file(cls, path, clock, key, writable)

    # ---- writing (writing.py) ----------------------------------------------------------------

    def submit(
        self, command: dict[str, Any], source: str = "script", prepare: Prepare | None = None
    ) -> Receipt:
        """Apply a command and store it; the receipt exists only once the commit is on disk."""
        return self.writing.submit(command, source, prepare)

    def begin_batch(self) -> None:
        self.writing.begin_batch()

    def commit_batch(self) -> None:
        self.writing.commit_batch()

    def record_clock(self, was: str, now: str, by: str) -> int:
        return self.writing.record_clock(was, now, by)

    def record_import(self, said: dict[str, Any]) -> int:
        return self.writing.record_import(said)

    # ---- undo and redo (undoing.py) ----------------------------------------------------------

    def undo(self, count: int = 1, by: str = "banker", prepare: Prepare | None = None) -> Receipt:
        return self.undoing.undo(count, by, prepare)

    def redo(self, by: str = "banker", prepare: Prepare | None = None) -> Receipt:
        return self.undoing.redo(by, prepare)

    # ---- reading (reads.py) ------------------------------------------------------------------

    def script(self) -> list[str]:
        return self.reads.script()

    def history(self) -> list[Entry]:
        return self.reads.history()

    def transfers(self) -> list[tuple[int, str, str, str, int, str]]:
        return self.reads.transfers()

    def balances(self) -> dict[str, int]:
        return self.reads.balances()

    def backup_to(self, target: Path) -> None:
        self.reads.backup_to(target)

    def close(self) -> None:
        with self.lock:
            self.conn.close()
            if self.journal is not None:
                self.journal.close()
