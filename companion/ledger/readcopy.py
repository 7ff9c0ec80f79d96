"""A game a command that only reads (export, history) finds damaged in its database while its
journal is whole: read the way the table reads it when it opens the game. The table puts the
database right from the journal before it plays (recovery.py); a reading command must not write a
byte to the data folder (readonly.py), so it puts right a copy instead, in a folder of its own that
goes when the command ends, and reads that. The game on the card is left exactly as it was."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from .clock import Clock
from .journal import journal_path
from .key import TableKey
from .store import GameStore


def read_put_right(path: Path, clock: Clock, key: TableKey) -> GameStore:
    """The game at `path` as the table would open it, from a copy of its files put right from the
    journal (GameDamaged as the table would have it when the journal cannot put it right)."""
    scratch = tempfile.TemporaryDirectory(prefix="companion-read-")
    copy = Path(scratch.name) / path.name
    for source, target in ((path, copy), (journal_path(path), journal_path(copy))):
        if source.exists():
            shutil.copyfile(source, target)
    wal = path.with_name(path.name + "-wal")
    if wal.exists():  # entries SQLite has not yet written into the file itself
        shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
    try:
        store = GameStore.open(copy, clock, key, writable=True)
    except BaseException:
        scratch.cleanup()
        raise
    store.scratch = scratch  # the copy lives as long as the store read from it
    return store
