"""The write path: a command is applied, written to both records and committed before anyone
hears of it (README.md, "The design").

One entry is one transaction: the journal's line synced first, then the SQLite commit; a batch
(`companion import`) syncs its lines once before its one commit.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..rules import Game, Outcome, Transfer, snapshot
from .errors import storage_error
from .journal import Sealed
from .open_game import OpenGame
from .schema import GENESIS, commands_hash, entry_hash, line_of, state_hash

log = logging.getLogger(__name__)

# "table": what the table does by itself (the passes of an auction whose time ran out);
# "computer": a computer seat's moves (companion/table/computer.py)
SOURCES = ("reader", "button", "dice", "tablet", "banker", "import", "script", "bot", "table", "computer")


@dataclass(frozen=True)
class Receipt:
    """A command stored for good: its sequence number, what it did, and what `prepare` made of
    the game it left (computed before the commit, so a failure there stores nothing)."""

    seq: int
    outcome: Outcome | None
    game_over: bool = False
    prepared: Any = None


Prepare = Callable[[Game], Any]


class Writing:
    """Stores an open game's entries, one writer at a time (calls are serialised by its lock)."""

    def __init__(self, store: OpenGame) -> None:
        self.store = store
        self._batch: Receipt | None | bool = False  # in a batch: its last receipt (None before one)
        self._batch_mark = 0  # the journal's size when the batch began

    def append(
        self, kind: str, line: str, source: str, transfers: list[Transfer], applied: bool,
        status: str | None = None,
    ) -> int:
        """Write one entry (and its transfers, and a snapshot when due) in one transaction."""
        store = self.store
        seq = store.seq + 1
        time = store.clock.now()
        moved = [(t.source, t.target, t.amount, t.reason) for t in transfers]
        sealed = entry_hash(store.head, seq, time, source, kind, line, moved, key=store.chain_key)
        # The running hash this entry adds (appended once committed: copying the list for each
        # entry cost a long game's import more with every command).
        added = commands_hash(store.hashes[-1] if store.hashes else GENESIS, line) if applied else None
        conn = store.conn
        journal = store.journal
        mark = journal.size if journal is not None else 0
        batched = self._batch is not False
        try:
            if journal is not None:  # the second record first: on the card before the commit
                # (in a batch, written now and synced once by commit_batch, before its commit)
                journal.append(Sealed(seq, time, source, kind, line, tuple(moved), store.head, sealed),
                               sync=not batched)
            conn.execute("SAVEPOINT entry" if batched else "BEGIN IMMEDIATE")
            conn.execute(
                "INSERT INTO log VALUES (?, ?, ?, ?, ?, ?, ?)",
                (seq, time, source, kind, line, store.head, sealed),
            )
            if transfers:
                conn.executemany(
                    "INSERT INTO transfers (seq, source, target, amount, reason) VALUES (?, ?, ?, ?, ?)",
                    [(seq, *m) for m in moved],
                )
            conn.executemany(
                "INSERT OR REPLACE INTO meta VALUES (?, ?)",
                (("last_seq", str(seq)), ("head", sealed)),
            )
            length = len(store.hashes) + (added is not None)
            if added is not None and length > 1 and length % store.snapshot_every == 0:
                state = json.dumps(snapshot(store.game), separators=(",", ":"))
                conn.execute(
                    "INSERT INTO snapshots VALUES (?, ?, ?, ?, ?)",
                    (seq, length, added, state, state_hash(state, store.chain_key)),
                )
            if status is not None:
                conn.execute("UPDATE meta SET value = ? WHERE key = 'status'", (status,))
            conn.execute("RELEASE entry" if batched else "COMMIT")
        except BaseException as exc:  # nothing half-written, whatever went wrong
            try:
                conn.execute("ROLLBACK TO entry" if batched else "ROLLBACK")
                if batched:
                    conn.execute("RELEASE entry")
            except sqlite3.Error:
                pass
            if journal is not None:
                journal.cut(mark)
            if isinstance(exc, sqlite3.Error | OSError):
                raise storage_error(exc) from None
            raise
        store.seq = seq
        store.head = sealed
        if added is not None:
            store.hashes.append(added)
        return seq

    def submit(
        self, command: dict[str, Any], source: str = "script", prepare: Prepare | None = None
    ) -> Receipt:
        """Apply a command and store it; the receipt exists only once the commit is on disk.

        Whole or nothing: Rejected or Malformed (refused), StorageError (not recorded), or any
        other exception (a bug, in the rules, in `prepare` or here) all leave the game and the
        file exactly as they were.
        """
        if source not in SOURCES:
            raise ValueError(f"unknown source {source!r}")
        with self.store.lock:
            receipt = self.play("play", command, line_of(command), source, prepare)
            self.store.redo_stack.clear()
            if self._batch is not False:  # its after-commit work waits for the batch's commit
                self._batch = receipt
                return receipt
        self.after(receipt)
        return receipt

    def begin_batch(self) -> None:
        """Store the next entries in one transaction, up to `commit_batch` (companion import: a
        commit's fsync per command would cost 6 ms each). Nothing of the batch is stored until
        then; a store whose batch failed is closed and its file discarded."""
        store = self.store
        with store.lock:
            store.conn.execute("BEGIN IMMEDIATE")
            self._batch = None
            self._batch_mark = store.journal.size if store.journal is not None else 0

    def commit_batch(self) -> None:
        """Commit the batch: its journal lines synced once, then its one SQLite commit (the
        journal still on the card before the commit, as README.md reasons); the after-commit
        work (backups) runs once, for its last entry. A failure leaves neither record holding
        any of the batch."""
        store = self.store
        with store.lock:
            last = self._batch
            try:
                if store.journal is not None:
                    store.journal.sync()
                store.conn.execute("COMMIT")
            except (sqlite3.Error, OSError) as exc:
                try:
                    store.conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                if store.journal is not None:
                    store.journal.cut(self._batch_mark)
                raise storage_error(exc) from None
            finally:
                self._batch = False
        if isinstance(last, Receipt):
            self.after(last)

    def after(self, receipt: Receipt) -> None:
        """The commit is done: what follows it (backups) can no longer undo it, nor fail it."""
        for callback in self.store.after_commit:
            try:
                callback(self.store, receipt)
            except Exception:
                log.exception("after storing entry %s of game %s", receipt.seq, self.store.game_id)

    def play(
        self, kind: str, command: dict[str, Any], line: str, source: str, prepare: Prepare | None
    ) -> Receipt:
        """Apply a command to the game and store it as one entry; if anything fails after the
        rules took it, the command is popped off again (not stored, so not played)."""
        store = self.store
        game = store.game
        was_over = game.over
        outcome = game.push(command)  # rolls itself back if the rules or a bug stop it
        try:
            prepared = prepare(game) if prepare is not None else None
            seq = self.append(kind, line, source, outcome.transfers, applied=True,
                              status=store.listed_status() if game.over and not was_over else None)
        except BaseException:
            game.pop()
            raise
        store.effective.append((line, seq))
        return Receipt(seq, outcome, game_over=game.over and not was_over, prepared=prepared)

    def record_clock(self, was: str, now: str, by: str) -> int:
        """Note a correction of the clock in this game's history."""
        with self.store.lock:
            line = line_of({"do": "clock", "was": was, "now": now, "by": by})
            return self.append("clock", line, "tablet", [], applied=False)

    def record_import(self, said: dict[str, Any]) -> int:
        """Note where an imported game came from, and what its signature said, in its history."""
        with self.store.lock:
            line = line_of({"do": "import", **said})
            return self.append("import", line, "import", [], applied=False)
