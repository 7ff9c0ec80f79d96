"""What can go wrong with storage, in words the banker can act on."""

from __future__ import annotations

import errno
import sqlite3
from typing import Any, Self

from ..errors import CompanionError
from .problems import problem


class LedgerError(CompanionError):
    """Base of the storage errors; the message says what happened and what to do. `problem`
    (problems.py), when set, says it as a kind and values, for whoever shows it to word."""

    def __init__(self, reason: str, problem: Any = None) -> None:
        super().__init__(reason)
        self.problem = problem

    @classmethod
    def found(cls, problem: Any) -> Self:
        """The error saying `problem` (its reason the compact form: the reader words the problem)."""
        return cls(str(problem), problem)

    @property
    def reason(self) -> str:
        return str(self.args[0]) if self.args else ""


class FolderLocked(LedgerError):
    """Another companion process holds the data folder."""


class GameNotFound(LedgerError):
    """No game with that id in the data folder."""


class GameDamaged(LedgerError):
    """A game file is unreadable, or its history or snapshots fail verification; it is left as it is.
    `problem` (problems.py), when set, says what in a kind and values, for the reader to word."""


class GameFromAnotherTable(GameDamaged):
    """A game file sealed with another table's key: this table cannot check it (not proof of a change)."""


class GameUnsealed(GameDamaged):
    """A game file without a key, found after this table sealed its games: it may be read, not played."""


class SignatureAltered(LedgerError):
    """An export that no longer matches its signature: imported only when forced."""


class ClockRefused(LedgerError):
    """A time no screen can be believed to have (before the release, or years ahead)."""


class StorageError(LedgerError):
    """A command could not be recorded (disk full, read-only, I/O error); nothing of it was kept."""


class StorageFull(StorageError):
    """The disk (or the database's size limit) is full."""


class StorageReadOnly(StorageError):
    """The data folder or file cannot be written."""


def storage_error(error: BaseException, doing: Any = None) -> StorageError:
    """Translate an SQLite or OS error met while writing into a problem for the table to word:
    storage_full, storage_read_only or storage_failed {detail}, each with what it could not do
    (`doing`, a problem of its own: doing_record, the default, doing_start, doing_open {game}, ...)."""
    doing = doing if doing is not None else problem("doing_record")
    text = str(error).lower()
    code = getattr(error, "sqlite_errorcode", None)
    if (
        "full" in text
        or code == getattr(sqlite3, "SQLITE_FULL", 13)
        or getattr(error, "errno", None) == errno.ENOSPC
    ):
        return StorageFull.found(problem("storage_full", doing=doing))
    if "readonly" in text or "read-only" in text or getattr(error, "errno", None) in (
        errno.EROFS, errno.EACCES, errno.EPERM
    ):
        return StorageReadOnly.found(problem("storage_read_only", doing=doing))
    return StorageError.found(problem("storage_failed", doing=doing, detail=str(error)))
