"""Making a game's file, and opening one: verified, and its two records brought into agreement,
before it is played (README.md, "Opening a game" and "Opening reads a row at a time").

Functions of the store's class (`GameStore.create`, `GameStore.open` call them with it), so this
file holds the order of the steps and the store only its jobs.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..rules import Transfer, new_game
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
from .schema import FORMAT, SCHEMA, connect, line_of, make_durable, moved_by_entry, sync_folder
from .verify import damaged, read_file, unreadable

if TYPE_CHECKING:
    from .store import GameStore

log = logging.getLogger(__name__)


def create(
    make: type[GameStore], path: Path, start: dict[str, Any], clock: Clock, source: str, key: TableKey
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
    store = make(path, conn, clock, key.chain)
    store.game = game
    issuance = [
        Transfer("bank", name, game.cash[seat], "starting cash")
        for seat, name in enumerate(game.names) if game.cash[seat]
    ]
    try:
        seq = store.writing.append("new", line, source, issuance, applied=True)
        entry = _sealed_rows(conn)
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


def open_file(
    make: type[GameStore], path: Path, clock: Clock, key: TableKey | None, writable: bool
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
        return _read(make, path, clock, key, writable, [])
    repairs = reconcile(path, key.chain, key.table_id).notes
    try:
        return _read(make, path, clock, key, writable, repairs)
    except (GameFromAnotherTable, GameUnsealed):
        raise
    except GameDamaged as refused:
        again = reconcile(path, key.chain, key.table_id, damaged=refused.problem or refused.reason)
        if not again.notes:
            raise
        return _read(make, path, clock, key, writable, [*repairs, *again.notes])


def _read(
    make: type[GameStore], path: Path, clock: Clock, key: TableKey | None, writable: bool,
    repairs: list[Problem],
) -> GameStore:
    name = path.stem
    try:
        conn = connect(path) if writable else connect_read_only(path)
    except (sqlite3.Error, OSError) as exc:
        raise unreadable(name, exc) from None
    try:
        conn.execute("BEGIN")  # one consistent reading, even while another companion writes
        meta, found = read_file(conn, name, key, writable, clock)
        store = make(path, conn, clock, found.chain_key)
        store.repairs = repairs
        store.seq, store.head = found.seq, found.head
        store.effective, store.redo_stack, store.hashes = found.effective, found.redo, found.hashes
        store.bad_snapshots = found.bad_snapshots
        # streamed from this reading: the game is never all in memory
        store.game = store.game_after(len(found.effective), found.snapshots)
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
            _settle(store, meta)
    except sqlite3.Error as exc:
        conn.close()
        raise damaged(name, problem("file_unopenable", detail=str(exc))) from None
    return store


def _settle(store: GameStore, meta: dict[str, str]) -> None:
    """After a repair: drop the snapshots that failed their seal, and make the listed status
    say what the game is (a rebuilt file starts as "playing")."""
    if store.bad_snapshots:
        store.conn.execute("BEGIN IMMEDIATE")
        store.conn.executemany("DELETE FROM snapshots WHERE seq = ?",
                               [(seq,) for seq in store.bad_snapshots])
        store.conn.execute("COMMIT")
        note = problem("snapshot_dropped", game=store.game_id, entries=list(store.bad_snapshots))
        log.warning("game %s put right: %s", store.game_id, note)
        store.repairs.append(note)
    status = store.listed_status() or "playing"
    if meta.get("status") != status:
        store.conn.execute("INSERT OR REPLACE INTO meta VALUES ('status', ?)", (status,))
    if store.chain_key is not None:  # reconcile made it; a file of the first format has none
        store.journal = Journal(journal_path(store.path))


def _sealed_rows(conn: sqlite3.Connection) -> list[Sealed]:
    rows = conn.execute("SELECT seq, time, source, kind, line, prev_hash, hash FROM log ORDER BY seq")
    moved = moved_by_entry(conn)
    return [Sealed(seq, time, source, kind, line, tuple(moved.get(seq, ())), prev, sealed)
            for seq, time, source, kind, line, prev, sealed in rows]
