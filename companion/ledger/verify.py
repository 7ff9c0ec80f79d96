"""What opening a game file checks before anyone plays it: whose file it is, its hash chain, the
commands in effect, and which snapshots can be trusted (writing.py writes; this only reads).

Every failure is a GameDamaged (or its kinds) carrying a problem (problems.py), so whoever shows it
words it in the reader's language; the file is never changed here.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field

from .clock import Clock, parse_iso
from .errors import GameDamaged, GameFromAnotherTable, GameUnsealed, StorageError, storage_error
from .key import KEY_FILE, TableKey
from .problems import Problem, problem
from .schema import (
    ENTRY_TYPES,
    FORMAT,
    GENESIS,
    TRANSFER_TYPES,
    UNKEYED,
    commands_hash,
    entry_hash,
    first_fault,
    sealable,
    state_hash,
    typed,
)

LOG_ROWS = "SELECT seq, time, source, kind, line, prev_hash, hash FROM log"


@dataclass
class Verified:
    """What one reading of a file proved: the log's last entry and seal, the effective commands
    (with their running hashes), the redo stack, and the snapshots whose seals hold."""

    chain_key: bytes | None
    seq: int = 0
    head: str = GENESIS
    effective: list[tuple[str, int]] = field(default_factory=list)
    redo: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    snapshots: dict[int, tuple[int, str]] = field(default_factory=dict)  # length: (seq, hash)
    bad_snapshots: list[int] = field(default_factory=list)


def damaged(name: str, cause: Problem) -> GameDamaged:
    """The game's file fails a check: `cause` says which (history_damaged's cause)."""
    return GameDamaged.found(problem("history_damaged", game=name, cause=cause))


def unreadable(name: str, exc: BaseException) -> StorageError | GameDamaged:
    """SQLite could not open or read the file: a read-only one is storage, anything else damage."""
    if "readonly" in str(exc).lower():
        return storage_error(exc, problem("doing_open", game=name))
    return damaged(name, problem("file_unreadable", detail=str(exc)))


def read_file(
    conn: sqlite3.Connection, name: str, key: TableKey | None, writable: bool, clock: Clock
) -> tuple[dict[str, str], Verified]:
    """Check one reading of the file (inside the caller's transaction): SQLite's integrity check,
    whose key seals it, then the log (verify_log). Returns the meta table and what it proved.

    The integrity check, not the quick one: a flipped bit in a transfer's row or in its index
    leaves the two disagreeing, which only the full check sees. This reading takes the index,
    recovery.read_database the table: without it the two would disagree about the same file (the
    doctor naming a repair the opening never made). About 2 ms at 10,000 commands."""
    fault = first_fault(conn)
    if fault is not None:
        raise damaged(name, problem("file_damaged", detail=fault))
    meta = dict(conn.execute("SELECT key, value FROM meta"))
    first = conn.execute(f"{LOG_ROWS} ORDER BY seq LIMIT 1").fetchone()
    moved_first = conn.execute("SELECT source, target, amount, reason FROM transfers "
                               "WHERE seq = 1 ORDER BY id").fetchall()
    chain_key = sealing_key(name, meta, first, moved_first, key, writable)
    return meta, verify_log(conn, name, meta, chain_key, clock)


def sealing_key(
    name: str, meta: dict[str, str], first: tuple | None,
    moved_first: list[tuple[str, str, int, str]], key: TableKey | None, writable: bool,
) -> bytes | None:
    """The key this file's seals are checked with, once it is known whose file it is."""
    if meta.get("format") == UNKEYED:
        if writable and key is not None:
            raise GameUnsealed.found(problem("unsealed", game=name))
        return None
    if meta.get("format") != FORMAT:
        raise GameDamaged.found(problem("not_a_game_file", game=name, format=str(meta.get("format"))))
    if key is None:
        raise GameDamaged.found(problem("key_missing", game=name, key_file=KEY_FILE))
    if meta.get("table") != key.table_id:
        if first and sealable(first, moved_first) and entry_hash(
                GENESIS, first[0], first[1], first[2], first[3], first[4], moved_first,
                key=key.chain) == first[6]:
            raise GameDamaged.found(problem("table_changed", game=name))
        raise GameFromAnotherTable.found(problem(
            "another_table", game=name, table=str(meta.get("table")), here=key.table_id))
    return key.chain


def verify_log(
    conn: sqlite3.Connection, name: str, meta: dict[str, str], chain_key: bytes | None, clock: Clock
) -> Verified:
    """Check the chain and work out the effective commands, reading the log, its money movements
    and the snapshots a row at a time (at 100,000 entries, reading them all first cost the open
    about 70 MB at its peak; bench/open_memory.py). The clock learns the latest time stored."""
    found = Verified(chain_key)
    prev = GENESIS
    effective = found.effective
    redo = found.redo
    transfers = conn.execute(
        "SELECT seq, source, target, amount, reason FROM transfers ORDER BY seq, id")

    def next_transfer(entry: int) -> tuple | None:
        row = transfers.fetchone()
        if row is not None and not typed(row, TRANSFER_TYPES):
            raise damaged(name, problem("entry_changed", entry=entry))
        return row

    pending = next_transfer(1)
    seq = 0
    for expected, row in enumerate(conn.execute(f"{LOG_ROWS} ORDER BY seq"), start=1):
        seq, time, source, kind, line, prev_hash, sealed = row
        if seq != expected:
            raise damaged(name, problem("entry_missing", entry=expected))
        if not typed(row, ENTRY_TYPES):
            raise damaged(name, problem("entry_changed", entry=expected))
        moved = []
        while pending is not None and pending[0] <= seq:
            if pending[0] == seq:
                moved.append(tuple(pending[1:]))
            pending = next_transfer(seq)
        sealed_again = entry_hash(prev, seq, time, source, kind, line, moved, key=chain_key)
        if prev_hash != prev or sealed_again != sealed:
            raise damaged(name, problem("entry_changed", entry=seq))
        prev = sealed
        if kind in ("new", "play"):
            if (kind == "new") != (seq == 1):
                raise damaged(name, problem("entry_out_of_place", entry=seq))
            effective.append((line, seq))
            redo.clear()
        elif kind == "undo":
            count = json.loads(line)["count"]
            for _ in range(count):
                redo.append(effective.pop()[0])
        elif kind == "redo":
            if not redo or redo[-1] != line:
                raise damaged(name, problem("redo_not_undone", entry=seq))
            redo.pop()
            effective.append((line, seq))
        if time:
            try:
                clock.latest = max(clock.latest, parse_iso(time))
            except ValueError:
                pass
    if seq == 0:
        raise damaged(name, problem("no_history"))
    last = str(seq)
    if meta.get("last_seq", last) != last or meta.get("head", prev) != prev:
        raise damaged(name, problem("written_further", entry=int(meta.get("last_seq") or 0)))
    stray = pending is not None or conn.execute(
        "SELECT count(*) FROM snapshots WHERE seq > ?", (seq,)).fetchone()[0]
    if stray:
        raise damaged(name, problem("stray_rows"))
    found.seq = seq
    found.head = prev
    found.hashes = running_hashes([line for line, _seq in effective])
    trusted_snapshots(conn, found)
    return found


def trusted_snapshots(conn: sqlite3.Connection, found: Verified) -> None:
    """Snapshots are caches: one that fails its seal is left out (and dropped when writable),
    and the game is rebuilt from the log, which alone is the truth. Read as bytes, one at a
    time: a snapshot SQLite cannot decode is a bad cache, not a bad game."""
    for snap_seq, length, chash, state, shash in conn.execute(
        "SELECT seq, length, CAST(commands_hash AS BLOB), CAST(state AS BLOB), "
        "CAST(state_hash AS BLOB) FROM snapshots ORDER BY seq"
    ):
        text = bytes(state).decode(errors="replace")
        if state_hash(text, found.chain_key) != bytes(shash).decode(errors="replace"):
            found.bad_snapshots.append(snap_seq)
        else:
            found.snapshots[length] = (snap_seq, bytes(chash).decode(errors="replace"))


def running_hashes(lines: list[str]) -> list[str]:
    """The running hash of the effective commands, one per command (a snapshot names its own)."""
    hashes, prev = [], GENESIS
    for line in lines:
        prev = commands_hash(prev, line)
        hashes.append(prev)
    return hashes
