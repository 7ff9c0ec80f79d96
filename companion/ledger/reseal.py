"""Sealing the games stored before tables had keys, once, when this table's key is made.

A file of the first format is checked by its own rule (plain SHA-256 chain, every command
replayed) and, if it holds, its seals are rewritten with the key in one transaction. This runs
only while the new key is not yet in place (key.py): a crash midway resumes with the same key.
Afterwards a file of the first format in the folder was copied in or rewritten (anyone can
recompute a plain chain), so it is read, never played (GameUnsealed).
"""

from __future__ import annotations

from pathlib import Path

from .clock import Clock
from .errors import LedgerError
from .key import TableKey
from .schema import FORMAT, GENESIS, entry_hash, moved_by_entry, state_hash
from .store import GameStore


def seal_unkeyed(path: Path, key: TableKey, clock: Clock) -> bool:
    """Seal one game file of the first format with the key; False (left as it is) if it does not
    check out or is not of the first format."""
    try:
        store = GameStore.open(path, clock)  # without a key: only the first format opens
    except LedgerError:
        return False
    conn = store.conn
    try:
        conn.execute("BEGIN IMMEDIATE")
        moved = moved_by_entry(conn)
        prev = GENESIS
        for seq, time, source, kind, line in conn.execute(
            "SELECT seq, time, source, kind, line FROM log ORDER BY seq"
        ).fetchall():
            sealed = entry_hash(prev, seq, time, source, kind, line, moved.get(seq, ()), key=key.chain)
            conn.execute("UPDATE log SET prev_hash = ?, hash = ? WHERE seq = ?", (prev, sealed, seq))
            prev = sealed
        for seq, state in conn.execute("SELECT seq, state FROM snapshots").fetchall():
            conn.execute("UPDATE snapshots SET state_hash = ? WHERE seq = ?",
                         (state_hash(state, key.chain), seq))
        conn.executemany(
            "INSERT OR REPLACE INTO meta VALUES (?, ?)",
            (("format", FORMAT), ("table", key.table_id), ("head", prev)),
        )
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    finally:
        store.close()
    return True


def seal_folder(folders: list[Path], key: TableKey, clock: Clock) -> list[str]:
    """Seal every game of the first format in these folders; the ids sealed."""
    return [path.stem for folder in folders for path in sorted(folder.glob("*.sqlite"))
            if seal_unkeyed(path, key, clock)]
