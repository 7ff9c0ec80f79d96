"""A stored game: commands are applied, written and committed before anyone hears of them.

The log is append-only and hash-chained. The game is what the *effective* commands make of it:
every played command, less those a banker undid (and not redid). Undo and redo are entries of
the log like any other, so history shows what was undone, when and by whom; their money effect
is posted as reversing transfers, so the transfers alone always add up to every balance.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..rules import Game, Outcome, Rejected, Text, Transfer, new_game, restore, snapshot
from .clock import Clock
from .errors import (
    GameDamaged,
    GameFromAnotherTable,
    GameUnsealed,
    StorageError,
    StorageReadOnly,
    storage_error,
)
from .journal import Journal, Sealed, journal_path, write_whole
from .key import TableKey
from .problems import Problem, problem
from .readonly import blocked, connect_read_only, unwritable
from .recovery import HEADER_KEYS, reconcile
from .schema import (
    FORMAT,
    GENESIS,
    SCHEMA,
    commands_hash,
    connect,
    entry_hash,
    line_of,
    make_durable,
    moved_by_entry,
    state_hash,
    sync_folder,
)
from .verify import damaged, read_file, unreadable

log = logging.getLogger(__name__)

# "table": what the table does by itself (the passes of an auction whose time ran out)
SOURCES = ("reader", "button", "dice", "tablet", "banker", "import", "script", "bot", "table")
SNAPSHOT_EVERY = 500


@dataclass(frozen=True)
class Receipt:
    """A command stored for good: its sequence number, what it did, and what `prepare` made of
    the game it left (computed before the commit, so a failure there stores nothing)."""

    seq: int
    outcome: Outcome | None
    game_over: bool = False
    prepared: Any = None


Prepare = Callable[[Game], Any]


@dataclass
class Entry:
    seq: int
    time: str
    source: str
    kind: str
    line: str


class GameStore:
    """One game's file. Use `create` or `open`; one writer at a time (calls are serialised)."""

    def __init__(
        self, path: Path, conn: sqlite3.Connection, clock: Clock, chain_key: bytes | None = None
    ) -> None:
        self.path = path
        self.game_id = path.stem
        self.conn = conn
        self.clock = clock
        self.chain_key = chain_key  # None: a file of the first format, sealed without a key
        self.lock = threading.RLock()
        self.seq = 0
        self.head = GENESIS
        self.game: Game
        self.effective: list[tuple[str, int]] = []  # (command line, seq of the entry applying it)
        self.hashes: list[str] = []  # running hash of the effective commands, one per command
        self.redo_stack: list[str] = []  # undone lines; the last is the next to redo
        self.snapshot_every = SNAPSHOT_EVERY
        self.after_commit: list[Any] = []  # callbacks(store, receipt), e.g. backups
        self.journal: Journal | None = None  # the second record (journal.py); None: read-only
        self.repairs: list[Problem] = []  # what opening it had to put right (problems.py)
        self.bad_snapshots: list[int] = []
        self.scratch: Any = None  # a copy read in place of the file (readcopy.py), kept while open
        self._batch: Receipt | None | bool = False  # in a batch: its last receipt (None before one)
        self._batch_mark = 0  # the journal's size when the batch began

    # ---- creating and opening ----------------------------------------------------------------

    @classmethod
    def create(
        cls, path: Path, start: dict[str, Any], clock: Clock, source: str = "banker", *, key: TableKey
    ) -> GameStore:
        """A new game file from a new_game command (raises Malformed for a bad one), sealed with
        this table's key."""
        game = new_game(start)
        line = line_of(start)
        if path.exists():
            raise StorageError.found(problem("file_exists", name=path.name))
        # Built under a temporary name and renamed into place once whole: a game file that
        # exists always has its first entry (a crash leaves only a *.creating file to sweep).
        building = path.with_name(path.name + ".creating")
        building.unlink(missing_ok=True)
        conn: sqlite3.Connection | None = None
        try:
            conn = connect(building)
            make_durable(conn)
            conn.execute("BEGIN IMMEDIATE")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            meta = {
                "format": FORMAT,
                "table": key.table_id,
                "id": path.stem,
                "players": json.dumps(list(game.names), ensure_ascii=False),
                "created": clock.now(),
                "status": "playing",
            }
            conn.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
            conn.execute("COMMIT")
        except BaseException as exc:  # whatever stops it (a bug too), no half-made file stays
            if conn is not None:
                conn.close()
            building.unlink(missing_ok=True)
            if isinstance(exc, sqlite3.Error):
                raise storage_error(exc, problem("doing_start")) from None
            raise
        assert conn is not None
        store = cls(path, conn, clock, key.chain)
        store.game = game
        issuance = [
            Transfer("bank", name, game.cash[seat], "starting cash")
            for seat, name in enumerate(game.names) if game.cash[seat]
        ]
        try:
            seq = store._append("new", line, source, issuance, applied=True)
            entry = store._sealed_rows(conn)
            conn.close()  # folds the WAL back into the file before it is renamed
            os.replace(building, path)
            header = {k: v for k, v in meta.items() if k in HEADER_KEYS}
            write_whole(journal_path(path), header, entry)  # lost in a crash: open makes it again
            sync_folder(path.parent)
            store.journal = Journal(journal_path(path))
            store.conn = connect(path)
            make_durable(store.conn)
        except BaseException as exc:  # a bug too: neither the half-made file nor the game stays
            conn.close()
            for leftover in (building, path, journal_path(path)):
                leftover.unlink(missing_ok=True)
            if isinstance(exc, OSError | sqlite3.Error) and not isinstance(exc, StorageError):
                raise storage_error(exc, problem("doing_start")) from None
            raise
        store.effective.append((line, seq))
        return store

    @classmethod
    def open(
        cls, path: Path, clock: Clock, key: TableKey | None = None, *, writable: bool = True
    ) -> GameStore:
        """Open a stored game, verifying its file, its hash chain and its snapshots first.

        `key` is this table's (None: only a file of the first format can be checked). A store
        opened with writable=False never writes, not even SQLite's side files (readonly.py).
        Opened to be played, its database and journal are brought into agreement first
        (recovery.py); damage the first look missed (a byte SQLite cannot decode) rebuilds the
        file from the journal once more.
        """
        name = path.stem
        why = blocked(path, journal_path(path)) if writable else None
        if why is not None:
            raise StorageReadOnly(f"Game {name} is read-only and cannot be played: "
                                  f"{unwritable(path, journal_path(path))}",
                                  problem("read_only", game=name, **why))
        if not writable or key is None:
            return cls._open(path, clock, key, writable, [])
        repairs = reconcile(path, key.chain, key.table_id).notes
        try:
            return cls._open(path, clock, key, writable, repairs)
        except (GameFromAnotherTable, GameUnsealed):
            raise
        except GameDamaged as refused:
            again = reconcile(path, key.chain, key.table_id, damaged=refused.problem or refused.reason)
            if not again.notes:
                raise
            return cls._open(path, clock, key, writable, [*repairs, *again.notes])

    @classmethod
    def _open(
        cls, path: Path, clock: Clock, key: TableKey | None, writable: bool, repairs: list[Problem]
    ) -> GameStore:
        name = path.stem
        try:
            conn = connect(path) if writable else connect_read_only(path)
        except (sqlite3.Error, OSError) as exc:
            raise unreadable(name, exc) from None
        try:
            conn.execute("BEGIN")  # one consistent reading, even while another companion writes
            meta, found = read_file(conn, name, key, writable, clock)
            store = cls(path, conn, clock, found.chain_key)
            store.repairs = repairs
            store.seq, store.head = found.seq, found.head
            store.effective, store.redo_stack, store.hashes = found.effective, found.redo, found.hashes
            store.bad_snapshots = found.bad_snapshots
            # streamed from this reading: the game is never all in memory
            store.game = store._rebuild(len(found.effective), found.snapshots)
            conn.execute("COMMIT")
        except GameDamaged:
            conn.close()
            raise
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise unreadable(name, exc) from None
        except BaseException:
            conn.close()
            raise
        try:
            if writable:
                make_durable(conn)
                store._settle(meta)
        except sqlite3.Error as exc:
            conn.close()
            raise damaged(name, problem("file_unopenable", detail=str(exc))) from None
        return store

    def _settle(self, meta: dict[str, str]) -> None:
        """After a repair: drop the snapshots that failed their seal, and make the listed status
        say what the game is (a rebuilt file starts as "playing")."""
        if self.bad_snapshots:
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.executemany("DELETE FROM snapshots WHERE seq = ?",
                                  [(seq,) for seq in self.bad_snapshots])
            self.conn.execute("COMMIT")
            note = problem("snapshot_dropped", game=self.game_id, entries=list(self.bad_snapshots))
            log.warning("game %s put right: %s", self.game_id, note)
            self.repairs.append(note)
        status = self._status() or "playing"
        if meta.get("status") != status:
            self.conn.execute("INSERT OR REPLACE INTO meta VALUES ('status', ?)", (status,))
        if self.chain_key is not None:  # reconcile made it; a file of the first format has none
            self.journal = Journal(journal_path(self.path))

    def _sealed_rows(self, conn: sqlite3.Connection) -> list[Sealed]:
        rows = conn.execute("SELECT seq, time, source, kind, line, prev_hash, hash FROM log ORDER BY seq")
        moved = moved_by_entry(conn)
        return [Sealed(seq, time, source, kind, line, tuple(moved.get(seq, ())), prev, sealed)
                for seq, time, source, kind, line, prev, sealed in rows]

    def _rebuild(self, length: int, snaps: dict[int, tuple[int, str]] | None = None) -> Game:
        """The game after the first `length` effective commands, from the nearest snapshot (only
        the one used is read whole)."""
        if snaps is None:
            rows = self.conn.execute(
                "SELECT seq, length, commands_hash FROM snapshots WHERE length <= ?", (length,),
            ).fetchall()
            snaps = {r[1]: (r[0], r[2]) for r in rows}
        start = 0
        game: Game | None = None
        for position in sorted(snaps, reverse=True):
            if position > length or position < 1:
                continue
            seq, chash = snaps[position]
            if self.hashes[position - 1] == chash:
                row = self.conn.execute("SELECT CAST(state AS BLOB) FROM snapshots WHERE seq = ?",
                                        (seq,)).fetchone()
                try:
                    game = restore(json.loads(bytes(row[0]).decode()))
                except (ValueError, TypeError):  # an older companion's snapshot: replay instead
                    continue
                start = position
                break
        if game is None:
            game = new_game(json.loads(self.effective[0][0]))
            start = 1
        for line, seq in self.effective[start:length]:
            try:
                game.apply(json.loads(line))
            except Rejected as refused:
                raise damaged(self.game_id,
                              problem("entry_refused", entry=seq, reason=refused.reason)) from None
        return game

    # ---- writing -----------------------------------------------------------------------------

    def _append(
        self, kind: str, line: str, source: str, transfers: list[Transfer], applied: bool,
        status: str | None = None,
    ) -> int:
        """Write one entry (and its transfers, and a snapshot when due) in one transaction."""
        seq = self.seq + 1
        time = self.clock.now()
        moved = [(t.source, t.target, t.amount, t.reason) for t in transfers]
        sealed = entry_hash(self.head, seq, time, source, kind, line, moved, key=self.chain_key)
        # The running hash this entry adds (appended once committed: copying the list for each
        # entry cost a long game's import more with every command).
        added = commands_hash(self.hashes[-1] if self.hashes else GENESIS, line) if applied else None
        conn = self.conn
        journal = self.journal
        mark = journal.size if journal is not None else 0
        batched = self._batch is not False
        try:
            if journal is not None:  # the second record first: on the card before the commit
                # (in a batch, written now and synced once by commit_batch, before its commit)
                journal.append(Sealed(seq, time, source, kind, line, tuple(moved), self.head, sealed),
                               sync=not batched)
            conn.execute("SAVEPOINT entry" if batched else "BEGIN IMMEDIATE")
            conn.execute(
                "INSERT INTO log VALUES (?, ?, ?, ?, ?, ?, ?)",
                (seq, time, source, kind, line, self.head, sealed),
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
            length = len(self.hashes) + (added is not None)
            if added is not None and length > 1 and length % self.snapshot_every == 0:
                state = json.dumps(snapshot(self.game), separators=(",", ":"))
                conn.execute(
                    "INSERT INTO snapshots VALUES (?, ?, ?, ?, ?)",
                    (seq, length, added, state, state_hash(state, self.chain_key)),
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
        self.seq = seq
        self.head = sealed
        if added is not None:
            self.hashes.append(added)
        return seq

    def _status(self) -> str | None:
        game = self.game
        if game.over:
            return f"over: {game.names[game.winner]} won" if game.winner is not None else "over"
        return None

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
        with self.lock:
            receipt = self._play("play", command, line_of(command), source, prepare)
            self.redo_stack.clear()
            if self._batch is not False:  # its after-commit work waits for the batch's commit
                self._batch = receipt
                return receipt
        self._after(receipt)
        return receipt

    def begin_batch(self) -> None:
        """Store the next entries in one transaction, up to `commit_batch` (companion import: a
        commit's fsync per command would cost 6 ms each). Nothing of the batch is stored until
        then; a store whose batch failed is closed and its file discarded."""
        with self.lock:
            self.conn.execute("BEGIN IMMEDIATE")
            self._batch = None
            self._batch_mark = self.journal.size if self.journal is not None else 0

    def commit_batch(self) -> None:
        """Commit the batch: its journal lines synced once, then its one SQLite commit (the
        journal still on the card before the commit, as README.md reasons); the after-commit
        work (backups) runs once, for its last entry. A failure leaves neither record holding
        any of the batch."""
        with self.lock:
            last = self._batch
            try:
                if self.journal is not None:
                    self.journal.sync()
                self.conn.execute("COMMIT")
            except (sqlite3.Error, OSError) as exc:
                try:
                    self.conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                if self.journal is not None:
                    self.journal.cut(self._batch_mark)
                raise storage_error(exc) from None
            finally:
                self._batch = False
        if isinstance(last, Receipt):
            self._after(last)

    def _after(self, receipt: Receipt) -> None:
        """The commit is done: what follows it (backups) can no longer undo it, nor fail it."""
        for callback in self.after_commit:
            try:
                callback(self, receipt)
            except Exception:
                log.exception("after storing entry %s of game %s", receipt.seq, self.game_id)

    def _play(
        self, kind: str, command: dict[str, Any], line: str, source: str, prepare: Prepare | None
    ) -> Receipt:
        """Apply a command to the game and store it as one entry; if anything fails after the
        rules took it, the command is popped off again (not stored, so not played)."""
        game = self.game
        was_over = game.over
        outcome = game.push(command)  # rolls itself back if the rules or a bug stop it
        try:
            prepared = prepare(game) if prepare is not None else None
            seq = self._append(kind, line, source, outcome.transfers, applied=True,
                               status=self._status() if game.over and not was_over else None)
        except BaseException:
            game.pop()
            raise
        self.effective.append((line, seq))
        return Receipt(seq, outcome, game_over=game.over and not was_over, prepared=prepared)

    def undo(self, count: int = 1, by: str = "banker", prepare: Prepare | None = None) -> Receipt:
        """Take back the last `count` commands: popped off the game when it still keeps them,
        else the game is rebuilt without them."""
        with self.lock:
            played = len(self.effective) - 1
            if count < 1:
                raise Rejected(Text("ledger.undo_count"))
            if played < count:
                raise Rejected(Text("ledger.undo_too_many", played))
            undone = self.effective[-count:]
            rows = []
            for _line, applied_seq in reversed(undone):
                rows += self.conn.execute(
                    "SELECT source, target, amount, reason FROM transfers WHERE seq = ? ORDER BY id DESC",
                    (applied_seq,),
                ).fetchall()
            reversing = [Transfer(t, s, a, f"undone: {r}") for s, t, a, r in rows]
            keep = len(self.effective) - count
            saved_hashes = self.hashes
            was_over = self.game.over
            self.hashes = self.hashes[:keep]
            game: Game | None = None
            try:
                game = self._taken_back(count, keep)
                prepared = prepare(game) if prepare is not None else None
                line = line_of({"do": "undo", "count": count, "by": by})
                seq = self._append("undo", line, "banker", reversing, applied=False,
                                   status="playing" if was_over and not game.over else None)
            except BaseException:
                self.hashes = saved_hashes
                if game is self.game:
                    self.game = self._rebuild(len(self.effective))
                raise
            assert game is not None
            self.game = game
            self.effective = self.effective[:keep]
            self.redo_stack.extend(line for line, _seq in reversed(undone))
            return Receipt(seq, None, prepared=prepared)

    def _taken_back(self, count: int, keep: int) -> Game:
        """The game without its last `count` commands (a new game object when rebuilt)."""
        game = self.game
        if count <= len(game.undo_stack):
            for _ in range(count):
                game.pop()
            return game
        return self._rebuild(keep)

    def redo(self, by: str = "banker", prepare: Prepare | None = None) -> Receipt:
        """Apply again the last command undone (possible until a new command is played)."""
        with self.lock:
            if not self.redo_stack:
                raise Rejected(Text("ledger.redo_nothing"))
            line = self.redo_stack[-1]
            receipt = self._play("redo", json.loads(line), line, "banker", prepare)
            self.redo_stack.pop()
        self._after(receipt)
        return receipt

    def record_clock(self, was: str, now: str, by: str) -> int:
        """Note a correction of the clock in this game's history."""
        with self.lock:
            line = line_of({"do": "clock", "was": was, "now": now, "by": by})
            return self._append("clock", line, "tablet", [], applied=False)

    def record_import(self, said: dict[str, Any]) -> int:
        """Note where an imported game came from, and what its signature said, in its history."""
        with self.lock:
            line = line_of({"do": "import", **said})
            return self._append("import", line, "import", [], applied=False)

    # ---- reading -----------------------------------------------------------------------------

    def script(self) -> list[str]:
        """The effective commands as a table script: `companion replay` gives this game."""
        return [line for line, _seq in self.effective]

    def history(self) -> list[Entry]:
        rows = self.conn.execute("SELECT seq, time, source, kind, line FROM log ORDER BY seq")
        return [Entry(*row) for row in rows]

    def transfers(self) -> list[tuple[int, str, str, str, int, str]]:
        """(seq, time, from, to, amount, reason), in the order they happened."""
        return self.conn.execute(
            "SELECT t.seq, l.time, t.source, t.target, t.amount, t.reason "
            "FROM transfers t JOIN log l ON l.seq = t.seq ORDER BY t.id"
        ).fetchall()

    def balances(self) -> dict[str, int]:
        """Every account's balance from the transfers table alone."""
        totals: dict[str, int] = {}
        for source, target, amount in self.conn.execute("SELECT source, target, amount FROM transfers"):
            totals[source] = totals.get(source, 0) - amount
            totals[target] = totals.get(target, 0) + amount
        return totals

    def backup_to(self, target: Path) -> None:
        """A consistent copy of the file (SQLite's online backup), safe while the game runs.

        Written under a temporary name and renamed when whole, so a crash never leaves a
        broken file under a backup's name.
        """
        partial = target.with_name(target.name + ".partial")
        with self.lock:
            dest = sqlite3.connect(partial)
            try:
                self.conn.backup(dest)
            finally:
                dest.close()
            os.replace(partial, target)
            sync_folder(target.parent)

    def close(self) -> None:
        with self.lock:
            self.conn.close()
            if self.journal is not None:
                self.journal.close()
