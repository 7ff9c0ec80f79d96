"""One SQLite file per game: its command log, its money movements and its snapshots."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..rules import Malformed

# Every seal (entries, snapshots) is an HMAC-SHA256 with this table's chain key (see key.py), and
# meta names the table by its public id. Files of the first format, stored before keys, carry
# plain SHA-256 seals: they are checked by that rule, sealed with the key once (reseal.py), and
# never written in that format again.
FORMAT = "companion-game/2"
UNKEYED = "companion-game/1"
GENESIS = "0" * 64

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
-- Every entry ever made, in order, never updated or deleted.
-- kind: new, play, undo, redo, clock, import.
CREATE TABLE log (
    seq INTEGER PRIMARY KEY,
    time TEXT NOT NULL,
    source TEXT NOT NULL,
    kind TEXT NOT NULL,
    line TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL
);
-- Double-entry money movements: accounts are player names, "bank" (issuance) and "pot".
CREATE TABLE transfers (
    id INTEGER PRIMARY KEY,
    seq INTEGER NOT NULL REFERENCES log(seq),
    source TEXT NOT NULL,
    target TEXT NOT NULL,
    amount INTEGER NOT NULL CHECK (amount > 0),
    reason TEXT NOT NULL
);
CREATE INDEX transfers_by_seq ON transfers(seq);
-- The game after `length` effective commands whose running hash is `commands_hash`.
CREATE TABLE snapshots (
    seq INTEGER PRIMARY KEY REFERENCES log(seq),
    length INTEGER NOT NULL,
    commands_hash TEXT NOT NULL,
    state TEXT NOT NULL,
    state_hash TEXT NOT NULL
);
"""


def connect(path: Path) -> sqlite3.Connection:
    """A connection that waits for nothing and commits only when told to."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=0.5)
    return conn


def make_durable(conn: sqlite3.Connection) -> None:
    """WAL with a full sync: a commit is on the disk before anyone hears of it."""
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")


def sync_folder(folder: Path) -> None:
    """Make a rename in this folder durable (the directory entry itself is fsynced)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def seal(text: str, key: bytes | None) -> str:
    """HMAC-SHA256 with the chain key; plain SHA-256 (the first format's rule) without one."""
    if key is None:
        return hashlib.sha256(text.encode()).hexdigest()
    return hmac.digest(key, text.encode(), hashlib.sha256).hex()


# What each column holds, as SQLite gives a row back. A flipped bit in a record's header can turn a
# TEXT column into a BLOB or a NULL: such a row is damage to name, not a value to seal (a TypeError).
ENTRY_TYPES = (int, str, str, str, str, str, str)  # seq, time, source, kind, line, prev_hash, hash
MOVED_TYPES = (str, str, int, str)  # source, target, amount, reason (a transfer without its seq)
TRANSFER_TYPES = (int, *MOVED_TYPES)  # seq, then the movement


def typed(row: tuple[object, ...], types: tuple[type, ...]) -> bool:
    """Whether every column of `row` holds its type (exactly: SQLite gives no subclasses)."""
    return len(row) == len(types) and all(type(value) is kind for value, kind in zip(row, types, strict=True))


def sealable(row: tuple[object, ...], moved: Iterable[tuple[object, ...]]) -> bool:
    """Whether a log row (as ENTRY_TYPES orders it) and its money movements can be sealed again."""
    return typed(row, ENTRY_TYPES) and all(typed(m, MOVED_TYPES) for m in moved)


def first_fault(conn: sqlite3.Connection) -> str | None:
    """SQLite's integrity check, indexes included (the quick check skips whether an index agrees
    with its table): None when the file is whole, else its first finding, on one line to show."""
    found = [line for (row,) in conn.execute("PRAGMA integrity_check(10)")
             for line in str(row).splitlines() if line and not line.startswith("***")]
    if found == ["ok"]:
        return None
    return found[0] if len(found) == 1 else f"{found[0]} (and {len(found) - 1} more)"


def entry_hash(
    prev: str, seq: int, time: str, source: str, kind: str, line: str,
    transfers: Iterable[tuple[str, str, int, str]] = (), key: bytes | None = None,
) -> str:
    """Each entry seals the one before it and its own money movements: any change shows."""
    text = "\x1f".join((prev, str(seq), time, source, kind, line))
    for source_account, target, amount, reason in transfers:
        text += f"\x1e{source_account}\x1f{target}\x1f{amount}\x1f{reason}"
    return seal(text, key)


def commands_hash(prev: str, line: str) -> str:
    """A running hash of the effective commands: names the exact game a snapshot belongs to."""
    return hashlib.sha256(f"{prev}\x1f{line}".encode()).hexdigest()


def state_hash(state: str, key: bytes | None = None) -> str:
    return seal(state, key)


def moved_by_entry(conn: sqlite3.Connection) -> dict[int, list[tuple[str, str, int, str]]]:
    """Every money movement, by the entry that made it, in order: what each seal covers."""
    moved: dict[int, list[tuple[str, str, int, str]]] = {}
    for seq, source, target, amount, reason in conn.execute(
        "SELECT seq, source, target, amount, reason FROM transfers ORDER BY id"
    ):
        moved.setdefault(seq, []).append((source, target, amount, reason))
    return moved


def line_of(command: dict[str, Any]) -> str:
    """A command as a table-script line (compact, UTF-8, key order kept).

    Malformed if it holds text UTF-8 cannot store (a lone surrogate such as "\\ud800"): refused
    before the game or the file is touched, never a failure halfway through storing it.
    """
    line = json.dumps(command, ensure_ascii=False, separators=(", ", ": "))
    if not line.isascii():
        try:
            line.encode()
        except UnicodeEncodeError:
            raise Malformed("the command holds text that is not Unicode (a lone surrogate)") from None
    return line
