"""A secret kept in a file of the data folder: made once, readable by the companion alone, never
half-written. The cookie key (web/auth.py) and the table key (ledger/key.py) are both kept so.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path


def secret_file(path: Path, size: int, prepare: Callable[[bytes], None] | None = None) -> bytes:
    """The secret in `path`, made now (`size` random bytes, mode 0600) if it is missing or short.

    A new secret is written whole and synced under a temporary name, handed to `prepare` (which
    may put it to use before anyone can find it), then renamed into place. A power cut before the
    rename leaves the temporary file: a whole one is taken up again, so whatever `prepare` did
    with it stays valid; a short one is remade.
    """
    if path.exists():
        key = path.read_bytes()
        if len(key) >= size:
            return key
    tmp = path.with_name(path.name + ".tmp")
    key = tmp.read_bytes() if tmp.exists() else b""
    if len(key) < size:
        key = secrets.token_bytes(size)
        write_synced(tmp, key)
    os.chmod(tmp, 0o600)  # a leftover .tmp keeps its mode through O_CREAT
    if prepare is not None:
        prepare(key)
    os.replace(tmp, path)
    fd = os.open(path.parent, os.O_RDONLY)  # the rename itself survives a power cut
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    return key


def write_synced(path: Path, data: bytes) -> None:
    """Write a file readable by the companion alone (0600) and sync it to the disk."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.chmod(path, 0o600)  # a leftover file keeps its mode through O_CREAT


def write_private(path: Path, data: bytes) -> None:
    """Replace a private file whole: written and synced under a temporary name, renamed into place."""
    tmp = path.with_name(path.name + ".tmp")
    write_synced(tmp, data)
    os.replace(tmp, path)
