"""This table's key: a secret made once in the data folder (DIR/table.key, mode 0600).

Anyone with the sqlite3 shell can edit a game file and recompute a plain hash chain; only a
holder of the secret can recompute a keyed one. Each use gets its own key derived from the
secret (the chain, the export signatures), and the table is named in public by an id derived
from it, never by the secret itself.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from pathlib import Path

from ..secretfile import secret_file
from .errors import GameDamaged
from .problems import problem

KEY_FILE = "table.key"
KEY_BYTES = 32


def _derive(secret: bytes, purpose: bytes) -> bytes:
    return hmac.digest(secret, purpose, hashlib.sha256)


class TableKey:
    """The keys derived from this table's secret, and its public id."""

    def __init__(self, secret: bytes) -> None:
        self.chain = _derive(secret, b"companion: the hash chain of a game file")
        self.export = _derive(secret, b"companion: the signature of an export")
        digits = _derive(secret, b"companion: the public id of a table")[:8].hex()
        self.table_id = "-".join(digits[i:i + 4] for i in range(0, 16, 4))

    def sign(self, data: bytes) -> str:
        """The export signature of these bytes (HMAC-SHA256, hex)."""
        return hmac.digest(self.export, data, hashlib.sha256).hex()

    @classmethod
    def load(cls, folder: Path, prepare: Callable[[TableKey], None] | None = None) -> TableKey:
        """The folder's key, made on first use; `prepare` sees a new key before it is in place
        (to seal the games stored before keys: a crash midway resumes with the same key)."""
        path = folder / KEY_FILE
        if path.exists() and path.stat().st_size < KEY_BYTES:  # never written short: damaged
            raise GameDamaged.found(problem("key_damaged", path=str(path)))
        ready = None if prepare is None else (lambda secret: prepare(cls(secret)))
        return cls(secret_file(path, KEY_BYTES, ready))

    @classmethod
    def read(cls, folder: Path) -> TableKey | None:
        """The folder's key without writing anything (None when missing or unreadable)."""
        try:
            secret = (folder / KEY_FILE).read_bytes()
        except OSError:
            return None
        return cls(secret) if len(secret) >= KEY_BYTES else None
